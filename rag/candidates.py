"""A persistent cache of retriever outputs, so sweeps over top-k, fusion, reranking or context
re-fuse cached candidates and never re-embed a query or re-search an index.

A key is the hash of the retriever's canonical spec, the key of the index it searches (dense,
sparse or chunks), the query text, and the set of chunks the asker may see. Anything that
could change the list changes the key.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

import numpy as np


def mask_digest(allowed: Any) -> str:
    if allowed is None:
        return "all"
    return hashlib.sha256(np.packbits(np.asarray(allowed, dtype=bool)).tobytes()).hexdigest()[:16]


class CandidateCache:
    def __init__(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, timeout=60, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS candidates (key TEXT PRIMARY KEY, hits TEXT NOT NULL)")
        self._db.commit()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(retriever: dict[str, Any], index_key: str, query: str, allowed: Any) -> str:
        blob = json.dumps([retriever, index_key, query, mask_digest(allowed)], sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(blob.encode()).hexdigest()

    def get(self, key: str) -> list[tuple[str, float]] | None:
        with self._lock:
            row = self._db.execute("SELECT hits FROM candidates WHERE key = ?", [key]).fetchone()
        return [tuple(h) for h in json.loads(row[0])] if row else None  # type: ignore[misc]

    def put(self, key: str, hits: list[tuple[str, float]]) -> None:
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO candidates (key, hits) VALUES (?, ?)", [key, json.dumps(hits)])
            self._db.commit()
