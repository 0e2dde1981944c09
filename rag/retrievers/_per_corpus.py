"""What the in-memory routes (trigram, graph) share: a structure built once per corpus on first
use, and their top-k under the asker's mask."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rag.indexes import top_k
from rag.memo import PerCorpus
from rag.types import Candidate

__all__ = ["PerCorpus", "ranked_lists", "top_hits"]


def top_hits(ids: list[str], scores: Any, k: int, allowed: Any) -> list[tuple[str, float]]:
    """The ``k`` best (chunk id, score) pairs the asker may see, non-matches dropped."""
    return [(h.chunk_id, h.score) for h in top_k(ids, scores, k, allowed, drop_zero=True)]


def ranked_lists(variants: list[Any], env: Any, ids: list[str], scores_of: Callable[[str], Any], k: int,
                 name: str) -> list[list[Candidate]]:
    """One ranked candidate list per query variant: ``scores_of(text)`` gives a score per chunk
    of ``ids`` (or ``None``: nothing matches), cut to the ``k`` best the asker may see."""
    by_id = env.space.chunk_by_id
    out = []
    for v in variants:
        scores = scores_of(v.text)
        hits = [] if scores is None else top_hits(ids, scores, k, env.allowed)
        out.append([Candidate(by_id[cid], s, {name: s}) for cid, s in hits])
    return out
