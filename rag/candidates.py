"""A persistent cache of retriever outputs, so sweeps over top-k, fusion, reranking or context
re-fuse cached candidates and never re-embed a query or re-search an index.

A key is the hash of the retriever's canonical spec, the key of the index it searches (dense,
sparse or chunks), the query text, and the set of chunks the asker may see. Anything that
could change the list changes the key.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np

from rag.store import JsonKV


def mask_digest(allowed: Any) -> str:
    if allowed is None:
        return "all"
    return hashlib.sha256(np.packbits(np.asarray(allowed, dtype=bool)).tobytes()).hexdigest()[:16]


class CandidateCache:
    def __init__(self, path: str | Path) -> None:
        self._kv = JsonKV(path, "candidate_lists", commit_every=500)   # cheap to recompute: batched commits
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(retriever: dict[str, Any], index_key: str, query: str, allowed: Any) -> str:
        blob = json.dumps([retriever, index_key, query, mask_digest(allowed)], sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(blob.encode()).hexdigest()

    def get(self, key: str) -> list[tuple[str, float]] | None:
        value = self._kv.get(key)
        return [tuple(h) for h in value] if value is not None else None  # type: ignore[misc]

    def put(self, key: str, hits: list[tuple[str, float]]) -> None:
        self._kv.put(key, hits)

    def flush(self) -> None:
        self._kv.flush()
