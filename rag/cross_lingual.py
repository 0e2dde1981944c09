"""A question asked in another language than the corpus's, searched under a multilingual embedder.

"每年有多少天带薪年假？" asked of an English knowledge base indexed with MiniLM, which reads no
Chinese, retrieves noise. With ``cross_embedder`` set for the corpus's language (``use``, ``e5``),
the pipeline hands every stage of such a question a :class:`CrossLingualSpace`: the same corpus,
chunks, access control and BM25 index, but embedded by the multilingual model. Its vectors of the
chunks are computed the first time a question needs them (through the embedding cache, so a
second run reuses them) and searched exactly. The evidence rule then decides on meaning
(``cross_answer_at``) and the extractive generator quotes by meaning, under the same model.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from rag.embedders import CachedEmbedder, embedders
from rag.indexes import top_k
from rag.registry import ComponentSpec
from rag.types import SearchHit

_VIEWS_LOCK = threading.Lock()


def cross_view(space: Any, spec: ComponentSpec) -> CrossLingualSpace:
    """The one view of ``space`` under the embedder ``spec``: kept on the space itself, so every
    pipeline over one opened corpus shares it (and its chunk vectors) and it goes with the corpus."""
    key = spec.model_dump_json()
    with _VIEWS_LOCK:
        views = space.__dict__.setdefault("_cross_views", {})
        view = views.get(key)
        if view is None:
            built = embedders.build(spec, field_path="cross_embedder")
            cache = getattr(space, "cache", None)
            view = views[key] = CrossLingualSpace(space, CachedEmbedder(built, cache) if cache is not None else built)
        return view


class CrossLingualSpace:
    """``space`` seen through ``embedder``: every other attribute is the corpus's own."""

    def __init__(self, space: Any, embedder: Any) -> None:
        self._space = space
        self._embedder = embedder
        self._vectors: np.ndarray | None = None
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:   # chunks, chunk_by_id, language, tokenize, sparse_search …
        return getattr(self._space, name)

    def embed_queries(self, texts: list[str]) -> Any:
        return self._embedder.embed_queries(texts)

    def embed_passages(self, texts: list[str]) -> Any:
        return self._embedder.embed_documents(texts)

    def vectors(self) -> np.ndarray:
        """The chunks under the multilingual embedder, computed once."""
        with self._lock:
            if self._vectors is None:
                chunks = self._space.chunks
                self._vectors = np.asarray(self._embedder.embed_documents([c.text for c in chunks]), dtype=np.float32) \
                    if chunks else np.zeros((0, 1), dtype=np.float32)
            return self._vectors

    def dense_search(self, query: Any, k: int, allowed: Any = None) -> list[SearchHit]:
        vectors = self.vectors()
        if not len(vectors):
            return []
        return top_k([c.chunk_id for c in self._space.chunks], vectors @ np.asarray(query, np.float32).ravel(), k, allowed)
