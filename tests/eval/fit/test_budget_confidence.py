"""A false-refusal budget held by an upper bound, the questions of one document counted together
(``ragbench calibrate --max-false-refusal F --budget-confidence C``)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from scipy.stats import beta

from eval.cli import main
from eval.fit.calibrate import (
    Params,
    Signals,
    document_of,
    fit_meaning,
    fit_scatter,
    outcome,
    scattered_refusals,
)
from eval.metrics.stats import clustered_upper
from eval.suites.models import Case


def test_independent_questions_get_the_one_sided_clopper_pearson_bound() -> None:
    # 0 of 10 at 90 %: 1 - 0.1 ** (1 / 10), by hand
    assert clustered_upper([False] * 10, [f"d{i}" for i in range(10)], 0.9) == pytest.approx(0.205672, abs=1e-6)
    hits = [True, True] + [False] * 18
    assert clustered_upper(hits, [f"d{i}" for i in range(20)], 0.9) == pytest.approx(beta.ppf(0.9, 3, 18))


def test_refusals_bunched_in_one_document_count_for_less_than_spread_ones() -> None:
    """Four refused answers of 20: spread one to a document the sample holds 20 observations; all four
    in one document of four, fewer — the bound is wider. A design effect under 1 (every document refused
    alike) never narrows the bound below the independent one."""
    groups = [f"d{i // 4}" for i in range(20)]           # five documents of four questions
    bunched = [True] * 4 + [False] * 16
    spread = [i % 4 == 0 and i < 16 for i in range(20)]  # one refused answer in each of four documents
    independent = clustered_upper(bunched, [f"q{i}" for i in range(20)], 0.9)
    assert clustered_upper(bunched, groups, 0.9) > independent + 0.05
    assert clustered_upper(spread, groups, 0.9) == pytest.approx(independent)


def test_one_document_is_one_observation() -> None:
    assert clustered_upper([False] * 30, ["d"] * 30, 0.9) == pytest.approx(0.9)
    assert clustered_upper([], [], 0.9) == 1.0


def test_a_case_is_grouped_by_the_document_its_answer_comes_from() -> None:
    assert document_of(Case(id="a", question="q?", expected_docs=["d2", "d1"])) == "doc:d2"
    assert document_of(Case(id="a", question="q?", expected_docs=[["d2", "d1"]])) == "doc:d1|d2"
    assert document_of(Case(id="b", question="q?", expect="refuse")) == "case:b"
    # a question to refuse belongs to the document it was read from (a cut paragraph's questions go together)
    read = [SimpleNamespace(chunk=SimpleNamespace(doc_id="para7")), SimpleNamespace(chunk=SimpleNamespace(doc_id="x"))]
    assert document_of(Case(id="b", question="q?", expect="refuse"), read) == "read:para7"
    assert document_of(Case(id="a", question="q?", expected_docs=["d1"]), read) == "doc:d1"


def _prose_suite(per_document: int) -> list[Signals]:
    """20 must-refuse questions (10 at support 0.3, 10 at 0.5) and 20 answerable ones (two at 0.45, the rest at
    0.9), the answerable ones ``per_document`` to a document."""
    refuse = [Signals(f"r{i}", "dev", True, False, 0.5, 0, 0.9, suite="rc", prose=True,
                      support=0.3 if i < 10 else 0.5, group=f"case:r{i}") for i in range(20)]
    answer = [Signals(f"a{i}", "dev", False, False, 0.5, 0, 0.9, suite="rc", prose=True,
                      support=0.45 if i < 2 else 0.9, group=f"doc:{i // per_document}") for i in range(20)]
    return refuse + answer


def test_a_budget_held_by_its_bound_keeps_a_margin_the_dev_rate_does_not() -> None:
    """At the dev rate, refusing the two answerable questions at 0.45 (false refusal 0.10) is within a 0.10 budget
    and buys ten more refusals; held at 90 % confidence, 2 of 20 is not (its bound is ≈0.24): the cut stays under
    0.45."""
    cases = _prose_suite(per_document=1)
    base = Params(0.1, 0.0, 0.0)
    edge = fit_scatter(cases, base, "prose", max_false_refusal=0.1)
    held = fit_scatter(cases, base, "prose", max_false_refusal=0.1, confidence=0.9)
    assert 0.5 < edge["scatter_at"] <= 0.9
    assert 0.3 < held["scatter_at"] < 0.45
    refused = scattered_refusals(cases, base, held["scatter_at"], held["scatter_coverage"], "prose")
    assert outcome(cases, refused).false_refusal == 0.0 and outcome(cases, refused).false_answer == 0.5


def test_the_meaning_fit_holds_the_bound_too() -> None:
    """The same shape read as meaning: the two answerable questions at 0.86 fall to any cut that refuses the ten
    must-refuse ones at 0.88; within the bound only the cut under 0.86 is allowed."""
    cases = [Signals(f"r{i}", "dev", True, False, 0.5, 0, 0.9, suite="rc", prose=True,
                     meaning=0.84 if i < 10 else 0.88, group=f"case:r{i}") for i in range(20)] + \
            [Signals(f"a{i}", "dev", False, False, 0.5, 0, 0.9, suite="rc", prose=True,
                     meaning=0.86 if i < 2 else 0.95, group=f"doc:{i}") for i in range(20)]
    before = [False] * len(cases)
    assert 0.88 < fit_meaning(cases, before, 0.1) < 0.95
    assert 0.84 < fit_meaning(cases, before, 0.1, confidence=0.9) < 0.86


@pytest.mark.parametrize("argv, said", [
    (["--answer-type", "--budget-confidence", "0.9"], "--max-false-refusal"),
    (["--answer-type", "--max-false-refusal", "0.1", "--budget-confidence", "1.0"], "--budget-confidence"),
    (["--answer-type", "--max-false-refusal", "0.1", "--budget-confidence", "0.2"], "--budget-confidence"),
])
def test_a_bad_budget_confidence_is_an_input_error(project: Path, capsys, argv: list[str], said: str) -> None:
    code = main(["calibrate", str(project / "config.yaml"), "--suite", "tiny", *argv])
    err = capsys.readouterr().err
    assert code == 2 and said in err and "Traceback" not in err


def test_no_hit_in_several_documents_counts_each_document_once() -> None:
    # the spread of no refusal says nothing of how alike a document's questions are: 0 of 30 in two documents is
    # bounded as 0 of 2 (1 - 0.1 ** (1 / 2) at 90 %), never as 0 of 30 independent questions
    assert clustered_upper([False] * 30, ["a"] * 15 + ["b"] * 15, 0.9) == pytest.approx(1 - 0.1 ** 0.5)


def _bunched_or_spread(bunched: bool) -> list[Signals]:
    """200 answerable questions, four to a document; four of them (support 0.45) refused by any cut that refuses the
    ten must-refuse questions at 0.5 — all four in one document, or each in a document of its own."""
    refuse = [Signals(f"r{i}", "dev", True, False, 0.5, 0, 0.9, suite="rc", prose=True,
                      support=0.3 if i < 10 else 0.5, group=f"case:r{i}") for i in range(20)]
    answer = [Signals(f"a{i}", "dev", False, False, 0.5, 0, 0.9, suite="rc", prose=True, support=0.45 if i < 4 else 0.9,
                      group=f"doc:{i // 4}" if bunched or i >= 4 else f"doc:alone{i}") for i in range(200)]
    return refuse + answer


def test_the_fit_reads_the_documents_the_refused_answers_come_from() -> None:
    """Four refused answers of 200 (0.02) are within a 0.05 budget at the dev rate however they fall; held at 90 %, four
    from one document are not (bound ≈ 0.076), four from four documents are (≈ 0.041)."""
    base = Params(0.1, 0.0, 0.0)
    for bunched in (False, True):
        assert fit_scatter(_bunched_or_spread(bunched), base, "prose", max_false_refusal=0.05)["scatter_at"] > 0.5
    assert fit_scatter(_bunched_or_spread(False), base, "prose", 0.05, confidence=0.9)["scatter_at"] > 0.5
    assert 0.3 < fit_scatter(_bunched_or_spread(True), base, "prose", 0.05, confidence=0.9)["scatter_at"] < 0.45


def test_refusing_more_answers_never_passes_a_budget_the_dev_rate_fails() -> None:
    """A review's case: 20 answerable questions in five documents of four; the rule already refuses one whole document
    (0.20). Refusing two more, in two other documents (0.30), lowers the bound (the design effect is read again) — but
    it refuses more answers than the rule does, and its bound is over the budget: not within it."""
    from eval.fit.calibrate import budget_check

    cases = [Signals(f"a{i}", "dev", False, False, 0.5, 0, 0.9, suite="rc", group=f"doc:{i // 4}") for i in range(20)]
    base = [i < 4 for i in range(20)]
    more = [i < 4 or i in (4, 8) for i in range(20)]
    for confidence in (None, 0.9):
        within = budget_check(cases, base, 0.1, confidence)
        assert within(base) and not within(more)
