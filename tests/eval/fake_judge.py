"""A fake OpenAI-compatible judge for tests: rules instead of a model, exact and repeatable.

It reads the schema name from the judge's system message and the input from ragas' prompt
("input: {...}" at its end) and answers as a careful judge would, by string containment:
a statement is supported when the context contains it. ``mode`` makes it misbehave: ``500``,
``malformed`` (not JSON), ``out_of_range`` (``attributed: 2``). Every request is appended to
``LOG`` (and to the file ``$FAKE_JUDGE_LOG``, one line per request, for subprocess tests); with
``$FAKE_JUDGE_KILL_AFTER`` set it SIGKILLs its process after that many answered requests.
"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import httpx

from eval.judges.dry import answer, parse

LOG: list[dict] = []
SWITCH = {"mode": "ok"}   # read at request time by mode "switch": an endpoint that breaks and recovers


def handler(mode: str = "ok"):
    def handle(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        schema, data = parse(body)
        prompt = body["messages"][1]["content"]
        LOG.append({"model": body["model"], "schema": schema})
        if path := os.environ.get("FAKE_JUDGE_LOG"):
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(json.dumps({"schema": schema, "data": data}, sort_keys=True) + "\n")
            kill_after = int(os.environ.get("FAKE_JUDGE_KILL_AFTER", "0") or 0)
            asked = Path(path).read_text(encoding="utf-8").count("\n")
            if kill_after and asked > kill_after and not Path(path + ".killed").exists():
                Path(path + ".killed").touch()
                os.kill(os.getpid(), signal.SIGKILL)
        now = SWITCH["mode"] if mode == "switch" else mode
        if now == "500" or now == f"500:{schema}":
            return httpx.Response(500, text="judge overloaded")
        if now == "malformed":
            content = "Sure! Here is my verdict: the answer is good."
        else:
            reply = answer(schema, data)
            if now == "out_of_range" and schema == "ContextRecallOutput":
                for c in reply["classifications"]:
                    c["attributed"] = 2
            content = json.dumps(reply, ensure_ascii=False)
        return httpx.Response(200, json={"choices": [{"message": {"content": content}}],
                                         "usage": {"prompt_tokens": len(prompt) // 4, "completion_tokens": 20}})

    return handle


def fake(mode: str = "ok", model: str = "fake-judge", repeats: int = 1, max_failure_rate: float = 0.0,
         parse_retries: int = 1, concurrency: int = 4, max_calls: int | None = None, max_cost: float | None = None,
         price_per_1k_prompt: float = 0.0, price_per_1k_completion: float = 0.0):
    """A registry factory (``judge: tests.eval.fake_judge:fake``): the real client over MockTransport."""
    from eval.judges.client import JudgeClient

    return JudgeClient(model=model, base_url="http://judge.invalid/v1", transport=httpx.MockTransport(handler(mode)),
                       max_retries=1, parse_retries=parse_retries, repeats=repeats,
                       max_failure_rate=max_failure_rate, sleep=lambda s: None, concurrency=concurrency,
                       max_calls=max_calls, max_cost=max_cost, price_per_1k_prompt=price_per_1k_prompt,
                       price_per_1k_completion=price_per_1k_completion)
