"""The asked slot's noun is held by a window that writes a value of its kind (rag.answerability.slot_values,
evidence v99): 颜色 by a colour, 英文名 by a Latin-script name, 学校 by a school, 奖项 by an award, 地区 by a place."""

from __future__ import annotations

import pytest

from rag.answerability.asked_fact import asked_fact
from rag.answerability.slot_values import slot_held, slot_nouns
from tests.rag.helpers import chunk, env, item


@pytest.mark.parametrize(("question", "noun"), [
    ("黄鳍紫鱼的身体是什么颜色的？", "颜色"),
    ("西贡商业信用银行的英文名是什么？", "英文名"),
    ("蔡敏就读于哪些学校？", "学校"),
    ("在1977年，蔡敏获得了什么奖项？", "奖项"),
    ("长柄艾纳香分布在哪些地区？", "地区"),
    ("在中国，牡蒿分布在哪些省市？", "省市"),
    ("这种花的颜色是什么？", "颜色"),
    ("What colour is the Number 12 bus?", "colour"),
    ("Which university did the founder attend?", "university"),
    ("What award did the film win?", "award"),
    ("Which regions does the service cover?", "regions"),
])
def test_the_noun_that_names_the_asked_slot(question: str, noun: str) -> None:
    assert [n for n, _ in slot_nouns(question)] == [noun]


@pytest.mark.parametrize("question", [
    "颜色鲜艳的花有毒吗？",              # the noun names no asked slot
    "学校几点放学？",                    # asks a time, not a school
    "他担任什么职务？",                  # posts: every sentence of a biography writes one (no value tells)
    "Is the bus red?",
    "When does the university open?",
])
def test_no_slot_noun_where_none_is_asked(question: str) -> None:
    assert slot_nouns(question) == []


@pytest.mark.parametrize(("question", "term", "holds", "lacks"), [
    ("黄鳍紫鱼的身体是什么颜色的？", "颜色", "体呈淡蓝红色，头部有网状斑点。", "本鱼体型和丝鳍紫鱼非常类似，扮演重要角色。"),
    ("西贡商业信用银行的英文名是什么？", "英文名", "西贡商业信用银行（Saigon Thuong Tin Bank，Sacombank）成立于1991年。",
     "该银行的总部位于胡志明市，注册资本30亿越南盾。"),
    ("蔡敏就读于哪些学校？", "学校", "蔡敏曾就学于台北市古亭国小、台北市实践大学音乐系。", "蔡敏是台湾三大女高音之一。"),
    ("在1977年，蔡敏获得了什么奖项？", "奖项", "1977年香港亚洲歌唱比赛季军。", "1977年她与陈威陵演出室内乐，奖金另计。"),
    ("What colour is the Number 12 bus?", "colour", "The Number 12 bus is painted bright red.",
     "The Number 12 bus runs every ten minutes."),
    ("Which university did the founder attend?", "university", "She studied law at Leeds University.",
     "She studied law before founding the firm."),
])
def test_a_value_of_the_kind_holds_the_noun(question: str, term: str, holds: str, lacks: str) -> None:
    slots = slot_nouns(question)
    assert slot_held(term, slots, holds)
    assert not slot_held(term, slots, lacks)


def test_a_latin_name_needs_three_letters() -> None:
    slots = slot_nouns("这家公司的英文名是什么？")
    assert not slot_held("英文名", slots, "公司成立于1990年，代号为A。")
    assert slot_held("英文名", slots, "公司英文简称为ACB。")


def test_the_window_with_the_value_carries_the_asked_fact() -> None:
    question = "黄鳍紫鱼的身体是什么颜色的？"
    answer, other = "体呈淡蓝红色，头部有网状斑点。", "黄鳍紫鱼的身体和丝鳍紫鱼非常类似。"
    items = [item(1, other, "fish", title="黄鳍紫鱼"), item(2, answer, "fish2", title="黄鳍紫鱼")]
    space = env([chunk("fish#1", other), chunk("fish2#2", answer)], language="zh")
    weights = {"黄鳍紫鱼": 0.4, "身体": 0.2, "颜色": 0.4}
    without = asked_fact(question, items, space, dict(weights))
    with_slots = asked_fact(question, items, space, dict(weights), slot_values=True)
    # without: the window writing 身体 wins (0.6); with: the one writing the colour holds 颜色 (with its title, 0.8)
    assert without.support == pytest.approx(0.6)
    assert with_slots.support == pytest.approx(0.8)
    assert with_slots.best_source == 2
