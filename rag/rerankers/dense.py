"""Re-score the top candidates with a second, stronger (and slower) embedder."""

from __future__ import annotations

from typing import Any

import numpy as np
from pydantic import PositiveInt

from rag.embedders import CachedEmbedder, embedders
from rag.registry import ComponentSpec
from rag.rerankers import Reranker, apply_scores, rerankers
from rag.types import Candidate, QueryEnv


@rerankers.register("dense", version="1")
def dense(*, embedder: Any = "e5", depth: PositiveInt = 20, weight: float = 1.0) -> Reranker:
    """Cosine under ``embedder`` (default multilingual e5), blended with the fused score
    scaled to the top candidate: ``weight · cosine + (1 - weight) · fused``."""
    raw = embedders.build(ComponentSpec.model_validate(embedder), field_path="reranker.params.embedder")
    cached: dict[int, object] = {}

    def rerank(question: str, candidates: list[Candidate], env: QueryEnv) -> list[Candidate]:
        head = candidates[:depth]
        if not head:
            return candidates
        # the corpus's persistent embedding cache, when it has one: a passage is embedded once
        cache = getattr(env.space, "cache", None)
        model = raw if cache is None else cached.setdefault(id(cache), CachedEmbedder(raw, cache))
        q = model.embed_queries([question])[0]  # type: ignore[attr-defined]
        cos = model.embed_documents([c.chunk.text for c in head]) @ q  # type: ignore[attr-defined]
        top = max(c.score for c in head) or 1.0
        fused = np.array([c.score / top for c in head])
        return apply_scores(candidates, depth, list(weight * cos + (1 - weight) * fused))

    return rerank
