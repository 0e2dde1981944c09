"""The judge client: an OpenAI-compatible chat endpoint asked for JSON.

Every call goes through ragbench's retrying POST (timeouts, 429/5xx with backoff, at most
``max_retries`` retries), a semaphore that bounds concurrent calls, and a SQLite cache keyed by
the *whole* request — model, messages, schema, temperature, seed, max_tokens, response format —
plus the repeat index, so a second judge model, a changed prompt or another repeat never reuses
an answer (ragas' own cache keys on the prompt alone and is never used). Each call is entered in
the ledger of the case being judged: what was asked (schema), how it ended, the raw reply and
its tokens.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import httpx
from pydantic import PositiveInt

from rag.errors import ConfigError, EndpointError
from rag.http import Endpoint
from rag.registry import Registry
from rag.store import JsonKV

ResponseFormat = Literal["json_object", "json_schema", "llama_schema", "none"]


@dataclass
class JudgeCall:
    schema: str
    status: str = "ok"           # ok | judge_error | invalid_output
    raw: str = ""
    cached: bool = False
    prompt_tokens: int = 0
    completion_tokens: int = 0
    error: str = ""


@dataclass
class Ledger:
    """The calls of one case × metric (× repeat)."""

    calls: list[JudgeCall] = field(default_factory=list)


class JudgeCache(JsonKV):
    """Judge replies by request key (the workspace's ``judge`` cache file)."""

    def __init__(self, path: str | Path) -> None:
        super().__init__(path, "judge_replies")


class JudgeClient(Endpoint):
    def __init__(
        self,
        *,
        model: str,
        base_url: str,
        api_key: str | None = None,
        temperature: float = 0.0,
        seed: int | None = None,
        max_tokens: int = 2048,
        timeout: float = 120.0,
        max_retries: int = 2,
        parse_retries: int = 1,
        response_format: ResponseFormat = "json_object",
        concurrency: int = 4,
        repeats: int = 1,
        max_failure_rate: float = 0.0,
        price_per_1k_prompt: float = 0.0,
        price_per_1k_completion: float = 0.0,
        max_calls: int | None = None,
        max_cost: float | None = None,
        requests_per_minute: float | None = None,
        tokens_per_minute: float | None = None,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        import time

        super().__init__(model=model, url=base_url.rstrip("/") + "/chat/completions", api_key=api_key,
                         timeout=timeout, transport=transport, max_retries=max_retries, backoff=1.0,
                         sleep=sleep or time.sleep)
        self.limits = Limits(requests_per_minute, tokens_per_minute, sleep=sleep or time.sleep,
                             clock=clock or time.monotonic)
        self._poster.throttle = None   # the limits are applied per request, with its size, in _call
        self.max_calls, self.max_cost = max_calls, max_cost
        self.concurrency = concurrency
        self.id = f"openai-judge:{base_url.rstrip('/')}:{model}:t{temperature}:s{seed}"
        self.temperature, self.seed, self.max_tokens = temperature, seed, max_tokens
        self.parse_retries, self.response_format = parse_retries, response_format
        self.repeats, self.max_failure_rate = repeats, max_failure_rate
        self.prices = (price_per_1k_prompt, price_per_1k_completion)
        self._slots = threading.BoundedSemaphore(concurrency)
        self.cache: JudgeCache | None = None
        self.usage = {"calls": 0, "cached": 0, "failed": 0, "prompt_tokens": 0, "completion_tokens": 0}
        self._usage_lock = threading.Lock()
        self._reserved = 0   # calls let through the budget (made or in flight)
        self._inflight: dict[str, threading.Event] = {}   # request key → set when its first sender is done

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "model": self.model, "temperature": self.temperature, "seed": self.seed,
                "max_tokens": self.max_tokens, "response_format": self.response_format, "repeats": self.repeats}

    @property
    def cost(self) -> float:
        return (self.usage["prompt_tokens"] * self.prices[0] + self.usage["completion_tokens"] * self.prices[1]) / 1000

    def body(self, prompt: str, schema_name: str, schema: dict[str, Any], attempt: int) -> dict[str, Any]:
        system = ("You are an evaluation judge. Reply with one JSON object and nothing else, matching this JSON "
                  f"schema ({schema_name}): {json.dumps(schema, ensure_ascii=False, sort_keys=True)}")
        body: dict[str, Any] = {"model": self.model, "temperature": self.temperature, "max_tokens": self.max_tokens,
                                "messages": [{"role": "system", "content": system}, {"role": "user", "content": prompt}]}
        if self.seed is not None:
            body["seed"] = self.seed
        if self.response_format == "json_object":
            body["response_format"] = {"type": "json_object"}
        elif self.response_format == "json_schema":
            body["response_format"] = {"type": "json_schema",
                                       "json_schema": {"name": schema_name, "schema": schema, "strict": False}}
        elif self.response_format == "llama_schema":   # llama.cpp's server: grammar-constrained JSON
            body["response_format"] = {"type": "json_object", "schema": schema}
        if attempt:
            body["messages"].append({"role": "user", "content": f"(attempt {attempt + 1}: the previous reply was "
                                                                "not valid JSON for the schema; reply again)"})
        return body

    def key(self, body: dict[str, Any], repeat: int) -> str:
        blob = json.dumps([self.url, body, repeat], ensure_ascii=False, sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()

    def ask(self, prompt: str, schema_name: str, schema: dict[str, Any], validate: Callable[[str], Any],
            ledger: Ledger, repeat: int = 0) -> Any:
        """One judged answer, validated by ``validate`` (raises ValueError on a bad reply);
        ``parse_retries`` more attempts on an invalid reply. Raises :class:`JudgeFailure`."""
        last: JudgeCall | None = None
        for attempt in range(self.parse_retries + 1):
            body = self.body(prompt, schema_name, schema, attempt)
            call = self._call(body, schema_name, repeat)
            ledger.calls.append(call)
            last = call
            if call.status != "ok":
                raise JudgeFailure(call)
            try:
                return validate(_json_text(call.raw))
            except ValueError as exc:
                call.status, call.error = "invalid_output", str(exc)[:300]
        assert last is not None
        raise JudgeFailure(last)

    def _call(self, body: dict[str, Any], schema_name: str, repeat: int) -> JudgeCall:
        key = self.key(body, repeat)
        with self._usage_lock:   # an identical request already in flight: wait for it, as a serial run would
            leader = self._inflight.get(key)
            if leader is None:
                self._inflight[key] = threading.Event()
        if leader is not None:
            leader.wait()
        try:
            return self._call_once(key, body, schema_name)
        finally:
            if leader is None:
                with self._usage_lock:
                    self._inflight.pop(key).set()

    def _call_once(self, key: str, body: dict[str, Any], schema_name: str) -> JudgeCall:
        if self.cache is not None and (hit := self.cache.get(key)) is not None:
            self._count(cached=1)
            return JudgeCall(schema_name, "ok", hit["text"], True, hit["prompt_tokens"], hit["completion_tokens"])
        self._reserve()
        try:
            with self._slots:
                self.limits.wait(estimate_tokens(body))
                data = self._poster.post(self.url, body, lambda r: r.json())
            text = str(data["choices"][0]["message"]["content"] or "")
            usage = data.get("usage") or {}
        except (EndpointError, KeyError, IndexError, TypeError, ValueError) as exc:
            self._count(calls=1, failed=1)
            return JudgeCall(schema_name, "judge_error", "", False, error=f"{type(exc).__name__}: {exc}"[:300])
        call = JudgeCall(schema_name, "ok", text, False, int(usage.get("prompt_tokens") or 0),
                         int(usage.get("completion_tokens") or 0))
        self._count(calls=1, prompt_tokens=call.prompt_tokens, completion_tokens=call.completion_tokens)
        if self.cache is not None:
            self.cache.put(key, {"text": text, "prompt_tokens": call.prompt_tokens,
                                 "completion_tokens": call.completion_tokens})
        return call

    def _reserve(self) -> None:
        """Let one more call through the budget, or raise :class:`JudgeBudget`. ``max_calls`` is
        exact across threads and counts requests the judge answered or failed (HTTP retries of
        one request are one call); ``max_cost`` stops new calls once the calls so far cost that
        much (calls already in flight finish: at most ``concurrency`` of them). The budget is per
        process: a ``--resume`` starts it afresh."""
        with self._usage_lock:
            if self.max_calls is not None and self._reserved >= self.max_calls:
                raise JudgeBudget(f"the judge's max_calls ({self.max_calls}) is spent")
            if self.max_cost is not None and self.cost >= self.max_cost:
                raise JudgeBudget(f"the judge's max_cost ({self.max_cost}) is spent ({self.cost:.4f})")
            self._reserved += 1

    def _count(self, **delta: int) -> None:
        with self._usage_lock:
            for k, v in delta.items():
                self.usage[k] += v


class JudgeBudget(Exception):
    """The judge's budget (``max_calls``, ``max_cost``) is spent: nothing more is sent."""


class JudgeFailure(Exception):
    def __init__(self, call: JudgeCall) -> None:
        super().__init__(call.error or call.status)
        self.call = call


def estimate_tokens(body: Any) -> int:
    """Tokens of a request, estimated without a tokenizer (none can be downloaded offline): a
    CJK character is about one token, other text about four characters a token."""
    text = json.dumps(body, ensure_ascii=False) if not isinstance(body, str) else body
    cjk = sum(1 for ch in text if "\u3000" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or "\uff00" <= ch <= "\uffef")
    return cjk + math.ceil((len(text) - cjk) / 4)


class Limits:
    """``requests_per_minute`` and ``tokens_per_minute`` across every thread: a caller waits
    until both its request and its tokens fit into the last minute's window."""

    def __init__(self, requests_per_minute: float | None, tokens_per_minute: float | None, *,
                 sleep: Callable[[float], None], clock: Callable[[], float]) -> None:
        self.rpm, self.tpm = requests_per_minute, tokens_per_minute
        self.sleep, self.clock = sleep, clock
        self.sent: list[tuple[float, int]] = []   # (when, tokens) within the last minute
        self.lock = threading.Lock()

    def wait(self, tokens: int) -> None:
        if self.rpm is None and self.tpm is None:
            return
        while True:
            with self.lock:
                now = self.clock()
                self.sent = [(t, n) for t, n in self.sent if now - t < 60.0]
                fits_requests = self.rpm is None or len(self.sent) < self.rpm
                used = sum(n for _, n in self.sent)
                fits_tokens = self.tpm is None or used + tokens <= self.tpm or not self.sent
                if fits_requests and fits_tokens:
                    self.sent.append((now, tokens))
                    return
                delay = max(0.01, 60.0 - (now - self.sent[0][0]))
            self.sleep(delay)


def _json_text(text: str) -> str:
    """The JSON object in a reply, tolerating a Markdown fence around it."""
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.strip("`")
        stripped = stripped[stripped.find("{"):] if "{" in stripped else stripped
    return stripped


judges: Registry[JudgeClient] = Registry("judge")


@judges.register("openai", version="1", env={"base_url": "OPENAI_BASE_URL"})
def openai(
    *,
    model: str,
    base_url: str | None = None,
    api_key_env: str = "OPENAI_API_KEY",
    temperature: float = 0.0,
    seed: int | None = None,
    max_tokens: PositiveInt = 2048,
    timeout: float = 120.0,
    max_retries: int = 2,
    parse_retries: int = 1,
    response_format: ResponseFormat = "json_object",
    concurrency: PositiveInt = 4,
    repeats: PositiveInt = 1,
    max_failure_rate: float = 0.0,
    price_per_1k_prompt: float = 0.0,
    price_per_1k_completion: float = 0.0,
    max_calls: PositiveInt | None = None,
    max_cost: float | None = None,
    requests_per_minute: float | None = None,
    tokens_per_minute: float | None = None,
) -> JudgeClient:
    """An OpenAI-compatible judge (vLLM, Ollama, llama.cpp's server, a hosted API). ``base_url``
    defaults to ``$OPENAI_BASE_URL``; the key comes from the variable ``api_key_env`` names.
    ``concurrency`` calls in flight at once; ``requests_per_minute`` / ``tokens_per_minute``
    throttle them (429 with ``Retry-After`` is honoured besides); ``max_calls`` / ``max_cost``
    stop judging cleanly — the run is incomplete and ``--resume`` continues it."""
    url = base_url or os.environ.get("OPENAI_BASE_URL")
    if not url:
        raise ConfigError("set params.base_url or OPENAI_BASE_URL", field="judge.params.base_url")
    return JudgeClient(model=model, base_url=url, api_key=os.environ.get(api_key_env), temperature=temperature,
                       seed=seed, max_tokens=max_tokens, timeout=timeout, max_retries=max_retries,
                       parse_retries=parse_retries, response_format=response_format, concurrency=concurrency,
                       repeats=repeats, max_failure_rate=max_failure_rate,
                       price_per_1k_prompt=price_per_1k_prompt, price_per_1k_completion=price_per_1k_completion,
                       max_calls=max_calls, max_cost=max_cost, requests_per_minute=requests_per_minute,
                       tokens_per_minute=tokens_per_minute)
