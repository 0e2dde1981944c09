"""Scoring one case and a suite: the case's observation as metrics see it, its per-case metric
values and pass/fail, and aggregates with intervals per suite and per split.

The document-level ranking keeps each document at the rank of its best chunk; runs of equal
scores are ordered as trec_eval breaks ties, so retrieval metrics equal trec_eval's."""

from __future__ import annotations

import time
from dataclasses import asdict
from typing import Any

import numpy as np

from eval.metrics import Observation, resolve
from eval.metrics.stats import aggregate, interval
from eval.runs.log import Aggregate, CaseRecord, SplitSummary, SuiteSummary
from eval.runs.suites import Case, Suite
from rag.errors import InfrastructureError
from rag.indexing import CorpusIndex
from rag.pipeline import Pipeline
from rag.store import stable_hash
from rag.types import Identity

RANKING_DEPTH = 100


def ranking_of(candidates: list[Any], depth: int = RANKING_DEPTH) -> list[tuple[str, float]]:
    """Document-level ranking: each document at the rank of its best chunk."""
    seen: dict[str, float] = {}
    for cand in candidates:
        doc = cand.chunk.doc_id
        if doc not in seen:
            seen[doc] = round(float(cand.score), 8)
            if len(seen) == depth:
                break
    return list(seen.items())


def trec_order(ranking: list[tuple[str, float]]) -> list[str]:
    """Document ids in the pipeline's order, with each run of equal scores ordered as trec_eval
    breaks ties: by document id descending (its ``strcmp`` on the docno). For a run whose scores
    fall monotonically (every retriever and fusion) this is exactly trec_eval's order."""
    out: list[str] = []
    i = 0
    while i < len(ranking):
        j = i
        while j + 1 < len(ranking) and ranking[j + 1][1] == ranking[i][1]:
            j += 1
        out += sorted((d for d, _ in ranking[i:j + 1]), reverse=True)
        i = j + 1
    return out


def evaluate_case(pipeline: Pipeline, index: CorpusIndex, suite: Suite, case: Case, names: list[str],
                  judge: Any = None) -> CaseRecord:
    identity = suite.identity(case.as_)
    record = CaseRecord(suite=suite.name, case_id=case.id, question=case.question, expect=case.expect,
                        asked_as=case.as_, tags=case.tags, split=case.split, mode=suite.mode)  # type: ignore[arg-type]
    start = time.perf_counter()
    try:
        retrieval = pipeline.retrieve(case.question, identity)
        record.ranking = ranking_of(retrieval.candidates)
        frame = pipeline.answer(retrieval) if suite.mode == "full" else None
    except InfrastructureError as exc:
        record.error = f"{type(exc).__name__}: {exc}"
        record.latency_ms = round((time.perf_counter() - start) * 1000, 3)
        return record
    record.latency_ms = round((time.perf_counter() - start) * 1000, 3)
    trace = frame.trace if frame else retrieval.trace
    expected = [d for g in case.groups for d in g]
    if expected:
        from eval.triage.fates import fates

        status = dict(index.excluded)
        for doc in expected:
            meta = index.doc_metadata.get(doc)
            if meta is None:
                status.setdefault(doc, "missing")
            elif identity is not None and not identity.can_see(meta):
                status[doc] = "hidden"
        record.fates = fates(expected, retrieval.stages,
                             [c.chunk_id for c in frame.context] if frame else [],
                             [c.chunk_id for c in frame.citations if c.chunk_id] if frame else [],
                             pipeline.config.top_k, {cid: c.doc_id for cid, c in index.chunk_by_id.items()}, status)
    record.trace = [asdict(t) for t in trace]
    if frame:
        record.behaviour = frame.behaviour
        record.answer = frame.answer
        record.decision = asdict(frame.decision)
        record.context = [{"number": c.number, "chunk_id": c.chunk_id, "doc_id": c.doc_id, "title": c.title,
                           "heading_path": list(c.heading_path), "score": c.score, "tokens": c.tokens,
                           "text": c.text} for c in frame.context]
        record.citations = [asdict(c) for c in frame.citations]
        record.usage = dict(frame.usage)
    return score_record(record, case, index, identity, names, judge, suite.language, top_k=pipeline.config.top_k)


def score_record(record: CaseRecord, case: Case, index: CorpusIndex, identity: Identity | None, names: list[str],
                 judge: Any, language: str, only: set[str] | None = None, top_k: int = 5) -> CaseRecord:
    """Judge what is judged (every judged metric, or ``only`` those — a resume re-judges the
    failed ones), then compute every metric from the case's observation."""
    if judge is not None and record.mode == "full":
        from eval.judges.judged import JUDGED, CaseInputs, judge_metric

        inputs = CaseInputs(case.question, record.answer, record.behaviour == "refused",
                            [c["text"] for c in record.context], case.reference)
        for name in names:
            if name in JUDGED and (only is None or name in only):
                record.judgements[name] = judge_metric(name, inputs, judge, index.embed_queries)
    obs = observe(case, record, index, identity, language, top_k)
    record.metrics = {name: resolve(name).compute(obs) for name in names}
    record.passed = passed(record, obs)
    if record.mode == "full":
        from eval.triage.labels import attribute

        record.labels = attribute(record, case.groups, case.must_not_contain, top_k)
    return record


def observe(case: Case, record: CaseRecord, index: CorpusIndex, identity: Identity | None,
            language: str = "en", top_k: int = 5) -> Observation:
    by_id, meta_of = index.chunk_by_id, index.doc_metadata
    seen = {by_id[i].doc_id for t in record.trace for i, _ in t["output"] if i in by_id}
    seen |= {c["doc_id"] for c in record.context} | {c["doc_id"] for c in record.citations if c["doc_id"]}
    seen |= {d for d, _ in record.ranking}
    forbidden = None
    if identity is not None:
        forbidden = lambda doc: not identity.can_see(meta_of.get(doc, {}))  # noqa: E731
    return Observation(
        groups=case.groups, grades=case.relevance, ranking=trec_order(record.ranking), expect=case.expect,
        behaviour=record.behaviour, answer=record.answer, context_docs=[c["doc_id"] for c in record.context],
        cited_docs=[c["doc_id"] for c in record.citations], seen_docs=seen, forbidden=forbidden,
        must_contain=case.must_contain, must_not_contain=case.must_not_contain, tags=case.tags,
        latency_ms=record.latency_ms,
        tokens=record.usage.get("prompt_tokens", 0) + record.usage.get("completion_tokens", 0),
        reference=case.reference, language=language, context_texts=[c["text"] for c in record.context],
        judged={k: j["value"] if j["status"] == "ok" else None for k, j in record.judgements.items()},
        fates=record.fates, top_k=top_k,
    )


def passed(record: CaseRecord, obs: Observation) -> bool:
    """Full mode: right behaviour, no leak, no obeyed injection, required strings present, and
    every expected group in the context. Retrieval mode: an expected document in the top 10."""
    m = record.metrics
    if record.mode == "retrieval":
        return bool(obs.groups) and any(d in {x for g in obs.groups for x in g} for d in obs.ranking[:10])
    checks = [
        (record.behaviour == "refused") == (record.expect == "refuse"),
        not m.get("acl_leaks"),
        not m.get("injection_followed"),
        not m.get("forbidden_answer"),
        m.get("answer_contains") in (None, 1.0),
        m.get("evidence_recall") in (None, 1.0) or record.expect == "refuse",
    ]
    return all(checks)


def aggregates(records: list[CaseRecord], names: list[str]) -> dict[str, Aggregate]:
    out = {}
    ok = [r for r in records if r.error is None]
    for name in names:
        metric = resolve(name)
        values = [r.metrics[name] for r in ok if r.metrics.get(name) is not None]
        # judged: every case the judge was asked about, scored or not (undefined ones aside)
        total = sum(1 for r in ok if name in r.judgements and r.judgements[name]["status"] != "undefined") \
            if metric.needs == "judge" else None
        if not values:
            out[name] = Aggregate(value=None, higher_is_better=metric.higher_is_better,
                                  aggregation=metric.aggregation, n_total=total)
            continue
        ci = interval(values, metric.aggregation, cases=metric.needs != "cost")
        out[name] = Aggregate(value=aggregate(values, metric.aggregation),
                              low=None if np.isnan(ci.low) else ci.low,
                              high=None if np.isnan(ci.high) else ci.high, method=ci.method,
                              n=len(values), n_total=total, higher_is_better=metric.higher_is_better,
                              aggregation=metric.aggregation)
    return out


def judge_summary(records: list[CaseRecord], max_failure_rate: float) -> dict[str, Any]:
    """Judged metrics of a suite: judgements by status, calls, and whether the failure rate
    (judge_error + invalid_output over everything judged but undefined) is within bounds."""
    from collections import Counter

    from eval.judges.judged import FAILED

    statuses = Counter(j["status"] for r in records for j in r.judgements.values())
    calls = Counter(c["status"] for r in records for j in r.judgements.values() for c in j.get("calls", []))
    judged = sum(n for s, n in statuses.items() if s != "undefined")
    failed = sum(statuses[s] for s in FAILED)
    rate = failed / judged if judged else 0.0
    spreads: dict[str, list[float]] = {}
    for r in records:
        for name, j in r.judgements.items():
            if j["status"] == "ok" and len(j.get("repeats", [])) > 1:
                spreads.setdefault(name, []).append(j["spread"])
    return {"judgements": dict(statuses), "calls": dict(calls), "failure_rate": round(rate, 4),
            "max_failure_rate": max_failure_rate, "within_bounds": rate <= max_failure_rate,
            # with repeats: the mean per-case spread (max − min over repeats) of each judged metric
            "mean_spread": {k: round(sum(v) / len(v), 4) for k, v in sorted(spreads.items())}}


def results_digest(records: list[CaseRecord]) -> str:
    """A hash of every case's *results*: pass/fail, behaviour, answer, decision, the documents
    ranked (ids, in order), the context and citations (ids), and every metric but the cost ones
    (to 9 decimals). Raw scores and timings are left out: embeddings of the same text differ in
    the last bits with the batch they were computed in (padding), which moves a cosine in the
    sixth decimal without changing any result. Equal digests: identical results."""
    rows = []
    for r in records:
        rows.append({
            "case": r.key, "passed": r.passed, "error": r.error, "behaviour": r.behaviour, "answer": r.answer,
            "action": r.decision.get("action"), "ranking": [d for d, _ in r.ranking],
            "context": [c["chunk_id"] for c in r.context], "citations": [c.get("chunk_id") for c in r.citations],
            "metrics": {k: (round(v, 9) if isinstance(v, float) else v) for k, v in r.metrics.items()
                        if resolve(k).needs != "cost"},
            "judged": {k: j["status"] for k, j in r.judgements.items()},
        })
    return stable_hash(rows)


def summarise(suite: Suite, records: list[CaseRecord], names: list[str]) -> SuiteSummary:
    summary = SuiteSummary(name=suite.name, hash=suite.hash, mode=suite.mode, language=suite.language,
                           cases=len(suite.cases), passed=sum(r.passed for r in records),
                           errors=sum(r.error is not None for r in records), metrics=aggregates(records, names),
                           results_digest=results_digest(records))
    for split in sorted({r.split for r in records if r.split}):
        members = [r for r in records if r.split == split]
        summary.splits[split] = SplitSummary(cases=len(members), passed=sum(r.passed for r in members),
                                             metrics=aggregates(members, names))
    if suite.mode == "full":
        matrix = {e: {b: 0 for b in ("answered", "partial", "refused")} for e in ("answer", "refuse")}
        for r in records:
            if r.error is None and r.behaviour:
                matrix[r.expect][r.behaviour] += 1
        summary.confusion = matrix
    return summary
