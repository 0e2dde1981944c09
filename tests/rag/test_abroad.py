"""Travel abroad the sources never speak of (rag.answerability.abroad, evidence v78)."""

from __future__ import annotations

import pytest

from rag.answerability.abroad import abroad_unspoken

UK_RATES = "Subsistence > Rates\n| Stay | Rate |\n|---|---|\n| Day trip over 5 hours | £10 |\n| Overnight in London | £25 |\n"
ZH_RATES = "差旅 > 住宿标准\n| 城市 | 每晚 |\n|---|---|\n| 一类城市 | 500 元 |\n| 二类城市 | 400 元 |\n"


@pytest.mark.parametrize(("question", "sources", "refused"), [
    ("What is the daily subsistence allowance when travelling abroad on hospital business?", UK_RATES, True),
    ("What is the per diem for the touring company on an overseas tour?", UK_RATES, True),
    ("出国开会的话，住宿费每晚的报销上限是多少？", ZH_RATES, True),
    ("教师去境外参加培训，每天伙食补助标准是多少？", ZH_RATES + "国际部教师的课时费另计。", True),   # 国际部 is a school's section
    # the sources speak of travel abroad: the rest of the rule decides
    ("What is the daily allowance abroad?", UK_RATES + "Travel outside the UK is paid at the rates in the table below.", False),
    ("去境外出差，比如去香港，住宿费每晚上限是多少？", ZH_RATES + "赴港澳台出差的，按实际发生额报销。", False),
    # no travel abroad asked
    ("What is the subsistence rate for an overnight stay in London?", UK_RATES, False),
    ("Is the Foreign Office on the approved list?", UK_RATES, False),
])
def test_abroad_unspoken(question: str, sources: str, refused: bool) -> None:
    assert abroad_unspoken(question, sources) is refused
