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
    ("What is the colour of the flag?", "colour"),
])
def test_the_noun_that_names_the_asked_slot(question: str, noun: str) -> None:
    assert [n for n, _ in slot_nouns(question)] == [noun]


@pytest.mark.parametrize("question", [
    "颜色鲜艳的花有毒吗？",              # the noun names no asked slot
    "学校几点放学？",                    # asks a time, not a school
    "他担任什么职务？",                  # posts: every sentence of a biography writes one (no value tells)
    "Is the bus red?",
    "When does the university open?",
    "Which regions does the service cover?",   # (English places: a capitalised word tells too little)
    # a review's attacks (session 66): a time, a reason, another noun, a longer word, a modifier
    "学校是什么时候成立的？",
    "颜色为何会变化？",
    "国家有哪些义务？",
    "他获得了什么奖金？",
    "哪个国家队夺冠？",
    "什么大学生可以申请？",
    "What states of matter exist?",
    "What college fees apply?",
    "What colour blindness test is used?",
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


@pytest.mark.parametrize(("question", "term", "text"), [
    # the subject's own name is no value of its slot: 金鸡奖 holds no 奖项 of 百花奖's sentence
    ("金鸡奖有哪些奖项？", "金鸡奖", "百花奖于1962年创办。"),
    ("北京大学有哪些学院？", "北京大学", "清华大学设有多个系。"),
    # a value the question writes already
    ("NBA的英文全称是什么？", "英文全称", "NBA总决赛在6月举行。"),
    ("北京大学的前身是哪所学校？", "学校", "北京大学位于海淀区。"),
    # no place's name: the noun itself, or words jieba's place rules would take
    ("长柄艾纳香分布在哪些地区？", "地区", "该植物分布地区尚不明确。"),
    ("长柄艾纳香分布在哪些地区？", "地区", "他站在门口。可在网站上查询。以客户为中心。"),
    # no colour
    ("这种鱼是什么颜色的？", "颜色", "发展绿色食品，打击灰色收入，黑色星期五。"),
    ("What colour is the Number 12 bus?", "colour", "Cut the red tape on Black Friday; Gordon Brown saw the green light."),
    # no Latin name
    ("这家银行的英文名是什么？", "英文名", "下载PDF文件，GDP增长5%，CEO表示。"),
    # no school
    ("蔡敏就读于哪些学校？", "学校", "蔡敏小时候在学校学习钢琴。她是一名大学生，考上大学后。"),
    # no award
    ("在1977年，蔡敏获得了什么奖项？", "奖项", "她获奖无数，颁奖典礼上她获得奖学金，第二名嫌疑人落网。"),
])
def test_no_value_of_the_asked_slot(question: str, term: str, text: str) -> None:
    assert not slot_held(term, slot_nouns(question), text)


@pytest.mark.parametrize(("question", "term", "text"), [
    ("这种花是什么颜色的？", "颜色", "开出白色的花朵。"),
    ("这种鱼是什么颜色的？", "颜色", "通体乌黑。"),
    ("蔡敏就读于哪些学校？", "学校", "毕业于上海大学。"),
    ("在1977年，蔡敏获得了什么奖项？", "奖项", "荣获枫泽科技创新大奖。"),
    ("这部小说获得了什么奖项？", "奖项", "获得长篇小说奖。"),
    ("What is the colour of the flag?", "colour", "The flag is green and gold."),
])
def test_values_of_the_asked_slot(question: str, term: str, text: str) -> None:
    assert slot_held(term, slot_nouns(question), text)


def test_an_empty_term_holds_nothing() -> None:
    assert not slot_held("", slot_nouns("这种花是什么颜色的？"), "白色")


@pytest.mark.parametrize("text", ["学" * 100_000, "奖" * 100_000, "A" * 100_000, "Aa " * 30_000])
def test_long_texts_without_marks_are_read_in_linear_time(text: str) -> None:
    # (no timing: the bounded repeats keep each regex linear; before the bound one such call took over a minute)
    for question, term in (("蔡敏就读于哪些学校？", "学校"), ("他获得了什么奖项？", "奖项"), ("Which university did she attend?", "university"),
                           ("What award did it win?", "award")):
        slot_held(term, slot_nouns(question), text)


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
