"""Any OpenAI-compatible ``/chat/completions`` endpoint over httpx, optionally streamed."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from typing import Any

import httpx
from pydantic import PositiveInt

from rag.chat.base import ChatModel, ChatResult, Message, chat_models
from rag.errors import ConfigError, EndpointError
from rag.http import Endpoint


class OpenAIChat(Endpoint):
    def __init__(
        self,
        *,
        model: str,
        base_url: str,
        api_key: str | None = None,
        temperature: float = 0.0,
        max_tokens: int = 512,
        stream: bool = False,
        timeout: float = 60.0,
        max_retries: int = 3,
        backoff: float = 1.0,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        super().__init__(model=model, url=base_url.rstrip("/") + "/chat/completions", api_key=api_key,
                         timeout=timeout, transport=transport, max_retries=max_retries,
                         backoff=backoff, sleep=sleep)
        self.id = f"openai-chat:{base_url.rstrip('/')}:{model}:t{temperature}"
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.stream = stream

    def complete(
        self,
        messages: list[Message],
        *,
        max_tokens: int | None = None,
        on_token: Callable[[str], None] | None = None,
    ) -> ChatResult:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "temperature": self.temperature,
            "max_tokens": max_tokens or self.max_tokens,
        }
        if self.stream:
            body["stream"] = True
            body["stream_options"] = {"include_usage": True}
            return self._poster.post(self.url, body, lambda resp: self._read_stream(resp, on_token))
        result = self._poster.post(self.url, body, self._parse)
        if on_token:
            on_token(result.text)
        return result

    def _parse(self, resp: httpx.Response) -> ChatResult:
        try:
            data = resp.json()
            text = data["choices"][0]["message"]["content"] or ""
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise EndpointError(f"{self.url} returned a malformed chat body: {exc}") from exc
        usage = data.get("usage") or {}
        return ChatResult(text, int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0))

    def _read_stream(self, resp: httpx.Response, on_token: Callable[[str], None] | None) -> ChatResult:
        """Server-sent events: ``data: {json}`` lines until ``data: [DONE]``."""
        parts: list[str] = []
        usage: dict[str, Any] = {}
        try:
            for line in resp.iter_lines():
                if not line.startswith("data:"):
                    continue
                payload = line[5:].strip()
                if payload == "[DONE]":
                    break
                event = json.loads(payload)
                usage = event.get("usage") or usage
                for choice in event.get("choices") or []:
                    piece = (choice.get("delta") or {}).get("content") or ""
                    if piece:
                        parts.append(piece)
                        if on_token:
                            on_token(piece)
        except (ValueError, httpx.HTTPError) as exc:
            raise EndpointError(f"{self.url}: the stream broke off: {exc}") from exc
        return ChatResult("".join(parts), int(usage.get("prompt_tokens") or 0),
                          int(usage.get("completion_tokens") or 0))


@chat_models.register("openai", version="1", env={"base_url": "OPENAI_BASE_URL"})
def openai(
    *,
    model: str,
    base_url: str | None = None,
    api_key_env: str = "OPENAI_API_KEY",
    temperature: float = 0.0,
    max_tokens: PositiveInt = 512,
    stream: bool = False,
    timeout: float = 60.0,
    max_retries: int = 3,
) -> ChatModel:
    """An OpenAI-compatible chat endpoint; ``base_url`` defaults to ``$OPENAI_BASE_URL`` and
    the key comes from the variable named by ``api_key_env``."""
    url = base_url or os.environ.get("OPENAI_BASE_URL")
    if not url:
        raise ConfigError("set params.base_url or OPENAI_BASE_URL", field="chat_model.params.base_url")
    return OpenAIChat(model=model, base_url=url, api_key=os.environ.get(api_key_env),
                      temperature=temperature, max_tokens=max_tokens, stream=stream,
                      timeout=timeout, max_retries=max_retries)
