"""What an embedder is, and a base class that batches, normalises and loads lazily."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

from rag.registry import Registry


class Embedder(Protocol):
    """``id`` names the model and every option that changes its vectors; caches key on it."""

    id: str
    dim: int

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray: ...


embedders: Registry[Embedder] = Registry("embedder")


def normalise(vectors: Any) -> np.ndarray:
    """Rows scaled to unit length (a zero row stays zero), as float32."""
    arr = np.asarray(vectors, dtype=np.float32)
    if arr.ndim == 1:
        arr = arr[None, :]
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    return arr / np.where(norms == 0, 1, norms)


class LazyModelEmbedder:
    """An embedder whose model loads on first use, so building one (to compute an index
    key, say) costs nothing. ``load`` returns ``(encode_documents, encode_queries)``."""

    def __init__(
        self,
        id: str,
        dim: int,
        load: Callable[[], tuple[Callable[[list[str]], Any], Callable[[list[str]], Any]]],
        batch_size: int = 64,
    ) -> None:
        self.id = id
        self.dim = dim
        self.batch_size = batch_size
        self._load = load
        self._fns: tuple[Callable[[list[str]], Any], Callable[[list[str]], Any]] | None = None
        self._loading = threading.Lock()   # cases judged on several threads may ask at once

    def _encode(self, which: int, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        if self._fns is None:
            with self._loading:
                if self._fns is None:
                    self._fns = self._load()
        fn = self._fns[which]
        parts = [
            normalise(fn(list(texts[i : i + self.batch_size])))
            for i in range(0, len(texts), self.batch_size)
        ]
        out = np.concatenate(parts)
        if out.shape[1] != self.dim:
            raise ValueError(f"{self.id}: expected dimension {self.dim}, got {out.shape[1]}")
        return out

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode(0, texts)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode(1, texts)
