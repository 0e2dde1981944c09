"""Index protocols, registries, and the one top-k routine every backend shares."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

import numpy as np

from rag.registry import Registry
from rag.types import SearchHit


class DenseSearcher(Protocol):
    ids: list[str]

    def search(self, query: np.ndarray, k: int, allowed: np.ndarray | None = None) -> list[SearchHit]: ...


class DenseIndex(Protocol):
    def build(self, directory: Path, ids: list[str], vectors: np.ndarray,
              metadatas: list[dict[str, Any]]) -> None: ...

    def open(self, directory: Path, ids: list[str]) -> DenseSearcher: ...


class SparseSearcher(Protocol):
    ids: list[str]

    def search(self, tokens: list[str], k: int, allowed: np.ndarray | None = None) -> list[SearchHit]: ...


class SparseIndex(Protocol):
    def build(self, directory: Path, ids: list[str], tokens: list[list[str]]) -> None: ...

    def open(self, directory: Path, ids: list[str]) -> SparseSearcher: ...


dense_indexes: Registry[DenseIndex] = Registry("dense_index")
sparse_indexes: Registry[SparseIndex] = Registry("sparse_index")


def top_k(
    ids: list[str],
    scores: np.ndarray,
    k: int,
    allowed: np.ndarray | None = None,
    *,
    drop_zero: bool = False,
) -> list[SearchHit]:
    """The ``k`` best (id, score) pairs, best first; ties keep index order so results are
    deterministic. Disallowed positions never appear; ``drop_zero`` removes non-matches."""
    scores = np.asarray(scores, dtype=np.float64).copy()
    if allowed is not None:
        scores[~allowed] = -np.inf
    if drop_zero:
        scores[scores <= 0] = -np.inf
    candidates = np.flatnonzero(np.isfinite(scores))
    if k < len(candidates):
        part = np.argpartition(-scores[candidates], k - 1)[:k]
        candidates = candidates[part]
    order = sorted(candidates.tolist(), key=lambda i: (-scores[i], i))
    return [SearchHit(ids[i], float(scores[i])) for i in order[:k]]
