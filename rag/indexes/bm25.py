"""BM25 over pre-tokenized chunks: ``bm25s`` (fast, saved as .npy + JSON) and ``rank_bm25``
(the widely used reference; rebuilt from saved tokens when opened)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import numpy as np
from pydantic import PositiveFloat

from rag._lazy import require
from rag.indexes.base import SparseIndex, sparse_indexes, top_k
from rag.types import SearchHit


class BM25Searcher:
    """Top-k over a full score vector; ``score`` returns None when no query term is known."""

    def __init__(self, ids: list[str], score: Callable[[list[str]], np.ndarray | None]) -> None:
        self.ids = ids
        self._score = score

    def search(self, tokens: list[str], k: int, allowed: np.ndarray | None = None) -> list[SearchHit]:
        scores = self._score(tokens) if self.ids and tokens else None
        if scores is None:
            return []
        return top_k(self.ids, scores, k, allowed, drop_zero=True)


class Bm25sIndex:
    def __init__(self, k1: float, b: float, method: str) -> None:
        self.k1, self.b, self.method = k1, b, method

    def build(self, directory: Path, ids: list[str], tokens: list[list[str]]) -> None:
        bm25s = require("bm25s", pip="bm25s")
        model = bm25s.BM25(k1=self.k1, b=self.b, method=self.method)
        model.index(tokens, show_progress=False)
        model.save(str(directory / "bm25s"), show_progress=False)

    def open(self, directory: Path, ids: list[str]) -> BM25Searcher:
        bm25s = require("bm25s", pip="bm25s")
        model = bm25s.BM25.load(str(directory / "bm25s"), show_progress=False)

        def score(tokens: list[str]) -> np.ndarray | None:
            known = [t for t in tokens if t in model.vocab_dict]
            return model.get_scores(known) if known else None

        return BM25Searcher(ids, score)


@sparse_indexes.register("bm25s", version="1")
def bm25s_index(
    *,
    k1: PositiveFloat = 0.9,
    b: float = 0.4,
    method: Literal["lucene", "robertson", "atire", "bm25l", "bm25+"] = "lucene",
) -> SparseIndex:
    """bm25s with Lucene's BM25 by default (k1 0.9, b 0.4 as in Anserini's BEIR runs)."""
    return Bm25sIndex(k1, b, method)


class RankBm25Index:
    def __init__(self, variant: str, k1: float, b: float) -> None:
        self.variant, self.k1, self.b = variant, k1, b

    def build(self, directory: Path, ids: list[str], tokens: list[list[str]]) -> None:
        (directory / "tokens.json").write_text(json.dumps(tokens, ensure_ascii=False), encoding="utf-8")

    def open(self, directory: Path, ids: list[str]) -> BM25Searcher:
        rank_bm25 = require("rank_bm25", pip="'ragbench[rank-bm25]'")
        tokens = json.loads((directory / "tokens.json").read_text(encoding="utf-8"))
        cls = {"okapi": rank_bm25.BM25Okapi, "plus": rank_bm25.BM25Plus, "l": rank_bm25.BM25L}[self.variant]
        # rank_bm25 divides by the corpus size; an empty token list still counts as a document.
        model = cls([t or [""] for t in tokens], k1=self.k1, b=self.b) if tokens else None
        return BM25Searcher(ids, lambda query: model.get_scores(query) if model else None)


@sparse_indexes.register("rank_bm25", version="1")
def rank_bm25_index(
    *, variant: Literal["okapi", "plus", "l"] = "okapi", k1: PositiveFloat = 0.9, b: float = 0.4
) -> SparseIndex:
    """rank_bm25 (its Okapi IDF floors negative values with epsilon, unlike Lucene's)."""
    return RankBm25Index(variant, k1, b)
