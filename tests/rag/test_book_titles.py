"""A work named in title marks that the asked fact's sentence never names (rag.answerability.book_titles, evidence v82)."""

from __future__ import annotations

import pytest

from rag.answerability.book_titles import title_unnamed, titles_in

_LISTING = "《台视周日卡通》为1980年代中台湾电视公司于每周日上午播出动画节目的时段，始于1984年。"


@pytest.mark.parametrize("question, titles", [
    ("《宇宙奇兵》是何时被改编的？", ["宇宙奇兵"]),
    ("发行专辑《情人嘉丽》时潘嘉丽有什么不同？", ["情人嘉丽"]),
    ("《员工手册》和《考勤办法》哪个先发布？", ["员工手册", "考勤办法"]),
    ("《》是什么？", []),                         # empty marks name nothing
    ("宇宙奇兵是何时被改编的？", []),
    ("When was 'Real World' released?", []),   # English quotes are no title marks (not read)
])
def test_titles_in(question: str, titles: list[str]) -> None:
    assert titles_in(question) == titles


@pytest.mark.parametrize("question, read, unnamed", [
    # a dated sentence of a listing that names other shows
    ("《宇宙奇兵》是何时被改编的？", f"台视周日卡通\n{_LISTING}", "宇宙奇兵"),
    ("发行专辑《情人嘉丽》时潘嘉丽有什么不同？", "潘嘉丽\n2011年7月发行专辑《超给丽》，大部分歌曲由她自己创作。", "情人嘉丽"),
    # the sentence names the work
    ("《宇宙奇兵》是何时被改编的？", "台视周日卡通\n《宇宙奇兵》于1986年改编为动画。", None),
    # the source's title names it: a handbook's sentence never repeats its name
    ("《员工手册》规定的试用期是多久？", "员工手册 > 第三章 试用期\n新员工试用期为三个月。", None),
    # spaces and case aside
    ("《Real World》什么时候发行的？", "REAL WORLD\n该专辑于2005年发行。", None),
    ("《real world》什么时候发行的？", "其他专辑\n该专辑于2005年发行。", "real world"),
    # every work must be named; the first missing one is given
    ("《员工手册》和《考勤办法》哪个先发布？", "员工手册\n本手册于2019年发布。", "考勤办法"),
    ("宇宙奇兵是何时被改编的？", _LISTING, None),      # no title marks: not read
])
def test_title_unnamed(question: str, read: str, unnamed: str | None) -> None:
    assert title_unnamed(question, read) == unnamed


def test_the_check_refuses_through_the_asked_fact_and_can_be_turned_off() -> None:
    from rag.answerability.asked_fact import AskedFact
    from rag.answerability.asked_fact_checks import asked_fact_refusal
    from rag.types import ContextItem

    sources = [ContextItem(1, "listing#0", "listing", "台视周日卡通", ("台视周日卡通",), _LISTING, 1.0, 60),
               ContextItem(2, "show#0", "show", "宇宙奇兵", ("宇宙奇兵",), "该片共52集。", 0.9, 10)]
    question = "《宇宙奇兵》是何时被改编的？"
    asked = AskedFact("date", 0.8, 0.8, 1, _LISTING, True, _LISTING, 1)
    assert asked_fact_refusal(question, asked, sources, 2, sub_queries=False)[1] == "title_unnamed"  # type: ignore[index]
    off = asked_fact_refusal(question, asked, sources, 2, sub_queries=False, titles=False)
    assert off is None or off[1] != "title_unnamed"
    # the fact read from the work's own entry, whose title names it
    own = AskedFact("date", 0.8, 0.8, 2, "该片共52集。", True, "该片共52集。", 2)
    answered = asked_fact_refusal(question, own, sources, 2, sub_queries=False)
    assert answered is None or answered[1] != "title_unnamed"


def test_the_evidence_rule_reads_it_but_not_for_a_reference_question() -> None:
    """A reference question names the document that hands its fact to another ("《费用报销细则》说差旅费用按另一份办法
    执行，那份办法规定…"): the sentence that answers stands in that other document and never names the first."""
    from rag.answerability import answerability
    from tests.rag.helpers import chunk, env, item

    listing = "台视周日卡通\n该时段播出过《宇宙奇兵》等动画。后来又播出其他节目。时段始于1984年，于1990年改编结束。"
    show = "宇宙奇兵\n该片是一部美国动画，共52集。"
    space = env([chunk("listing#0", listing), chunk("show#0", show)], language="zh")
    decide = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0,
                                                                   "answer_at": 0.0, "answer_type": True}})
    items = [item(1, listing, "listing"), item(2, show, "show")]
    refused = decide("《宇宙奇兵》是何时被改编的？", items, space)
    assert refused.action == "refuse" and refused.signals.get("title_unnamed") == 1.0, refused.reason
    space.facts["question_type"] = "reference"
    assert decide("《宇宙奇兵》是何时被改编的？", items, space).action == "answer"
    space.facts.clear()
    off = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0, "answer_at": 0.0,
                                                                "answer_type": True, "refuse_unnamed_titles": False}})
    assert off("《宇宙奇兵》是何时被改编的？", items, space).action == "answer"
