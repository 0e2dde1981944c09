"""What a chat model is, and its registry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from rag.registry import Registry

Message = dict[str, str]  # {"role": "system" | "user" | "assistant", "content": "..."}


@dataclass(frozen=True, slots=True)
class ChatResult:
    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached: bool = False


class ChatModel(Protocol):
    """``id`` names the endpoint and model (never the key); caches key on it."""

    id: str

    def complete(
        self,
        messages: list[Message],
        *,
        max_tokens: int | None = None,
        on_token: Callable[[str], None] | None = None,
    ) -> ChatResult: ...


chat_models: Registry[ChatModel] = Registry("chat_model")
