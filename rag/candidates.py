"""A persistent cache of retriever outputs, so sweeps over top-k, fusion, reranking or context
re-fuse cached candidates and never re-embed a query or re-search an index.

A key is the hash of the retriever's canonical spec, the key of the index it searches (dense,
sparse or chunks), the query text, and the set of chunks the asker may see. Anything that
could change the list changes the key.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np

from rag.store import JsonKV


def mask_digest(allowed: Any) -> str:
    if allowed is None:
        return "all"
    return hashlib.sha256(np.packbits(np.asarray(allowed, dtype=bool)).tobytes()).hexdigest()[:16]


class DecodedLists:
    """Decoded lists, shared by every cache object of the process on the same file: each trial
    of a tune (a new run, so a new cache object) reads the same lists again. Values never change
    for a key (first write wins), so a process-wide copy cannot go stale. Bounded by the
    (chunk id, score) pairs held; the least recently used lists are dropped first."""

    def __init__(self, max_hits: int) -> None:
        self.max_hits = max_hits
        self.lists: OrderedDict[tuple[str, str], list[tuple[str, float]]] = OrderedDict()
        self.hits = 0
        self._lock = threading.Lock()

    def get(self, memo: tuple[str, str]) -> list[tuple[str, float]] | None:
        with self._lock:
            found = self.lists.get(memo)
            if found is not None:
                self.lists.move_to_end(memo)
            return found

    def add(self, memo: tuple[str, str], hits: list[tuple[str, float]]) -> None:
        with self._lock:
            if memo in self.lists:
                return
            self.lists[memo] = hits
            self.hits += len(hits)
            while self.hits > self.max_hits and len(self.lists) > 1:
                self.hits -= len(self.lists.popitem(last=False)[1])


_DECODED = DecodedLists(max_hits=3_000_000)   # about 300 MB


class CandidateCache:
    def __init__(self, path: str | Path) -> None:
        self._kv = JsonKV(path, "candidate_lists", commit_every=500)   # cheap to recompute: batched commits
        self._path = str(Path(path).resolve())
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(retriever: dict[str, Any], index_key: str, query: str, allowed: Any) -> str:
        blob = json.dumps([retriever, index_key, query, mask_digest(allowed)], sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(blob.encode()).hexdigest()

    def get(self, key: str) -> list[tuple[str, float]] | None:
        memo = (self._path, key)
        found = _DECODED.get(memo)
        if found is not None:
            return found
        value = self._kv.get(key)
        if value is None:
            return None
        hits = [(h[0], h[1]) for h in value]
        _DECODED.add(memo, hits)
        return hits

    def put(self, key: str, hits: list[tuple[str, float]]) -> None:
        # not copied into the decoded lists: another process may have written the key first
        # (first write wins), and the next get reads whichever list SQLite kept
        self._kv.put(key, hits)

    def flush(self) -> None:
        self._kv.flush()
