"""Routers: before any retrieval, decide whether a question needs the corpus at all.

A router returns a :class:`~rag.types.RouteDecision`: ``rag`` (the normal path), ``direct``
(no retrieval; a fixed or generated reply — greetings, questions about the assistant) or
``refuse`` (refused early: the corpus never speaks of it). ``none`` always routes to ``rag``.
"""

from __future__ import annotations

from collections.abc import Callable

from rag.registry import Registry
from rag.types import QueryEnv, RouteDecision

Router = Callable[[str, QueryEnv], RouteDecision]
routers: Registry[Router] = Registry("router")

from rag.routers import builtin  # noqa: E402,F401  (register built-ins)

__all__ = ["Router", "routers"]
