"""One retrying POST for every OpenAI-compatible endpoint (embeddings, chat).

Retries 408/409/429/5xx and transport errors (timeouts, refused connections) with
exponential backoff, honouring ``Retry-After``; fails at once on 401/403 and on other 4xx.
Error messages name the URL and status, never the API key.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx

from rag.errors import EndpointAuthError, EndpointError

RETRY_STATUS = {408, 409, 429, 500, 502, 503, 504}


def make_client(api_key: str | None, timeout: float, transport: httpx.BaseTransport | None) -> httpx.Client:
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    return httpx.Client(timeout=timeout, headers=headers, transport=transport)


class RetryingPoster:
    def __init__(
        self,
        client: httpx.Client,
        *,
        max_retries: int = 4,
        backoff: float = 0.5,
        sleep: Callable[[float], None] = time.sleep,
        throttle: Callable[[], None] | None = None,
    ) -> None:
        """``throttle`` is called before every attempt (a rate limiter blocks there)."""
        self.client = client
        self.max_retries = max_retries
        self.backoff = backoff
        self.sleep = sleep
        self.throttle = throttle
        self.requests = 0

    def post(self, url: str, body: Any, handle: Callable[[httpx.Response], Any], *,
             stream: bool | None = None, headers: dict[str, str] | None = None, method: str = "POST") -> Any:
        """POST ``body``; ``handle`` turns a 2xx response into the result. A streamed response
        (``stream``, by default the body's own ``stream`` flag) is handled inside the request,
        so a retry never follows a half-read stream."""
        last = ""
        if stream is None:
            stream = bool(body.get("stream")) if isinstance(body, dict) else False
        for attempt in range(self.max_retries + 1):
            self.requests += 1
            if self.throttle is not None:
                self.throttle()
            try:
                with self.client.stream(method, url, json=body, headers=headers) as resp:
                    if resp.status_code < 300:
                        return handle(resp) if stream else handle(_read(resp))
                    resp.read()
                    status, text, retry_after = resp.status_code, resp.text, resp.headers.get("retry-after", "")
            except httpx.TransportError as exc:
                last = f"{type(exc).__name__}: {exc}"
                status, text, retry_after = 0, "", ""
            if status in (401, 403):
                raise EndpointAuthError(
                    f"{url} refused the credentials ({status}); check the API key environment variable"
                )
            if status:
                last = f"HTTP {status}: {text[:200]}"
                if status not in RETRY_STATUS:
                    raise EndpointError(f"{url} answered {last}")
            if attempt < self.max_retries:
                if retry_after.replace(".", "", 1).isdigit():
                    self.sleep(min(float(retry_after), 60.0))
                else:
                    self.sleep(self.backoff * 2**attempt)
        raise EndpointError(f"{url} failed after {self.max_retries + 1} attempts: {last}")


def _read(resp: httpx.Response) -> httpx.Response:
    resp.read()
    return resp


class Endpoint:
    """Base of an OpenAI-compatible client: ``model``, the full ``url``, the retrying poster,
    a request counter, and a repr that never shows the key."""

    def __init__(
        self,
        *,
        model: str,
        url: str,
        api_key: str | None,
        timeout: float,
        transport: httpx.BaseTransport | None,
        max_retries: int,
        backoff: float,
        sleep: Callable[[float], None],
    ) -> None:
        self.model = model
        self.url = url
        self._poster = RetryingPoster(make_client(api_key, timeout, transport),
                                      max_retries=max_retries, backoff=backoff, sleep=sleep)

    @property
    def requests(self) -> int:
        return self._poster.requests

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model={self.model!r}, url={self.url!r})"
