"""Replay identical chat requests from a persistent SQLite cache (request hash → response)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from rag.chat.base import ChatModel, ChatResult, Message
from rag.store import JsonKV


class CachedChat:
    def __init__(self, inner: ChatModel, path: str | Path, *, salt: str = "") -> None:
        """``salt`` separates otherwise identical requests: a repeat of a noisy target must
        ask the model again, not replay repeat 1."""
        self.inner = inner
        self.id = inner.id
        self.salt = salt
        self._kv = JsonKV(path, "chat_replies")
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(model_id: str, messages: list[Message], max_tokens: int | None, salt: str = "") -> str:
        blob = json.dumps([model_id, messages, max_tokens, *([salt] if salt else [])], ensure_ascii=False,
                          sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()

    def complete(
        self,
        messages: list[Message],
        *,
        max_tokens: int | None = None,
        on_token: Callable[[str], None] | None = None,
    ) -> ChatResult:
        # the budget the request really carries: the call's, else the model's configured one
        effective = max_tokens or getattr(self.inner, "max_tokens", None)
        key = self.key(self.id, messages, effective, self.salt)
        data = self._kv.get(key)
        if data is not None:
            self.hits += 1
            if on_token:
                on_token(data["text"])
            return ChatResult(data["text"], data["prompt_tokens"], data["completion_tokens"], cached=True)
        self.misses += 1
        result = self.inner.complete(messages, max_tokens=max_tokens, on_token=on_token)
        self._kv.put(key, {"text": result.text, "prompt_tokens": result.prompt_tokens,
                           "completion_tokens": result.completion_tokens})
        return result
