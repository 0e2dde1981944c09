"""The rule-based follow-up transform: follow-ups made standalone, standalone questions kept."""

from __future__ import annotations

import pytest

from rag.transforms.followup import content_of, is_follow_up, standalone

ZH = [{"role": "user", "content": "普通员工去上海出差，住宿费每晚上限是多少？"},
      {"role": "assistant", "content": "每晚 500 元。"}]
EN = [{"role": "user", "content": "How many days of annual leave do employees get?"}]


@pytest.mark.parametrize("question, language, expected", [
    ("那经理呢？", "zh", True), ("还有吗", "zh", True), ("它需要审批吗？", "zh", True), ("总监呢？", "zh", True),
    ("那经理级别的薪酬范围是多少？", "zh", False), ("出差坐高铁可以坐一等座吗？", "zh", False),
    ("what about managers?", "en", True), ("anything else?", "en", True), ("And VPN-650?", "en", True),
    ("How do I reset my VPN password?", "en", False),
    ("And when are claims older than ninety days rejected by finance?", "en", False),
])
def test_what_counts_as_a_follow_up(question: str, language: str, expected: bool) -> None:
    assert is_follow_up(question, language) is expected


def test_follow_ups_are_joined_to_the_last_standalone_question() -> None:
    assert standalone("那经理呢？", ZH, "zh") == "经理，普通员工去上海出差，住宿费每晚上限是多少？"
    assert standalone("还有吗？", ZH, "zh") == ZH[0]["content"]
    assert standalone("what about managers?", EN, "en") == "managers " + EN[0]["content"]


def test_a_chain_of_follow_ups_keeps_the_topic_and_a_new_topic_resets_it() -> None:
    chain = ZH + [{"role": "user", "content": "那经理呢？"}]
    assert standalone("总监呢？", chain, "zh").endswith("普通员工去上海出差，住宿费每晚上限是多少？")
    switched = chain + [{"role": "user", "content": "年假一共有多少天可以休？"}]
    assert standalone("那病假呢？", switched, "zh") == "病假，年假一共有多少天可以休？"


def test_without_history_or_for_a_standalone_question_nothing_changes() -> None:
    assert standalone("那经理呢？", [], "zh") == "那经理呢？"
    assert standalone("How do I reset my VPN password?", EN, "en") == "How do I reset my VPN password?"


def test_content_drops_the_scaffolding() -> None:
    assert content_of("那经理呢？", "zh") == "经理" and content_of("What about Lisbon?", "en") == "Lisbon"
    assert content_of("还有吗", "zh") == "" and content_of("anything else?", "en") == ""


def test_llm_followup_rewrites_with_the_chat_model_and_records_it_in_the_trace(tmp_path) -> None:  # noqa: ANN001
    from rag.chat import chat_models
    from rag.transforms import transforms
    from rag.types import QueryEnv

    chat = chat_models.build({"name": "scripted", "params": {
        "rules": {"(?s)那经理呢": "经理在一线城市出差的住宿费上限是多少？"}, "default": "UNUSED"}})

    class Space:
        language = "zh"

    transform = transforms.build({"name": "followup_llm"})
    out = transform("那经理呢？", QueryEnv(Space(), None, chat, tuple(ZH)))  # type: ignore[arg-type]
    assert [(v.text, v.kind) for v in out] == [("经理在一线城市出差的住宿费上限是多少？", "standalone")]
    # no history: the model is not asked
    assert transform("年假有几天？", QueryEnv(Space(), None, chat, ()))[0].text == "年假有几天？"  # type: ignore[arg-type]


def test_pipeline_uses_the_rewrite_for_every_later_stage(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """The trace keeps the question as asked and the standalone rewrite; retrieval searches the
    rewrite (a follow-up alone finds nothing)."""
    from eval.config import load_config
    from eval.suites import load_suite
    from rag.indexing import Indexer
    from rag.pipeline import Pipeline

    root = __import__("pathlib").Path(__file__).resolve().parents[2]
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    config = load_config(root / "configs/default.yaml", ["embedder.zh=hashing", "retrievers=[bm25]",
                                                       "query_transforms=[followup]"])
    suite = load_suite(root / "goldensets/kb-zh/suite.yaml")
    index, _ = Indexer(tmp_path / "work").ensure(suite.name, suite.corpus_dir, config, suite.language)
    pipeline = Pipeline(config, index)
    retrieval = pipeline.retrieve("那经理呢？", None, history=ZH)
    transform = next(t for t in retrieval.trace if t.stage == "transform")
    assert transform.input["question"] == "那经理呢？" and "standalone: 经理，普通员工" in transform.note
    assert retrieval.question.startswith("经理，") and retrieval.candidates[0].chunk.doc_id == "travel-policy"
