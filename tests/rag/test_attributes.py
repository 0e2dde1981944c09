"""A part of the subject the sources never write (rag.answerability.attributes, evidence v79)."""

from __future__ import annotations

import pytest

from rag.answerability.asked_fact import ASKING_NOUNS
from rag.answerability.attributes import asked_attribute, attribute_unwritten

FRUIT = "大果西番莲是西番莲属的植物中，果实最大的一种。大果西番莲有时候会在温室中种植。"
FLOWER = "夜来香是萝藦科夜来香属的植物。副花冠5裂，肉质，短于花药。种子宽卵形，顶端具白色绢质种毛。"


@pytest.mark.parametrize(("question", "part"), [
    ("大果西番莲的根部有什么作用？", "根部"),
    ("夜来香的副花冠有什么特点？", "副花冠"),
    ("这种鸟的羽毛是什么颜色？", None),            # a colour asked: a typed fact, not what a part is like
    ("报销流程有什么特点？", None),                # no part named with 的
    ("新员工培训的内容有什么特点？", None),        # 内容 asks, it names no part
    ("年假的天数是多少？", None),
    ("What is special about the rind of Brennock Blue?", "rind"),
])
def test_asked_attribute(question: str, part: str | None) -> None:
    assert asked_attribute(question, ASKING_NOUNS) == part


@pytest.mark.parametrize(("question", "source", "refused"), [
    ("大果西番莲的根部有什么作用？", FRUIT, True),
    ("大果西番莲的叶柄有什么特点？", FRUIT, True),
    ("夜来香的副花冠有什么特点？", FLOWER, False),
    ("夜来香的种子有什么特点？", FLOWER, False),
    ("What is special about the rind of Brennock Blue?", "Brennock Blue is a blue cheese. Its rind is washed in cider.", False),
    ("What is special about the rind of Brennock Blue?", "Brennock Blue is a blue cheese made in the Brennock valley.", True),
])
def test_attribute_unwritten(question: str, source: str, refused: bool) -> None:
    assert (attribute_unwritten(question, source, ASKING_NOUNS) is not None) is refused
