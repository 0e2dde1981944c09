"""Chroma (HNSW, cosine) with our own vectors: embedded and persistent in the index folder, or
a Chroma server (``host``, ``port``, ``ssl``, ``headers``) through ``chromadb.HttpClient``.

On a server each index is one collection named ``<collection_prefix><index key>``: the key is a
hash of everything index-time, so two configs never share a collection unless they would build
the same index, and a changed corpus or embedder builds a new one. Chroma is always given
embeddings: adding documents without them would make it fetch its own ONNX model from the
network. HNSW defaults lose recall on hard data, so ``ef_search`` defaults high;
``perf/chroma_recall.py`` measures recall against exact search.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import PositiveInt

from rag._lazy import require
from rag.errors import EndpointError
from rag.indexes.base import DenseIndex, dense_indexes
from rag.types import SearchHit

COLLECTION = "chunks"


@dataclass(frozen=True)
class Server:
    host: str
    port: int
    ssl: bool = False
    headers: dict[str, str] | None = None
    collection_prefix: str = "ragbench-"


def _client(directory: Path, server: Server | None = None) -> Any:
    chromadb = require("chromadb", pip="'ragbench[chroma]'")
    from chromadb.config import Settings

    settings = Settings(anonymized_telemetry=False)
    if server is None:
        return chromadb.PersistentClient(path=str(directory), settings=settings)
    try:
        client = chromadb.HttpClient(host=server.host, port=server.port, ssl=server.ssl,
                                     headers=server.headers or {}, settings=settings)
        client.heartbeat()
    except Exception as exc:   # a refused connection, a TLS error, a proxy in the way
        raise EndpointError(f"no Chroma server answers at {server.host}:{server.port} "
                            f"({type(exc).__name__})") from exc
    return client


def _collection_name(directory: Path, server: Server | None) -> str:
    return COLLECTION if server is None else f"{server.collection_prefix}{directory.name}"[:512]


class ChromaSearcher:
    def __init__(self, directory: Path, ids: list[str], server: Server | None = None) -> None:
        self.ids = ids
        name = _collection_name(directory, server)
        try:
            self._collection = _client(directory, server).get_collection(name)
        except EndpointError:
            raise
        except Exception as exc:   # the server lost the collection the index folder names
            raise EndpointError(f"the Chroma collection {name!r} is missing; remove the index folder "
                                f"{directory} to rebuild it") from exc

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
    def __init__(self, ef_construction: int, ef_search: int, max_neighbors: int, server: Server | None = None) -> None:
        self.hnsw = {"space": "cosine", "ef_construction": ef_construction,
                     "ef_search": ef_search, "max_neighbors": max_neighbors}
        self.server = server

    def build(self, directory: Path, ids: list[str], vectors: np.ndarray,
              metadatas: list[dict[str, Any]]) -> None:
        client = _client(directory, self.server)
        name = _collection_name(directory, self.server)
        if self.server is not None:
            # the index folder is built afresh (a scratch name, renamed into place): the server
            # collection is keyed by the final name, so a half-built one is replaced
            name = f"{self.server.collection_prefix}{_final_key(directory)}"[:512]
            with contextlib.suppress(Exception):   # none there yet
                client.delete_collection(name)
        collection = client.create_collection(name, configuration={"hnsw": self.hnsw}, embedding_function=None)
        step = client.get_max_batch_size()
        for lo in range(0, len(ids), step):
            hi = min(lo + step, len(ids))
            collection.add(
                ids=ids[lo:hi],
                embeddings=np.asarray(vectors[lo:hi], np.float32),
                metadatas=[{"pos": i, **_flat(m)} for i, m in zip(range(lo, hi), metadatas[lo:hi], strict=True)],
            )
        if self.server is None:
            # Close, so the finished folder can be moved into place with no handle left open.
            client.close()

    def open(self, directory: Path, ids: list[str]) -> ChromaSearcher:
        return ChromaSearcher(directory, ids, self.server)


def _final_key(directory: Path) -> str:
    """The index key of a folder being built (``.<key>.<random>`` until it is renamed)."""
    name = directory.name
    return name.split(".")[1] if name.startswith(".") and name.count(".") >= 2 else name


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
    *, ef_construction: PositiveInt = 200, ef_search: PositiveInt = 200, max_neighbors: PositiveInt = 32,
    host: str | None = None, port: PositiveInt = 8000, ssl: bool = False, headers: dict[str, str] | None = None,
    collection_prefix: str = "ragbench-",
) -> DenseIndex:
    """Chroma, cosine space, telemetry off: a ``PersistentClient`` in the index folder, or — with
    ``host`` — a Chroma server through ``HttpClient`` (``port``, ``ssl``, ``headers`` for its
    auth), one collection per index key."""
    server = Server(host, port, ssl, headers, collection_prefix) if host else None
    return ChromaIndex(ef_construction, ef_search, max_neighbors, server)
