"""A deterministic chat model: replies chosen by rules, every call recorded. For tests and
for offline demos of the stages that need an LLM."""

from __future__ import annotations

import re
from collections.abc import Callable

from rag.chat.base import ChatModel, ChatResult, Message, chat_models


class ScriptedChat:
    def __init__(self, rules: dict[str, str], default: str) -> None:
        self.id = f"scripted:{sorted(rules.items())}:{default}"
        self.rules = [(re.compile(p, re.S), reply) for p, reply in rules.items()]
        self.default = default
        self.calls: list[list[Message]] = []

    def complete(
        self,
        messages: list[Message],
        *,
        max_tokens: int | None = None,
        on_token: Callable[[str], None] | None = None,
    ) -> ChatResult:
        self.calls.append(messages)
        prompt = "\n".join(m["content"] for m in messages)
        reply = next((r for p, r in self.rules if p.search(prompt)), self.default)
        if on_token:
            on_token(reply)
        return ChatResult(reply, len(prompt.split()), len(reply.split()))


@chat_models.register("scripted", version="1")
def scripted(*, rules: dict[str, str] | None = None, default: str = "") -> ChatModel:
    """The first rule whose regular expression matches the prompt gives the reply."""
    return ScriptedChat(rules or {}, default)
