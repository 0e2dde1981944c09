"""A fact the sources hand to another document (rag.answerability.deferred, evidence v78)."""

from __future__ import annotations

import pytest

from rag.answerability.deferred import deferred, handed_to

LEAVE = ["Type of leave: Compassionate leave; Paid or unpaid: Paid; How much: Up to 5 days per occasion",
         "Maternity, paternity, adoption and shared parental leave are covered by the separate Family Leave Policy, "
         "which HR will send you on request."]


def holds(term: str, text: str) -> bool:
    return term.lower() in text.lower()


@pytest.mark.parametrize(("sentence", "title"), [
    (LEAVE[1], "Family Leave Policy"),
    ("Overtime for managers is dealt with in a separate agreement.", ""),
    ("说明：岗位工资、薪级工资等薪酬标准见人力资源部管理的薪酬等级表，不在本标准内。", ""),
    ("差旅住宿标准按《差旅费管理办法》执行。", "差旅费管理办法"),
    ("其他津贴另行规定。", ""),
    ("Paternity leave is two weeks at full pay.", None),
    ("住宿费每晚 400 元。", None),
])
def test_handed_to(sentence: str, title: str | None) -> None:
    assert handed_to(sentence) == title


def test_a_subject_handed_to_a_document_the_asker_cannot_see_is_refused() -> None:
    refused = deferred(LEAVE, LEAVE[0], "paternity", holds, lambda title: False)
    assert refused == LEAVE[1]


@pytest.mark.parametrize(("typed", "rarest", "visible"), [
    # the document handed to is one the asker may see: retrieval may find it
    (LEAVE[0], "paternity", True),
    # the statement that carries the asked type holds the asked subject: it may answer
    ("Paternity leave: 2 weeks at full pay", "paternity", False),
    # the handing-over sentence does not hold the question's rarest term
    (LEAVE[0], "sabbatical", False),
])
def test_no_refusal(typed: str, rarest: str, visible: bool) -> None:
    assert deferred(LEAVE, typed, rarest, holds, lambda title: visible) is None
