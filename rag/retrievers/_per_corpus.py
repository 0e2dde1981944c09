"""What the in-memory routes (trigram, graph) share: a structure built once per corpus on first
use, and their top-k under the asker's mask."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from rag.indexes import top_k

T = TypeVar("T")


class PerCorpus(Generic[T]):
    """``build(space)`` run once per search space, thread-safe; the space is kept with its
    structure, so its id is never reused for another corpus."""

    def __init__(self, build: Callable[[Any], T]) -> None:
        self.build = build
        self._built: dict[int, tuple[Any, T]] = {}
        self._lock = threading.Lock()

    def __call__(self, space: Any) -> T:
        with self._lock:
            hit = self._built.get(id(space))
            if hit is None or hit[0] is not space:
                hit = (space, self.build(space))
                self._built[id(space)] = hit
            return hit[1]


def top_hits(ids: list[str], scores: Any, k: int, allowed: Any) -> list[tuple[str, float]]:
    """The ``k`` best (chunk id, score) pairs the asker may see, non-matches dropped."""
    return [(h.chunk_id, h.score) for h in top_k(ids, scores, k, allowed, drop_zero=True)]
