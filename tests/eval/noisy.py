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
