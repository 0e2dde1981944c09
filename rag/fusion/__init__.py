"""Fusion of ranked lists, joined by chunk id (never by position).

``rrf`` and ``weighted_rrf`` use ranks only; ``convex`` combines scores after a separately
chosen normalisation (``minmax``, ``zscore``, ``none``); ``learned`` applies a ranking model
fitted on a dev split (``ragbench fit-fusion``). Lists are named by retriever, with a
``#n`` suffix for the n-th query variant (``dense``, ``dense#1``, ``bm25``…); weights are given
per retriever name.
"""

from __future__ import annotations

from rag.fusion import convex, learned, normalise, rrf  # noqa: E402,F401  (register built-ins)
from rag.fusion.base import Fusion, Normaliser, fusions, normalisers

__all__ = ["Fusion", "Normaliser", "fusions", "normalisers"]
