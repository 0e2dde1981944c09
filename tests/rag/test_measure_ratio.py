"""The asked measure in the sentences that carry the question (evidence v76, ``measure_ratio``)."""

from __future__ import annotations

import pytest

from rag.answerability import answerability
from rag.measures import states_measure
from tests.rag.helpers import chunk, env, item

ALLOWANCES = """补贴标准 > 通讯补贴
| 职务 | 补贴 | 金额 |
|---|---|---|
| 店长 | 通讯补贴 | 200 元 |
| 收银员 | 交通补贴 | 80 元 |
"""
PAY = """薪酬等级表 > 岗位工资
| 岗位 | 岗位工资（元/月） |
|---|---|
| 店长 | 6800 |
| 收银员 | 3900 |
"""
HANDBOOK_NOTE = "店长的岗位工资按薪酬等级表执行，每个月随当月工资发放。"


def decide(question: str, texts: list[str], ratio: float | None, language: str = "zh"):
    space = env([chunk(f"d{i}#0", text) for i, text in enumerate(texts)], language=language)
    rule = answerability.build({"name": "evidence", "params": {
        "semantic": False, "coverage_weight": 1.0, "answer_at": 0.0, "answer_type": True, "measure_ratio": ratio}})
    # each source's title is its first line's first part ("职级与薪酬 > 二、…"), as a chunk's header writes it
    return rule(question, [item(n, text, f"d{n - 1}", title=text.split("\n")[0].split(" > ")[0])
                           for n, text in enumerate(texts, 1)], space)


def test_money_asked_of_a_post_whose_rows_state_none_is_refused() -> None:
    # the note names the post and the pay, but states no amount; the allowance row's money is another fact's
    question = "店长每个月的岗位工资是多少？"
    refused = decide(question, [HANDBOOK_NOTE, ALLOWANCES], 0.4)
    assert refused.action == "refuse" and "money" in refused.reason
    assert refused.signals["measure_ratio"] == 0.4
    # off (None), the rule answers as before
    assert decide(question, [HANDBOOK_NOTE, ALLOWANCES], None).action == "answer"


def test_money_stated_in_the_row_that_carries_the_question_is_answered() -> None:
    # the pay table's header gives the unit ("岗位工资（元/月）"): its row states the amount
    answered = decide("店长每个月的岗位工资是多少？", [HANDBOOK_NOTE, PAY], 0.4)
    assert answered.action == "answer", answered.reason


def test_a_question_that_asks_no_measure_is_left_alone() -> None:
    answered = decide("店长负责什么工作？", [HANDBOOK_NOTE, ALLOWANCES], 0.4)
    assert "measure_ratio" not in answered.signals


@pytest.mark.parametrize(("sentence", "measure", "holds"), [
    ("岗级: 四岗; 岗位工资（元/月）: 4400", "money", True),
    ("Rate (£ per hour): 12.45", "money", True),
    ("工资（每月）: 3", "money", False),
    ("You can self-certify sickness for up to 3 consecutive days.", "time", True),
    ("Lockers are on level 2, one per person.", "money", False),
])
def test_amounts_a_row_or_sentence_states(sentence: str, measure: str, holds: bool) -> None:
    assert states_measure(sentence, measure) is holds


GRADES = """职级与薪酬 > 二、月基本工资档位（单位：元/月）
| 职级 | 对应岗位 | 一档 | 二档 |
|---|---|---|---|
| P4 | 主管 | 6800 | 7400 |
| P5 | 高级主管 | 8200 | 8900 |
"""


def test_a_heading_that_gives_the_unit_makes_the_rows_amounts() -> None:
    # blind dev baoxian-zh: the unit stands only in the section heading, never beside the figures
    answered = decide("P4主管的月基本工资二档是多少？", [GRADES, ALLOWANCES], 0.4)
    assert answered.action == "answer", answered.reason


@pytest.mark.parametrize(("heading", "measure", "given"), [
    ("二、月基本工资档位（单位：元/月）", "money", True),
    ("Overtime rates (£ per hour)", "money", True),
    ("All figures are in £", "money", True),
    ("二、月基本工资档位", "money", False),
    ("办理时限（单位：工作日）", "time", True),
    ("Notice periods (weeks)", "time", True),
    ("Notice periods (weeks)", "money", False),
])
def test_a_heading_gives_a_unit(heading: str, measure: str, given: bool) -> None:
    from rag.measures import unit_given

    assert unit_given(heading, measure) is given
