"""Dense and sparse indexes over the same chunk ids.

Dense: ``exact`` (numpy, exact cosine) and ``chroma`` (embedded persistent Chroma, HNSW).
Sparse: ``bm25s`` (fast, sparse matrices) and ``rank_bm25`` (the reference implementation).
Every searcher takes an optional boolean mask over chunk positions, so access control can
filter before scoring.
"""

from __future__ import annotations

from rag.indexes import bm25, chroma, exact  # noqa: E402,F401  (register built-ins)
from rag.indexes.base import (
    DenseIndex,
    DenseSearcher,
    SparseIndex,
    SparseSearcher,
    dense_indexes,
    sparse_indexes,
    top_k,
)
from rag.indexes.graph import GRAPH_FORMAT, Graph

__all__ = [
    "DenseIndex",
    "DenseSearcher",
    "GRAPH_FORMAT",
    "Graph",
    "SparseIndex",
    "SparseSearcher",
    "dense_indexes",
    "sparse_indexes",
    "top_k",
]
