"""Golden phrases are compared with answers case and script aside (rag.script.holds): a golden set written in one
script scores a corpus written in the other."""

from __future__ import annotations

import pytest

from eval.metrics.base import Observation
from eval.metrics.behaviour import answer_contains, forbidden_answer
from eval.triage.labels import explain


@pytest.mark.parametrize(("answer", "phrase"), [("第三條 住宿標準：每晚不超過500元", "不超过500元"),
                                                ("每晚不超过500元", "不超過500元"), ("Up to 500 USD", "500 usd")])
def test_a_golden_phrase_is_found_whichever_script_each_side_is_in(answer: str, phrase: str) -> None:
    obs = Observation(groups=[], grades={}, ranking=[], expect="answer", behaviour="answered", answer=answer,
                      must_contain=[(phrase,)], must_not_contain=[phrase])
    assert answer_contains(obs) == 1.0 and forbidden_answer(obs) == 1.0
    other = Observation(groups=[], grades={}, ranking=[], expect="answer", behaviour="answered", answer=answer,
                        must_contain=[("不超过600元",)], must_not_contain=["600"])
    assert answer_contains(other) == 0.0 and forbidden_answer(other) == 0.0


def test_triage_names_only_the_phrases_missing_in_either_script() -> None:
    class Record:
        answer, behaviour, expect, decision = "第三條 住宿標準：每晚不超過500元", "answered", "answer", {}

    assert explain(Record(), [("不超过500元",), ("每晚 600 元",)], None)["missing"] == ["每晚 600 元"]
