"""A grade the sources never write (rag.answerability.other_grades, evidence v78)."""

from __future__ import annotations

import pytest

from rag.answerability.other_grades import other_grade

REWARDS = """奖惩办法 > 二、奖励
| 奖励事项 | 标准 |
|---|---|
| 取得一级建造师注册证书 | 一次性奖励 8000 元 |
| 取得高级工程师职称 | 一次性奖励 5000 元 |

公司具有施工总承包一级、市政公用工程施工总承包二级资质。
"""


def never(text: str) -> bool:
    return False


@pytest.mark.parametrize(("question", "sources", "refused"), [
    ("考下二级建造师证书，公司一次性奖励多少钱？", REWARDS, ("二级建造师", "一级建造师")),
    ("三线值班接到电话后要在多少分钟内赶到医院？", "- 二线值班：由主治医师担任，接到呼叫后20分钟内到达病区。", ("三线值班", "二线值班")),
    ("初级核保资格多久复审一次？", "证书: 中级核保资格; 复审周期: 每3年复审一次", ("初级核保资格", "中级核保资格")),
    # the grade asked stands in the sources, in a list or in a range: no refusal
    ("取得一级建造师证书奖励多少？", REWARDS, None),
    ("二类城市住宿标准每晚多少？", "一至三类城市：每晚 500 元", None),
    ("二类城市住宿标准每晚多少？", "一类城市每晚 600 元；二、三类城市每晚 400 元", None),
    # the grade with the name's first words stands in the sources (blind dev xuexiao-zh)
    ("高级教师二档的岗位工资每月是多少？", "| 高级教师 | 7200 | 7700 |\n硕士研究生定二级教师二档。", None),
    # a grade of something else in the sources (总承包二级 is no 二级建造师) spares nothing
    ("高级工程师职称奖励多少？", REWARDS, None),
    # no other grade of the name in the sources: another rule's question
    ("二级建造师注册要多久？", "注册由人力资源部统一办理，约需 30 天。", None),
])
def test_other_grade(question: str, sources: str, refused: tuple[str, str] | None) -> None:
    assert other_grade(question, sources, never) == refused


def test_a_grade_another_visible_chunk_writes_is_no_refusal() -> None:
    question = "考下二级建造师证书，公司一次性奖励多少钱？"
    assert other_grade(question, REWARDS, lambda text: text == "二级建造师") is None
