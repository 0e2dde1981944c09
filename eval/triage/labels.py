"""Failure attribution: one primary label per failing case, plus secondary ones.

The taxonomy (DESIGN §9), in priority order — the primary label is the first that applies:

| label | when |
|---|---|
| ``endpoint_error`` | the case failed on an endpoint |
| ``acl_leak`` | a document the asker may not see reached a list, the context or a citation |
| ``forbidden_content`` | the answer holds a ``must_not_contain`` string (the source document is named) |
| ``wrong_answer`` | answered a case that should be refused |
| ``not_indexed`` | an expected document was never indexed (quarantined, empty, hidden from the asker, missing) |
| ``not_retrieved`` | no retriever returned it |
| ``lost_in_fusion`` | a retriever ranked it within top-k, fusion did not |
| ``demoted_by_rerank`` | fusion ranked it within top-k, the reranker pushed it out |
| ``cut_by_top_k`` | retrieved, but not in the top-k the context builder received: no stage ranked it within k, or the cut swapped it out for a sub-query's source |
| ``cut_by_context`` | in the top-k, left out of the context (budget, near-duplicate, per-source cap, superseded) |
| ``not_in_context`` | not in the context of a target that reports no stages (``http``, ``python``): lost somewhere before it |
| ``wrong_refusal`` | refused although every expected document was in the context |
| ``wrong_level`` | a case asserting an evidence level (partial, conflict, background) got another, with the evidence in the context |
| ``answer_missing_fact`` | answered with the evidence in the context, but a ``must_contain`` is absent |
| ``uncited`` | answered with the evidence in the context, citing nothing |
| ``wrong_citation`` | answered, citing only documents that are not expected (or ghosts) |

:data:`LEGEND` holds the same, for the pages. Labels are computed from the recorded fates and outcomes only — never from case ids.
"""

from __future__ import annotations

from typing import Any

from rag.script import holds
from rag.types import DECLINES, EXACT, declined

ORDER = ["endpoint_error", "acl_leak", "forbidden_content", "wrong_answer", "not_indexed", "not_retrieved",
         "lost_in_fusion", "demoted_by_rerank", "cut_by_top_k", "cut_by_context", "not_in_context", "wrong_refusal",
         "wrong_level", "answer_missing_fact", "uncited", "wrong_citation"]
DOCUMENT_FATES = ORDER[4:11]


def group_fate(group: tuple[str, ...], fates: dict[str, dict[str, Any]]) -> str | None:
    """Where an expected OR-group was lost (the label of its furthest document), or None when
    one of its documents reached the context. "Within top-k" is measured against the k the
    pipeline used for this question, and "in the top-k" is the cut the context builder received
    (both recorded in the fate, never taken from the config)."""
    members = [fates[d] for d in group if d in fates]
    if not members:
        return None
    if any(f["ranks"]["context"] for f in members):
        return None
    if all(f["status"] != "indexed" for f in members):
        return "not_indexed"
    indexed = [f for f in members if f["status"] == "indexed"]
    retrieved = [f for f in indexed if f["ranks"]["retrieve"] is not None]
    if not retrieved:
        return "not_retrieved"
    if any(f["ranks"]["top_k"] for f in retrieved):
        return "cut_by_context"

    def within(f: dict[str, Any], stage: str) -> bool:
        rank, k = f["ranks"][stage], f.get("k")
        return rank is not None and k is not None and rank <= k

    if any(within(f, "reranked") for f in retrieved):
        return "cut_by_top_k"        # ranked within k, but the cut swapped it out (a sub-query's source in its place)
    if any(within(f, "fused") for f in retrieved):
        return "demoted_by_rerank"
    if any(within(f, "retrieve") for f in retrieved):
        return "lost_in_fusion"
    return "cut_by_top_k"


def forbidden_source(forbidden: list[str], context: list[dict[str, Any]]) -> str | None:
    """The document in the context that carries a forbidden string (an outdated or injected one)."""
    for item in context:
        if any(holds(item.get("text", ""), f) for f in forbidden):
            return item.get("doc_id")
    return None


LEGEND = {
    "endpoint_error": "the case failed on an endpoint",
    "acl_leak": "a document the asker may not see reached a list, the context or a citation",
    "forbidden_content": "the answer holds a must_not_contain string (the source document is named)",
    "wrong_answer": "answered a case that should be refused",
    "not_indexed": "an expected document was never indexed (quarantined, empty, hidden, missing)",
    "not_retrieved": "no retriever returned it",
    "lost_in_fusion": "a retriever ranked it within top-k, fusion did not",
    "demoted_by_rerank": "fusion ranked it within top-k, the reranker pushed it out",
    "cut_by_top_k": "retrieved, but not in the top-k the context builder received",
    "cut_by_context": "in the top-k, left out of the context (budget, near-duplicate, per-source cap, superseded)",
    "not_in_context": "not in the context of a target that reports no stages (http, python)",
    "wrong_refusal": "refused although every expected document was in the context",
    "wrong_level": "asserted an evidence level (partial, conflict, background) and got another",
    "answer_missing_fact": "answered with the evidence in the context, but a must_contain string is absent",
    "uncited": "answered with the evidence in the context, citing nothing",
    "wrong_citation": "answered, citing only documents that are not expected (or ghosts)",
    "unexplained": "failed for a reason no label covers",
}


def explain(record: Any, must_contain: list[tuple[str, ...]], reference: str | None) -> dict[str, Any]:
    """What a failing case's reader needs beside its label: the must_contain strings the answer
    lacks (a group of gold answers as "a | b"), the reference answer, and the answerability
    decision with its score, its threshold and the asked answer type."""
    out: dict[str, Any] = {}
    missing = [" | ".join(g) for g in must_contain if not any(holds(record.answer or "", s) for s in g)]
    if missing and record.behaviour is not None and getattr(record, "expect", "answer") not in DECLINES:
        out["missing"] = missing
    if reference:
        out["reference"] = reference
    decision = record.decision or {}
    if decision.get("action"):
        signals = decision.get("signals") or {}
        out["decision"] = {"action": decision["action"], "reason": decision.get("reason", ""),
                           **{k: signals[k] for k in ("score", "threshold", "answer_type", "support", "type_at", "reader") if k in signals}}
    return out


def attribute(record: Any, groups: list[tuple[str, ...]], must_not_contain: list[str],
              must_contain: list[tuple[str, ...]] = (), reference: str | None = None) -> dict[str, Any]:  # type: ignore[assignment]
    """Labels of a case (empty when it passed): ``{"primary", "secondary", "detail"}``; the
    detail says why (:func:`why`) as well as where."""
    if record.passed and not record.error:
        return {}
    m = record.metrics
    found: list[str] = []
    detail: dict[str, Any] = explain(record, list(must_contain), reference)
    if record.error:
        found.append("endpoint_error")
    if m.get("acl_leaks"):
        found.append("acl_leak")
    if m.get("forbidden_answer"):
        found.append("forbidden_content")
        detail["forbidden_source"] = forbidden_source(
            [s for s in must_not_contain if holds(record.answer, s)], record.context)
    answered = record.behaviour is not None and not declined(record.behaviour)
    if record.expect in DECLINES and answered:
        found.append("wrong_answer")
    fates = record.fates
    lost = {}
    in_context = {c.get("doc_id") for c in record.context}
    staged = bool(fates) or "stages" not in getattr(record, "unmeasurable", [])
    for group in groups:
        why = group_fate(group, fates) if staged else (None if in_context & set(group) else "not_in_context")
        if why:
            lost["|".join(group)] = why
            found.append(why)
    if lost:
        detail["lost"] = lost
    evidence = not lost   # every expected group reached the context (vacuously, for a case without any)
    if record.expect not in DECLINES and declined(record.behaviour) and evidence:
        found.append("wrong_refusal")
    if record.expect in EXACT and record.behaviour != EXACT[record.expect] and evidence:
        found.append("wrong_level")
    if answered and evidence and m.get("answer_contains") not in (None, 1.0):
        found.append("answer_missing_fact")
    if answered and evidence and groups:
        expected = {d for g in groups for d in g}
        cited = [c.get("doc_id") for c in record.citations]
        if not cited:
            found.append("uncited")
        elif not expected & {c for c in cited if c}:
            found.append("wrong_citation")
    labels = [label for label in ORDER if label in found]
    if not labels:
        labels = ["unexplained"]
    return {"primary": labels[0], "secondary": labels[1:], "detail": detail}
