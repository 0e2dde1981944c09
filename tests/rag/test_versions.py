"""The versions stage marks outdated documents from the corpus text alone: a document that
withdraws another by title, and the older member of a version family."""

from __future__ import annotations

from rag.types import Document
from rag.versions import family, version_of, versioners


def doc(doc_id: str, title: str, text: str, **meta: object) -> Document:
    return Document(doc_id, text, title, f"{doc_id}.md", dict(meta))


def marked(docs: list[Document], name: str = "text") -> dict[str, dict]:
    return {d.doc_id: d.metadata for d in versioners.build(name)(docs)}


def test_a_current_policy_withdraws_another_by_title_and_year() -> None:
    docs = [
        doc("new", "差旅管理办法（2024 版）", "第二条 2019 版《出差管理规定》自本办法生效之日起废止。"),
        doc("old", "出差管理规定（2019 版）", "住宿费每晚不超过 400 元。"),
        doc("other", "出差管理规定（2023 版）", "无关的同名规定。"),
    ]
    meta = marked(docs)
    assert meta["old"]["withdrawn"] is True and meta["old"]["superseded_by"] == "new"
    assert "outdated" in meta["old"]["tags"]
    assert "废止" in meta["old"]["withdrawn_notice"]
    assert "withdrawn" not in meta["new"] and meta["new"]["supersedes"] == ["old"]
    # the year named (2019) picks the 2019 edition; the 2023 one is the family's newest member
    assert "withdrawn" not in meta["other"] and meta["other"]["supersedes"] == ["old"]


def test_english_replaces_and_family_by_effective_date() -> None:
    docs = [
        doc("policy", "Expense Policy (2024)", "It replaces the Larkfield Labs Travel Rules (2021), which no longer apply."),
        doc("rules", "Larkfield Labs Travel Rules (2021)", "Hotels up to 200 USD."),
        doc("remote", "Remote Work Policy", "Effective from 1 January 2025.\n\nThree days a week."),
        doc("remote-old", "Remote Work Policy", "Effective from 1 March 2022.\n\nTwo days a week."),
    ]
    meta = marked(docs)
    assert meta["rules"]["superseded_by"] == "policy"
    assert meta["remote-old"]["superseded_by"] == "remote" and "2022" in meta["remote-old"]["withdrawn_notice"]
    assert "withdrawn" not in meta["remote"] and meta["remote"]["supersedes"] == ["remote-old"]
    assert meta["remote-old"]["version"] == "2022"      # a question naming 2022 still reaches it


def test_weaker_components_read_less() -> None:
    docs = [
        doc("new", "办公用品领用办法", "本办法自 2024 年 7 月 1 日起施行。"),
        doc("old", "办公用品领用办法", "本办法自 2022 年 1 月 1 日起施行。"),
        doc("self", "旧通知", "本通知已于 2024 年 1 月 1 日起停止执行。"),
    ]
    assert marked(docs, "text")["old"]["withdrawn"] is True
    notice = marked(docs, "notice")
    assert "withdrawn" not in notice["old"] and notice["self"]["withdrawn"] is True
    assert not any("withdrawn" in m for m in marked(docs, "none").values())


def test_never_marked_wrongly() -> None:
    docs = [
        # a reference that is not a withdrawal; a sidecar that says the document is current
        doc("rules", "费用报销细则", "差旅费用按《差旅管理办法》执行。逾期作废。"),
        doc("travel", "差旅管理办法", "住宿标准。"),
        doc("kept", "Budget (2023)", "Budget.", withdrawn=False),
        doc("newer", "Budget (2025)", "Budget."),
        # the older document cannot withdraw a newer one by naming its title
        doc("a", "Guide (2020)", "This guide replaces the Onboarding Handbook."),
        doc("b", "Onboarding Handbook (2024)", "Welcome."),
    ]
    meta = marked(docs)
    assert "withdrawn" not in meta["travel"] and "withdrawn" not in meta["b"]
    assert meta["kept"]["withdrawn"] is False


def test_family_and_version_parsing() -> None:
    assert family("报销规定（2022 版）") == family("报销规定（2024 版）") == "报销规定"
    assert family("Remote Work Policy (2021, withdrawn)") == family("Remote Work Policy v2") == "remoteworkpolicy"
    assert version_of(doc("x", "T", "自 2024 年 3 月 1 日起施行"))[0] == (2024, 3, 1)
    assert version_of(doc("x", "T", "Effective date: 2023-05-02"))[0] == (2023, 5, 2)
    assert version_of(doc("x", "T", "Effective as of March 4, 2021."))[0] == (2021, 3, 4)
    assert version_of(doc("x", "T", "No dates here.")) is None
