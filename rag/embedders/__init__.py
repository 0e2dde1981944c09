"""Embedders turn text into L2-normalised float32 vectors.

Built-ins: ``minilm`` (all-MiniLM-L6-v2, English), ``use`` (multilingual Universal Sentence
Encoder; Chinese and mixed), ``e5`` (4-bit multilingual-e5-small), ``wordllama`` (static, fast),
``openai`` (any OpenAI-compatible ``/embeddings`` endpoint) and ``hashing`` (deterministic,
for tests). Wrap any of them in :class:`CachedEmbedder` so no text is embedded twice.
"""

from __future__ import annotations

from rag.embedders import hashing, local, openai  # noqa: E402,F401  (register built-ins)
from rag.embedders.base import Embedder, embedders
from rag.embedders.cache import CachedEmbedder, EmbeddingCache
from rag.embedders.reader import Reader

__all__ = ["CachedEmbedder", "Embedder", "EmbeddingCache", "Reader", "embedders"]
