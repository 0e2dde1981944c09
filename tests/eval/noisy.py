"""A scripted noisy target for gate tests: the evidence answerability, with each decision
flipped between answer and refuse with probability ``flip``. The random stream is module-level
and seeded by the test, so a test is reproducible while repeats within it differ."""

from __future__ import annotations

import random

from rag.answerability.evidence import evidence
from rag.types import Decision

RNG = random.Random(0)


def coin(flip: float = 0.1, answer_at: float = 0.5):
    inner = evidence(semantic=False, coverage_weight=1.0, answer_at=answer_at)

    def decide(question, context, env):
        decision = inner(question, context, env)
        if RNG.random() >= flip:
            return decision
        if decision.action == "refuse" and context:
            return Decision("answer", "flipped by the scripted noise", decision.signals)
        return Decision("refuse", "flipped by the scripted noise", decision.signals)

    return decide


DOWN = {"calls_left_failing": 0}


def flaky_chat(reply: str = "The hotel cap is 240 USD [1]."):
    """A chat model whose endpoint is down for the next ``DOWN['calls_left_failing']`` calls."""
    from rag.chat.base import ChatResult
    from rag.errors import InfrastructureError

    class Flaky:
        id = "flaky"

        def complete(self, messages, *, max_tokens=None, on_token=None):
            if DOWN["calls_left_failing"] > 0:
                DOWN["calls_left_failing"] -= 1
                raise InfrastructureError("flaky: endpoint timed out")
            return ChatResult(reply, 10, 5)

    return Flaky()
