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


def levelled(decision: Decision, context: list[ContextItem], language: str) -> str | None:
    """The reply to a ``conflict`` or ``background`` decision, the same for every generator: the
    two disagreeing statements quoted with their sources, or the related sources listed without
    a claimed answer. ``None`` for the other levels."""
    zh = language != "en"
    titles = {c.number: c.title for c in context}
    if decision.action == "conflict" and decision.evidence:
        quoted = [(f"《{titles.get(n, '')}》称：“{s}” [{n}]" if zh else f"{titles.get(n, '')} says: \"{s}\" [{n}]")
                  for n, s in decision.evidence]
        if zh:
            return "资料之间不一致：" + "；".join(quoted) + "。请向发文部门确认以哪份为准。"
        return "The sources disagree: " + "; ".join(quoted) + ". Check with the issuing department which one applies."
    if decision.action == "background":
        seen = list(dict.fromkeys(c.number for c in context))[:3]
        related = ("、".join(f"《{titles[n]}》[{n}]" for n in seen) if zh
                   else ", ".join(f"{titles[n]} [{n}]" for n in seen))
        if zh:
            return f"资料中有相关内容，但不足以回答这个问题。相关资料：{related}。"
        return f"The sources touch on this but do not answer it. Related: {related}."
    return None


from rag.generators import chat, extractive  # noqa: E402,F401  (register built-ins)

__all__ = ["Generation", "Generator", "generators", "refusal"]
