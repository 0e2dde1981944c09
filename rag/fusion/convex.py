"""Convex combination of normalised scores: Σ w · norm(score); absent from a list counts 0."""

from __future__ import annotations

from rag.fusion.base import (
    Fusion,
    RankedLists,
    check_weights,
    fusions,
    join,
    normalisers,
    retriever_of,
)
from rag.registry import ComponentSpec
from rag.types import Candidate


@fusions.register("convex", version="1")
def convex(*, weights: dict[str, float] | None = None, normalise: str = "minmax") -> Fusion:
    """Each list's scores are normalised on their own (``minmax`` by default), weighted per
    retriever (default 1.0) and summed per chunk. With min-max, a chunk missing from a list
    gets that list's minimum, 0."""
    table = weights or {}
    check_weights(table)
    norm = normalisers.build(ComponentSpec(name=normalise), field_path="fusion.params.normalise")

    def fuse(lists: RankedLists) -> list[Candidate]:
        # each list's weighted, normalised scores by rank (the join walks the lists in order)
        weighted = {name: [table.get(retriever_of(name), 1.0) * v for v in norm([c.score for c in ranked])]
                    for name, ranked in lists.items()}
        return join(lists, weighted)

    return fuse
