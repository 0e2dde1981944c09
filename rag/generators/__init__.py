"""Generators write the answer from the numbered context, citing sources as ``[n]``.

A generator is only called when answerability did not refuse; it gets the decision so a
partial answer can say what is missing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rag.registry import Registry
from rag.types import ContextItem, Decision, QueryEnv

REFUSAL = {
    "zh": "根据现有资料，无法回答这个问题。",
    "en": "I can't answer this from the available documents.",
}
PARTIAL = {"zh": "（仅部分信息）", "en": "(Partial answer) "}


@dataclass(frozen=True, slots=True)
class Generation:
    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    model_calls: int = 0


Generator = Callable[[str, list[ContextItem], Decision, QueryEnv], Generation]
generators: Registry[Generator] = Registry("generator")


def refusal(language: str) -> str:
    return REFUSAL["en" if language == "en" else "zh"]


from rag.generators import chat, extractive  # noqa: E402,F401  (register built-ins)

__all__ = ["Generation", "Generator", "generators", "refusal"]
