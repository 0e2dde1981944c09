"""A question that names a post and asks who holds it ("Who is the Fleet Manager?", "装修管理员是谁？") asks for a
name: a rule saying what the post does, a desk or another post answers nothing, and the part's source is the
statement naming the post with a person (rag.answer_types.asks_holder, rag.part_sources.best_of_parts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rag.answer_types import asks_holder, candidates, post_asked
from tests.rag.helpers import part_source


@pytest.mark.parametrize(("question", "post"), [
    ("负责装修巡查的装修管理员是谁？", "装修管理员"),
    ("收费主管是谁？", "收费主管"),
    ("谁是店长？", "店长"),
    ("马鞍山片区的区域经理叫什么名字？", "区域经理"),
    ("Who is the Fleet Manager, and what is the extension?", "Fleet Manager"),
    ("who is the Customer Resolution Manager and on what extension?", "Customer Resolution Manager"),
    ("Who's our Health and Safety Officer these days?", "Health and Safety Officer"),
    # a department's person, a topic's person or contact
    ("食品安全部的负责人是谁？", "食品安全部"),
    ("工程部那边是谁负责？", "工程部"),
    ("who's the health and safety person if I need to talk to someone?", "health and safety"),
])
def test_a_question_naming_a_post_asks_who_holds_it(question: str, post: str) -> None:
    assert asks_holder(question)
    assert post_asked(question) == post


@pytest.mark.parametrize("question", [
    "Who is responsible for approving leave?",   # a function, which a post answers
    "Who is allowed to sign the contract?",
    "Who approves a purchase over 5,000 USD?",
    "Who do I ring about a lost fuel card?",
    "审批人是谁？",   # 审批人 / 负责人: answered by a post (部门经理)
    "负责人是谁？",
    "报销找谁签字？",
    "这个部门是谁负责？",
    "各部门负责人每月几号前要把记录报人事行政部？",
    "Who is the contact for lost badges?",
])
def test_a_question_asking_a_function_asks_no_name(question: str) -> None:
    assert not asks_holder(question)
    assert post_asked(question) == ""


@pytest.mark.parametrize(("question", "sentence", "found"), [
    # the rule saying what the post does names the post and a department; neither is who holds it
    ("负责装修巡查的装修管理员是谁？", "工程部装修管理员每日巡查 1 次，发现违规的首次发出《整改通知书》，二次违规的暂停施工。", []),
    ("负责装修巡查的装修管理员是谁？", "岗位: 装修管理员; 姓名: 刘洋; 分机: 8203", ["刘洋"]),
    ("Who is the Fleet Manager?", "Report any damage to the Fleet Desk within 24 hours.", []),
    ("Who is the Fleet Manager?", "Role: Fleet Manager; Name: Dan Hughes; Extension: 4410", ["Dan Hughes"]),
    # a field's label is no name, however long ("Goodwill payment limit:")
    ("Who is the Customer Resolution Manager?", "Who: Customer Resolution Manager; Goodwill payment limit: up to £500", []),
    ("Who is the Customer Resolution Manager?", "Escalate to Fiona Beck, Customer Resolution Manager.", ["Fiona Beck"]),
    # one capitalised word is a product or a day, not a person; a heading's words joined by "and" neither
    ("who's the health and safety person?", "Report it on the accident form (Staffhub, Health and Safety tile).", []),
    ("who's the health and safety person?", "Site, Premises and Health and Safety > First aid", []),
    ("who's the health and safety person?", "Service: Health and Safety Officer; Who answers: Neil Fairbrother; Phone: 07700 900318",
     ["Neil Fairbrother"]),
    # a name field names a person jieba does not know; common words jieba tags as names (顾客, 师傅) do not, nor a post
    ("食品安全部的负责人是谁？", "部门: 食品安全部; 岗位: 食品安全总监; 姓名: 何建平; 分机/电话: 8301", ["何建平"]),
    ("食品安全部的负责人是谁？", "任何员工不得自行向顾客或媒体判断原因、承诺赔偿，统一由食品安全部处理。", []),
    ("工程部那边是谁负责？", "工程部无法在规定时间内到场的，店长可联系外部维修师傅。", []),
    ("工程部那边是谁负责？", "部门: 工程部; 岗位: 24小时报修热线; 姓名: 值班工程师; 分机/电话: 400-820-6688", []),
    ("保安队长是谁？", "消防安全管理人为保安队长王志刚，负责日常防火巡查和演练组织。", ["王志刚"]),
])
def test_only_a_name_answers_who_holds_a_post(question: str, sentence: str, found: list[str]) -> None:
    assert candidates(sentence, "person", question) == found


def test_a_function_question_is_still_answered_by_a_post() -> None:
    # "Who approves …?" asks a post: the department answers it, as before
    assert candidates("Purchases over 5,000 USD are approved by the Finance Director.", "person",
                      "Who approves a purchase over 5,000 USD?")


def test_the_directory_row_is_the_source_of_who_holds_a_post_zh(tmp_path: Path) -> None:
    docs = {"zhuangxiu.md": "# 装修管理\n\n工程部装修管理员负责装修巡查，每日巡查 1 次，发现违规的首次发出《整改通知书》。\n",
            "tongxunlu.md": "# 通讯录\n\n| 岗位 | 姓名 | 分机 |\n|---|---|---|\n| 装修管理员 | 刘洋 | 8203 |\n| 收费主管 | 陈静 | 8101 |\n"}
    part = "负责装修巡查的装修管理员是谁？"
    best, facts = part_source(tmp_path, docs, part, ["zhuangxiu", "tongxunlu"])
    assert any(cid.startswith("tongxunlu") for cid in best)
    assert facts["part_source"][part].startswith("tongxunlu")


def test_the_directory_row_is_the_source_of_who_holds_a_post_en(tmp_path: Path) -> None:
    docs = {"fleet.md": "# Fleet\n\nThe Fleet Manager checks every van each month and signs off repairs over 500 GBP.\n",
            "contacts.md": "# Contacts\n\n| Role | Name | Extension |\n|---|---|---|\n| Fleet Manager | Dan Hughes | 4410 |\n"
                           "| Training Coordinator | Sunil Varma | 4260 |\n"}
    part = "Who is the Fleet Manager?"
    best, facts = part_source(tmp_path, docs, part, ["fleet", "contacts"])
    assert any(cid.startswith("contacts") for cid in best)
    assert facts["part_source"][part].startswith("contacts")


def test_a_post_no_statement_names_with_a_person_keeps_the_fused_source(tmp_path: Path) -> None:
    docs = {"fleet.md": "# Fleet\n\nThe Fleet Manager checks every van each month and signs off repairs over 500 GBP.\n",
            "contacts.md": "# Contacts\n\n| Role | Name | Extension |\n|---|---|---|\n| Training Coordinator | Sunil Varma | 4260 |\n"}
    part = "Who is the Fleet Manager?"
    best, facts = part_source(tmp_path, docs, part, ["fleet", "contacts"])
    assert best and best[-1].startswith("fleet")
    assert part not in facts.get("part_source", {})
