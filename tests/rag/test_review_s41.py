"""Attacks from the hostile review of this session's rules (evidence v34–v35, extractive v29, followup v4,
split v23, answer types), each kept as a test."""

from __future__ import annotations

from rag.answer_types import asked_type, has_candidate
from rag.answerability.question_terms import names_in
from rag.generators.extractive import _CONTINUES
from rag.text import scene_and_asking as _scene_and_asking
from rag.transforms.followup import content_of, standalone
from rag.transforms.parts_zh import zh_parts
from rag.transforms.slots import topic


def _history(question: str) -> list[dict[str, str]]:
    return [{"role": "user", "content": question}, {"role": "assistant", "content": "…"}]


def test_a_shouted_contraction_or_state_is_no_name_and_a_chinese_question_keeps_its_latin_words() -> None:
    assert names_in("I CAN'T log in to my account, who do I ring?") == []
    assert names_in("My laptop is BROKEN and STOPPED working TWICE, who do I call?") == []
    assert names_in("HELP 系统怎么登录？") == ["HELP"]   # every Latin word of a Chinese question is a name


def test_software_a_meeting_is_held_in_is_still_a_name() -> None:
    assert names_in("Can I record meetings in Zoom?") == ["Zoom"]
    assert names_in("Can I log the event in Ulysses?") == ["Ulysses"]
    assert names_in("And if the conference is in Manchester?") == []
    assert names_in("The workshop will be held in Leeds, what is the hotel cap?") == []


def test_a_measure_followed_by_a_noun_asks_for_that_noun() -> None:
    assert asked_type("What discount scheme is available for staff?") != "number"
    assert asked_type("What salary sacrifice schemes exist?") != "number"
    assert asked_type("What mileage rate can I claim?") == "number"
    assert asked_type("What is the salary range for Band 6?") == "number"


def test_a_value_after_a_colon_or_an_abbreviation_is_no_list_marker() -> None:
    question = "How many guests can I bring to the staff canteen?"
    assert has_candidate("Maximum guests per visit in the staff canteen: 4.", "number", question)
    assert not has_candidate("1. Sign your guests in at reception.", "number", question)


def test_a_purpose_clause_continues_only_with_its_pronoun_object_before_a_comma() -> None:
    assert _CONTINUES.match("To unlock it, take it to the RA office.")
    assert not _CONTINUES.match("To make it fair, rotas are shared.")
    assert not _CONTINUES.match("To whom it may concern")
    assert not _CONTINUES.match("To help them settle in, buddies meet weekly.")


def test_a_hyphen_of_a_range_sets_off_no_scene() -> None:
    assert _scene_and_asking("Can I work 8 pm - 8 am shifts?") == ("", "Can I work 8 pm - 8 am shifts?")
    assert _scene_and_asking("Which bands - 5 to 7 - get the allowance?")[0] == ""


def test_the_topic_keeps_what_a_preposition_hangs_on_a_bare_head() -> None:
    assert topic("What is the policy on hybrid working?", "en") == "policy on hybrid working"
    assert topic("What is the deadline for expense claims?", "en") == "deadline for expense claims"
    assert topic("Where do I get my smartcard for the patient record?", "en") == "smartcard"
    assert topic("3 号楼的会议室怎么订？", "zh") == "会议室"


def test_a_follow_up_after_a_yes_no_question_keeps_what_it_asked_about() -> None:
    assert "打车费" in standalone("最多多少？", _history("我加班到晚上十点，能报打车费吗？"), "zh")
    assert standalone("找谁批？", _history("我想请 2 天事假，要提前多久申请？"), "zh") == "我想请 2 天事假，找谁批？"


def test_an_english_follow_up_keeps_its_phrase_unless_it_names_a_place_in_a_clause() -> None:
    pairs = {("sick leave", "annual leave"), ("evening rate", "weekend rate"), ("Manchester", "London")}

    def similar(text: str, others: list[str]) -> list[float]:
        return [1.0 if (text, o) in pairs else 0.0 for o in others]

    assert standalone("What about sick leave?", _history("Can I carry over annual leave?"), "en", similar) == \
        "Can I carry over sick leave?"
    assert standalone("What about the evening rate?", _history("What is the weekend rate?"), "en", similar) == \
        "What is the evening rate?"
    assert content_of("And if so, how many days?", "en") == "how many days"


def test_there_is_where_the_asker_goes_and_never_in_it() -> None:
    assert zh_parts("下周去上海出差，回北京的机票能报吗？那边住宿标准多少？")[1] == "上海住宿标准多少？"
    assert zh_parts("我下周去上海出差，住宿标准多少？那里面包含早餐吗？")[1] == "那里面包含早餐吗？"
