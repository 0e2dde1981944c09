"""Which "when" asks a date the untyped-sources rule may read (rag.answerability.evidence, v79)."""

from __future__ import annotations

import pytest

from rag.answerability.asked_fact_checks import _ASKS_CONDITION


@pytest.mark.parametrize(("question", "condition"), [
    ("When do I need three written quotes for a purchase?", True),    # answered by "for purchases over 10,000 USD"
    ("When should staff wear a hard hat?", True),
    ("When is a fire permit required?", True),
    ("什么时候需要提供三份报价？", True),
    ("什么情况下可以申请调休？", True),
    ("When did Quillstone 4.0 come out?", False),
    ("When is the next all-hands?", False),
    ("What time is the first winter sailing from Brannock?", False),
    ("蒋巨峰是何时辞去四川省长职务的？", False),
])
def test_a_when_that_asks_a_condition(question: str, condition: bool) -> None:
    assert (_ASKS_CONDITION.search(question) is not None) is condition
