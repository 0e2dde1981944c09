"""A suite's summary: aggregates with intervals per suite and per split, the confusion matrix,
the judge's failure accounting, and the digest that says two runs' results are identical."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from eval.judges.judged import FAILED, PENDING
from eval.metrics import resolve
from eval.metrics.stats import aggregate, interval
from eval.runs.log import Aggregate, CaseRecord, SplitSummary, SuiteSummary
from eval.suites import Suite
from rag.store import stable_hash
from rag.types import BEHAVIOURS, EXPECTS


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
    statuses = Counter(j["status"] for r in records for j in r.judgements.values())
    calls = Counter(c["status"] for r in records for j in r.judgements.values() for c in j.get("calls", []))
    judged = sum(n for s, n in statuses.items() if s not in ("undefined", PENDING))   # pending: not judged yet
    failed = sum(statuses[s] for s in FAILED)
    rate = failed / judged if judged else 0.0
    spreads: dict[str, list[float]] = {}
    for r in records:
        for name, j in r.judgements.items():
            if j["status"] == "ok" and len(j.get("repeats", [])) > 1:
                spreads.setdefault(name, []).append(j["spread"])
    out = {"judgements": dict(statuses), "calls": dict(calls), "failure_rate": round(rate, 4),
            "max_failure_rate": max_failure_rate, "within_bounds": rate <= max_failure_rate,
            # with repeats: the mean per-case spread (max − min over repeats) of each judged metric
            "mean_spread": {k: round(sum(v) / len(v), 4) for k, v in sorted(spreads.items())}}
    alphas = jury_alpha(records)
    if alphas:
        out["jury_alpha"] = alphas   # how far a jury's judges agree with one another, per metric
    return out


def jury_alpha(records: list[CaseRecord]) -> dict[str, float | None]:
    """Krippendorff's α (interval) among a jury's judges, per judged metric, over the cases every
    judge scored."""
    judges_of: dict[str, list[str]] = {}
    for r in records:
        for name, j in r.judgements.items():
            for jid in j.get("members") or {}:
                if jid not in judges_of.setdefault(name, []):
                    judges_of[name].append(jid)
    values: dict[str, dict[str, list[float | None]]] = {name: {jid: [] for jid in ids} for name, ids in judges_of.items()}
    for r in records:
        for name, rows in values.items():
            members = (r.judgements.get(name) or {}).get("members") or {}
            for jid, row in rows.items():
                m = members.get(jid)
                row.append(float(m["value"]) if m and m.get("status") == "ok" else None)
    if not values:
        return {}
    from eval.labels.agreement import alpha

    return {name: (round(a, 4) if (a := alpha(list(rows.values()), "interval")) is not None else None)
            for name, rows in sorted(values.items())}


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


KINDS = {"multi-turn": lambda r: bool(r.history), "multi-document": lambda r: "multi-doc" in r.tags}


def kinds_of(records: list[CaseRecord]) -> dict[str, list[int]]:
    """[passed, cases] of each kind in :data:`KINDS` the records hold."""
    out = {}
    for kind, member in KINDS.items():
        cases = [r for r in records if member(r)]
        if cases:
            out[kind] = [sum(r.passed for r in cases), len(cases)]
    return out


def summarise(suite: Suite, records: list[CaseRecord], names: list[str]) -> SuiteSummary:
    summary = SuiteSummary(name=suite.name, hash=suite.hash, mode=suite.mode, language=suite.language,
                           cases=len(suite.cases), passed=sum(r.passed for r in records),
                           errors=sum(r.error is not None for r in records), metrics=aggregates(records, names),
                           results_digest=results_digest(records), kinds=kinds_of(records))
    for split in sorted({r.split for r in records if r.split}):
        members = [r for r in records if r.split == split]
        summary.splits[split] = SplitSummary(cases=len(members), passed=sum(r.passed for r in members),
                                             metrics=aggregates(members, names), kinds=kinds_of(members))
    if suite.mode == "full":
        expects = [e for e in EXPECTS if e in ("answer", "refuse") or any(r.expect == e for r in records)]
        matrix = {e: dict.fromkeys(BEHAVIOURS, 0) for e in expects}
        for r in records:
            if r.error is None and r.behaviour:
                row = matrix.setdefault(r.expect, dict.fromkeys(BEHAVIOURS, 0))
                row[r.behaviour] = row.get(r.behaviour, 0) + 1
        summary.confusion = matrix
    return summary
