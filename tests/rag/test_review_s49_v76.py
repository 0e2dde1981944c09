"""Hostile review (s49) of evidence v76: ``refuse_unwritten_names`` (:mod:`rag.answerability.unwritten_names`),
``measure_ratio`` (:mod:`rag.answerability.evidence`, 0.4 in ``configs/default.yaml``) and the v76 changes to
:mod:`rag.measures` (what someone earns / an employer pays towards is money, a multiple is a share, a table header's unit
states money, "3 consecutive days" states a span).

A refusal is right only when the sources truly lack the asked fact; a false refusal of an answerable question is the
worse failure. Every test states the right behaviour. One that shows a defect is marked ``xfail(strict=True,
raises=AssertionError)`` per parameter with its defect number (numbered most likely to hit a real user first), so fixing
one case breaks no other; an unmarked test pins behaviour that is right today and must stay so. The gate is built here
(:func:`decide`, :func:`decide_evidence`), not imported, so an edit to another suite's helper changes nothing.

Defects, most likely first:
(1) ``measure_ratio`` counts a window as stating the asked amount only through :func:`rag.measures.states_measure` and
the number rule, so an amount ``require_measure`` accepts in words — free, paid in full, 全额报销, 免费, 45p, 30 pounds,
a fortnight, 一个月工资, 双倍, 六成, a unit line above a table (以下金额单位：元) — is refused whenever it is the only one;
(2) title case and capitals: the words that ask join the name ("What's The Annual Leave Allowance?" → "The Annual Leave
Allowance");
(3) the first word's apostrophe or plural: the pre-filter ``first in text`` reads the word unstripped ("Women's Network"
against "Women’s Network"; likewise "Employees Forum" against "Employee Forum");
(4) a table whose unit stands in its header ("Days", "Entitlement (days)", 天数) states no span (``require_measure``);
(5) "&" is never "and" ("Health & Safety Officer" against "Health and Safety Officer");
(6) a multiple written with digits ("1.5 times the normal rate", "4 times your salary") states no share;
(7) "one month's salary" (a singular possessive) and "the full cost" / "half the cost" state no money;
(8) "how much … earn / is paid" reads leave, TOIL and a commission rate as money ("How much annual leave do I earn?");
(9) "consecutive" takes no second modifier ("7 consecutive calendar days", "5 consecutive working days");
(10) compounds written solid or unhyphenated (Wi-Fi Password / wifi password);
(11) money units said another way in a heading or a header ("(all figures in £)", （人民币元）; likewise "(£k)", "(US$)");
(12) a name in another order ("Finance Director" / "Director of Finance");
(13) number words past twelve ("fourteen days", "thirteen weeks");
(14) abbreviations and spellings (Dr / Dr., Programme / Program);
(15) 八折 / 八五折 state no share;
(16) a scene in a clause before the question ("Since I live near Canary Wharf, can I …?") is read as asked;
(17) currencies ₹ and CHF are no money;
(18) a code's word stays in the run ("Safeguarding Adults Level" against "Safeguarding adults (Level 3)");
(19) fail to refuse: the next sentence's amount, about another post, counts for the asked one (window 2);
(20) fail to refuse: a header unit "(£ per hour)" over a cell that holds no amount counts as one;
(21) accented letters break a word ("Café" is read "Caf");
(22) fail to refuse: a certificate's name after "go to the" is read as a place the asker goes;
(23) fail to refuse: a follow-up's rewrite drops the name the asker wrote in an earlier turn;
(24) a hyphen at a line wrap splits a name ("Data Pro-\\ntection Officer");
(25) fail to refuse: list items on adjacent lines join into a name;
(26) fail to refuse: "double room" states a multiple;
(27) :func:`name_runs` is quadratic in the number of runs (``where_the_asker_goes`` reads the whole prefix per run).

Fixed in the same session (evidence v78, extractive v47), their marks removed: 2, 3, 5, 6, 7, 9, 10, 14, 16, 17, 18, 20,
24, 26 and 27, and in part 1 (a window that says "free" or "in full", or states the amount in words when no source
writes one in figures, is no longer refused), 8 (leave, TOIL and commission earned are no money) and 13 (number words
to ninety). Still pinned: the rest of 1, 4, 11, 12, 13, 19, 21, 22, 23 and 25, and 15 (八折 read as a share answered a
late-fee 比例 question on dev with a 九五折 discount, so it was not kept).

Note: while this review ran, 18a189c (evidence v77) added ``rag.measures.unit_given`` (a heading's unit read for the
figures below it): ``unit-heading`` below passes since, and failed at c7d1e86, the v76 under review.
"""

from __future__ import annotations

import pytest

from rag.answer_types import asked_type, has_candidate
from rag.answerability.unwritten_names import name_runs, unwritten_names
from rag.measures import asked_measure, states_measure
from tests.rag.helpers import chunk, env, item


def defect(number: int, why: str) -> pytest.MarkDecorator:
    return pytest.mark.xfail(strict=True, raises=AssertionError, reason=f"defect {number}: {why}")


def bug(number: int, why: str, *values, id: str | None = None):  # noqa: A002
    return pytest.param(*values, marks=defect(number, why), id=id)


def decide(question: str, texts: list[str], language: str, ratio: float | None = 0.4):
    """The evidence rule with ``measure_ratio`` over ``texts``, every one retrieved; each source's title is its first
    line's first part, as a chunk's header writes it ("Occupational health > Flu jabs")."""
    from rag.answerability import answerability

    space = env([chunk(f"d{i}#0", text) for i, text in enumerate(texts)], language=language)
    rule = answerability.build({"name": "evidence", "params": {
        "semantic": False, "coverage_weight": 1.0, "answer_at": 0.0, "answer_type": True, "measure_ratio": ratio}})
    return rule(question, [item(n, text, f"d{n - 1}", title=text.split("\n")[0].split(" > ")[0])
                           for n, text in enumerate(texts, 1)], space)


def decide_evidence(question: str, corpus: list[tuple[str, str]], top: list[tuple[str, str]]):
    """The English evidence rule (measure_ratio off) over a corpus of (chunk id, text), ``top`` the retrieved items."""
    from rag.answerability import answerability

    space = env([chunk(cid, text) for cid, text in corpus], language="en")
    rule = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0,
                                                                 "answer_at": 0.0, "answer_type": True}})
    return rule(question, [item(n, text, cid.split("#")[0]) for n, (cid, text) in enumerate(top, 1)], space)


def unwritten(question: str, *texts: str, asked_as: str | None = None) -> list[str]:
    space = env([chunk(f"doc{i}#0", text) for i, text in enumerate(texts)], language="en").space
    return unwritten_names(question, space, None, asked_as)


# ---------------------------------------------------------------------------------------------------------------------
# Handbook text

LEAVE = ("Annual leave\n\nYour annual leave allowance is 25 days a year, plus bank holidays. You may carry over up to 5 days "
         "of annual leave into the next leave year with your manager's approval.")
CERTIFICATES = ("Training > Certificates\n| Certificate | Who needs it | Valid for |\n|---|---|---|\n"
                "| Ship Security Awareness | All crew | 5 years |\n| Manual Handling | All staff | 3 years |\n")
DECK = "Deck and engine officers attend the annual security briefing."


# ---------------------------------------------------------------------------------------------------------------------
# 1. A name no document writes (unwritten_names): false refusals

@pytest.mark.parametrize(("question", "text"), [
    pytest.param("What's The Annual Leave Allowance?", LEAVE, id="title-case"),
    pytest.param("WHAT IS THE ANNUAL LEAVE ALLOWANCE?", LEAVE, id="capitals"),
    pytest.param("When does the Women's Network meet?",
        "The Women’s Network meets on the first Tuesday of each month.", id="curly-apostrophe"),
    pytest.param("What is the extension of the Health & Safety Officer?",
        "Report hazards to the Health and Safety Officer on extension 200.", id="ampersand"),
    pytest.param("What's the Wi-Fi Password?", "The guest wifi password is on the reception noticeboard.",
        id="wifi"),
    bug(12, "another order", "Who is the Finance Director?", "Director of Finance: Jane Smith, extension 101.",
        id="order"),
    pytest.param("Is Dr Patel the Caldicott Guardian?", "Caldicott Guardian: Dr. Patel, extension 330.",
        id="dr-dot"),
    pytest.param("What is the Employee Assistance Programme number?",
        "Employee Assistance Program: call 0800 123 456, 24 hours a day.", id="programme"),
    pytest.param("Since I live near Canary Wharf, can I work from home on Fridays?",
        "Staff may work from home up to two days a week, including Fridays.", id="scene-clause"),
    pytest.param("What does the Safeguarding Adults Level 3 course cover?",
        "Safeguarding adults (Level 3): a one-day course on referrals and record keeping.", id="level-3"),
    bug(21, "an accented letter", "What time does the Harbour View Café open?", "The Harbour View Cafe opens at 8am.",
        id="accent"),
    pytest.param("Who is the Data Protection Officer?", "Our Data Pro-\ntection Officer is Sam Lee.",
        id="wrap-hyphen"),
    # survived
    pytest.param("Who is the Data Protection Officer?", "Our Data\nProtection Officer is Sam Lee.", id="wrap"),
    pytest.param("I'm taking Year 8 to the Natural History Museum. How many staff do I need per pupil?",
                 "Trips need one member of staff per 10 pupils.", id="scene-sentence"),
])
def test_a_name_the_document_writes_is_not_unwritten(question: str, text: str) -> None:
    assert unwritten(question, text) == []


# ---------------------------------------------------------------------------------------------------------------------
# 2. A name no document writes: what the rule claims to catch

@pytest.mark.parametrize(("question", "text", "names"), [
    pytest.param("How long is the SHIP SECURITY OFFICER certificate valid?", CERTIFICATES, ["SHIP SECURITY OFFICER"],
                 id="capitals"),
    bug(22, "a certificate after 'go to the' is read as a place",
        "How long is the certificate valid if I go to the Ship Security Officer course?", CERTIFICATES,
        ["Ship Security Officer"], id="go-to-course"),
    bug(25, "list items on adjacent lines join", "How long is the Fire Safety Officer certificate valid?",
        "Certificates\n- Manual Handling\n- Fire Safety\n- Officer of the Watch\n\nAll certificates last 3 years.",
        ["Fire Safety Officer"], id="list-join"),
])
def test_a_name_no_document_writes_is_unwritten(question: str, text: str, names: list[str]) -> None:
    assert unwritten(question, text) == names


@defect(23, "a follow-up's rewrite drops the name the asker wrote in an earlier turn")
def test_a_follow_up_keeps_a_name_the_asker_wrote_earlier() -> None:
    # turn 1: "How long is the Ship Security Officer certificate valid?"; turn 2: "And who issues it?"
    rewrite = "Who issues the Ship Security Officer certificate?"
    assert unwritten(rewrite, CERTIFICATES, asked_as="And who issues it?") == ["Ship Security Officer"]


def test_a_follow_ups_rewrite_still_counts_the_name_the_asker_wrote() -> None:
    rewrite = "How long is the Ship Security Officer certificate valid?"
    assert unwritten(rewrite, CERTIFICATES, asked_as="And the Ship Security Officer one?") == ["Ship Security Officer"]


# (fixed after review: defect(27, "name_runs reads the whole prefix once per run (quadratic)"))
def test_name_runs_reads_a_long_message_in_linear_work(monkeypatch: pytest.MonkeyPatch) -> None:
    import rag.answerability.unwritten_names as module

    read: list[int] = []
    original = module.where_the_asker_goes
    monkeypatch.setattr(module, "where_the_asker_goes", lambda before: read.append(len(before)) or original(before))
    question = " ".join(["the Alpha Beta of"] * 300) + "?"   # a pasted list of 300 names, 5,400 characters
    assert len(name_runs(question)) == 300
    assert sum(read) <= 20 * len(question)


# ---------------------------------------------------------------------------------------------------------------------
# 3. Names at the gate: the earlier rules let these through, the new one refuses

@pytest.mark.parametrize(("question", "text"), [
    pytest.param("What's The Annual Leave Allowance?", LEAVE, id="title-case"),
    pytest.param("When does the Women's Network meet?",
        "Staff networks\n\nThe Women’s Network meets on the first Tuesday of each month in the staff room.",
        id="curly-apostrophe"),
    pytest.param("What is the extension of the Health & Safety Officer?",
        "Health and safety\n\nReport hazards to the Health and Safety Officer on extension 200.", id="ampersand"),
])
def test_the_gate_answers_a_name_the_document_writes(question: str, text: str) -> None:
    decision = decide_evidence(question, [("doc#0", text)], [("doc#0", text)])
    assert decision.action != "refuse", decision.reason


def test_the_gate_refuses_a_name_nobody_writes() -> None:
    decision = decide_evidence("How long is the Ship Security Officer certificate valid?",
                               [("c#0", CERTIFICATES), ("d#0", DECK)], [("c#0", CERTIFICATES)])
    assert decision.action == "refuse" and decision.signals.get("unwritten_names") == 1.0


# ---------------------------------------------------------------------------------------------------------------------
# 4. The measure a question asks (rag.measures.asked_measure)

@pytest.mark.parametrize(("question", "measure"), [
    pytest.param("How much do casual ushers get paid?", "money", id="get-paid"),
    pytest.param("How many times the normal rate is Sunday work paid?", "percent", id="times-the-rate"),
    pytest.param("How much time off do I earn for working a bank holiday?", "time", id="time-off-earned"),
    pytest.param("How much is the mileage allowance, and how many days of annual leave do I get?", None,
                 id="two-measures"),
    bug(8, "leave earned is a span, not money", "How much annual leave do I earn per month?", "time", id="leave-earned"),
    bug(8, "TOIL earned is a span, not money", "How much TOIL do I earn for a Saturday shift?", "time", id="toil-earned"),
])
def test_asked_measure(question: str, measure: str | None) -> None:
    assert asked_measure(question) == measure


# ---------------------------------------------------------------------------------------------------------------------
# 5. What a sentence states (rag.measures.states_measure, which the measure_ratio windows go through)

@pytest.mark.parametrize(("sentence", "measure", "holds"), [
    pytest.param("Limit: 3 consecutive absences.", "time", False, id="consecutive-absences"),
    pytest.param("Leave type: Sick leave; Entitlement (days): 10", "time", True, id="days-header"),
    pytest.param("Report an absence of more than 5 consecutive working days.", "time", True,
        id="consecutive-working"),
    pytest.param("Statutory sick pay is paid for up to thirteen weeks.", "time", True, id="thirteen"),
    bug(15, "八折 is no share (kept after a dev loss: a 九五折 discount then answered a late-fee 比例 question)",
        "员工内购享受八折优惠。", "percent", True, id="ba-zhe"),
    pytest.param("The daily allowance in Geneva is CHF 90 per day.", "money", True, id="chf"),
])
def test_states_measure(sentence: str, measure: str, holds: bool) -> None:
    assert states_measure(sentence, measure) is holds


# (fixed after review: defect(20, "a header unit over a cell without an amount"))
def test_a_header_unit_states_money_only_over_an_amount() -> None:
    question = "How much do lifeguards earn per hour?"
    row = "Role: Lifeguard; Contracted hours: 16; Rate (£ per hour): see the NJC pay spine"
    assert not has_candidate(row, asked_type(question), question)


# ---------------------------------------------------------------------------------------------------------------------
# 6. measure_ratio at the gate: false refusals (each of these answered with measure_ratio off)

@pytest.mark.parametrize(("language", "question", "texts"), [
    pytest.param("en", "How much does the gym cost staff?",
        ["Staff gym\n\nThe gym is free for all staff. It opens at 6am on weekdays."], id="free"),
    pytest.param("zh", "员工餐多少钱一顿？", ["食堂\n\n员工在食堂就餐免费。"], id="mian-fei"),
    pytest.param("en", "How much does the company pay towards eye tests?",
        ["Eye care\n\nThe company pays for eye tests in full for all screen users."], id="in-full"),
    pytest.param("en", "How much is the mileage allowance for cars?",
        ["Travel expenses\n\nThe mileage allowance for cars is 45p per mile."], id="pence"),
    pytest.param("en", "How much is the subsistence allowance?",
        ["Travel expenses\n\nThe subsistence allowance is 30 pounds a day."], id="pounds-in-words"),
    pytest.param("en", "How long is the notice period during probation?",
        ["Notice\n\nDuring probation, the notice period on either side is a fortnight."], id="fortnight"),
    pytest.param("zh", "年终奖金额是多少？", ["年终奖\n\n年终奖金额为一个月工资，随十二月工资发放。"], id="yi-ge-yue"),
    pytest.param("zh", "周日加班工资是平时的几倍？", ["加班管理\n\n周日加班按双倍工资支付。"], id="shuang-bei"),
    bug(1, "六成 (a share, but no number the number rule reads)", "zh", "病假工资按工资的百分之几发？",
        ["病假管理\n\n病假期间工资按本人工资的六成发放。"], id="liu-cheng"),
    bug(1, "a unit line above the table, not in its heading", "zh", "通讯补贴每月多少钱？",
        ["补贴标准\n\n以下金额单位：元。\n\n| 补贴 | 标准 |\n|---|---|\n| 夜班补贴 | 30 |\n| 高温补贴 | 200 |\n"
         "| 通讯补贴 | 100 |\n"], id="unit-line"),
    # (refused at v76 too; fixed by v77's rag.measures.unit_given, which reads a heading's unit)
    pytest.param("zh", "通讯补贴每月多少钱？",
                 ["补贴标准（单位：元）\n\n| 补贴 | 标准 |\n|---|---|\n| 夜班补贴 | 30 |\n| 高温补贴 | 200 |\n"
                  "| 通讯补贴 | 100 |\n"], id="unit-heading"),
    # survived
    pytest.param("en", "How much does the staff flu jab cost?",
                 ["Occupational health\n\nThe staff flu jab is free of charge and given in October.",
                  "Travel clinic\n\nTravel vaccines cost £40 each for staff."], id="free-beside-another-doc"),
    pytest.param("en", "How many times the normal rate is Sunday overtime paid?",
                 ["Overtime\n\nSunday overtime is paid at double time."], id="double-time"),
    pytest.param("zh", "加班工资是平时的几倍？", ["加班\n\n工作日加班按 1.5 倍支付，休息日按 2 倍，法定节假日按 3 倍。"],
                 id="bei"),
])
def test_measure_ratio_answers_an_amount_the_sources_state(language: str, question: str, texts: list[str]) -> None:
    decision = decide(question, texts, language)
    assert decision.action != "refuse", decision.reason


# the rules of rag.measures the gate reads before measure_ratio (require_measure): the same sources state the amount
@pytest.mark.parametrize(("language", "question", "texts"), [
    bug(4, "a table's 'Days' header", "en", "How many days of sick leave do I get?",
        ["Leave\n\n| Leave type | Days |\n|---|---|\n| Annual leave | 25 |\n| Sick leave | 10 |\n| Study leave | 5 |\n"],
        id="days-header"),
    bug(4, "a table's 天数 header", "zh", "病假有几天？",
        ["假期\n\n| 假别 | 天数 |\n|---|---|\n| 年假 | 5 |\n| 病假 | 10 |\n| 婚假 | 3 |\n"], id="tian-shu"),
    pytest.param("en", "How many times the normal rate is Sunday overtime paid?",
        ["Overtime\n\nSunday overtime is paid at 1.5 times the normal rate."], id="1.5-times"),
    pytest.param("en", "How much is the relocation bonus?",
        ["Relocation\n\nThe relocation bonus is one month's salary, paid with your first pay."], id="month-s-salary"),
    pytest.param("en", "How much do I pay back if I leave within a year of the course?",
        ["Training agreements\n\nIf you leave within a year of the course, you repay the full cost; within two years, "
         "half the cost."], id="full-cost"),
    pytest.param("en", "How much annual leave do I earn per month?",
        ["Annual leave\n\nYou earn 2.08 days of annual leave per month of service."], id="leave-earned"),
    pytest.param("en", "How much commission do sales staff earn?",
        ["Commission\n\nSales staff earn 5% commission on all sales they close."], id="commission"),
    pytest.param("en", "How long can I self-certify sickness for?",
        ["Sickness absence\n\nYou can self-certify sickness for up to 7 consecutive calendar days."], id="calendar-days"),
    bug(11, "a heading's '(all figures in £)'", "en", "How much is the on-call allowance for registrars?",
        ["On-call allowances (all figures in £)\n\n| Grade | Weekday | Weekend |\n|---|---|---|\n| Consultant | 40 | 60 |\n"
         "| Registrar | 30 | 45 |\n"], id="all-figures-in"),
    bug(11, "（人民币元）", "zh", "夜班补贴每晚多少钱？",
        ["补贴\n\n| 补贴 | 标准（人民币元） |\n|---|---|\n| 夜班补贴 | 30 |\n| 高温补贴 | 200 |\n"], id="renminbi-yuan"),
    bug(13, "fourteen days", "en", "How long do I have to appeal a disciplinary decision?",
        ["Appeals\n\nYou must appeal a disciplinary decision in writing within fourteen days of the outcome letter."],
        id="fourteen"),
    bug(15, "八五折 is no share (kept after a dev loss)", "zh", "员工购买公司产品的折扣比例是多少？",
        ["员工福利\n\n员工购买公司产品享受八五折优惠。"], id="ba-wu-zhe"),
    pytest.param("en", "How much is the daily allowance in Delhi?",
        ["Travel\n\nThe daily allowance in Delhi is ₹2,500 per day."], id="rupee"),
    # survived: v76's header units
    pytest.param("en", "How much do porters earn per hour?",
                 ["Pay rates\n\n| Role | Hourly rate (£ per hour) |\n|---|---|\n| Cleaner | 11.50 |\n| Porter | 12.10 |\n"],
                 id="pounds-per-hour"),
    pytest.param("zh", "店长每个月的岗位工资是多少？",
                 ["薪酬等级表 > 岗位工资\n| 岗位 | 岗位工资（元/月） |\n|---|---|\n| 店长 | 6800 |\n| 收银员 | 3900 |\n"],
                 id="yuan-per-month"),
])
def test_the_gate_reads_an_amount_the_sources_state(language: str, question: str, texts: list[str]) -> None:
    decision = decide(question, texts, language)
    assert decision.action != "refuse", decision.reason


# ---------------------------------------------------------------------------------------------------------------------
# 7. measure_ratio at the gate: what it claims to catch

@pytest.mark.parametrize(("language", "question", "texts"), [
    pytest.param("en", "How much is the overnight allowance in London?",
                 ["Travel expenses\n\nOvernight allowances (£ per night) for London are agreed each April by the "
                  "finance committee. Staff should check the intranet for updates. Taxis need approval in advance."],
                 id="unit-without-amount"),
    pytest.param("en", "How much is the on-call allowance for consultants?",
                 ["On call\n\nConsultants on call receive the on-call allowance with their monthly salary. Staff should "
                  "check the intranet for updates. Questions go to the HR team. Registrars on call get £30 a night."],
                 id="other-post-later"),
    bug(19, "the next sentence's amount is another post's", "zh", "店长每个月的岗位工资是多少？",
        ["薪酬\n\n店长的岗位工资按薪酬等级表执行，每个月随当月工资发放。收银员的岗位工资为每月 3900 元。"],
        id="next-sentence"),
    pytest.param("en", "How much do lifeguards earn per hour?",
        ["Pay\n\n| Role | Contracted hours | Rate (£ per hour) |\n|---|---|---|\n| Lifeguard | 16 | see the NJC pay spine |\n"
         "| Receptionist | 20 | see the NJC pay spine |\n"], id="header-without-amount"),
    pytest.param("en", "How many times the normal rate is Sunday overtime paid?",
        ["Overtime\n\nSunday overtime must be approved in advance by your line manager. Staff working late may book a "
         "double room at the hotel. Questions go to the HR team. Mileage is 45p a mile."], id="double-room"),
])
def test_measure_ratio_refuses_an_amount_the_sources_leave_out(language: str, question: str, texts: list[str]) -> None:
    decision = decide(question, texts, language)
    assert decision.action == "refuse", decision.reason
