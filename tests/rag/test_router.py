"""Routers: small talk answered directly, unrelated questions refused before retrieval, and
everything else (follow-ups included) sent down the RAG path."""

from __future__ import annotations

from pathlib import Path

import pytest

from rag.chat import chat_models
from rag.indexing import Indexer
from rag.pipeline import Pipeline
from rag.registry import ComponentSpec
from tests.rag.test_pipeline import CONFIG, EMPLOYEE, index  # noqa: F401  (the fixture)


def pipeline(index_fixture, tmp_path: Path, router: str = "rules", chat=None) -> Pipeline:
    config = CONFIG.model_copy(update={"router": ComponentSpec(name=router),
                                       **({"chat_model": ComponentSpec(name="scripted")} if chat else {})})
    idx, _ = Indexer(tmp_path / "work").ensure("kb", index_fixture.root, config, "zh")
    return Pipeline(config, idx, chat)


@pytest.mark.parametrize("question, route", [
    ("你好", "direct"), ("谢谢！", "direct"), ("hello there", "direct"), ("你是谁？", "direct"),
    ("2018 年世界杯冠军是哪支球队？", "refuse"), ("推荐一部科幻电影", "refuse"),
    ("一线城市住宿标准是多少？", "rag"), ("伙食补助能留到明年吗", "rag"),   # by bigram: 伙食, 补助
    # asked in English of a Chinese corpus: no word can match, so the vocabulary says nothing and
    # the evidence rule decides on meaning (router version 2)
    ("What is the hotel cap in a tier-one city?", "rag"), ("Will it rain in Paris tomorrow?", "rag"),
    ("Paris weather VPN-999", "rag"),
])
def test_rules_router(index, tmp_path: Path, question: str, route: str) -> None:  # noqa: F811
    frame = pipeline(index, tmp_path).ask(question, EMPLOYEE)
    assert frame.route == route
    stages = [t.stage for t in frame.trace]
    if route == "rag":
        assert "retrieve" in stages
    else:   # no retrieval at all
        assert stages == ["acl", "route"] and frame.context == []
        assert frame.behaviour == ("answered" if route == "direct" else "refused")


def test_a_follow_up_is_judged_with_its_conversation(index, tmp_path: Path) -> None:  # noqa: F811
    p = pipeline(index, tmp_path)
    assert p.retrieve("还有吗？", EMPLOYEE).route.route == "refuse"
    history = [{"role": "user", "content": "一线城市住宿标准是多少？"}]
    assert p.retrieve("还有吗？", EMPLOYEE, history=history).route.route == "rag"


def test_none_router_sends_everything_down_the_rag_path(index, tmp_path: Path) -> None:  # noqa: F811
    assert pipeline(index, tmp_path, "none").ask("你好", EMPLOYEE).route == "rag"


def test_llm_router_and_an_unreadable_reply(index, tmp_path: Path) -> None:  # noqa: F811
    chat = chat_models.build({"name": "scripted", "params": {"rules": {
        "(?s)Message: 你好": '{"route": "direct", "reply": "你好呀"}',
        "(?s)Message: 天气": '{"route": "refuse"}'}, "default": "I think rag?"}})
    p = pipeline(index, tmp_path, "llm", chat)
    hello = p.ask("你好", EMPLOYEE)
    assert hello.route == "direct" and hello.answer == "你好呀"
    assert p.ask("天气", EMPLOYEE).route == "refuse"
    assert p.retrieve("住宿标准", EMPLOYEE).route.route == "rag"   # unreadable → rag, never lost


def test_a_case_asserting_a_route_fails_when_another_is_taken(tmp_path: Path) -> None:
    from eval.metrics import Observation, resolve

    metric = resolve("route_accuracy")
    assert metric.compute(Observation(groups=[], grades={}, ranking=[], route="direct", expected_route="direct")) == 1.0
    assert metric.compute(Observation(groups=[], grades={}, ranking=[], route="rag", expected_route="direct")) == 0.0
    assert metric.compute(Observation(groups=[], grades={}, ranking=[], route="rag")) is None
