"""The fate of every expected document of a case, stage by stage, as compact ranks.

A document's rank at a stage is the 1-based rank of its best chunk among the distinct documents
of that stage's list (``None``: not in the list). Stages: each retriever's own list at its full
depth (and ``retrieve``, the best over them), ``fused``, ``reranked``, ``top_k``, ``context``
and ``cited``. ``status`` says whether the document could be found at all: ``indexed``,
``quarantined``, ``empty``, ``hidden`` (the asker may not see it) or ``missing``.

Every rank is read from what the pipeline recorded (``Retrieval.stages``), never recomputed:
``top_k`` is the list the context builder actually received (after ``split`` swapped sub-query
sources in and ``classify`` chose this question's k), and ``k`` is that question's cut size.
A retrieval-only case stops at ``reranked``: no cut was made, so ``top_k`` is ``None``.
"""

from __future__ import annotations

from typing import Any

STAGE_ORDER = ["retrieve", "fused", "reranked", "top_k", "context", "cited"]
RANKED = ("fused", "reranked", "top_k")   # the pipeline's lists that are not a retriever's own


def ranks_of(wanted: set[str], chunk_ids: list[str], doc_of: dict[str, str]) -> dict[str, int]:
    """Each wanted document's 1-based rank among the distinct documents of ``chunk_ids`` (by
    its best chunk), stopping once every wanted document is placed."""
    seen: set[str] = set()
    ranks: dict[str, int] = {}
    for cid in chunk_ids:
        doc = doc_of.get(cid)
        if doc is None or doc in seen:
            continue
        seen.add(doc)
        if doc in wanted:
            ranks[doc] = len(seen)
            if len(ranks) == len(wanted):
                break
    return ranks


def fates(expected: list[str], stages: dict[str, list[str]], context_ids: list[str], cited_ids: list[str],
          k: int, doc_of: dict[str, str], status_of: dict[str, str]) -> dict[str, dict[str, Any]]:
    """``stages``: the retrieval's full lists as the pipeline recorded them (retriever names,
    ``fused``, ``reranked`` and, once answered, ``top_k``); ``k``: the question's cut size."""
    wanted = set(expected)
    lists = {name: ranks_of(wanted, ids, doc_of) for name, ids in stages.items()}
    retrievers = [n for n in stages if n not in RANKED]
    top = lists.get("top_k", {})
    context = ranks_of(wanted, context_ids, doc_of)
    cited = ranks_of(wanted, [c for c in cited_ids if c], doc_of)
    out: dict[str, dict[str, Any]] = {}
    for doc in expected:
        per_retriever = {n: lists[n].get(doc) for n in retrievers}
        found = [r for r in per_retriever.values() if r is not None]
        out[doc] = {
            "status": status_of.get(doc, "indexed"),
            "k": k,
            "cut": "top_k" in stages,
            "retrievers": per_retriever,
            "ranks": {"retrieve": min(found) if found else None, "fused": lists.get("fused", {}).get(doc),
                      "reranked": lists.get("reranked", {}).get(doc), "top_k": top.get(doc),
                      "context": context.get(doc), "cited": cited.get(doc)},
        }
    return out


def journey(fate: dict[str, Any]) -> str:
    """``bm25 #3 → fused #12 → reranked #7 → top-5 ✗``: one expected document's way, cut at the
    k the pipeline used for its question (a log written before fates recorded it: ``top-k``)."""
    if fate["status"] != "indexed":
        return f"{fate['status']} ✗"
    parts = [f"{n} #{r}" if r else f"{n} ✗" for n, r in fate["retrievers"].items()]
    head = " · ".join(parts) if parts else "retrieve ✗"
    r = fate["ranks"]
    if r["retrieve"] is None:
        return f"{head} ✗"
    steps = [head, f"fused #{r['fused']}" if r["fused"] else "fused ✗",
             f"reranked #{r['reranked']}" if r["reranked"] else "reranked ✗"]
    if not fate.get("cut", True):   # retrieval only: the pipeline made no cut
        return " → ".join(steps)
    top = f"top-{fate.get('k') or 'k'}"
    steps.append(f"{top} ✓" if r["top_k"] else f"{top} ✗")
    if r["top_k"]:
        steps.append("context ✓" if r["context"] else "context ✗")
        if r["context"]:
            steps.append("cited ✓" if r["cited"] else "not cited")
    return " → ".join(steps)
