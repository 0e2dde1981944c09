"""The run summary counts the kinds of case a target is set for (multi-turn, multi-document) by
split, and prints them for the leading split with exact intervals."""

from __future__ import annotations

from eval.report.summary import kinds_line
from eval.runs.log import CaseRecord, SplitSummary, SuiteSummary
from eval.runs.summary import kinds_of


def record(passed: bool, *, history: bool = False, tags: tuple[str, ...] = ()) -> CaseRecord:
    return CaseRecord(suite="s", case_id="c", question="q", expect="answer", passed=passed, tags=list(tags),
                      history=[{"role": "user", "content": "before"}] if history else [])


def test_kinds_count_turns_with_history_and_multi_document_cases() -> None:
    records = [record(True, history=True), record(False, history=True), record(True, tags=("multi-doc",)),
               record(True), record(False, tags=("multi-doc", "table"))]
    assert kinds_of(records) == {"multi-turn": [1, 2], "multi-document": [1, 2]}
    assert kinds_of([record(True)]) == {}   # a kind the records lack is left out


def test_the_kinds_line_leads_with_the_test_split_and_an_exact_interval() -> None:
    suite = SuiteSummary(name="s", hash="h", mode="full", language="en", cases=30,
                         splits={"test": SplitSummary(cases=20, kinds={"multi-document": [8, 10]}),
                                 "dev": SplitSummary(cases=10, kinds={"multi-document": [1, 1]})},
                         kinds={"multi-document": [9, 11]})
    assert kinds_line(suite) == ["  multi-document 8/10 passed (0.800 [0.444, 0.975]) (test split)"]
    alone = SuiteSummary(name="s", hash="h", mode="full", language="en", cases=3, kinds={"multi-turn": [3, 3]})
    assert kinds_line(alone) == ["  multi-turn 3/3 passed (1.000 [0.292, 1.000]) (all cases)"]


def test_the_kinds_line_keeps_its_order_after_run_json_sorted_the_keys() -> None:
    """The report is drawn from run.json, written with sorted keys: it printed multi-document before
    multi-turn, where the console printed them the other way."""
    suite = SuiteSummary.model_validate_json(SuiteSummary(
        name="s", hash="h", mode="full", language="en", cases=4,
        kinds={"multi-turn": [1, 2], "multi-document": [2, 2]}).model_dump_json())
    sorted_back = suite.model_copy(update={"kinds": dict(sorted(suite.kinds.items()))})
    line = kinds_line(sorted_back)[0]
    assert line.index("multi-turn") < line.index("multi-document"), line
