"""A cross-encoder loaded from a local folder (no weights ship on PyPI, so you bring one)."""

from __future__ import annotations

from pathlib import Path

from pydantic import PositiveInt

from rag._lazy import require
from rag.errors import ConfigError
from rag.rerankers import Reranker, apply_scores, rerankers
from rag.types import Candidate, QueryEnv


@rerankers.register("cross_encoder", version="1")
def cross_encoder(*, model_path: str, depth: PositiveInt = 20, batch_size: PositiveInt = 16,
                  max_length: PositiveInt = 512) -> Reranker:
    """sentence-transformers ``CrossEncoder`` over (question, chunk) pairs, e.g. a local copy
    of ms-marco-MiniLM-L-6-v2 or bge-reranker. Loaded once, on first use."""
    if not Path(model_path).is_dir():
        raise ConfigError(f"no model folder at {model_path!r}", field="reranker.params.model_path")
    state: dict[str, object] = {}

    def rerank(question: str, candidates: list[Candidate], env: QueryEnv) -> list[Candidate]:
        head = candidates[:depth]
        if not head:
            return candidates
        if "model" not in state:
            st = require("sentence_transformers", pip="sentence-transformers")
            state["model"] = st.CrossEncoder(model_path, device="cpu", max_length=max_length)
        scores = state["model"].predict([(question, c.chunk.text) for c in head],  # type: ignore[attr-defined]
                                        batch_size=batch_size, show_progress_bar=False)
        return apply_scores(candidates, depth, [float(s) for s in scores])

    return rerank
