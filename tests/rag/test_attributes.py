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


# evidence v80: what its members are (X 的 Y 有哪些, 有哪些 Y) and what it is (X 的 Y 是什么 / 是怎样的)
@pytest.mark.parametrize(("question", "part"), [
    ("马来穿山甲的天敌有哪些？", "天敌"),
    ("美特斯邦威有哪些旗下品牌？", "旗下品牌"),
    ("威拍哇丽兰室路主要包括哪些马路？", "马路"),
    ("天门冬分布在哪些地区？", None),              # a kind any answer lists without naming it
    ("年假有哪些规定？", None),
    ("短叶水蜈蚣有哪些功能？", None),
    ("加拿大航空189号航班的线路是怎样的？", "线路"),
    ("塞内加尔国徽的图案是怎样的？", "图案"),
    ("美特斯邦威的主要经营模式是什么？", "经营模式"),   # 主要 is no part of the noun
    ("西贡商业信用银行的英文名是什么？", None),      # a name: rag.answerability.aliases reads it
    ("报销的流程是什么？", None),                    # a list of steps answers it without the word
    ("这个词的意思是什么？", None),
])
def test_asked_members_and_what(question: str, part: str | None) -> None:
    assert asked_attribute(question, ASKING_NOUNS) == part


@pytest.mark.parametrize(("question", "source", "refused"), [
    ("马来穿山甲的天敌有哪些？", "马来穿山甲很多时都是独居的。它的皮肤、皮革及肉都是人类猎杀的目的。", True),
    ("马来穿山甲的天敌有哪些？", "马来穿山甲的天敌有老虎、豹和蟒蛇。", False),
    ("美特斯邦威有哪些旗下品牌？", "公司于2008年推出ME&CITY品牌。", False),     # a piece of the noun (品牌) is written
    ("塞内加尔国徽的图案是怎样的？", "塞内加尔国徽所使用的颜色和物件带有文化、政治和地区性的意义。", True),
])
def test_members_and_what_unwritten(question: str, source: str, refused: bool) -> None:
    assert (attribute_unwritten(question, source, ASKING_NOUNS) is not None) is refused


# evidence v102: a qualifier before an asking noun (实际功效, 不良影响) asks the noun; merits (优点) are an asking noun
@pytest.mark.parametrize(("question", "part"), [
    ("AGG01的实际功效有哪些？", None),
    ("夜来香对人的不良影响有哪些？", None),
    ("美特斯邦威的主要经营模式是什么？", "经营模式"),      # a qualifier before a part that is no asking noun: the part
    ("这种材料的特殊结构有什么作用？", "特殊结构"),        # (a review: QUALIFIERS strip only before an asking noun)
    ("城市的总体规划有哪些？", "总体规划"),                # 规划 is no asking noun: the part stays whole
    ("大果西番莲的根部有什么作用？", "根部"),
])
def test_a_qualified_asking_noun_is_no_part(question: str, part: str | None) -> None:
    assert asked_attribute(question, ASKING_NOUNS) == part


@pytest.mark.parametrize(("question", "qualifiers"), [
    ("AGG01的实际功效有哪些？", {"实际"}),
    ("夜来香对人的不良影响有哪些？", {"不良影响"}),           # one jieba word: qualifier and asking noun
    ("这种药的具体用途是什么？", {"具体"}),                   # jieba: a
    ("桥梁的设计特点是什么？", set()),                        # 设计 names which features: a key term
    ("64DD有哪些优点？", set()),
    ("事故的直接原因是什么？", set()),                        # which cause is asked: a key term (a review)
    ("特殊情况可以延期吗？", set()),
    ("其他方面呢？", set()),
    ("What are the main features?", set()),
])
def test_qualifiers_of(question: str, qualifiers: set[str]) -> None:
    from rag.answerability.asked_fact import qualifiers_of

    assert qualifiers_of(question) == qualifiers


def test_merits_are_asked_not_written() -> None:
    assert {"优点", "缺点", "好处"} <= ASKING_NOUNS
