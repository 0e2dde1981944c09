"""Embedded, persistent Chroma (HNSW, cosine) with our own vectors.

Chroma is always given embeddings: adding documents without them would make it fetch its own
ONNX model from the network. HNSW defaults lose recall on hard data, so ``ef_search`` defaults
high; ``perf/chroma_recall.py`` measures recall against exact search.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from pydantic import PositiveInt

from rag._lazy import require
from rag.indexes.base import DenseIndex, dense_indexes
from rag.types import SearchHit

COLLECTION = "chunks"


def _client(directory: Path) -> Any:
    chromadb = require("chromadb", pip="'ragbench[chroma]'")
    from chromadb.config import Settings

    return chromadb.PersistentClient(path=str(directory), settings=Settings(anonymized_telemetry=False))


class ChromaSearcher:
    def __init__(self, directory: Path, ids: list[str]) -> None:
        self.ids = ids
        self._collection = _client(directory).get_collection(COLLECTION)

    def search(self, query: np.ndarray, k: int, allowed: np.ndarray | None = None) -> list[SearchHit]:
        if not self.ids:
            return []
        where = None
        if allowed is not None:
            positions = np.flatnonzero(allowed).tolist()
            if not positions:
                return []
            where = {"pos": {"$in": positions}}
            k = min(k, len(positions))
        result = self._collection.query(
            query_embeddings=[np.asarray(query, np.float32).ravel().tolist()],
            n_results=min(k, len(self.ids)),
            where=where,
            include=["distances"],
        )
        # Chroma's cosine distance is 1 - cosine similarity.
        return [SearchHit(i, 1.0 - float(d)) for i, d in zip(result["ids"][0], result["distances"][0], strict=True)]


class ChromaIndex:
    def __init__(self, ef_construction: int, ef_search: int, max_neighbors: int) -> None:
        self.hnsw = {"space": "cosine", "ef_construction": ef_construction,
                     "ef_search": ef_search, "max_neighbors": max_neighbors}

    def build(self, directory: Path, ids: list[str], vectors: np.ndarray,
              metadatas: list[dict[str, Any]]) -> None:
        client = _client(directory)
        collection = client.create_collection(COLLECTION, configuration={"hnsw": self.hnsw},
                                              embedding_function=None)
        step = client.get_max_batch_size()
        for lo in range(0, len(ids), step):
            hi = min(lo + step, len(ids))
            collection.add(
                ids=ids[lo:hi],
                embeddings=np.asarray(vectors[lo:hi], np.float32),
                metadatas=[{"pos": i, **_flat(m)} for i, m in zip(range(lo, hi), metadatas[lo:hi], strict=True)],
            )
        # Close, so the finished folder can be moved into place with no handle left open.
        client.close()

    def open(self, directory: Path, ids: list[str]) -> ChromaSearcher:
        return ChromaSearcher(directory, ids)


def _flat(metadata: dict[str, Any]) -> dict[str, Any]:
    """Chroma metadata values must be scalars; lists become comma-joined strings."""
    out: dict[str, Any] = {}
    for key, value in metadata.items():
        if isinstance(value, bool | int | float | str):
            out[key] = value
        elif isinstance(value, list | tuple):
            out[key] = ",".join(map(str, value))
    return out


@dense_indexes.register("chroma", version="1")
def chroma(
    *, ef_construction: PositiveInt = 200, ef_search: PositiveInt = 200, max_neighbors: PositiveInt = 32
) -> DenseIndex:
    """Chroma ``PersistentClient`` in the index folder, cosine space, telemetry off."""
    return ChromaIndex(ef_construction, ef_search, max_neighbors)
