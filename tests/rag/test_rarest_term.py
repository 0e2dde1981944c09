"""The most specific thing a question names, read in the source of the asked fact (rag.answerability.rarest_term,
evidence v95 ``refuse_rarest_unsaid``): "How much cash float is loaded into each self-checkout machine?" against "Each
staffed till starts the day with a float of £150" is refused; the question the source answers is not."""

from __future__ import annotations

import pytest

from rag.answerability import answerability
from rag.answerability.rarest_term import _may_be_rarest, asks_once
from rag.errors import ConfigError
from tests.rag.helpers import chunk, env, item

FLOAT = "Cash handling > Tills\nEach staffed till starts the day with a float of £150, issued in a sealed bag."
KIOSK = "Self-checkout\nThe self-checkout machines are emptied by the Cash Office team at close of business."
UNIFORM_ZH = "工服配发 > 客房部\n客房部员工每人配发工服 3 套，每年更换一次。"
SECURITY_ZH = "保安部\n保安部负责酒店的消防巡查和停车场管理。"
COMMON = ["员工每人配发工牌一套。", "工服由员工自行保管，每套须保持整洁。", "新员工入职当天配发工服和工牌。",
          "Each member of staff is issued a float bag.", "The cash float is counted at the start of the day."]


def _decide(params: dict | None = None):   # noqa: ANN202
    return answerability.build({"name": "evidence", "params": {
        "semantic": False, "coverage_weight": 1.0, "answer_at": 0.0, "answer_type": True,
        "refuse_rarest_unsaid": {"en": "nouns", "zh": "words"}, **(params or {})}})


@pytest.mark.parametrize(("question", "texts", "language", "refused", "term"), [
    # the float of the staffed tills is no float of the self-checkout machines, which another source writes of
    ("How much cash float is loaded into each self-checkout machine?", [FLOAT, KIOSK], "en", True, "self-checkout"),
    ("How much cash float does each staffed till start with?", [FLOAT, KIOSK], "en", False, ""),
    ("保安部员工每人配发多少套工服？", [UNIFORM_ZH, SECURITY_ZH], "zh", True, "保安"),
    ("客房部员工每人配发多少套工服？", [UNIFORM_ZH, SECURITY_ZH], "zh", False, ""),
])
def test_the_source_of_the_asked_fact_must_write_the_questions_rarest_term(
        question: str, texts: list[str], language: str, refused: bool, term: str) -> None:
    # (words every handbook repeats — staff, uniform, each, issued — are common in the corpus: the asked post is rare)
    chunks = [chunk(f"c{i}", text) for i, text in enumerate(texts)] + [chunk("x", "Unrelated notice about parking.")] \
        + [chunk(f"f{i}", text) for i, text in enumerate(COMMON)]
    space = env(chunks, language=language)
    decision = _decide()(question, [item(i + 1, text, f"d{i}", score=1.0 - i / 10) for i, text in enumerate(texts)], space)
    assert (decision.signals.get("rarest_unsaid") == 1.0) is refused, decision.reason
    assert (decision.action == "refuse") is refused
    if refused:
        assert term in decision.reason


def test_off_unless_set_and_never_in_a_conversation() -> None:
    question = "How much cash float is loaded into each self-checkout machine?"
    context = [item(1, FLOAT, "d0"), item(2, KIOSK, "d1", score=0.9)]
    space = env([chunk("c0", FLOAT), chunk("c1", KIOSK), chunk("x", "Unrelated notice about parking.")])
    assert _decide({"refuse_rarest_unsaid": None})(question, context, space).action == "answer"
    space.history = ({"role": "user", "content": "Where is the Cash Office?"},)
    assert "rarest_unsaid" not in _decide()(question, context, space).signals


def test_a_bad_mode_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="refuse_rarest_unsaid"):
        answerability.build({"name": "evidence", "params": {"refuse_rarest_unsaid": {"en": "sometimes"}}})


@pytest.mark.parametrize(("term", "expected"), [
    ("self-checkout", True), ("p3", True), ("vpn-809", True), ("保安部", True),
    # an amount, a year, a number word, one Chinese character or how often is no thing asked about
    ("5000", False), ("1955", False), ("6000块", False), ("five", False), ("行", False), ("每晚", False),
])
def test_what_may_be_the_rarest_term(term: str, expected: bool) -> None:
    assert _may_be_rarest(term) is expected


@pytest.mark.parametrize(("question", "once"), [
    ("How much cash float is loaded into each self-checkout machine?", True),
    ("保安部员工配发几套工服？", True),
    ("What is the rate, and when is it paid?", False),
    ("有个 P7 的同事月薪已经到顶格了 他问今年年终奖目标大概能拿多少钱 算上公司系数是多少 帮我算下", False),
])
def test_a_message_that_asks_twice_is_not_read(question: str, once: bool) -> None:
    assert asks_once(question) is once
