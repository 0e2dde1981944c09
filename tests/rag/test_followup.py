"""The rule-based follow-up transform: follow-ups made standalone, standalone questions kept."""

from __future__ import annotations

import pytest

from rag.transforms.followup import content_of, is_follow_up, standalone

ZH = [{"role": "user", "content": "普通员工去上海出差，住宿费每晚上限是多少？"},
      {"role": "assistant", "content": "每晚 500 元。"}]
EN = [{"role": "user", "content": "How many days of annual leave do employees get?"}]


@pytest.mark.parametrize("question, language, expected", [
    ("那经理呢？", "zh", True), ("还有吗", "zh", True), ("它需要审批吗？", "zh", True), ("总监呢？", "zh", True),
    ("那经理级别的薪酬范围是多少？", "zh", False), ("出差坐高铁可以坐一等座吗？", "zh", False),
    ("what about managers?", "en", True), ("anything else?", "en", True), ("And VPN-650?", "en", True),
    ("How do I reset my VPN password?", "en", False),
    ("And when are claims older than ninety days rejected by finance?", "en", False),
])
def test_what_counts_as_a_follow_up(question: str, language: str, expected: bool) -> None:
    assert is_follow_up(question, language) is expected


def test_follow_ups_are_joined_to_the_last_standalone_question() -> None:
    assert standalone("那经理呢？", ZH, "zh") == "经理，普通员工去上海出差，住宿费每晚上限是多少？"
    assert standalone("还有吗？", ZH, "zh") == ZH[0]["content"]
    assert standalone("what about managers?", EN, "en") == "managers " + EN[0]["content"]


def test_a_chain_of_follow_ups_keeps_the_topic_and_a_new_topic_resets_it() -> None:
    chain = ZH + [{"role": "user", "content": "那经理呢？"}]
    assert standalone("总监呢？", chain, "zh").endswith("普通员工去上海出差，住宿费每晚上限是多少？")
    switched = chain + [{"role": "user", "content": "年假一共有多少天可以休？"}]
    assert standalone("那病假呢？", switched, "zh") == "病假，年假一共有多少天可以休？"


def test_without_history_or_for_a_standalone_question_nothing_changes() -> None:
    assert standalone("那经理呢？", [], "zh") == "那经理呢？"
    assert standalone("How do I reset my VPN password?", EN, "en") == "How do I reset my VPN password?"


def test_content_drops_the_scaffolding() -> None:
    assert content_of("那经理呢？", "zh") == "经理" and content_of("What about Lisbon?", "en") == "Lisbon"
    assert content_of("还有吗", "zh") == "" and content_of("anything else?", "en") == ""
