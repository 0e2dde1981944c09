"""A persistent embedding cache keyed by (embedder id, text hash), in SQLite.

SQLite in WAL mode lets parallel sweep workers read and write one cache without torn writes;
``INSERT OR IGNORE`` makes a race between two writers of the same text harmless.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from rag.store import open_shared_sqlite


def text_hash(kind: str, text: str) -> str:
    return hashlib.sha256(f"{kind}\0{text}".encode()).hexdigest()


class EmbeddingCache:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = open_shared_sqlite(
            self.path, "CREATE TABLE IF NOT EXISTS vectors ("
            " model TEXT NOT NULL, hash TEXT NOT NULL, dim INTEGER NOT NULL, vec BLOB NOT NULL,"
            " PRIMARY KEY (model, hash))")

    def get_many(self, model: str, hashes: Sequence[str]) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}
        with self._lock:
            for i in range(0, len(hashes), 500):
                part = list(hashes[i : i + 500])
                marks = ",".join("?" * len(part))
                rows = self._db.execute(
                    f"SELECT hash, vec FROM vectors WHERE model = ? AND hash IN ({marks})",
                    [model, *part],
                )
                for h, blob in rows:
                    found[h] = np.frombuffer(blob, dtype=np.float32)
        return found

    def put_many(self, model: str, items: Sequence[tuple[str, np.ndarray]]) -> None:
        with self._lock:
            self._db.executemany(
                "INSERT OR IGNORE INTO vectors (model, hash, dim, vec) VALUES (?, ?, ?, ?)",
                [(model, h, int(v.shape[0]), np.asarray(v, np.float32).tobytes()) for h, v in items],
            )
            self._db.commit()

    def count(self, model: str | None = None) -> int:
        with self._lock:
            if model is None:
                return self._db.execute("SELECT COUNT(*) FROM vectors").fetchone()[0]
            return self._db.execute("SELECT COUNT(*) FROM vectors WHERE model = ?", [model]).fetchone()[0]

    def close(self) -> None:
        self._db.close()


class CachedEmbedder:
    """Any embedder, with each (kind, text) embedded at most once across runs.

    ``hits`` and ``misses`` count texts served from the cache and texts actually embedded.
    """

    def __init__(self, inner: object, cache: EmbeddingCache, flush_every: int = 256) -> None:
        self.inner = inner
        self.flush_every = flush_every
        self.cache = cache
        self.id: str = inner.id  # type: ignore[attr-defined]
        self.dim: int = inner.dim  # type: ignore[attr-defined]
        self.hits = 0
        self.misses = 0
        # called with (embedded so far, to embed) after each slice; for progress lines
        self.progress: Callable[[int, int], None] | None = None

    def _embed(self, kind: str, texts: Sequence[str]) -> np.ndarray:
        hashes = [text_hash(kind, t) for t in texts]
        found = self.cache.get_many(self.id, list(dict.fromkeys(hashes)))
        todo: dict[str, str] = {}
        for h, t in zip(hashes, texts, strict=True):
            if h not in found:
                todo.setdefault(h, t)
        fn = self.inner.embed_documents if kind == "doc" else self.inner.embed_queries  # type: ignore[attr-defined]
        pending = list(todo.items())
        # Written back slice by slice, so a run killed half-way keeps what it embedded.
        for lo in range(0, len(pending), self.flush_every):
            part = pending[lo : lo + self.flush_every]
            vectors = fn([t for _, t in part])
            fresh = list(zip((h for h, _ in part), vectors, strict=True))
            self.cache.put_many(self.id, fresh)
            found.update(fresh)
            if self.progress:
                self.progress(lo + len(part), len(pending))
        self.misses += len(todo)
        self.hits += len(texts) - len(todo)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([found[h] for h in hashes]).astype(np.float32, copy=False)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed("doc", texts)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed("query", texts)
