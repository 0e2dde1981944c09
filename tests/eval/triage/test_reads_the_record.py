"""Triage reads what the pipeline did, never the config: the top-k a ``classify`` type set for
one question and the cut a ``split`` changed are what fates, labels and journeys report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval.report.triage import journeys
from eval.runs.checkpoint import read_cases
from eval.runs.log import CaseRecord
from eval.runs.runner import run_config as run
from eval.triage.fates import journey

NOISE = "# Hotel note {i}\n\nHotel caps in tier one cities need approval form {i} before booking hotels."


def _project(tmp_path: Path, monkeypatch, cases: list[dict], extra: str) -> Path:
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    docs = tmp_path / "suite" / "docs"
    docs.mkdir(parents=True)
    (docs / "a.md").write_text("# Tier one\n\nThe hotel cap in tier one cities is 240 USD per night.", encoding="utf-8")
    (docs / "b.md").write_text("# Tier two\n\nThe hotel cap in tier two cities is 170 USD per night.", encoding="utf-8")
    for i in range(6):
        (docs / f"n{i}.md").write_text(NOISE.format(i=i), encoding="utf-8")
    (tmp_path / "suite" / "cases.jsonl").write_text("\n".join(json.dumps(c) for c in cases), encoding="utf-8")
    (tmp_path / "suite" / "suite.yaml").write_text("name: cut\nlanguage: en\ncorpus: docs\ncases: cases.jsonl\n",
                                                   encoding="utf-8")
    config = tmp_path / "config.yaml"
    config.write_text(f"name: cut\nsuites: ['{tmp_path / 'suite' / 'suite.yaml'}']\n"
                      "embedder: {name: hashing, params: {dim: 256}}\nretrievers: [bm25]\nreranker: none\n"
                      "answerability: always\n" + ("" if "top_k:" in extra else "top_k: 5\n") + extra, encoding="utf-8")
    return config


def _context_input(record: CaseRecord) -> list[str]:
    """The documents of the cut the context builder received, read off the trace."""
    stage = next(t for t in record.trace if t["stage"] == "top_k")
    return list(dict.fromkeys(cid.split("#")[0] for cid, _ in stage["output"]))


def _reranked_rank(record: CaseRecord, doc: str) -> int:
    return record.fates[doc]["ranks"]["reranked"]


def test_a_classify_type_that_narrows_top_k_is_the_k_triage_reports(tmp_path: Path, monkeypatch) -> None:
    question = "What is the hotel cap in tier two cities?"
    notes = [f"n{i}" for i in range(6)]   # one OR-group: any approval note will do
    config = _project(tmp_path, monkeypatch, [{"id": "tier2", "question": question, "expected_docs": [notes]}],
                      "query_transforms: [{name: classify, params: {top_k: {fact: 2}}}]\n")
    run_dir, _ = run(config, out_root=tmp_path / "runs", progress=False)
    (record,) = read_cases(run_dir)
    cut = _context_input(record)
    assert cut == ["b", "a"]                                        # classify gave this question k = 2
    best = min(notes, key=lambda d: _reranked_rank(record, d))
    assert _reranked_rank(record, best) == 3                        # the config's top-5 would have held it
    for fate in record.fates.values():
        assert fate["k"] == 2 and fate["ranks"]["top_k"] is None
        assert "top-2 ✗" in journey(fate) and "top-5" not in journey(fate)
    assert record.labels["primary"] == "cut_by_top_k"               # not cut_by_context: it never reached the cut
    assert record.metrics["recall@rerank"] == 0.0 and record.metrics["recall@retrieve"] == 1.0


def test_a_split_that_swaps_a_sub_query_source_in_is_what_triage_follows(tmp_path: Path, monkeypatch) -> None:
    question = "What are the hotel caps in tier one and tier two?"
    config = _project(tmp_path, monkeypatch, [{"id": "both", "question": question, "expected_docs": ["b", "n0"]}],
                      "query_transforms: [split]\ntop_k: 2\n")
    run_dir, _ = run(config, out_root=tmp_path / "runs", progress=False)
    (record,) = read_cases(run_dir)
    cut = _context_input(record)
    swapped_in, swapped_out = record.fates["b"], record.fates["n0"]
    assert _reranked_rank(record, "b") > 2 and "b" in cut           # brought in by its sub-query
    assert _reranked_rank(record, "n0") <= 2 and "n0" not in cut    # displaced from the reranked top-2
    for doc, fate in record.fates.items():                          # every fate is the cut the builder got
        assert (fate["ranks"]["top_k"] is not None) == (doc in cut)
    assert "top-2 ✓ → context ✓" in journey(swapped_in)
    assert "reranked #" in journey(swapped_out) and journey(swapped_out).endswith("top-2 ✗")
    assert record.labels["detail"]["lost"] == {"n0": "cut_by_top_k"}
    assert any(j.startswith("b: ") and "top-2 ✓" in j for j in journeys(record))


@pytest.mark.parametrize("fate, expected", [
    ({"status": "indexed", "k": 3, "cut": False, "retrievers": {"bm25": 4},
      "ranks": {"retrieve": 4, "fused": 4, "reranked": 4, "top_k": None, "context": None, "cited": None}},
     "bm25 #4 → fused #4 → reranked #4"),
    ({"status": "indexed", "retrievers": {"bm25": 1},   # a log written before fates recorded k
      "ranks": {"retrieve": 1, "fused": 1, "reranked": 1, "top_k": 1, "context": 1, "cited": None}},
     "bm25 #1 → fused #1 → reranked #1 → top-k ✓ → context ✓ → not cited"),
])
def test_journeys_without_a_cut_or_a_recorded_k(fate: dict, expected: str) -> None:
    assert journey(fate) == expected


def test_a_case_checkpointed_before_fates_recorded_k_keeps_its_labels_on_resume() -> None:
    """An older checkpoint's fates were cut at the config's top-k: re-scoring them on resume
    (a failed judge call) gives the label they had, not one for an unknown k."""
    from eval.runs.runner import recorded_k
    from eval.triage.labels import attribute

    legacy = {"status": "indexed", "retrievers": {"bm25": 2, "dense": 40},
              "ranks": {"retrieve": 2, "fused": 9, "reranked": 9, "top_k": None, "context": None, "cited": None}}
    record = CaseRecord(suite="s", case_id="c", question="q", expect="answer", behaviour="answered", answer="x",
                        metrics={"acl_leaks": 0.0}, passed=False, fates={"d": dict(legacy)}, mode="full")
    recorded_k(record, 5)
    assert record.fates["d"]["k"] == 5 and record.fates["d"]["cut"] is True
    assert attribute(record, [("d",)], [])["primary"] == "lost_in_fusion"


def test_a_retrieval_only_case_has_no_top_k_recall() -> None:
    from eval.metrics import Observation, resolve

    fate = {"status": "indexed", "k": 5, "cut": False, "retrievers": {"bm25": 1},
            "ranks": {"retrieve": 1, "fused": 1, "reranked": 1, "top_k": None, "context": None, "cited": None}}
    obs = Observation(groups=[("d",)], grades={"d": 1}, ranking=["d"], fates={"d": fate})
    assert resolve("recall@top_k").compute(obs) is None
    assert resolve("recall@rerank").compute(obs) == 1.0


def test_a_failing_case_says_why_and_an_errored_one_is_an_endpoint_error(project: Path, capsys) -> None:
    """The label, the must_contain strings the answer lacks, the reference and the decision with
    its score against the threshold — in the record, the triage text, its page and a gate's flips."""
    import json as _json

    from eval.cli import main as cli
    from eval.runs.log import CaseRecord
    from eval.triage.labels import LEGEND, attribute

    cases = project / "suite" / "cases.jsonl"
    rows = [_json.loads(line) for line in cases.read_text().splitlines()]
    for r in rows:
        if r["id"] == "meals":
            r.update(must_contain=["55 USD", "per diem code M7"], reference="The meal allowance is 55 USD a day.")
    cases.write_text("\n".join(_json.dumps(r) for r in rows), encoding="utf-8")
    run_dir, _ = run(project / "config.yaml", out_root=project / "runs", progress=False)
    meals = next(r for r in read_cases(run_dir) if r.case_id == "meals")
    detail = meals.labels["detail"]
    assert meals.labels["primary"] == "answer_missing_fact" and detail["missing"] == ["per diem code M7"]
    assert detail["reference"].startswith("The meal allowance") and detail["decision"]["action"] == "answer"
    assert detail["decision"]["score"] >= detail["decision"]["threshold"]
    capsys.readouterr()
    assert cli(["triage", str(run_dir)]) == 0
    out = capsys.readouterr().out
    assert "missing from the answer: per diem code M7" in out and "decision: answer — score" in out
    page = (run_dir / "triage.html").read_text(encoding="utf-8")
    assert "What the labels mean" in page and all(label in page for label in LEGEND)
    errored = CaseRecord(suite="s", case_id="c", question="q", expect="answer", error="TargetError: down")
    assert attribute(errored, [("d",)], [])["primary"] == "endpoint_error"
