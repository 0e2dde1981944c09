"""Rerankers reorder the top of the fused list. Each re-scores at most ``depth`` candidates,
records its score as ``scores["rerank"]`` and leaves the rest of the list in order below."""

from __future__ import annotations

from collections.abc import Callable

from rag.registry import Registry
from rag.types import Candidate, QueryEnv

Reranker = Callable[[str, list[Candidate], QueryEnv], list[Candidate]]
rerankers: Registry[Reranker] = Registry("reranker")


def apply_scores(candidates: list[Candidate], depth: int, scores: list[float]) -> list[Candidate]:
    """Sort the first ``depth`` candidates by ``scores`` (ties keep their fused order)."""
    head, tail = candidates[:depth], candidates[depth:]
    order = sorted(range(len(head)), key=lambda i: (-scores[i], i))
    out = []
    for i in order:
        cand = head[i]
        cand.scores["rerank"] = float(scores[i])
        out.append(Candidate(cand.chunk, float(scores[i]), cand.scores))
    return out + tail


from rag.rerankers import cross_encoder, dense, llm, rules  # noqa: E402,F401  (register built-ins)

__all__ = ["Reranker", "apply_scores", "rerankers"]
