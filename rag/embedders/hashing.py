"""A deterministic feature-hashing embedder: no model, same vectors on every machine."""

from __future__ import annotations

import hashlib
import re

import numpy as np
from pydantic import PositiveInt

from rag.embedders.base import Embedder, LazyModelEmbedder, embedders

_TOKEN = re.compile(r"[a-z0-9]+|[\u3400-\u9fff]")


def _features(text: str) -> list[str]:
    """Words, plus character bigrams of CJK runs, so Chinese text gets useful overlap."""
    toks = _TOKEN.findall(text.lower())
    bigrams = [a + b for a, b in zip(toks, toks[1:], strict=False) if len(a) == len(b) == 1]
    return toks + bigrams


@embedders.register("hashing", version="1")
def hashing(*, dim: PositiveInt = 256) -> Embedder:
    """Signed feature hashing of words and CJK bigrams (blake2b, so stable across processes)."""

    def encode(texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for feat in _features(text):
                h = int.from_bytes(hashlib.blake2b(feat.encode(), digest_size=8).digest(), "little")
                out[row, h % dim] += 1.0 if (h >> 63) & 1 else -1.0
        return out

    return LazyModelEmbedder(f"hashing-{dim}", dim, lambda: (encode, encode), batch_size=1024)
