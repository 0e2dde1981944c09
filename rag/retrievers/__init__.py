"""Retrievers: ranked candidates for each query variant. Access control is applied before
scoring (``env.allowed`` masks every search), so a chunk the asker may not see never appears
in any list."""

from __future__ import annotations

from collections.abc import Callable

from rag.registry import Registry
from rag.types import Candidate, QueryEnv, QueryVariant

# A retriever returns one ranked list per query variant, in variant order.
Retriever = Callable[[list[QueryVariant], QueryEnv], list[list[Candidate]]]
retrievers: Registry[Retriever] = Registry("retriever")

from rag.retrievers import dense, fuzzy, graph, sparse, trigram  # noqa: E402,F401  (register built-ins)

__all__ = ["Retriever", "retrievers"]
