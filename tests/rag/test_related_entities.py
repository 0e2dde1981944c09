"""A sentence whose subject the news relates to the asked entity (同城的岫原证券, "rival X") states that entity's fact
(rag/answerability/related_entities.py)."""

from __future__ import annotations

import pytest

from rag.answer_types import asked_type, has_candidate
from rag.answerability.asked_fact import asked_fact
from rag.answerability.related_entities import about_related, related_only
from tests.rag.helpers import chunk, env
from tests.rag.test_levels import ctx


@pytest.mark.parametrize("sentence, related", [
    ("2023年，同城的岫原证券也完成了管理层换届，原副总裁方立诚接任总裁一职。", True),
    ("与浔岭同期举行中考的蔚川市已于2024年7月5日公布成绩。", True),
    ("同为工业视觉领域企业的曜阳瞳云智能2023年研发投入为8.7亿元。", True),
    ("同行业上市公司霁川酒业2024年上半年实现归母净利润4.72亿元。", True),
    ("与栎州市相邻的桑岭市此前公布了5家链主企业名单。", True),
    ("Hollins & Pyke, which competes with Quarrendon Foods, said its pre-tax profit rose to £27.1 million.", True),
    ("Rival Ashdown Foods made £30 million.", True),
    # the asked entity's own statements, and words that relate nothing
    ("鸿泰证券2023年2月宣布新任总裁。", False),
    ("公司同行评审制度如下。", False),
    ("相比去年，今年年假增加了2天。", False),             # compared with: its subject is as often the asked one
    ("Nearby car parks charge £5 a day.", False),
    ("The rival bids were opened on Monday.", False),
    # the phrase stands late in a long sentence: not the one that introduces its subject
    ("鸿泰证券总裁李四在2023年的年度股东大会上发言时，谈到了与本地同行业的竞争，称双方各有优势。", False),
])
def test_a_sentence_about_a_related_entity(sentence: str, related: bool) -> None:
    assert about_related(sentence) is related


def _related(question: str, sentences: list[str]) -> bool:
    kind = asked_type(question)
    return related_only(question, sentences, lambda s: has_candidate(s, kind, question))


def test_a_window_whose_typed_sentences_all_state_a_related_entitys_fact() -> None:
    question = "鸿泰证券2023年新上任的总裁是谁？"
    assert _related(question, ["2023年，同城的岫原证券也完成了管理层换届，原副总裁方立诚接任总裁一职。"])
    # another sentence of the window states the asked one's fact
    assert not _related(question, ["2023年，同城的岫原证券也完成了管理层换届。", "鸿泰证券总裁由原副总裁张一鸣接任。"])
    # the question asks about the related entity itself
    assert not _related("同城的哪家券商换了总裁？", ["2023年，同城的岫原证券也完成了管理层换届，方立诚接任总裁。"])


def test_the_support_skips_the_related_entitys_window() -> None:
    text = "2023年，同城的岫原证券也完成了管理层换届，原副总裁方立诚接任总裁一职。"
    items = [ctx(1, "n", text, "")]
    space = env([chunk("n#0", text, doc="n")], language="zh")
    weights = {"鸿泰": 1.0, "证券": 1.0, "2023": 1.0, "上任": 1.0, "总裁": 1.0}
    asked = asked_fact("鸿泰证券2023年新上任的总裁是谁？", items, space, weights)
    assert asked.source is None and asked.support == 0.0
