"""A follow-up that names a label numbered within its kind ("What about Year 10?", "那 3 号楼呢？") is held only
where the sources write that label, or a range or list holding it; and "And if it's Year 11s?" names Year 11s, not
"it" (rag.text.numbered_labels, the focus rule of rag.answerability.evidence, rag.transforms.followup)."""

from __future__ import annotations

import pytest

from rag.answerability import answerability
from rag.text import numbered_label_in, numbered_labels
from rag.transforms.followup import content_of, rewrite
from tests.rag.helpers import chunk, env, item

TABLE_EN = ("Trips\n| Year group | Day visits |\n|---|---|\n| Years 7–9 | 1:10 |\n| Years 10–11 | 1:15 |\n\n"
            "Mocks\n| Year group | Mock exams |\n|---|---|\n| Year 11 | Week commencing 1 December |\n"
            "Results come out 10 days later.")
TABLE_ZH = "楼栋保洁\n| 楼栋 | 保洁频次 |\n|---|---|\n| 1–4 号楼 | 每日 1 次 |\n| 7 号楼 | 每周 2 次 |\n另：10 人以上的团队须提前预约。"


@pytest.mark.parametrize(("text", "labels"), [
    ("What about Year 10?", [("year", 10)]),
    ("And if it's Year 11s?", [("year", 11)]),
    ("Is Stage 2 the same?", [("stage", 2)]),
    ("那 3 号楼呢？", [("号楼", 3)]),
    ("5级员工呢？", [("级", 5)]),
    ("What about managers?", []),
    ("那经理呢？", []),
])
def test_numbered_labels_are_read_in_both_languages(text: str, labels: list) -> None:
    assert numbered_labels(text) == labels


@pytest.mark.parametrize(("kind", "number", "held"), [
    ("year", 8, True),     # in the range "Years 7–9"
    ("year", 10, True),    # "Years 10–11"
    ("year", 11, True),
    ("year", 12, False),   # no row, and the "10 days" elsewhere is no Year 10
])
def test_a_numbered_label_is_held_by_itself_or_a_range_en(kind: str, number: int, held: bool) -> None:
    assert numbered_label_in(kind, number, TABLE_EN) is held


def test_a_numbered_label_is_not_held_by_its_neighbour_or_a_bare_number() -> None:
    assert not numbered_label_in("year", 10, "Year 11 mocks are in December; allow 10 days for results.")
    assert numbered_label_in("year", 10, "Years 10 and 11 sit mocks in December.")
    assert numbered_label_in("year", 9, "Years 7, 8 and 9 go on the trip.")


@pytest.mark.parametrize(("number", "held"), [(3, True), (7, True), (5, False), (10, False)])
def test_a_numbered_label_is_held_by_itself_or_a_range_zh(number: int, held: bool) -> None:
    assert numbered_label_in("号楼", number, TABLE_ZH) is held


@pytest.mark.parametrize(("language", "text", "focus", "refused"), [
    ("en", TABLE_EN, "Year 10", False),   # Years 10–11
    ("en", TABLE_EN, "Year 12", True),    # no row holds it; a "10" and the word "year" elsewhere do not
    ("en", "Mocks\n| Year group | Mock exams |\n|---|---|\n| Year 11 | Week commencing 1 December |\nResults: 10 days.",
     "Year 10", True),
    ("en", TABLE_EN, "Year 11s", False),  # a label in the plural is the label
    ("zh", TABLE_ZH, "3 号楼", False),
    ("zh", TABLE_ZH, "5 号楼", True),
])
def test_a_follow_up_naming_a_numbered_label_needs_it_written(language: str, text: str, focus: str, refused: bool) -> None:
    space = env([chunk("rules#1", text), chunk("other#0", "Parking opens at seven. 停车场七点开门。")], language=language)
    decide = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0, "answer_at": 0.0}})
    space.facts["focus"] = focus
    question = f"What staffing ratio do I need for a {focus} day trip?" if language == "en" else f"{focus}多久保洁一次？"
    assert (decide(question, [item(1, text)], space).signals.get("focus_missing") == 1.0) is refused


@pytest.mark.parametrize(("question", "content"), [
    ("And if it's Year 11s?", "Year 11s"),
    ("What if they're part-time?", "they're part-time"),   # (no name after it: the pronoun points back)
    ("what if it's a Sunday?", "Sunday"),
    ("What about managers?", "managers"),
    ("It's Year 11s?", "It's Year 11s"),   # no lead: nothing is taken off
])
def test_a_pronoun_and_its_verb_after_a_lead_name_nothing(question: str, content: str) -> None:
    assert content_of(question, "en") == content


def test_and_if_its_is_no_pointer_back_to_the_earlier_topic() -> None:
    history = [{"role": "user", "content": "What staffing ratio do I need for a Year 8 day trip?"},
               {"role": "assistant", "content": "For Years 7–9 on a day visit the ratio is 1:10."}]
    written, focus = rewrite("And if it's Year 11s?", history, "en")
    assert focus == "Year 11s" and "Year 8 day trip's" not in written
    # (a pronoun that does point back is still resolved: "And how do I claim it?")
    written, focus = rewrite("And how do I claim it?", [{"role": "user", "content": "What is the mileage rate for my own car?"}],
                             "en")
    assert "it?" not in written


@pytest.mark.parametrize(("focus", "refused"), [
    ("middle one", False),   # "one" stands for the noun asked after: the Middle row
    ("night one", True),     # no row, and no source writes night
    ("middle ones", False),
])
def test_one_in_a_follow_up_stands_for_the_noun_asked_after(focus: str, refused: bool) -> None:
    text = "Duties\n| Duty | Sign-on between |\n|---|---|\n| Early | 04:30 and 07:00 |\n| Middle | 08:00 and 11:00 |"
    space = env([chunk("duties#1", text)], language="en")
    decide = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0, "answer_at": 0.0}})
    space.facts["focus"] = focus
    question = f"What time does a {focus} sign on?"
    assert (decide(question, [item(1, text)], space).signals.get("focus_missing") == 1.0) is refused
