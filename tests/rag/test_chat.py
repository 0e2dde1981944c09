"""The OpenAI-compatible chat client: retries, errors, streaming, cache — via MockTransport."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from rag.chat import CachedChat, chat_models
from rag.chat.openai import OpenAIChat
from rag.errors import EndpointAuthError, EndpointError

SECRET = "sk-chat-secret-9"
MESSAGES = [{"role": "user", "content": "hi"}]


def server(calls: list[httpx.Request], script: list[object]):
    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        step = script.pop(0) if script else "ok"
        if isinstance(step, int):
            return httpx.Response(step, text="nope")
        if step == "timeout":
            raise httpx.ReadTimeout("timed out")
        body = json.loads(request.content)
        if body.get("stream"):
            events = [{"choices": [{"delta": {"content": part}}]} for part in ["Hel", "lo", " [1]"]]
            events.append({"choices": [], "usage": {"prompt_tokens": 7, "completion_tokens": 3}})
            sse = "".join(f"data: {json.dumps(e)}\n\n" for e in events) + "data: [DONE]\n\n"
            return httpx.Response(200, text=sse, headers={"content-type": "text/event-stream"})
        return httpx.Response(200, json={"choices": [{"message": {"content": "Hello [1]"}}],
                                         "usage": {"prompt_tokens": 7, "completion_tokens": 3}})

    return httpx.MockTransport(handler)


def client(script, calls=None, sleeps=None, **kw) -> OpenAIChat:
    return OpenAIChat(model="m", base_url="http://chat.test/v1", api_key=SECRET,
                      transport=server(calls if calls is not None else [], script),
                      sleep=(sleeps if sleeps is not None else []).append, **kw)


def test_completion_parses_text_and_usage() -> None:
    calls: list[httpx.Request] = []
    result = client([], calls).complete(MESSAGES)
    assert (result.text, result.prompt_tokens, result.completion_tokens) == ("Hello [1]", 7, 3)
    body = json.loads(calls[0].content)
    assert body["messages"] == MESSAGES and body["temperature"] == 0.0 and "stream" not in body
    assert str(calls[0].url) == "http://chat.test/v1/chat/completions"


def test_streaming_assembles_deltas_and_reports_tokens() -> None:
    pieces: list[str] = []
    result = client([], stream=True).complete(MESSAGES, on_token=pieces.append)
    assert pieces == ["Hel", "lo", " [1]"] and result.text == "Hello [1]" and result.completion_tokens == 3


def test_retries_then_succeeds() -> None:
    calls: list[httpx.Request] = []
    sleeps: list[float] = []
    assert client([503, "timeout", 429], calls, sleeps, backoff=1.0).complete(MESSAGES).text == "Hello [1]"
    assert len(calls) == 4 and sleeps == [1.0, 2.0, 4.0]


def test_gives_up_with_an_endpoint_error() -> None:
    with pytest.raises(EndpointError, match="failed after 2 attempts"):
        client(["timeout", "timeout"], max_retries=1).complete(MESSAGES)


def test_auth_failure_is_immediate_and_keeps_the_key_secret() -> None:
    calls: list[httpx.Request] = []
    chat = client([401], calls)
    with pytest.raises(EndpointAuthError) as info:
        chat.complete(MESSAGES)
    assert len(calls) == 1 and SECRET not in str(info.value) and SECRET not in repr(chat) + chat.id


def test_malformed_body() -> None:
    transport = httpx.MockTransport(lambda r: httpx.Response(200, json={"choices": []}))
    chat = OpenAIChat(model="m", base_url="http://chat.test/v1", transport=transport)
    with pytest.raises(EndpointError, match="malformed"):
        chat.complete(MESSAGES)


def test_cache_replays_identical_requests(tmp_path: Path) -> None:
    calls: list[httpx.Request] = []
    cached = CachedChat(client([], calls), tmp_path / "chat.sqlite")
    first = cached.complete(MESSAGES)
    again = CachedChat(client([], calls), tmp_path / "chat.sqlite").complete(MESSAGES)
    assert len(calls) == 1 and again.text == first.text and again.cached and not first.cached
    cached.complete([{"role": "user", "content": "different"}])
    assert len(calls) == 2


def test_scripted_model_is_deterministic_and_records_calls() -> None:
    chat = chat_models.build({"name": "scripted", "params": {"rules": {"cap": "240"}, "default": "?"}})
    assert chat.complete([{"role": "user", "content": "hotel cap"}]).text == "240"
    assert chat.complete(MESSAGES).text == "?" and len(chat.calls) == 2
