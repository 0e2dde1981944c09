"""What the in-memory routes (trigram, graph) share: a structure built once per corpus on first
use, and their top-k under the asker's mask."""

from __future__ import annotations

from typing import Any

from rag.indexes import top_k
from rag.memo import PerCorpus

__all__ = ["PerCorpus", "top_hits"]


def top_hits(ids: list[str], scores: Any, k: int, allowed: Any) -> list[tuple[str, float]]:
    """The ``k`` best (chunk id, score) pairs the asker may see, non-matches dropped."""
    return [(h.chunk_id, h.score) for h in top_k(ids, scores, k, allowed, drop_zero=True)]
