"""How each answerability signal orders the dev cases (``ragbench calibrate``'s AUC table): hand-computed AUCs, the
reference implementation, intervals that a small or clustered sample cannot make certain, hostile input, and which
cases each signal is read on."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from eval.cli import main
from eval.fit.calibrate import Signals
from eval.fit.separation import auc_interval, roc_auc, separations


def _split(values: list[float], labels: list[bool]) -> tuple[list[float], list[float]]:
    return ([v for v, y in zip(values, labels, strict=True) if y], [v for v, y in zip(values, labels, strict=True) if not y])


def test_the_auc_is_the_share_of_pairs_ordered_right_ties_half() -> None:
    # pairs (3,1) (3,2) (2,1) right, (2,2) a tie: 3.5 of 4
    assert roc_auc([3.0, 2.0], [1.0, 2.0]) == 0.875
    assert roc_auc([1.0], [2.0]) == 0.0 and roc_auc([5.0, 6.0], [1.0]) == 1.0 and roc_auc([1.0], [1.0]) == 0.5


def test_the_auc_equals_scikit_learns() -> None:
    metrics = pytest.importorskip("sklearn.metrics")
    values = [0.91, 0.42, 0.77, 0.77, 0.13, 0.66, 0.58, 0.91, 0.30, 0.85]
    labels = [1, 0, 1, 0, 0, 1, 0, 1, 0, 1]
    assert roc_auc(*_split(values, [bool(y) for y in labels])) == pytest.approx(metrics.roc_auc_score(labels, values))


def test_a_small_sample_that_separates_perfectly_is_never_read_as_certain() -> None:
    low, high, bound = auc_interval([0.9, 0.8, 0.7, 0.3, 0.2, 0.1], [True, True, True, False, False, False],
                                    [f"d{i}" for i in range(6)])
    assert (high, bound) == (1.0, "floor")
    assert low < 0.3   # Clopper–Pearson of 3 in 3: 0.292


def test_many_questions_of_few_documents_count_as_few() -> None:
    # 200 questions that separate perfectly, but from two documents (one of each kind) or three of each kind
    values = [1.0 + i / 1000 for i in range(100)] + [i / 1000 for i in range(100)]
    positive = [True] * 100 + [False] * 100
    assert auc_interval(values, positive, ["a"] * 100 + ["b"] * 100) == (0.0, 1.0, "none")
    assert auc_interval(values, positive, ["one"] * 200) == (0.0, 1.0, "none")
    low, high, _ = auc_interval(values, positive, [f"a{i % 3}" for i in range(100)] + [f"b{i % 3}" for i in range(100)])
    assert high == 1.0 and low < 0.3   # three documents of each kind: Clopper–Pearson of 3 in 3


def test_questions_of_one_document_widen_the_interval() -> None:
    # twenty documents of a hundred questions each, every question of a document of one kind and sharing the
    # document's offset: the 2,000 cases are twenty independent draws, not 2,000
    rng = np.random.default_rng(7)
    offset = rng.normal(0, 1, 20)
    positive = [i // 100 < 10 for i in range(2000)]
    values = [float(offset[i // 100] + rng.normal(0, 0.3) + (0.5 if p else 0.0)) for i, p in enumerate(positive)]
    auc = roc_auc(*_split(values, positive))
    alone = auc_interval(values, positive, [f"q{i}" for i in range(2000)])
    grouped = auc_interval(values, positive, [f"d{i // 100}" for i in range(2000)])
    assert alone[0] < auc < alone[1] and grouped[0] < auc < grouped[1]
    assert grouped[1] - grouped[0] > 1.5 * (alone[1] - alone[0])


def test_independent_cases_take_the_bootstrap_when_it_is_wider_than_the_floor() -> None:
    rng = np.random.default_rng(3)
    positive = [bool(i % 2) for i in range(400)]
    values = [float(rng.normal(0.6 if p else 0.0, 1)) for p in positive]
    low, high, bound = auc_interval(values, positive, [f"q{i}" for i in range(400)])
    assert low < roc_auc(*_split(values, positive)) < high and bound in ("bootstrap", "floor")
    assert high - low < 0.25


@pytest.mark.parametrize(("values", "positive", "groups"), [
    ([], [], []),                                  # nothing
    ([0.5, 0.6], [True, True], ["a", "b"]),       # one kind only
    ([0.5, float("nan")], [True, False], ["a", "b"]),
    ([0.5, 0.6, 0.7], [True, False], ["a", "b"]),  # fewer labels than values
    ([0.5, 0.6], [True, False], ["a"]),            # fewer groups than values
])
def test_hostile_input_is_refused_with_a_clear_error(values, positive, groups) -> None:
    with pytest.raises(ValueError):
        auc_interval(values, positive, groups)


def test_roc_auc_refuses_one_kind_or_no_number() -> None:
    with pytest.raises(ValueError, match="both kinds"):
        roc_auc([], [0.1])
    with pytest.raises(ValueError, match="finite"):
        roc_auc([float("inf")], [0.1])


def _sig(i: int, refuse: bool, value: float, **kw) -> Signals:
    return Signals(f"c{i}", "dev", refuse, False, value, 0.0, 0.5, group=f"doc{i}", **kw)


def test_each_signal_is_read_only_where_the_rule_reads_it() -> None:
    cases = [_sig(0, False, 0.9, support=0.9, prose=True, meaning=0.95),
             _sig(1, False, 0.8, support=0.8, prose=False, answer_type=0.7),
             _sig(2, True, 0.2, support=0.3, prose=True, meaning=0.85),
             _sig(3, True, 0.85, support=0.2, prose=True, meaning=0.80, no_scatter=True, answer_type=0.2),
             _sig(4, False, 0.7, support=0.6, prose=True, meaning=1.0),   # a source with nothing but its title
             replace(_sig(5, True, 0.99, support=0.99, prose=True, meaning=0.99), hard_refuse=True)]
    rows = {r.signal: r for r in separations(cases)}
    # the hard refusal (5) is read by none; the split question (3) by no scatter or meaning check, but by the score
    assert (rows["semantic"].answer, rows["semantic"].refuse) == (3, 2)
    assert (rows["answer_type"].answer, rows["answer_type"].refuse) == (3, 2)
    assert (rows["support"].answer, rows["support"].refuse, rows["support"].auc) == (3, 1, 1.0)
    # meaning: prose, and read (1.0 is "not read": case 4 is left out)
    assert (rows["meaning"].answer, rows["meaning"].refuse) == (1, 1)
    # a prose-scoped scatter check reads support on running prose only (case 1 is not)
    prose = {r.signal: r for r in separations(cases, "prose")}
    assert (prose["support"].answer, prose["support"].refuse) == (2, 1)
    # the same on every case (coverage 0.5, dense 0.0), or never computed (paraphrase -1): no row
    assert not {"coverage", "dense", "paraphrase"} & set(rows)
    assert (rows["semantic"].answer_documents, rows["semantic"].refuse_documents) == (3, 2)


def test_a_value_that_is_no_number_is_left_out_not_ranked() -> None:
    cases = [_sig(0, False, 0.9), _sig(1, False, float("nan")), _sig(2, True, 0.1), _sig(3, True, float("inf"))]
    row = next(r for r in separations(cases) if r.signal == "semantic")
    assert (row.answer, row.refuse, row.auc) == (1, 1, 1.0)


def test_no_row_for_a_signal_read_on_one_kind_of_case_only() -> None:
    assert separations([_sig(0, False, 0.9), _sig(1, False, 0.4)]) == []


def test_calibrate_prints_how_each_signal_orders_the_dev_cases(project: Path, capsys) -> None:
    assert main(["calibrate", str(project / "config.yaml"), "--suite", "tiny", "--folds", "2", "--answer-type"]) == 0
    printed = capsys.readouterr().out
    assert "how each signal orders the dev cases" in printed
    table = printed.split("how each signal orders the dev cases")[1].splitlines()[2:]
    rows = [line.split() for line in table if "[" in line]
    assert {row[0] for row in rows} >= {"coverage"}   # (the tiny config reads no semantic signal: no row for it)
    for row in rows:
        answer, refuse, auc = int(row[1]), int(row[2]), float(row[5])
        low, high = float(row[6].strip("[,")), float(row[7].rstrip("]"))
        assert answer + refuse <= 6 and 0.0 <= low <= auc <= high <= 1.0 and row[8] in ("bootstrap", "floor", "none")
