"""A kind the sources list, but not the one asked (rag.answerability.unlisted_kinds, evidence v61)."""

from __future__ import annotations

import pytest

from rag.answerability.unlisted_kinds import unlisted_kind

LEAVE = ("Annual leave is 28 days, bank holidays included. Compassionate leave is up to 5 days of paid leave on the death "
         "of a close relative. Book leave in the app at least 14 days ahead.")
TRAINING = "Fire training is yearly. Manual handling training is every 3 years. First aid training lasts 6 hours."


@pytest.mark.parametrize(("question", "sources", "asked"), [
    ("How many days of paternity leave do drivers get?", LEAVE, "paternity leave"),
    ("How many days of paid paternity leave do ground staff get?", LEAVE, "paternity leave"),   # a word between
    ("How many weeks of sabbatical leave can staff take after 10 years of service?", LEAVE, "sabbatical leave"),
    ("Hi. Quick one: how often is asbestos training renewed?", TRAINING, "asbestos training"),
    ("What colour is the fleece jacket?", "Rain jacket and hi-vis jacket are issued.", "fleece jacket"),
])
def test_a_specific_kind_the_sources_leave_out_is_caught(question: str, sources: str, asked: str) -> None:
    found = unlisted_kind(question, sources)
    assert found is not None and found[0] == asked and len(found[1]) >= 2


@pytest.mark.parametrize(("question", "sources"), [
    ("How many days of annual leave do I get?", LEAVE),                       # a kind the sources write
    ("How many days of paternity leave do I get?", LEAVE + " Paternity pay is 2 weeks."),   # written elsewhere
    ("How many days of paternity leave do I get?", "Annual leave is 28 days."),   # one kind: nothing told apart
    ("Do we get the beefy 32 gig laptops like the engineers do?", "Company laptops and lost laptops go to IT."),
    ("How many leftover days can I carry over?", "Working days and unused days carry over."),   # a span, not a kind
    ("What colour is the fleece jacket?", "A rain jacket is issued."),        # one kind of jacket
    ("年假有几天？", LEAVE),                                                    # Chinese is the sibling rule's
    # a word after a hyphen is part of its compound, which the sources write unhyphenated
    ("Who runs the co-operative housing?", "Cooperative housing and collections housing differ."),
    ("Where does ghost-lace moss grow?", "Ghostlace moss grows by streams; white moss on walls."),
    ("", LEAVE),
])
def test_a_kind_the_sources_write_or_a_measure_is_left(question: str, sources: str) -> None:
    assert unlisted_kind(question, sources) is None


def test_evidence_refuses_an_unlisted_kind_and_says_why() -> None:
    from rag.answerability import answerability
    from tests.rag.helpers import chunk, env, item

    space = env([chunk("leave#0", LEAVE)], language="en")
    decide = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0,
                                                                   "answer_at": 0.0, "answer_type": True}})
    decision = decide("How many days of paternity leave do drivers get?", [item(1, LEAVE, "leave")], space)
    assert decision.action == "refuse" and "paternity leave" in decision.reason
    assert decision.signals.get("unlisted_kind") == 1.0
    assert decide("How many days of annual leave do drivers get?", [item(1, LEAVE, "leave")], space).action != "refuse"


# --- Chinese: a kind is a word's ending (evidence v71) ---

ZH_ALLOWANCES = ("津贴标准：收银员每月岗位补贴 200 元；夜班补贴每晚 30 元；早班补贴每次 15 元。出差住宿费每晚 300 元，"
                 "考试费实报实销。")
ZH_LEAVE = "婚假 3 天，产假 158 天，丧假 3 天，事假不带薪。"


@pytest.mark.parametrize(("question", "sources", "asked"), [
    ("理货员每月有多少住房补贴？", ZH_ALLOWANCES, "住房补贴"),
    ("出差参加行业展会的会务费报销上限是多少？", ZH_ALLOWANCES, "会务费"),
    ("展会的会务费报销上限是多少？", ZH_ALLOWANCES + "开会期间另计。", "会务费"),   # (one character written: no said another way)
    ("探亲假可以休几天？工资照发吗？", ZH_LEAVE, "探亲假"),
    ("我刚入职，探亲假一年有几天？", ZH_LEAVE, "探亲假"),
])
def test_a_chinese_kind_the_sources_leave_out_is_caught(question: str, sources: str, asked: str) -> None:
    found = unlisted_kind(question, sources)
    assert found is not None and found[0] == asked and len(found[1]) >= 2


@pytest.mark.parametrize(("question", "sources"), [
    ("夜班补贴每晚多少？", ZH_ALLOWANCES),                        # a kind the sources write
    ("普通员工住宿费每晚多少？", ZH_ALLOWANCES),                   # the plain kind, not one left out
    ("住房补贴每月多少？", ZH_ALLOWANCES + "住房另有规定。"),        # its first part written: said another way
    ("探亲假有几天？", "婚假 3 天。"),                              # one kind: nothing told apart
    ("会务费能报吗？", "会务费实报实销，住宿费每晚 300 元，考试费另计。"),   # written
    ("多长时间内要交报销单？", "工作时间、加班时间、上班时间都要打卡。"),   # a word that asks names no kind
])
def test_a_chinese_kind_written_or_plain_is_not_caught(question: str, sources: str) -> None:
    assert unlisted_kind(question, sources) is None


def test_a_heading_of_other_kinds_gathers_nothing_but_a_statement_does() -> None:   # (evidence v74)
    listed = "婚假 3 天，产假 158 天，丧假 3 天，事假不带薪。"
    assert unlisted_kind("探亲假一年可以休几天？", "请休假管理规定 > 二、其他假别\n" + listed) is not None
    assert unlisted_kind("探亲假一年可以休几天？", listed + "其他假期按国家规定执行。") is None
    assert unlisted_kind("工装的洗衣费谁出？", "工装由公司免费发放，门店统一免费清洗，员工不承担任何收费。") is None   # (no kinds of 费)
