"""Replay identical chat requests from a persistent SQLite cache (request hash → response)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

from rag.chat.base import ChatModel, ChatResult, Message


class CachedChat:
    def __init__(self, inner: ChatModel, path: str | Path, *, salt: str = "") -> None:
        """``salt`` separates otherwise identical requests: a repeat of a noisy target must
        ask the model again, not replay repeat 1."""
        self.inner = inner
        self.id = inner.id
        self.salt = salt
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, timeout=60, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS chat (key TEXT PRIMARY KEY, result TEXT NOT NULL)")
        self._db.commit()
        self._lock = threading.Lock()
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
        with self._lock:
            row = self._db.execute("SELECT result FROM chat WHERE key = ?", [key]).fetchone()
        if row:
            self.hits += 1
            data = json.loads(row[0])
            if on_token:
                on_token(data["text"])
            return ChatResult(data["text"], data["prompt_tokens"], data["completion_tokens"], cached=True)
        self.misses += 1
        result = self.inner.complete(messages, max_tokens=max_tokens, on_token=on_token)
        payload = json.dumps({"text": result.text, "prompt_tokens": result.prompt_tokens,
                              "completion_tokens": result.completion_tokens}, ensure_ascii=False)
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO chat (key, result) VALUES (?, ?)", [key, payload])
            self._db.commit()
        return result
