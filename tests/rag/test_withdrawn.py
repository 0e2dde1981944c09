"""Documents withdrawn in their own words are marked; a current one that withdraws another is not."""

from __future__ import annotations

import pytest

from rag.withdrawn import withdrawal_notice


@pytest.mark.parametrize(("title", "text"), [
    ("出差管理规定（2019 版，已废止）", "一、住宿标准"),
    ("Larkfield Labs Travel Rules (2021, withdrawn)", "Hotels"),
    ("Travel Booking Guide", "This guide was withdrawn in January 2024 and no longer applies."),
    ("关于调整员工报销标准的通知", "本通知已于 2024 年 1 月 1 日起停止执行，相关标准以现行制度为准。"),
    ("办法", "本办法已被《差旅管理办法（2024 版）》取代。"),
    ("Remote Work Policy (superseded)", "Who may work remotely"),
])
def test_withdrawn_documents_are_marked(title: str, text: str) -> None:
    assert withdrawal_notice(title, text)


@pytest.mark.parametrize(("title", "text"), [
    ("青禾科技差旅管理办法（2024 版）", "第二条 本办法适用于公司全体正式员工。2019 版《出差管理规定》自本办法生效之日起废止。"),
    ("请假与休假制度", "当年未休完的年假可以顺延至次年 3 月 31 日，逾期作废。"),
    ("Expense Policy", "This policy replaces the 2021 travel rules, which are withdrawn."),
    ("Leave Policy", "Full-time employees receive 25 days of paid annual leave."),
    ("Security", "A revoked certificate must be renewed. " * 3),
])
def test_current_documents_are_not(title: str, text: str) -> None:
    assert withdrawal_notice(title, text) is None


def test_withdrawn_document_gives_way_to_a_current_one_unless_its_year_is_asked() -> None:
    from rag.context.packed import packed
    from rag.types import Candidate
    from tests.rag.helpers import chunk

    def cand(doc: str, title: str, withdrawn: bool) -> Candidate:
        meta = {"withdrawn": True} if withdrawn else {}
        return Candidate(chunk(f"{doc}#0", f"{title}: the rules of {doc} in full.", title=title, metadata=meta), 1.0)

    old = cand("booking", "Travel Booking Guide 2022", True)
    new = cand("expense", "Expense Policy", False)
    build = packed()
    assert [c.doc_id for c in build("What is the hotel cap?", [old, new])] == ["expense"]
    assert [c.doc_id for c in build("What did the 2022 guide say?", [old, new])] == ["booking", "expense"]
    assert [c.doc_id for c in build("What is the hotel cap?", [old])] == ["booking"]   # nothing current: kept
