"""A second embedder that reads a question against statements: the question embedded as a query, each
statement as a passage, every vector kept in the corpus's embedding cache when the space has one (a
statement is embedded once across runs).

The corpus's own embedder ranks chunks for retrieval and compares texts of one kind; an asymmetric
reader (multilingual e5 in the default config) reads question → passage better, so the evidence rule's
meaning check and paraphrase rescue (:mod:`rag.answerability.meaning`) and the extractive generator's
choice of statements (:mod:`rag.generators.extractive`, ``reader``) use one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pydantic import ValidationError

from rag.embedders.base import embedders
from rag.embedders.cache import CachedEmbedder
from rag.errors import ConfigError
from rag.registry import ComponentSpec
from rag.types import QueryEnv


class Reader:
    """The embedder ``spec`` names (a name or ``{name, params}``), built once; ``field_path`` is where a
    config sets it, for the error a bad spec raises."""

    def __init__(self, spec: Any, field_path: str) -> None:
        try:
            component = ComponentSpec.model_validate(spec)
        except ValidationError as exc:
            raise ConfigError(f"not an embedder (a name, or {{name, params}}): {exc.errors()[0]['msg']}",
                              field=field_path) from None
        self.raw = embedders.build(component, field_path=field_path)
        self._cached: dict[int, Any] = {}

    def model(self, env: QueryEnv) -> Any:
        cache = getattr(env.space, "cache", None)
        if cache is None:
            return self.raw
        if id(cache) not in self._cached:   # (one wrapper per cache, built on first use, not on every call)
            self._cached[id(cache)] = CachedEmbedder(self.raw, cache)
        return self._cached[id(cache)]

    def cosines(self, question: str, texts: list[str], env: QueryEnv) -> np.ndarray:
        """The cosine of ``question`` (a query) with each of ``texts`` (passages)."""
        model = self.model(env)
        return np.asarray(model.embed_documents(texts)) @ np.asarray(model.embed_queries([question]))[0]

    def nearest(self, question: str, texts: list[str], env: QueryEnv) -> tuple[float, int]:
        """The best cosine of ``question`` with ``texts``, rounded to four places, and its index."""
        cosines = self.cosines(question, texts, env)
        at = int(np.argmax(cosines))
        return round(float(cosines[at]), 4), at
