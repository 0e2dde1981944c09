"""Attacks from the hostile review of this stop's rules (e72c72d..: sentence ends, the English asked fact, the
follow-up person and period pointers, the place swap, require_measure, the every-word focus rule, weekend days,
"outside London" rows): each asserts what a user of an HR or policy handbook assistant expects."""

from __future__ import annotations

import pytest

from rag.answer_types import asked_type
from rag.answerability import answerability
from rag.generators import generators
from rag.text import sentence_spans
from rag.transforms.followup import rewrite, standalone
from rag.transforms.referents import answered_person
from rag.types import Decision
from tests.rag.helpers import chunk, env, item

ANSWER = Decision("answer", "test")
PARAMS = {"semantic": False, "coverage_weight": 1.0, "answer_at": 0.5, "partial_coverage": 0.0}


def _asked(question: str, answer: str = "…") -> list[dict[str, str]]:
    return [{"role": "user", "content": question}, {"role": "assistant", "content": answer}]


def _decide(question: str, texts: list[str], language: str, focus: str | None = None, **params):
    items = [item(i + 1, t, f"d{i}") for i, t in enumerate(texts)]
    other = "Parking opens at seven." if language == "en" else "食堂中午十一点半开饭。"
    space = env([chunk(f"d{i}#{i + 1}", t) for i, t in enumerate(texts)] + [chunk("o#0", other)], language)
    if focus:
        space.facts["focus"] = focus
    return answerability.build({"name": "evidence", "params": {**PARAMS, **params}})(question, items, space)


# ── 1. require_measure refuses must-answer questions whose amount is written in words / another form ─────────
MEASURE_CASES = [
    # English spans and deadlines
    ("en", "How many days' notice do I need to give before taking leave?",
     "Leave\nYou must give a fortnight's notice before taking leave."),
    ("en", "How long do I have to submit an expense claim?",
     "Expenses\nExpense claims must be submitted within a fortnight of the trip."),
    ("en", "How long do I have to report an accident at work?",
     "Accidents\nEvery accident at work must be reported to your supervisor straight away."),
    ("en", "How long do I have to report an accident at work?",
     "Accidents\nEvery accident at work must be reported without delay."),
    ("en", "How long do I have to submit my expense claim?",
     "Expenses\nSubmit your expense claim by the 20th of each month."),
    ("en", "How long do I have to submit my timesheet?",
     "Timesheets\nTimesheets must be submitted by the last working day of the month."),
    # Chinese spans and deadlines
    ("zh", "报销款多久能到账？", "报销\n报销单审核通过后，报销款随次月工资一并发放到账。"),
    ("zh", "报销单最晚多久要交？", "报销\n每月20号前提交上月的报销单，逾期不予受理。"),
    ("zh", "发生工伤事故后多久要上报？", "工伤\n发生工伤事故后，须第一时间上报安全员。"),
    ("zh", "跨行转账多久到账？", "转账\n跨行转账资金T+1到账，遇节假日顺延。"),
    # money written as pence / "pounds" / in a column header
    ("en", "How much is the mileage allowance?", "Mileage\nThe mileage allowance is 45p per mile for cars."),
    ("en", "How much is the daily meal allowance?", "Meals\nThe daily meal allowance is 25 pounds for UK trips."),
    ("en", "How much is the daily meal allowance for managers?",
     "Meals\n| Grade | Daily meal allowance (£) |\n|---|---|\n| Staff | 35 |\n| Managers | 50 |"),
    ("zh", "一线城市出差住宿费每晚多少钱？",
     "住宿\n| 城市级别 | 住宿费标准（元/晚） |\n|---|---|\n| 一线城市 | 600 |\n| 其他城市 | 450 |"),
    ("zh", "出差伙食补助每天多少钱？", "伙食补助\n出差伙食补助标准（单位：元）：每人每天 100。"),
    ("zh", "被辞退的话赔偿金是多少？",
     "经济补偿\n公司解除劳动合同的，赔偿金按员工在本单位工作的年限，每满一年支付一个月工资。"),
    # percentages written as a fraction / a multiple
    ("zh", "病假期间工资发百分之几？", "病假\n病假期间，工资按本人基本工资的一半发放。"),
    ("zh", "法定节假日加班工资按什么比例发？", "加班\n法定节假日安排加班的，按本人日工资的三倍支付加班工资。"),
    ("zh", "休息日加班工资按多少比例算？", "加班\n休息日安排加班又不能补休的，支付双倍工资。"),
    ("en", "What percentage of my salary is paid during long-term sick leave?",
     "Sick pay\nDuring long-term sick leave you are paid two thirds of your salary."),
    ("en", "What percentage of pay do I get for overtime on a Sunday?",
     "Overtime\nOvertime on a Sunday is paid at double time."),
    # no amount, because there is no limit / the company pays all of it
    ("en", "How much can I spend on a hotel in London?", "Hotels\nThere is no cap on hotel rates in London; book via the portal."),
    ("zh", "市内出租车费报销上限是多少钱？", "交通\n市内出租车费无上限，凭发票报销。"),
    ("zh", "市内出租车费报销上限是多少钱？", "交通\n市内出租车费上不封顶，凭发票报销。"),
    ("zh", "年度体检费用自己要出多少钱？", "体检\n年度体检费用全部由公司承担。"),
]


@pytest.mark.parametrize(("language", "question", "source"), MEASURE_CASES,
                         ids=[f"{c[0]}-{c[1][:28]}-{c[2][-18:]}" for c in MEASURE_CASES])
def test_require_measure_does_not_refuse_an_answer_written_another_way(language: str, question: str, source: str) -> None:
    # control: on evidence alone the source answers the question
    assert _decide(question, [source], language, require_measure=False).action == "answer"
    out = _decide(question, [source], language)
    assert "measure_missing" not in out.signals, out.reason
    assert out.action == "answer", out.reason


# ── 2. answered_person: 报 / 请 / 交 inside a word are read as the verb that points at the role ───────────────
@pytest.mark.parametrize(("who", "answer", "role"), [
    ("报销单需要谁审批？", "报销单由部门经理审批。", "部门经理"),
    ("发生工伤要找谁？", "须在24小时内报告部门负责人。", "部门负责人"),
    ("加班需要找谁？", "请及时向直属主管报备，由主管审批。", "直属主管"),
    ("报销单交给谁？", "请交给部门经理审批。", "部门经理"),
])
def test_the_role_an_answer_names_is_the_role_not_the_word_before_it(who: str, answer: str, role: str) -> None:
    assert answered_person(who, answer, "zh") == role
    assert standalone("他的电话是多少？", _asked(who, answer), "zh") == f"{role}的电话是多少？"


def test_qita_is_not_a_pronoun_for_the_answered_person() -> None:
    # 其他 (other) holds 他: "其他费用也需要他审批吗？" became "其销单由部门经理费用也需要他审批吗？"
    history = _asked("报销单需要谁审批？", "报销单由部门经理审批。")
    out = standalone("其他费用也需要他审批吗？", history, "zh")
    assert out.startswith("其他费用"), out
    assert standalone("其他人可以代签吗？", history, "zh").startswith("其他人"), standalone("其他人可以代签吗？", history, "zh")


@pytest.mark.parametrize(("question", "history", "language", "role"), [
    ("My wife is pregnant — how long is her maternity leave?",
     _asked("Who approves paternity leave?", "Your line manager approves it."), "en", "manager"),
    ("我老婆怀孕了，她能休几天产假？", _asked("陪产假找谁批？", "陪产假由部门经理审批。"), "zh", "经理"),
])
def test_a_pronoun_for_someone_the_question_itself_introduces_is_not_the_answered_role(
        question: str, history: list[dict[str, str]], language: str, role: str) -> None:
    out = standalone(question, history, language)
    assert role not in out, out


def test_the_role_that_answers_is_not_the_one_named_in_a_condition() -> None:
    history = _asked("Who approves my timesheet?", "If your manager is unavailable, the Duty Officer approves it.")
    assert answered_person(history[0]["content"], history[1]["content"], "en") == "Duty Officer"


# ── 3. 这段时间 / 在这期间 and the 呢-topic opener ──────────────────────────────────────────────────────────
def test_zhe_duan_shi_jian_meaning_lately_is_no_pointer() -> None:
    # "这段时间" is everyday Chinese for "lately"; the standalone question must not get the earlier topic spliced in
    history = _asked("年假有几天？", "15 天。")
    assert standalone("这段时间加班多，加班费怎么算？", history, "zh") == "这段时间加班多，加班费怎么算？"
    history = _asked("病假需要什么证明？", "医院证明。")
    assert standalone("最近这段时间食堂几点开门？", history, "zh") == "最近这段时间食堂几点开门？"


def test_a_ne_topic_opener_does_not_append_the_earlier_question_s_asking() -> None:
    # "社保呢，公司交多少？" after a housing-fund question became "社保呢，公司交多少，公积金缴存比例是多少？":
    # the standalone question now asks the housing-fund ratio too
    out, _ = rewrite("社保呢，公司交多少？", _asked("公积金缴存比例是多少？", "12%。"), "zh")
    assert "公积金缴存比例是多少" not in out, out


def test_a_ne_topic_opener_that_names_a_new_topic_gets_no_old_scene() -> None:
    out = standalone("年假呢，一年有几天？", _asked("病假怎么请？", "在 OA 提交。"), "zh")
    assert "病假" not in out, out


# ── 4. the focus rule (v40 every word, v37 days) refuses legitimate follow-ups ─────────────────────────────
@pytest.mark.parametrize(("language", "question", "source", "focus"), [
    ("en", "How many days of annual leave do part-time staff get?",
     "Annual leave\nPart-time employees receive annual leave pro rata to their contracted hours; full-time employees get 25 days.",
     "part-time staff"),
    ("zh", "女员工产假有多少天？", "产假\n女职工生育享受98天产假，其中产前可以休假15天。", "女员工"),
    # the days map one way only: a day the sources hold by the weekend is refused
    ("en", "How is overtime on a Sunday paid?",
     "Overtime\nWeekday overtime is paid at time and a half. Weekend overtime is paid at double time.", "Sunday"),
    ("zh", "周日加班工资怎么算？", "加班\n工作日加班按工资的150%支付；周末加班不能补休的，按200%支付。", "周日"),
])
def test_a_legitimate_follow_up_focus_is_held(language: str, question: str, source: str, focus: str) -> None:
    assert _decide(question, [source], language).action == "answer"   # control: no focus, answered
    out = _decide(question, [source], language, focus=focus)
    assert "focus_missing" not in out.signals, out.reason


# ── 5. asked type: a fronted clause / a second question / more verbs of knowing ────────────────────────────
@pytest.mark.parametrize(("question", "kind"), [
    # a when-clause set before the question: the question word after the comma asks
    ("When my manager is away, who approves my leave?", "person"),
    ("When I'm on sick leave, where do I send my fit note?", "place"),
    ("When I work from home, who pays for my broadband?", "person"),
    # a second question joined by "and" is no clause inside the first
    ("Do I need approval, and who gives it?", "person"),
    ("Should I tell my manager or HR, and who signs the form?", "person"),
    # embedding verbs beyond the list
    ("Do you have any idea when payday is?", "date"),
    ("Has anyone said when the office reopens?", "date"),
])
def test_the_asked_type_of_a_question_with_a_clause(question: str, kind: str) -> None:
    assert asked_type(question) == kind


# ── 6. sentence_spans: a capital letter's stop before a non-function word no longer ends a sentence ─────────
@pytest.mark.parametrize(("text", "expected"), [
    ("Report to Building B. Staff must sign in at the desk.", ["Report to Building B.", "Staff must sign in at the desk."]),
    ("Meet at Gate A. Bring your pass.", ["Meet at Gate A.", "Bring your pass."]),
    ("Apply via Form B. Approval takes 3 days.", ["Apply via Form B.", "Approval takes 3 days."]),
    ("The bonus applies to Grade C. Grade D staff are exempt.", ["The bonus applies to Grade C.", "Grade D staff are exempt."]),
])
def test_a_sentence_after_a_single_capital_is_its_own(text: str, expected: list[str]) -> None:
    assert [text[s:e] for s, e in sentence_spans(text)] == expected


# ── 7. extractive _OUTSIDE: any unnamed place, even abroad, gets the "UK outside London" row ─────────────────
@pytest.mark.parametrize("question", [
    "I'm going to a conference in Tokyo, what's the most I can spend on a hotel per night?",
    "What's the hotel cap per night when travelling to Germany?",
])
def test_a_place_abroad_is_not_the_rest_of_london(question: str) -> None:
    rows = ("| Location | Nightly hotel cap |\n|---|---|\n| London | £160 per night |\n| UK outside London | £110 per night |\n"
            "| Overseas | £200 per night |")
    out = generators.build({"name": "extractive", "params": {"max_sentences": 1}})(question, [item(1, rows)], ANSWER, env([]))
    assert "£110" not in out.text, out.text
