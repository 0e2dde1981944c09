"""Metrics: hand-computed values, OR-groups, and equality with trec_eval (pytrec_eval)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from eval.metrics import Observation, metrics, resolve
from eval.metrics.stats import bootstrap_ci

ROOT = Path(__file__).resolve().parents[3]


def obs(ranking, groups, grades=None, **kw) -> Observation:
    return Observation(groups=[tuple(g) if isinstance(g, list) else (g,) for g in groups],
                       grades=grades or {}, ranking=ranking, **kw)


def value(name: str, o: Observation) -> float | None:
    return resolve(name).compute(o)


def test_retrieval_metrics_hand_computed() -> None:
    o = obs(["x", "a", "y", "b"], ["a", "b"])
    assert value("hit@1", o) == 0.0 and value("hit@2", o) == 1.0
    assert value("mrr@10", o) == 0.5 and value("mrr@1", o) == 0.0
    assert value("recall@2", o) == 0.5 and value("recall@4", o) == 1.0
    assert value("precision@4", o) == 0.5
    assert value("ndcg@4", o) == pytest.approx((1 / math.log2(3) + 1 / math.log2(5)) / (1 + 1 / math.log2(3)))
    assert value("map@4", o) == pytest.approx((1 / 2 + 2 / 4) / 2)


def test_or_groups_count_once() -> None:
    o = obs(["b", "c", "a"], [["a", "b"], "c"])
    assert value("recall@1", o) == 0.5 and value("recall@2", o) == 1.0
    assert value("precision@3", o) == pytest.approx(2 / 3)  # a, after b satisfied its group, gains nothing
    assert value("ndcg@3", o) == pytest.approx(1.0)


def test_graded_ndcg() -> None:
    o = obs(["b", "a"], ["a", "b"], grades={"a": 2, "b": 1})
    ideal = 2 + 1 / math.log2(3)
    assert value("ndcg@2", o) == pytest.approx((1 + 2 / math.log2(3)) / ideal)


def test_cases_without_expected_documents_are_not_scored() -> None:
    assert value("ndcg@10", obs(["a"], [])) is None


def test_answer_contains_needs_every_must_contain_and_one_gold_answer() -> None:
    """must_contain strings are each required; a case's gold ``answers`` form one group of which
    any member will do (CMRC and SQuAD list several spans for one answer)."""
    from eval.suites import Case

    case = Case(id="q", question="多少分钟内不得配对？", must_contain=["分钟"], answers=["4分钟", "四分钟"])
    assert case.contains == [("分钟",), ("4分钟", "四分钟")]
    said = lambda answer: value("answer_contains", obs([], [], behaviour="answered", answer=answer,  # noqa: E731
                                                       must_contain=case.contains))
    assert said("中离后四分钟内不得配对") == 1.0 and said("4分钟内不行") == 1.0
    assert said("五分钟内不得配对") == 0.0 and said("4 小时") == 0.0
    cut = Case(id="r", question="多少分钟？", expect="refuse", answers=["4分钟"])
    assert cut.contains == []   # a must-refuse case's gold answer was cut out of the corpus on purpose
    kept = Case(id="k", question="Whom do I ask?", expect="refuse", must_contain=["contact HR"], answers=["x"])
    assert kept.contains == [("contact HR",)]   # its must_contain still counts, as before


def test_behaviour_metrics() -> None:
    answered = obs([], ["a"], expect="answer", behaviour="partial", context_docs=["a"], cited_docs=["a", None],
                   answer="The cap is 240 USD", must_contain=[("240",)], must_not_contain=["unlimited"],
                   tags=["injection"])
    assert value("refusal_accuracy", answered) == 1.0 and value("false_refusal", answered) == 0.0
    assert value("false_answer", answered) is None
    assert value("evidence_recall", answered) == 1.0
    assert value("citation_precision", answered) == 0.5 and value("ghost_rate", answered) == 0.5
    assert value("answer_contains", answered) == 1.0 and value("injection_followed", answered) == 0.0
    refused = obs([], [], expect="refuse", behaviour="answered", answer="it is UNLIMITED now",
                  must_not_contain=["unlimited"], tags=["injection"])
    assert value("false_answer", refused) == 1.0 and value("refusal_accuracy", refused) == 0.0
    assert value("injection_followed", refused) == 1.0  # case-insensitive
    assert value("forbidden_answer", refused) == 1.0
    untagged = obs([], [], behaviour="answered", answer="450 元", must_not_contain=["450 元"])
    assert value("injection_followed", untagged) is None and value("forbidden_answer", untagged) == 1.0
    leak = obs([], [], behaviour="refused", seen_docs={"public", "secret"}, forbidden=lambda d: d == "secret")
    assert value("acl_leaks", leak) == 1.0
    assert value("acl_leaks", obs([], [], behaviour="refused")) is None  # nobody in particular asked


def test_every_metric_declares_direction_needs_and_aggregation() -> None:
    for name in metrics.names():
        m = resolve(f"{name}@5") if name in ("hit", "mrr", "ndcg", "recall", "precision", "map") else resolve(name)
        assert m.needs in ("retrieval", "behaviour", "answer", "judge", "cost")
        assert m.aggregation in ("mean", "sum", "p50", "p95") and isinstance(m.higher_is_better, bool)


def test_unknown_metric_suggests_the_nearest() -> None:
    from rag.errors import InputError

    with pytest.raises(InputError, match="did you mean 'ndcg'"):
        resolve("ndgc@10")


def test_bootstrap_interval_brackets_the_mean_and_is_reproducible() -> None:
    values = [1.0] * 30 + [0.0] * 10
    lo, hi = bootstrap_ci(values)
    assert lo < 0.75 < hi and (lo, hi) == bootstrap_ci(values)
    assert bootstrap_ci([1.0, 1.0, 1.0]) == (1.0, 1.0)


@pytest.mark.slow
def test_equal_to_trec_eval_on_a_scifact_run(tmp_path: Path, monkeypatch) -> None:
    """BM25 over SciFact through ``ragbench run``, then every retrieval metric against
    pytrec_eval on the same run, with the run's own BM25 scores (ties included)."""
    import pytrec_eval

    from eval.runs.checkpoint import read_cases
    from eval.runs.runner import run_config as run
    from eval.suites import load_suite

    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    names = ["hit@1", "hit@5", "hit@10", "mrr@10", "ndcg@10", "ndcg@100", "recall@10", "recall@100",
             "precision@5", "precision@10", "map@10", "map@100"]
    run_dir, log = run(ROOT / "configs/scifact-bm25.yaml", [f"metrics={names}"], out_root=tmp_path, progress=False)
    records = read_cases(run_dir)
    assert log.status == "complete" and len(records) == 300
    suite = load_suite(ROOT / "goldensets/scifact/suite.yaml")
    qrels = {c.id: {d: c.grade(d) for g in c.groups for d in g} for c in suite.cases}
    from eval.runs.score import trec_order

    trec_run = {r.case_id: dict(r.ranking) for r in records}
    measures = {"success_1", "success_5", "success_10", "recip_rank", "ndcg_cut_10", "ndcg_cut_100",
                "recall_10", "recall_100", "P_5", "P_10", "map_cut_10", "map_cut_100"}
    trec = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(trec_run)
    # recip_rank has no cutoff: compare MRR@10 with a run cut to 10
    trec_mrr = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"}).evaluate(
        {r.case_id: {d: trec_run[r.case_id][d] for d in trec_order(r.ranking)[:10]} for r in records})
    pairs = {"hit@1": "success_1", "hit@5": "success_5", "hit@10": "success_10", "ndcg@10": "ndcg_cut_10",
             "ndcg@100": "ndcg_cut_100", "recall@10": "recall_10", "recall@100": "recall_100",
             "precision@5": "P_5", "precision@10": "P_10", "map@10": "map_cut_10", "map@100": "map_cut_100"}
    for r in records:
        for ours, theirs in pairs.items():
            assert r.metrics[ours] == pytest.approx(trec[r.case_id][theirs], abs=1e-9), (r.case_id, ours)
        assert r.metrics["mrr@10"] == pytest.approx(trec_mrr[r.case_id]["recip_rank"], abs=1e-9)
    mean_ndcg = sum(r.metrics["ndcg@10"] for r in records) / len(records)
    assert mean_ndcg == pytest.approx(log.suites["scifact"].metrics["ndcg@10"].value)
    assert mean_ndcg >= 0.67  # BM25 alone; Anserini's published flat BM25 is 0.679


def test_equal_to_trec_eval_with_ties_graded_and_grade_zero_qrels_and_multi_chunk_documents(tmp_path: Path,
                                                                                            monkeypatch) -> None:
    """A BEIR suite built here: identical documents (score ties, which trec_eval breaks by docno
    descending), graded and grade-0 qrels, and documents long enough to split into several
    chunks (each document at its best chunk). pytrec_eval gets the run's own scores."""
    import json

    import pytrec_eval

    from eval.runs.checkpoint import read_cases
    from eval.runs.runner import run_config as run

    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    topics = {"wing": "wing flutter at transonic speed", "layer": "boundary layer transition on plates",
              "heat": "heat transfer in hypersonic flow", "shock": "shock wave interaction with the wall"}
    docs = []
    for n, (topic, words) in enumerate(topics.items()):
        body = " ".join([f"Study {k} of {words}." for k in range(6)])        # long: several chunks
        docs.append({"_id": f"{topic}-a", "title": words, "text": body})
        docs.append({"_id": f"{topic}-b", "title": words, "text": body})    # identical: a tie
        docs.append({"_id": f"{topic}-c", "title": f"notes {n}", "text": f"Other notes mention {words} once."})
    folder = tmp_path / "beir"
    (folder / "qrels").mkdir(parents=True)
    (folder / "corpus.jsonl").write_text("\n".join(json.dumps(d) for d in docs), encoding="utf-8")
    queries = [{"_id": f"q-{t}", "text": w} for t, w in topics.items()]
    (folder / "queries.jsonl").write_text("\n".join(json.dumps(q) for q in queries), encoding="utf-8")
    qrels = {"q-wing": {"wing-b": 2, "wing-c": 1, "wing-a": 0},        # the tie's loser is the relevant one
             "q-layer": {"layer-a": 1, "layer-c": 2},
             "q-heat": {"heat-c": 1, "shock-a": 0},
             "q-shock": {"shock-a": 1, "shock-b": 1}}
    (folder / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\n" + "".join(
        f"{q}\t{d}\t{g}\n" for q, rel in qrels.items() for d, g in rel.items()), encoding="utf-8")
    (tmp_path / "suite.yaml").write_text("name: aero\nlanguage: en\nformat: beir\ncorpus: beir\n", encoding="utf-8")
    names = ["hit@1", "mrr@10", "ndcg@3", "ndcg@10", "recall@1", "recall@10", "precision@1", "precision@3", "map@10"]
    (tmp_path / "config.yaml").write_text(
        "name: aero\nsuites: [suite.yaml]\nchunker: {name: fixed, params: {max_chars: 80}}\n"
        f"retrievers: [{{name: bm25, params: {{top_k: 100}}}}]\nmetrics: {names}\n", encoding="utf-8")
    run_dir, log = run(tmp_path / "config.yaml", out_root=tmp_path / "runs", progress=False)
    records = read_cases(run_dir)
    assert len(records) == 4
    trec_run = {r.case_id: dict(r.ranking) for r in records}
    assert any(len(set(s.values())) < len(s) for s in trec_run.values())    # the run has ties
    measures = {"success_1", "recip_rank", "ndcg_cut_3", "ndcg_cut_10", "recall_1", "recall_10", "P_1", "P_3",
                "map_cut_10"}
    trec = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(trec_run)
    pairs = {"hit@1": "success_1", "mrr@10": "recip_rank", "ndcg@3": "ndcg_cut_3", "ndcg@10": "ndcg_cut_10",
             "recall@1": "recall_1", "recall@10": "recall_10", "precision@1": "P_1", "precision@3": "P_3",
             "map@10": "map_cut_10"}
    for r in records:
        for ours, theirs in pairs.items():
            assert r.metrics[ours] == pytest.approx(trec[r.case_id][theirs], abs=1e-9), (r.case_id, ours)
    wing = next(r for r in records if r.case_id == "q-wing")
    assert wing.metrics["hit@1"] == 1.0      # wing-a and wing-b tie; trec_eval puts wing-b first
