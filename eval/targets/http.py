"""``target: http``: a user's own RAG service, over any JSON or SSE endpoint.

```yaml
target:
  name: http
  params:
    url: http://localhost:8000/v1/ask
    body: {question: "{question}", history: "{history}"}
    headers: {X-User: "{identity}"}
    api_key_env: MY_RAG_KEY          # sent as "Authorization: Bearer …"; never logged
    response: {answer: answer, contexts: sources, citations: citations, refused: refused}
    stream: false                    # true: an SSE stream; time to first token is measured
    timeout: 30
    max_retries: 3                   # 429 (honouring Retry-After), 5xx, timeouts
    rate_limit: 10                   # requests per second, across all threads
```

A reply that cannot be read (not JSON, no answer, an ``error`` event, a stream cut before
its end) is a per-case ``target_error`` with the raw body kept in the case record; the run
continues, ends ``incomplete`` (exit 3), and ``--resume`` retries just those cases.
"""

from __future__ import annotations

import json
import os
import threading
import time
from typing import Any, Literal

import httpx
from pydantic import NonNegativeFloat, NonNegativeInt, PositiveFloat

from eval.targets.base import Ask, BoundTarget, Reply, TargetError, targets
from eval.targets.mapping import ResponseMap, check_paths, find, render, to_reply
from rag.errors import ConfigError
from rag.http import RetryingPoster


class RateLimit:
    """At most ``per_second`` requests a second across every thread: each caller waits for
    its slot."""

    def __init__(self, per_second: float, clock: Any = time.monotonic, sleep: Any = time.sleep) -> None:
        self.interval = 1.0 / per_second
        self.next = 0.0
        self.lock = threading.Lock()
        self.clock, self.sleep = clock, sleep   # injectable, so a test needs no real time

    def __call__(self) -> None:
        with self.lock:
            now = self.clock()
            slot = max(now, self.next)
            self.next = slot + self.interval
        if slot > now:
            self.sleep(slot - now)


class Http:
    kind = "http"

    def __init__(self, url: str, method: str, body: Any, headers: dict[str, str], response: ResponseMap,
                 stream: bool, poster: RetryingPoster, done_event: str) -> None:
        self.url, self.method, self.body, self.headers = url, method, body, headers
        self.response, self.stream, self.poster, self.done_event = response, stream, poster, done_event

    def bind(self, suite: Any, index: Any) -> BoundTarget:
        return self.call

    def call(self, ask: Ask) -> Reply:
        body = render(self.body, ask)
        headers = {k: v for k, v in ((k, render(v, ask)) for k, v in self.headers.items()) if v}
        start = time.perf_counter()
        if self.stream:
            return self.poster.post(self.url, body, lambda resp: self._read_stream(resp, start), stream=True,
                                    headers=headers, method=self.method)
        return self.poster.post(self.url, body, self._read_json, stream=False, headers=headers, method=self.method)

    def _read_json(self, resp: httpx.Response) -> Reply:
        raw = resp.text
        try:
            data = json.loads(raw)
        except ValueError as exc:
            raise TargetError(f"the reply is not JSON ({exc})", raw) from exc
        return to_reply(data, self.response, raw)

    def _read_stream(self, resp: httpx.Response, start: float) -> Reply:
        """SSE: every ``data:`` event is JSON (or ``[DONE]``). The answer is the final
        event's answer when it carries one, else the concatenated deltas; every other field
        is the last value any event carried. The stream must end with ``[DONE]`` or an event
        named ``done``: one cut short is an error, never a short answer."""
        from httpx_sse import EventSource, SSEError

        pieces: list[str] = []
        merged: dict[str, Any] = {}
        seen: list[str] = []
        ttft: float | None = None
        finished = False
        try:
            for event in EventSource(resp).iter_sse():
                seen.append(f"event: {event.event}\ndata: {event.data}")
                if event.data.strip() == "[DONE]":
                    finished = True
                    break
                try:
                    data = json.loads(event.data) if event.data.strip() else {}
                except ValueError as exc:
                    raise TargetError(f"an SSE event is not JSON ({exc})", "\n\n".join(seen)) from exc
                if event.event == "error":
                    raise TargetError(f"the stream reported an error: {event.data[:300]}", "\n\n".join(seen))
                found, delta = find(data, self.response.delta)
                if found and isinstance(delta, str) and delta:
                    ttft = ttft if ttft is not None else (time.perf_counter() - start) * 1000
                    pieces.append(delta)
                if isinstance(data, dict):
                    merged.update(data)
                if event.event == self.done_event:
                    finished = True
                    break
        except (httpx.TransportError, SSEError) as exc:
            raise TargetError(f"the stream broke: {type(exc).__name__}: {exc}", "\n\n".join(seen)) from exc
        raw = "\n\n".join(seen)
        if not finished:
            raise TargetError(f"the stream ended before [DONE] or a {self.done_event!r} event", raw)
        found, final = find(merged, self.response.answer)
        reply = to_reply(merged, self.response, raw, answer=str(final) if found and final is not None
                         else "".join(pieces))
        reply.ttft_ms = round(ttft, 3) if ttft is not None else None
        return reply

    def counters(self) -> dict[str, dict[str, int]]:
        return {"target": {"requests": self.poster.requests}}

    def close(self) -> None:
        self.poster.client.close()


@targets.register("http", version="1")
def http(
    *,
    url: str,
    method: Literal["POST", "PUT"] = "POST",
    body: Any = None,
    headers: dict[str, str] | None = None,
    api_key_env: str | None = None,
    auth_header: str = "Authorization",
    auth_scheme: str = "Bearer",
    response: ResponseMap | None = None,
    stream: bool = False,
    done_event: str = "done",
    timeout: PositiveFloat = 60.0,
    max_retries: NonNegativeInt = 3,
    backoff: NonNegativeFloat = 0.5,
    rate_limit: PositiveFloat | None = None,
    transport: Any = None,
) -> Http:
    """Any JSON endpoint: ``body`` is a template (``{question}``, ``{history}``,
    ``{identity}``, ``{case_id}``, ``{suite}``, ``{language}``), ``response`` maps the reply."""
    response = response or ResponseMap()
    check_paths(response)
    headers = dict(headers or {})
    if api_key_env:
        key = os.environ.get(api_key_env)
        if not key:
            raise ConfigError(f"environment variable {api_key_env} (the target's API key) is not set",
                              field="target.params.api_key_env")
        headers[auth_header] = f"{auth_scheme} {key}".strip()
    client = httpx.Client(timeout=timeout, transport=transport)
    poster = RetryingPoster(client, max_retries=max_retries, backoff=backoff,
                            throttle=RateLimit(rate_limit) if rate_limit else None)
    template = body if body is not None else {"question": "{question}", "history": "{history}"}
    return Http(url, method, template, headers, response, stream, poster, done_event)
