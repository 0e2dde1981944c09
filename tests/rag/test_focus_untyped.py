"""A follow-up that swaps a slot of the earlier question is answered only where its focus stands in a window holding a
candidate of the asked type (evidence v115, ``refuse_untyped_focus``, check ``focus_untyped``), and the slot it swapped
out is read off the rewrite (followup v26, ``replaced_slot``)."""

from __future__ import annotations

import pytest

from rag.answerability import answerability
from rag.transforms.followup import replaced_slot, rewrite_slots
from rag.types import ContextItem, Decision
from tests.rag.helpers import chunk, env

PARAMS = {"semantic": False, "coverage_weight": 1.0, "answer_at": 0.0, "answer_type": True}

ZH_TABLE = ("员工补贴发放标准\n\n| 补贴项目 | 适用人员 | 标准 |\n|---|---|---|\n| 通讯补贴 | 管理序列 | 300元/月 |\n"
            "| 通讯补贴 | 主管级 | 200元/月 |\n| 通讯补贴 | 专员级 | 100元/月 |\n\n签约营销员的考勤由营销部负责。")
EN_TABLE = ("Allowances\n\n| Allowance | Who receives it | Rate |\n|---|---|---|\n"
            "| Relief master | A chief officer appointed to act as master | £38 per day |\n"
            "| Night sailing | Deck crew on night sailings | £12 per night |\n\n"
            "The relief chief engineer rota is kept by the Fleet Office.")
# the unit stands in the sentence before the table: its rows hold bare numbers
ZH_UNITLESS = ("住宿费标准（单位：元/人·晚）\n\n| 职级 | 省会城市 | 其他城市 |\n|---|---|---|\n| 一般员工 | 420 | 360 |\n"
               "| 中层干部 | 460 | 400 |")


def _item(text: str, title: str) -> ContextItem:
    return ContextItem(1, "d#1", "d", title, (), text, 1.0, len(text))


def _decide(lang: str, text: str, title: str, question: str, focus: str, replaced: str, on: bool = True) -> Decision:
    space = env([chunk("d#1", text), chunk("o#0", "停车场七点开门。Parking opens at seven.")], language=lang)
    space.facts["focus"] = focus
    if replaced:
        space.facts["replaced"] = replaced
    decide = answerability.build({"name": "evidence", "params": {**PARAMS, "refuse_untyped_focus": on}})
    return decide(question, [_item(text, title)], space)


@pytest.mark.parametrize(("lang", "text", "title", "question", "focus", "replaced"), [
    ("zh", ZH_TABLE, "员工补贴发放标准", "签约营销员每月通讯补贴多少钱？", "签约营销员", "专员级"),
    ("en", EN_TABLE, "Allowances", "How much is the relief chief engineer allowance?", "relief chief engineer",
     "relief master"),
])
def test_a_focus_named_only_where_no_amount_stands_is_refused(lang, text, title, question, focus, replaced) -> None:
    off = _decide(lang, text, title, question, focus, replaced, on=False)
    assert off.action == "answer", f"precondition: answered without the check ({off.check}: {off.reason})"
    on = _decide(lang, text, title, question, focus, replaced)
    assert (on.action, on.check) == ("refuse", "focus_untyped"), on.reason


@pytest.mark.parametrize(("lang", "text", "title", "question", "focus", "replaced"), [
    # the focus has its own row: answered
    ("zh", ZH_TABLE, "员工补贴发放标准", "主管级每月通讯补贴多少钱？", "主管级", "专员级"),
    ("en", EN_TABLE, "Allowances", "How much is the night sailing allowance?", "night sailing", "relief master"),
    # …whose number takes its unit from the sentence before the table
    ("zh", ZH_UNITLESS, "差旅费管理办法", "中层干部去省会城市出差，住宿费每晚能报多少？", "中层干部", "一般员工"),
])
def test_a_focus_with_its_own_row_is_answered(lang, text, title, question, focus, replaced) -> None:
    decision = _decide(lang, text, title, question, focus, replaced)
    assert decision.action == "answer", f"{decision.check}: {decision.reason}"


def test_a_follow_up_joined_not_swapped_is_left_to_the_other_checks() -> None:
    # no slot replaced: the rule reads only a follow-up that swapped one
    decision = _decide("zh", ZH_TABLE, "员工补贴发放标准", "签约营销员每月通讯补贴多少钱？", "签约营销员", "")
    assert decision.check != "focus_untyped"


@pytest.mark.parametrize(("previous", "standalone", "focus", "replaced"), [
    ("专员级员工每月通讯补贴多少？", "签约营销员级员工每月通讯补贴多少？", "签约营销员", "专员"),
    ("前厅部配发几套工服？", "客房部配发几套工服？", "客房部", "前厅部"),
    ("How many volunteers are there at Holloway Ironworks?", "How many volunteers are there at Fernleigh Hall?",
     "at Fernleigh Hall", "at Holloway Ironworks"),
    # joined, not swapped
    ("前厅部配发几套工服？", "客房部，前厅部配发几套工服？", "客房部", ""),
    # a phrase after a preposition put in for a word after none: no slot (the rewrite went wrong)
    ("How much per hour does a community group pay to hire the Tennyson Room?",
     "How much per hour does a community group pay to for a commercial hirer the Tennyson Room?",
     "for a commercial hirer", ""),
    ("What is the rate?", "What is the rate?", "", ""),
])
def test_the_slot_a_focus_replaced(previous, standalone, focus, replaced) -> None:
    assert replaced_slot(previous, standalone, focus) == replaced


def test_the_rewrite_says_which_slot_it_swapped() -> None:
    history = [{"role": "user", "content": "前厅部配发几套工服？"}, {"role": "assistant", "content": "前厅部配发 3 套。"}]
    standalone, focus, replaced = rewrite_slots("那客房部呢？", history, "zh")
    assert (standalone, focus, replaced) == ("客房部配发几套工服？", "客房部", "前厅部")
    history = [{"role": "user", "content": "How many volunteers are there at Holloway Ironworks?"},
               {"role": "assistant", "content": "About 60."}]
    assert rewrite_slots("And at Fernleigh Hall?", history, "en")[2] == "at Holloway Ironworks"


# a review's answerable follow-ups that the first version refused (session 75), each answered now: the focus named by
# the line leading into a list or a table, the figure in the sentence after the one naming the focus, a name three
# sentences before the figure, a relative date or a department as the answer, the focus written shorter or longer in
# the row, a caption row above a table's header row
_REVIEW = [
    ("en", "Overtime pay\n\nFull-time staff are paid overtime as follows:\n- Weekdays: £18 per hour\n- Weekends: £24 per "
     "hour\n\nPart-time staff are paid overtime as follows:\n- Weekdays: £15 per hour\n- Weekends: £20 per hour",
     "Overtime pay", "What is the weekend overtime rate for part-time staff?", "part-time staff", "full-time staff"),
    ("zh", "加班费标准\n\n全职员工加班费标准如下：\n1. 工作日：每小时 60 元\n2. 周末：每小时 80 元\n\n兼职员工加班费标准如下：\n"
     "1. 工作日：每小时 30 元\n2. 周末：每小时 40 元", "加班费标准", "兼职员工周末加班费每小时多少钱？", "兼职员工", "全职员工"),
    ("en", "Hotel limits\n\nFor managers, the nightly hotel limits are:\n\n| City | Limit |\n|---|---|\n| London | £180 |\n"
     "| Other cities | £120 |\n\nFor other staff, the nightly hotel limits are:\n\n| City | Limit |\n|---|---|\n"
     "| London | £140 |\n| Other cities | £95 |", "Hotel limits", "What is the nightly hotel limit in London for managers?",
     "managers", "other staff"),
    ("zh", "员工补贴发放标准\n\n| 补贴项目 | 适用人员 | 标准 |\n|---|---|---|\n| 通讯补贴 | 主管级 | 200元/月 |\n"
     "| 通讯补贴 | 专员级 | 100元/月 |\n\n签约营销员也享受通讯补贴，按月随佣金发放。标准为每月50元。", "员工补贴发放标准",
     "签约营销员每月通讯补贴多少钱？", "签约营销员", "专员级"),
    ("en", "Heritage sites\nFernleigh Hall is a Victorian house on the edge of Marlow. The house was left to the town by the "
     "Ashdown family. Today a team of 45 volunteers keeps it open. Holloway Ironworks, by contrast, is run by 60 "
     "volunteers.", "Heritage sites", "How many volunteers are there at Fernleigh Hall?", "at Fernleigh Hall",
     "at Holloway Ironworks"),
    ("en", "Call-out fees\n\n| Contractor | Call-out fee |\n|---|---|\n| Veterinary surgeon | £85 |\n| Farrier | £40 |\n\n"
     "Vets must be booked through the yard office.", "Call-out fees", "What is the call-out fee for vets?", "vets",
     "farriers"),
    ("zh", "学历津贴标准\n\n| 学历 | 津贴 |\n|---|---|\n| 本科 | 300元/月 |\n| 硕士 | 600元/月 |\n\n本科生入职须提交学位证书复印件。",
     "学历津贴标准", "本科生每月学历津贴多少？", "本科生", "硕士"),
    ("zh", "差旅住宿标准\n\n| 住宿标准（元/晚） | | |\n|---|---|---|\n| 职级 | 一线城市 | 二线城市 |\n| 经理 | 650 | 500 |\n"
     "| 主管 | 450 | 350 |", "差旅住宿标准", "经理在二线城市住宿标准每晚多少钱？", "二线城市", "一线城市"),
]


@pytest.mark.parametrize(("lang", "text", "title", "question", "focus", "replaced"), _REVIEW)
def test_review_answerable_follow_ups_stay_answered(lang, text, title, question, focus, replaced) -> None:
    decision = _decide(lang, text, title, question, focus, replaced)
    assert decision.check != "focus_untyped", decision.reason


# a second review (session 75) of the rebuilt form: answerable follow-ups it still refuses, why the option is off by
# default (evidence v116); each pinned as a strict xfail until the rule reads them
_STILL_REFUSED = [
    # the focus's row states no figure: the answer is that no cap applies, or that the grade is not eligible
    ("zh", "住宿标准\n\n| 职级 | 标准 |\n|---|---|\n| 部门经理 | 500元/晚 |\n| 总经理 | 实报实销 |", "住宿标准",
     "总经理住宿标准每晚多少钱？", "总经理", "部门经理"),
    ("en", "Phone allowance\n\n| Grade | Allowance |\n|---|---|\n| Managers | £30 a month |\n| Interns | Not eligible |",
     "Phone allowance", "How much is the phone allowance for interns?", "interns", "managers"),
    # a list's lead-in that ends with a full stop, not a colon
    ("zh", "加班费标准\n\n全职员工加班费标准如下。\n1. 工作日：每小时 60 元\n2. 周末：每小时 80 元\n\n兼职员工加班费标准如下。\n"
     "1. 工作日：每小时 30 元\n2. 周末：每小时 40 元", "加班费标准", "兼职员工周末加班费每小时多少钱？", "兼职员工", "全职员工"),
    # a table grouped by section rows
    ("en", "Overtime\n\n| Staff | Rate |\n|---|---|\n| **Full-time staff** | |\n| Weekdays | £18 per hour |\n"
     "| Weekends | £24 per hour |\n| **Part-time staff** | |\n| Weekdays | £15 per hour |\n| Weekends | £20 per hour |",
     "Overtime", "What is the weekend overtime rate for part-time staff?", "part-time staff", "full-time staff"),
]


@pytest.mark.xfail(strict=True, reason="focus_untyped reads no figure-free answer, full-stop lead-in or section row")
@pytest.mark.parametrize(("lang", "text", "title", "question", "focus", "replaced"), _STILL_REFUSED)
def test_second_review_answerable_follow_ups(lang, text, title, question, focus, replaced) -> None:
    off = _decide(lang, text, title, question, focus, replaced, on=False)
    on = _decide(lang, text, title, question, focus, replaced)
    assert off.action == "answer" and on.check != "focus_untyped", on.reason


def test_the_check_is_off_by_default() -> None:
    space = env([chunk("d#1", ZH_TABLE)], language="zh")
    space.facts.update(focus="签约营销员", replaced="专员级")
    decide = answerability.build({"name": "evidence", "params": PARAMS})
    assert decide("签约营销员每月通讯补贴多少钱？", [_item(ZH_TABLE, "员工补贴发放标准")], space).check != "focus_untyped"
