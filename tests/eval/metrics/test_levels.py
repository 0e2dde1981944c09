"""Cases that assert an evidence level: refusal accuracy by family, exact levels, the matrix."""

from __future__ import annotations

from eval.metrics import resolve
from eval.metrics.base import Observation
from eval.runs.log import CaseRecord
from eval.runs.score import passed
from eval.suites import Case


def obs(expect: str, behaviour: str) -> Observation:
    return Observation(groups=[], grades={}, ranking=[], expect=expect, behaviour=behaviour)


def value(metric: str, expect: str, behaviour: str) -> float | None:
    return resolve(metric).compute(obs(expect, behaviour))


def test_background_declines_and_conflict_answers() -> None:
    assert value("refusal_accuracy", "refuse", "background") == 1.0
    assert value("refusal_accuracy", "background", "refused") == 1.0
    assert value("refusal_accuracy", "conflict", "conflict") == 1.0
    assert value("refusal_accuracy", "conflict", "background") == 0.0
    assert value("false_answer", "background", "answered") == 1.0
    assert value("false_refusal", "partial", "background") == 1.0
    assert value("false_refusal", "refuse", "refused") is None


def test_level_accuracy_only_for_cases_that_assert_a_level() -> None:
    assert value("level_accuracy", "conflict", "conflict") == 1.0
    assert value("level_accuracy", "conflict", "answered") == 0.0
    assert value("level_accuracy", "background", "refused") == 0.0
    assert value("level_accuracy", "answer", "answered") is None


def test_a_case_passes_on_its_exact_level_or_on_the_family() -> None:
    def record(expect: str, behaviour: str) -> CaseRecord:
        return CaseRecord(suite="s", case_id="c", question="q", expect=expect, behaviour=behaviour, mode="full")

    assert passed(record("refuse", "background"), obs("refuse", "background"))
    assert not passed(record("background", "refused"), obs("background", "refused"))
    assert passed(record("conflict", "conflict"), obs("conflict", "conflict"))
    assert not passed(record("conflict", "answered"), obs("conflict", "answered"))
    assert passed(record("answer", "conflict"), obs("answer", "conflict"))
    assert Case(id="x", question="q", expect="background").expect == "background"
