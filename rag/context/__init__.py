"""Context builders turn the final candidates into numbered sources for the generator."""

from __future__ import annotations

from collections.abc import Callable

from rag.registry import Registry
from rag.types import Candidate, ContextItem

ContextBuilder = Callable[[str, list[Candidate]], list[ContextItem]]
context_builders: Registry[ContextBuilder] = Registry("context")

from rag.context import packed  # noqa: E402,F401  (register built-ins)

__all__ = ["ContextBuilder", "context_builders"]
