"""Reciprocal rank fusion (Cormack et al., 2009): score = Σ w / (k + rank)."""

from __future__ import annotations

from pydantic import PositiveFloat

from rag.fusion.base import Fusion, RankedLists, check_weights, fusions, join, retriever_of
from rag.types import Candidate


@fusions.register("rrf", version="1")
def rrf(*, k: PositiveFloat = 60.0) -> Fusion:
    """Every list counts the same; only ranks matter, so score scales never clash."""
    return weighted_rrf(k=k)   # every weight 1.0: 1.0 / (k + rank), the same floats


@fusions.register("weighted_rrf", version="1")
def weighted_rrf(*, k: PositiveFloat = 60.0, weights: dict[str, float] | None = None) -> Fusion:
    """RRF with a weight per retriever (default 1.0), e.g. ``{dense: 0.7, bm25: 0.3}``."""
    table = weights or {}
    check_weights(table)

    def fuse(lists: RankedLists) -> list[Candidate]:
        return join(lists, {name: [table.get(retriever_of(name), 1.0) / (k + rank) for rank in range(1, len(ranked) + 1)]
                            for name, ranked in lists.items()})

    return fuse
