"""The side of a contrast a question names (the men's race, the full marathon, the final, 一期): a window that writes only
another side states that side's fact (rag/answerability/contrasts.py)."""

from __future__ import annotations

import pytest

from rag.answerability.asked_fact import asked_fact
from rag.answerability.contrasts import other_side, sides_of
from tests.rag.helpers import chunk, env
from tests.rag.test_levels import ctx


@pytest.mark.parametrize("question, sentences, expected", [
    # Chinese: gender, full / half, phases, rounds
    ("2024年枫泽马拉松男子全程冠军是谁？", ["2024枫泽马拉松半程比赛中，男子组冠军由石楠获得。", "今年半程报名人数首次超过全程。"], True),
    ("2024年枫泽马拉松男子全程冠军是谁？", ["在枫泽马拉松女子全程比赛中，蒋一凡夺冠。"], True),
    ("2024年枫泽马拉松男子全程冠军是谁？", ["男子全程冠军为马骁。", "女子全程冠军为蒋一凡。"], False),
    ("沣屿地铁3号线一期设了几座车站？", ["3号线二期工程规划设站11座。"], True),
    ("沣屿地铁3号线一期设了几座车站？", ["一期工程设站18座，二期工程规划设站11座。"], False),
    ("上半年营收是多少？", ["下半年营收为12亿元。"], True),
    ("决赛在哪里举行？", ["半决赛在市体育中心举行。"], True),
    ("决赛在哪里举行？", ["决赛在奥体中心举行，半决赛在市体育中心。"], False),
    # English: men's / women's, final / semi-finals, halves of the year
    ("Who won the men's race at the 2024 Kelverton Marathon?", ["Ann Lee won the women's race in 2:29:03."], True),
    ("Who won the men's race at the 2024 Kelverton Marathon?", ["The men's race went to Tom Ridge; the women's to Ann Lee."], False),
    ("Where will the final of the 2024 Kestrel Cup be played?", ["The FA has named the venues for the 2024 Kestrel Cup semi-finals."], True),
    ("Where will the final of the 2024 Kestrel Cup be played?", ["The final will be at Harford Park, after the semi-finals."], False),
    ("Where are the semi-finals played?", ["The final will be played at Harford Park."], True),
    ("What was Pelham Bank's first-half profit?", ["Full-year profit was £2 billion."], True),
])
def test_a_window_naming_only_another_side(question: str, sentences: list[str], expected: bool) -> None:
    assert other_side(sides_of(question), sentences) is expected


@pytest.mark.parametrize("question", [
    "冠军是谁？", "Who won the race?", "男子和女子的冠军分别是谁？", "Who won the men's and women's races?",
    "每年可以报销一次吗？",          # a number the question states is no side
    "What is the final salary scheme?", "上海办公室几点开门？",
])
def test_questions_that_draw_no_contrast_read_every_window(question: str) -> None:
    sides = sides_of(question)
    assert not any(other_side(sides, [s]) for s in (
        "Ann Lee won the women's race.", "The semi-finals are on Sunday.", "每年最多报销三次。", "女子冠军为李四。",
        "下午两点开门。"))


def test_the_title_that_names_the_side_keeps_the_window() -> None:
    sides = sides_of("Who won the men's race?")
    assert other_side(sides, ["Ann Lee beat the women's record too."])
    assert not other_side(sides, ["Ann Lee beat the women's record too."], header="Men's race report")


def test_the_support_skips_the_other_sides_window() -> None:
    items = [ctx(1, "n", "2024枫泽马拉松半程比赛中，男子组冠军由大学生选手石楠获得。今年半程报名人数首次超过全程。", "")]
    space = env([chunk("n#0", items[0].text, doc="n")], language="zh")
    weights = {"枫泽": 1.0, "马拉松": 1.0, "男子": 1.0, "全程": 1.0, "冠军": 1.0}
    asked = asked_fact("2024年枫泽马拉松男子全程冠军是谁？", items, space, weights)
    assert asked.source is None and asked.answer_type == 0.0
    full = asked_fact("2024年枫泽马拉松男子半程冠军是谁？", items, space, {**weights, "半程": 1.0})
    assert full.source == 1


@pytest.mark.parametrize("question, sentences, expected", [
    # a review's attacks (session 56)
    ("第三届枫泽科技创新大奖一等奖颁给了哪几个项目？", ["二等奖授予了三个项目。"], True),     # 三 of 第三届 is no side
    ("沣屿地铁三号线一期设了几座车站？", ["三号线二期工程规划设站11座。"], True),
    ("第一期工程设站几座？", ["第二期工程设站11座。"], True),
    ("男子冠军是谁？", ["女子冠军为李四，男子组冠军为张三。"], False),              # 男子组 holds 男子
    ("全球平均气温是多少？", ["北半球平均气温为15度。"], False),                     # 全球 draws no contrast
    ("上一季度营收多少？", ["三季度营收为12亿。"], False),                          # the previous quarter
    ("Good morning, what time does the pool open?", ["Evening sessions start at 6pm."], False),
    ("What was the first-half profit?", ["Half-year profit was £2m."], False),       # one side, two spellings
    ("What was the half year profit?", ["First-half profit was £2m."], False),
    ("Where is the semi-final?", ["The semifinal is at Harford Park."], False),
    ("Where is the quarter-final?", ["The quarterfinal is at Harford Park."], False),
])
def test_a_reviews_attacks(question: str, sentences: list[str], expected: bool) -> None:
    assert other_side(sides_of(question), sentences) is expected


def test_a_long_question_gives_each_side_once() -> None:
    assert len(sides_of("男子" * 50_000)) == 1


def test_the_final_before_a_verb_is_still_a_round() -> None:
    sides = sides_of("What time does the men's final start?")
    assert any(side.own == ("final",) for side in sides)
    assert other_side(sides, ["The men's semi-final starts at 3pm."])


@pytest.mark.parametrize("question, sentences, expected", [
    # a figure asked of a named year is the whole year's: a sentence that writes only a part states that part's figure
    ("What was Pelham Bank's pre-tax profit for 2022?",
     ["Pelham Bank's first-half pre-tax profit rose to £690 million in 2022, beating expectations."], True),
    ("What was Pelham Bank's pre-tax profit for 2022?", ["Pelham Bank's pre-tax profit for 2022 was £1.2 billion."], False),
    ("What was Pelham Bank's pre-tax profit for 2022?",
     ["Profit was £1.2 billion in 2022, after £690 million in the first half."], False),   # the whole before the part
    ("What was Pelham Bank's pre-tax profit for 2022?", ["Full-year profit was £1.2bn; Q4 alone gave £400m."], False),
    ("松涧科技2023年研发投入是多少？", ["2023年上半年，公司研发投入9亿元。"], True),
    ("松涧科技2023年研发投入是多少？", ["公司2023年前三季度研发投入15亿元。"], True),
    ("松涧科技2023年研发投入是多少？", ["2023年研发投入21亿元，上半年为9亿元。"], False),
    ("松涧科技2023年研发投入是多少？", ["2023年上半年，公司研发投入9亿元。", "全年研发投入21亿元。"], False),
    ("松涧科技2023年研发投入是多少？", ["公司一季度召开了研发大会。"], False),              # no figure: states nothing
    # the question names a part itself: the phrase sets decide (first half against the full year)
    ("松涧科技2023年上半年研发投入是多少？", ["2023年上半年，公司研发投入9亿元。"], False),
    ("What was the first-half profit in 2022?", ["First-half profit was £690m in 2022."], False),
])
def test_a_figure_of_a_named_year_is_the_whole_years(question: str, sentences: list[str], expected: bool) -> None:
    assert other_side(sides_of(question), sentences) is expected


@pytest.mark.parametrize("question", [
    "How many days of annual leave do I get?",            # no year named: no implied side
    "Who was appointed chief executive in 2023?",         # no figure asked
    "2023年春节放假从哪天开始？",
])
def test_only_a_figure_of_a_named_year_implies_the_whole_year(question: str) -> None:
    assert not any(side.implied for side in sides_of(question))


@pytest.mark.parametrize("question, sentences, expected", [
    # an ordinal names one of a sequence (evidence v88)
    ("西奥多·庞维勒的第一部诗集叫什么？", ["1846年又出版了第二部诗集《钟乳石》。"], True),
    ("西奥多·庞维勒的第一部诗集叫什么？", ["1842年出版第一部诗集《女像柱》，1846年又出版第二部诗集。"], False),
    ("第2次会议在哪里召开？", ["第3次会议在北京召开。"], True),
    ("第二次会议在哪里召开？", ["第十二次会议在北京召开。"], False),      # 第十二次 holds no 第二次
    ("第一次和第二次会议分别在哪里召开？", ["第三次会议在北京召开。"], False),   # both sides named: no contrast
    ("第几次会议在北京召开？", ["第三次会议在北京召开。"], False),
])
def test_an_ordinal_names_one_of_a_sequence(question: str, sentences: list[str], expected: bool) -> None:
    assert other_side(sides_of(question), sentences) is expected


@pytest.mark.parametrize("question, sentences, expected", [
    # an English ordinal before a noun names one of a sequence; "opening" is the first (evidence v88)
    ("How much did Iron Lanterns make on its opening weekend?",
     ["Iron Lanterns held on to the top spot in its second weekend, though takings fell sharply."], True),
    ("How much did Iron Lanterns make on its opening weekend?", ["Iron Lanterns took $61.2 million in its first weekend."],
     False),
    ("How much did Iron Lanterns make on its opening weekend?",
     ["It took $61.2 million in its opening weekend and $30 million in its second weekend."], False),
    ("Who won the first and second rounds?", ["Ann Lee won the third round."], False),   # two ordinals: no contrast
    ("Can I travel first class?", ["Staff travel second class on every route."], False),  # a yes / no question
    ("What is the first step?", ["The second step is to book a room."], False),   # a handbook's sequence is not read
    ("Who won the opening round?", ["Ann Lee won the second round."], True),
])
def test_an_english_ordinal_names_one_of_a_sequence(question: str, sentences: list[str], expected: bool) -> None:
    assert other_side(sides_of(question), sentences) is expected
