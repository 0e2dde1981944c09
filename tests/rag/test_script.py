"""Traditional Chinese read as simplified and answered as written (rag.script): the fold, the unfold, the chunks
that carry their text as written, and the query path end to end on the same corpus in both scripts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rag.config import PipelineConfig
from rag.indexing import Indexer
from rag.pipeline import Pipeline
from rag.registry import ComponentSpec
from rag.script import (
    Unfolder,
    fold,
    folded_history,
    is_traditional,
    to_traditional,
    written_chunks,
)
from rag.types import Chunk, Document

CONFIG = PipelineConfig(embedder=ComponentSpec(name="hashing", params={"dim": 256}))


@pytest.mark.parametrize(("text", "expected"), [
    ("員工年假有幾天？", True),
    ("蔣巨峰是何時加入中國共產黨的？", True),
    ("员工年假有几天？", False),
    # a stray traditional character in a simplified text (CMRC 2018 writes 凉茶舖) is no traditional text
    ("后来又有些凉茶舖兼卖什么在中国大陆？", False),
    ("How many days of annual leave do I get?", False),
    ("年假", False),          # characters both scripts share: nothing to fold
    ("", False),
])
def test_a_text_is_traditional_when_folding_changes_more_than_the_other_way(text: str, expected: bool) -> None:
    assert is_traditional(text) is expected


def test_folding_keeps_every_position_and_leaves_other_text_alone() -> None:
    written = "第三條 住宿標準：一線城市每晚不超過500元，頭髮、發票與乾隆年間的後來者。"
    folded = fold(written)
    assert folded == "第三条 住宿标准：一线城市每晚不超过500元，头发、发票与乾隆年间的后来者。"
    assert len(folded) == len(written)
    for simplified in ("员工年假有几天？", "How many days?", "凉茶舖"):
        assert fold(simplified) == simplified


def test_a_conversion_that_would_change_the_length_is_made_character_by_character(monkeypatch) -> None:
    import rag.script as script

    class Widening:   # a converter whose phrase table turns two characters into three
        def convert(self, text: str) -> str:
            return text.replace("乾隆", "干隆帝").replace("後", "后")

    monkeypatch.setattr(script, "_converter", lambda config: Widening())
    out = script._convert("乾隆之後", "t2s")
    assert out == "乾隆之后" and len(out) == 4


def test_unfold_gives_passages_back_as_the_source_writes_them() -> None:
    unfolder = Unfolder([("员工年假每年十天，经理十五天。", "員工年假每年十天，經理十五天。")], traditional_asker=True)
    # the quoted passage as written; the template words no source holds in traditional characters
    assert unfolder.unfold("根据资料：员工年假每年十天。[1]") == "根據資料：員工年假每年十天。[1]"
    # a simplified asker's own words stay simplified; the quoted passage is still as written
    simplified = Unfolder([("员工年假每年十天，经理十五天。", "員工年假每年十天，經理十五天。")], traditional_asker=False)
    assert simplified.unfold("根据资料：员工年假每年十天。") == "根据资料：員工年假每年十天。"


def test_a_passage_too_short_to_say_which_source_wrote_it_is_converted_not_copied() -> None:
    # 发 stands for 髮 in the source; three characters are too few to take its form from there
    unfolder = Unfolder([("头发很长", "頭髮很長")], traditional_asker=True)
    assert unfolder.unfold("发展") == "發展"
    assert unfolder.unfold("头发很长吗") == "頭髮很長嗎"


def test_nothing_to_unfold_when_no_source_was_folded_and_the_asker_wrote_simplified() -> None:
    unfolder = Unfolder([("员工年假", "员工年假")], traditional_asker=False)
    assert not unfolder
    assert unfolder.unfold("头发") == "头发"
    assert to_traditional("How?") == "How?"


def test_history_is_folded_turn_by_turn() -> None:
    turns = folded_history([{"role": "user", "content": "經理的年假有幾天？"}, {"role": "assistant", "content": "十五天。"}])
    assert turns == [{"role": "user", "content": "经理的年假有几天？"}, {"role": "assistant", "content": "十五天。"}]


def test_a_folded_documents_chunks_carry_their_text_as_written() -> None:
    written = "# 差旅辦法\n\n第三條 住宿標準：每晚不超過500元。"
    doc = Document("travel", fold(written), fold("差旅辦法"), "travel.md")
    chunks = [Chunk("travel#0", "travel", "差旅办法\n第三条 住宿标准：每晚不超过500元。", 0, 0, 10,
                    title=doc.title, heading_path=("差旅办法",))]
    (out,) = written_chunks(chunks, doc, (written, "差旅辦法"))
    assert out.metadata["as_written"] == {"text": "差旅辦法\n第三條 住宿標準：每晚不超過500元。", "title": "差旅辦法",
                                          "heading_path": ["差旅辦法"]}
    assert written_chunks(chunks, doc, None) == chunks


TRAVEL = ("# 差旅辦法\n\n第三條 住宿標準：一線城市每晚不超過500元，其他城市每晚不超過350元。\n\n"
          "第四條 出差伙食補助每天100元。")
VPN = "# VPN 手冊\n\n錯誤碼 VPN-809 表示連接埠被攔截，請切換熱點後重試。"


def _pipeline(write, tmp_path: Path, simplified: bool) -> Pipeline:
    for name, text in (("travel.md", TRAVEL), ("it.md", VPN)):
        write(name, fold(text) if simplified else text)
    idx, _ = Indexer(tmp_path / "work").ensure("kb", write.root, CONFIG, "zh")
    return Pipeline(CONFIG, idx)


def test_a_traditional_corpus_answers_a_traditional_question_as_its_simplified_twin_does(write, tmp_path: Path) -> None:
    traditional = _pipeline(write, tmp_path, simplified=False)
    frame = traditional.ask("一線城市出差住宿每晚的標準是多少？")
    assert frame.behaviour == "answered", frame.decision
    # the asker sees the question, the answer and the sources as written
    assert frame.question == "一線城市出差住宿每晚的標準是多少？"
    assert "每晚不超過500元" in frame.answer and "过" not in frame.answer
    assert [c.doc_id for c in frame.citations] == ["travel"]
    assert "不超過500元" in frame.context[0].text and frame.context[0].title == "差旅辦法"
    assert frame.sources[0].title == "差旅辦法"
    # the index reads it folded: the chunk's text is simplified, its text as written travels with it
    chunk = traditional.space.chunk_by_id[frame.context[0].chunk_id]
    assert "不超过500元" in chunk.text and "不超過500元" in chunk.metadata["as_written"]["text"]
    refused = traditional.ask("出差的機票可以坐商務艙嗎？")
    assert refused.behaviour == "refused"
    assert is_traditional(refused.answer) or refused.answer.isascii()


def test_the_two_scripts_decide_alike(write, tmp_path: Path) -> None:
    questions = ["一線城市出差住宿每晚的標準是多少？", "出差伙食補助每天多少錢？", "錯誤碼 VPN-809 表示什麼？",
                 "出差的機票可以坐商務艙嗎？"]
    traditional = _pipeline(write, tmp_path / "t", simplified=False)
    got = [traditional.ask(q).decision for q in questions]
    simplified = _pipeline(write, tmp_path / "s", simplified=True)
    want = [simplified.ask(fold(q)).decision for q in questions]
    assert [(d.action, d.reason) for d in got] == [(d.action, d.reason) for d in want]
    assert [d.action for d in got] == ["answer", "answer", "answer", "refuse"]


def test_a_simplified_question_on_a_traditional_corpus_quotes_the_source_as_written(write, tmp_path: Path) -> None:
    frame = _pipeline(write, tmp_path, simplified=False).ask("出差伙食补助每天多少钱？")
    assert frame.behaviour == "answered", frame.decision
    assert "伙食補助每天100元" in frame.answer
    assert frame.question == "出差伙食补助每天多少钱？"
    assert json.dumps(frame.to_dict(), ensure_ascii=False)   # the frame still serialises


def test_a_rewritten_question_is_never_taken_for_the_question_as_written(write, tmp_path: Path) -> None:
    # a transform rewrote "ring" to "call" (the same length): the answer keeps the sources' words
    from dataclasses import replace

    write("sick.md", "# Sickness\n\nYou must call the duty manager’s mobile at least 2 hours before your shift starts.")
    idx, _ = Indexer(tmp_path / "work").ensure("kb", write.root, CONFIG, "en")
    pipeline = Pipeline(CONFIG, idx)
    retrieval = pipeline.retrieve("How long before my shift must I ring the duty manager’s mobile?")
    rewritten = replace(retrieval, question="How long before my shift must I call the duty manager’s mobile?")
    frame = pipeline.answer(rewritten)
    assert frame.behaviour == "answered", frame.decision
    assert "call the duty manager’s mobile" in frame.answer and "ring" not in frame.answer
    assert frame.question == rewritten.question
