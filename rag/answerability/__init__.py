"""Answerability: decide answer / partial / refuse from the evidence, before generating."""

from __future__ import annotations

from collections.abc import Callable

from rag.registry import Registry
from rag.types import ContextItem, Decision, QueryEnv

Answerability = Callable[[str, list[ContextItem], QueryEnv], Decision]
answerability: Registry[Answerability] = Registry("answerability")

from rag.answerability import evidence  # noqa: E402,F401  (register built-ins)

__all__ = ["Answerability", "answerability"]
