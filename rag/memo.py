"""A structure built once per search space (a corpus's tokens, trigram index, in-memory graph),
thread-safe: plumbing any stage may use."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

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
