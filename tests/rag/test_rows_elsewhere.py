"""A row another table lists (rag.answerability.rows_elsewhere, evidence v71)."""

from __future__ import annotations

import pytest

from rag.answerability.rows_elsewhere import row_elsewhere, row_labels

UNIFORM = """| Role | Uniform | Colour |
|---|---|---|
| Veterinary surgeon | Scrub tunic | Navy |
| Registered veterinary nurse | Scrub tunic | Bottle green |
| Receptionist | Blouse | Grey |
"""
ROTA = """| Role | Day pattern |
|---|---|
| Veterinary surgeon | 4 shifts of 10 hours |
| Registered veterinary nurse | 5 shifts of 8 hours |
| Receptionist | 5 shifts of 8 hours |
| Kennel assistant | 5 shifts of 8 hours |
"""
COURSES = """| Course | Length |
|---|---|
| Fire safety | 1 hour |
| Kennel assistant induction | 2 days |
"""
ZH_ALLOWANCE = """| 岗位 | 补贴项目 | 标准 |
|---|---|---|
| 收银员 | 收银风险补贴 | 每月 100 元 |
| 防损员 | 夜班补贴 | 每晚 30 元 |
| 理货员 | 早班补贴 | 每次 15 元 |
"""
ZH_UNIFORM = """| 岗位 | 工装 |
|---|---|
| 收银员 | 红色马甲 |
| 防损员 | 黑色制服 |
"""


def tables(*texts: str) -> list[tuple[str, ...]]:
    return [tuple(row_labels(text)) for text in texts]


@pytest.mark.parametrize(("question", "text", "others", "row"), [
    ("What colour uniform do kennel assistants wear?", UNIFORM, (ROTA,), "kennel assistant"),
    ("How much is a kennel assistant paid for a weekend day on call?",
     UNIFORM.replace("Veterinary surgeon |", "Veterinary surgeon (second on-call) |"), (ROTA,), "kennel assistant"),
    ("理货员的工装是什么颜色？", ZH_UNIFORM, (ZH_ALLOWANCE,), "理货员"),
])
def test_a_row_another_table_lists_is_caught(question: str, text: str, others: tuple[str, ...], row: str) -> None:
    found = row_elsewhere(question, text, tables(text, *others))
    assert found is not None and found[0] == row


@pytest.mark.parametrize(("question", "text", "others"), [
    ("What colour do receptionists wear?", UNIFORM, (ROTA,)),                       # a row it lists
    ("I'm a kennel assistant. What colour do receptionists wear?", UNIFORM, (ROTA,)),   # named: the other sets the scene
    ("What colour uniform do kennel assistants wear?", UNIFORM, (COURSES,)),          # no table of the same rows
    ("What colour uniform do kennel assistants wear?", UNIFORM + "| All other staff | Polo | Black |\n", (ROTA,)),
    ("What colour uniform do registered nurses wear?", UNIFORM, (ROTA,)),             # a word that tells a row
    ("理货员的工装是什么颜色？", ZH_UNIFORM + "| 其他岗位 | 蓝色马甲 |\n", (ZH_ALLOWANCE,)),   # a row gathers the rest
    ("收银员的工装是什么颜色？", ZH_UNIFORM, (ZH_ALLOWANCE,)),
    ("护士的工作服多久换一次？", "| 岗位 | 工作服 |\n|---|---|\n| 医师 | 白大褂 |\n| 护理人员 | 护士服 |\n",
     ("| 岗位 | 年假 |\n|---|---|\n| 医师 | 10 天 |\n| 护理人员 | 10 天 |\n| 护士 | 10 天 |\n",)),   # said another way
])
def test_a_row_listed_or_said_another_way_is_not_caught(question: str, text: str, others: tuple[str, ...]) -> None:
    assert row_elsewhere(question, text, tables(text, *others)) is None


def test_row_labels_read_plain() -> None:
    assert row_labels("| 岗位 | 标准 |\n|---|---|\n| 收银员、理货员 | 100 |\n| 仓库（白班） | 50 |\n") == ["收银员", "理货员", "仓库"]
    assert row_labels(ROTA)[-1] == "kennel assistant"
