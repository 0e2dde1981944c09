"""What a follow-up names is held where the sources write a count in figures (evidence v98)."""

from __future__ import annotations

import pytest

from rag.answerability import answerability
from rag.answerability.follow_up_focus import figures_written, in_figures
from rag.types import Decision
from tests.rag.helpers import chunk, env, item

PARAMS = {"semantic": False, "coverage_weight": 1.0, "answer_at": 0.5, "partial_coverage": 0.0}


def _decide(question: str, source: str, language: str, focus: str) -> Decision:
    other = "Parking opens at seven." if language == "en" else "食堂中午十一点半开饭。"
    space = env([chunk("d0#1", source), chunk("o#0", other)], language)
    space.facts["focus"] = focus
    return answerability.build({"name": "evidence", "params": PARAMS})(question, [item(1, source, "d0")], space)


@pytest.mark.parametrize(("term", "figures"), [
    ("five", "5"), ("twenty", "20"), ("五年", "5年"), ("十五天", "15天"), ("二十年", "20年"), ("三个月", "3个月"),
    # not a count: the 一 of 一般 and 统一, a word with no numeral
    ("一般", "一般"), ("统一", "统一"), ("year", "year"), ("十分", "十分"),
])
def test_a_count_in_words_is_read_in_figures(term: str, figures: str) -> None:
    assert in_figures(term) == figures


@pytest.mark.parametrize(("language", "question", "source", "focus"), [
    ("en", "How much sick pay do I get once I've done five years?",
     "Sick pay\nAfter 5 years' service you get 12 weeks of full sick pay.", "five years"),
    ("zh", "工作满五年的员工病假工资怎么算？", "病假工资\n工作满5年的员工，病假期间按工资的90%发放。", "满五年"),
])
def test_a_count_the_follow_up_writes_in_words_is_held_by_figures(language: str, question: str, source: str,
                                                                  focus: str) -> None:
    held = _decide(question, source, language, focus)
    assert "focus_missing" not in held.signals, held.reason
    # …but only the same count: six years is not five
    other = focus.replace("five", "six").replace("五", "六")
    assert _decide(question.replace("five", "six").replace("五", "六"), source, language, other).signals.get(
        "focus_missing") == 1.0


@pytest.mark.parametrize(("term", "focus", "sources", "written"), [
    ("five", "five years", "After 5 years' service you get 12 weeks.", True),
    ("five", "five years", "A 5-year contract.", True),
    # the figure must count what the focus counts, and stand alone (the review's attacks)
    ("five", "five years", "After 2 years' service you get 5 weeks.", False),
    ("five", "five years", "After 25 years' service you get a gift.", False),
    ("五年", "满五年", "工作满5年的员工。", True),
    ("五年", "五年", "本制度自2025年1月起施行。", False),
    ("一年", "一年", "2021年修订。", False),
])
def test_a_count_is_held_only_by_its_own_figures(term: str, focus: str, sources: str, written: bool) -> None:
    assert figures_written(term, focus, sources) is written
