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


@pytest.mark.parametrize(("language", "text", "question", "focus", "apart"), [
    # the maintenance team stands in a sentence about the fire alarm, never with the tunics asked about
    ("en", "Uniform\n| Role | Tunic |\n|---|---|\n| Registered nurse | royal blue |\n| Care assistant | lilac |\n\n"
           "The fire alarm is tested every week by the maintenance team.",
     "What colour tunic does the maintenance team wear?", "maintenance team", True),
    # … a row that names it holds the tunic through its header
    ("en", "Uniform\n| Role | Tunic |\n|---|---|\n| Registered nurse | royal blue |\n| Maintenance team | grey |",
     "What colour tunic does the maintenance team wear?", "maintenance team", False),
    # … or through the sentence that leads into the table
    ("en", "Uniform\nTunic colours are set by role:\n\n| Role | Colour |\n|---|---|\n| Maintenance team | grey |",
     "What colour tunic does the maintenance team wear?", "maintenance team", False),
    # … or a sentence, read with the one before it
    ("en", "Uniform\nThe maintenance team has its own workwear. Their tunics are grey.",
     "What colour tunic does the maintenance team wear?", "maintenance team", False),
    # 驾驶员 stands in the vehicle rules, never with the shift cap asked about
    ("zh", "排班\n| 岗位 | 每月加班上限 |\n|---|---|\n| 柜员 | 36 小时 |\n| 客户经理 | 30 小时 |\n\n驾驶员须每日检查车辆。",
     "驾驶员每月加班上限是多少？", "驾驶员", True),
    ("zh", "排班\n| 岗位 | 每月加班上限 |\n|---|---|\n| 柜员 | 36 小时 |\n| 驾驶员 | 40 小时 |",
     "驾驶员每月加班上限是多少？", "驾驶员", False),
])
def test_a_follow_up_focus_must_stand_with_what_the_question_asks(language: str, text: str, question: str, focus: str,
                                                                   apart: bool) -> None:
    from rag.answerability import answerability
    from rag.answerability.follow_up_focus import focus_apart
    from tests.rag.helpers import chunk, env, item

    space = env([chunk("rules#1", text), chunk("other#0", "停车场七点开门。Parking opens at seven.")], language=language)
    assert focus_apart(question, focus, [item(1, text)], space) is apart
    space.facts["focus"] = focus
    decide = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0, "answer_at": 0.0}})
    assert (decide(question, [item(1, text)], space).signals.get("focus_apart") == 1.0) is apart
    off = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0, "answer_at": 0.0,
                                                              "focus_together": False}})
    assert "focus_apart" not in off(question, [item(1, text)], space).signals
