"""The citation verifier: each cited sentence checked against the source it cites; SourceCards."""

from __future__ import annotations

from pathlib import Path

import pytest

from rag.chat import chat_models
from rag.citations import claims
from rag.indexing import Indexer
from rag.pipeline import Pipeline
from rag.registry import ComponentSpec
from tests.rag.test_pipeline import CONFIG, EMPLOYEE, index  # noqa: F401  (the fixture)


def chat_pipeline(index_fixture, tmp_path: Path, reply: str, verifier: dict | str = "overlap") -> Pipeline:
    config = CONFIG.model_copy(update={"generator": ComponentSpec(name="chat"),
                                       "chat_model": ComponentSpec(name="scripted"),
                                       "verifier": ComponentSpec.model_validate(verifier)})
    idx, _ = Indexer(tmp_path / "work").ensure("kb", index_fixture.root, config, "zh")
    return Pipeline(config, idx, chat_models.build({"name": "scripted", "params": {"default": reply}}))


def test_claims_are_the_sentences_before_each_marker() -> None:
    assert claims("第一句。住宿上限 500 元 [1]。另一句 [2, 3]") == [("住宿上限 500 元", [1]), ("另一句", [2, 3])]
    assert claims("The cap is 240 USD. Lunch is free [1].") == [("Lunch is free", [1])]
    assert claims("no markers") == []


def test_a_partial_answer_marker_is_not_part_of_the_claim() -> None:
    from rag.verifiers.builtin import without_marker

    assert without_marker("(Partial answer) Claims older than 90 days are rejected. [1]") == \
        "Claims older than 90 days are rejected. [1]"
    assert without_marker("（仅部分信息）住宿上限 500 元 [1]") == "住宿上限 500 元 [1]"
    assert without_marker("Lunch is free [1]") == "Lunch is free [1]"


@pytest.mark.parametrize("semantic", [False, True])
def test_a_supported_and_an_unsupported_citation(index, tmp_path: Path, semantic: bool) -> None:  # noqa: F811
    reply = "一线城市每晚不超过500元 [1]。公司每年组织两次海外旅游并全额报销家属机票 [1]。"
    pipeline = chat_pipeline(index, tmp_path, reply, {"name": "overlap", "params": {"semantic": semantic}})
    frame = pipeline.ask("一线城市住宿标准是多少？", EMPLOYEE)
    (citation,) = frame.citations
    assert citation.doc_id == "travel" and citation.supported is True and citation.support >= 0.5
    only_bad = chat_pipeline(index, tmp_path, "公司每年组织两次海外旅游并全额报销家属机票 [1]。",
                             {"name": "overlap", "params": {"semantic": semantic}})
    (bad,) = only_bad.ask("一线城市住宿标准是多少？", EMPLOYEE).citations
    assert bad.supported is False and bad.support < 0.5
    trace = {t.stage: t for t in frame.trace}
    assert trace["verify"].component == "overlap" and "1 of 1 citation(s) supported" in trace["verify"].note


def test_none_verifier_leaves_support_unknown(index, tmp_path: Path) -> None:  # noqa: F811
    frame = chat_pipeline(index, tmp_path, "一线城市每晚不超过500元 [1]。", "none").ask("一线城市住宿标准是多少？", EMPLOYEE)
    assert frame.citations[0].support is None and frame.citations[0].supported is None


def test_the_judge_verifier_uses_its_own_model_not_the_pipeline_s(index, tmp_path: Path) -> None:  # noqa: F811
    def judged(verdict: str) -> bool | None:
        spec = {"name": "judge", "params": {"model": {"name": "scripted", "params": {"default": verdict}}}}
        # the pipeline's own chat model would say "yes" to anything: it writes the answer
        frame = chat_pipeline(index, tmp_path, "一线城市每晚不超过500元 [1]。", spec).ask("一线城市住宿标准是多少？", EMPLOYEE)
        assert {t.stage: t for t in frame.trace}["verify"].component == "judge"
        return frame.citations[0].supported

    assert judged("yes") is True and judged("no") is False


def test_source_cards_list_the_chunks_used_and_cited(index, tmp_path: Path) -> None:  # noqa: F811
    idx, _ = Indexer(tmp_path / "work").ensure("kb", index.root, CONFIG, "zh")
    frame = Pipeline(CONFIG, idx).ask("出差伙食补助每天多少钱？", EMPLOYEE)
    cards = {c.doc_id: c for c in frame.sources}
    assert set(cards) == {c.doc_id for c in frame.context}
    assert cards["travel"].cited and set(cards["travel"].cited) <= set(cards["travel"].chunk_ids)
    assert sum(len(c.chunk_ids) for c in frame.sources) == len(frame.context)


def test_citation_support_metric() -> None:
    from eval.metrics import Observation, resolve

    metric = resolve("citation_support")
    assert metric.compute(Observation(groups=[], grades={}, ranking=[], cited_support=[True, False, None])) == 0.5
    assert metric.compute(Observation(groups=[], grades={}, ranking=[], cited_support=[None])) is None
