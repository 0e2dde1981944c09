"""How each answerability signal orders the dev cases (``ragbench calibrate``'s AUC table): hand-computed AUCs, the
reference implementation, intervals that a small or clustered sample cannot make certain, and which cases each signal
is read on."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from eval.cli import main
from eval.fit.calibrate import Signals
from eval.fit.separation import auc_interval, roc_auc, separations


def test_the_auc_is_the_share_of_pairs_ordered_right_ties_half() -> None:
    # pairs (3,1) (3,2) (2,1) right, (2,2) a tie: 3.5 of 4
    assert roc_auc([3.0, 2.0], [1.0, 2.0]) == 0.875
    assert roc_auc([1.0], [2.0]) == 0.0 and roc_auc([5.0, 6.0], [1.0]) == 1.0


def test_the_auc_equals_scikit_learns() -> None:
    metrics = pytest.importorskip("sklearn.metrics")
    values = [0.91, 0.42, 0.77, 0.77, 0.13, 0.66, 0.58, 0.91, 0.30, 0.85]
    labels = [1, 0, 1, 0, 0, 1, 0, 1, 0, 1]
    assert roc_auc([v for v, y in zip(values, labels, strict=True) if y], [v for v, y in zip(values, labels, strict=True) if not y]) \
        == pytest.approx(metrics.roc_auc_score(labels, values))


def test_a_small_sample_that_separates_perfectly_is_never_read_as_certain() -> None:
    low, high = auc_interval([0.9, 0.8, 0.7, 0.3, 0.2, 0.1], [True, True, True, False, False, False],
                             [f"d{i}" for i in range(6)])
    assert high == 1.0
    assert low < 0.3   # Clopper–Pearson of 3 in 3: 0.292


def test_questions_of_one_document_widen_the_interval() -> None:
    import numpy as np

    # twenty documents of a hundred questions each, every question of a document of one kind (answerable or not) and
    # sharing the document's offset: the 2,000 cases are twenty independent draws, not 2,000
    rng = np.random.default_rng(7)
    offset = rng.normal(0, 1, 20)
    positive = [i // 100 < 10 for i in range(2000)]
    values = [float(offset[i // 100] + rng.normal(0, 0.3) + (0.5 if p else 0.0)) for i, p in enumerate(positive)]
    auc = roc_auc([v for v, p in zip(values, positive, strict=True) if p], [v for v, p in zip(values, positive, strict=True) if not p])
    alone = auc_interval(values, positive, [f"q{i}" for i in range(2000)])
    grouped = auc_interval(values, positive, [f"d{i // 100}" for i in range(2000)])
    assert alone[0] < auc < alone[1] and grouped[0] < auc < grouped[1]
    assert grouped[1] - grouped[0] > 1.5 * (alone[1] - alone[0])


def _sig(i: int, refuse: bool, value: float, **kw) -> Signals:
    return Signals(f"c{i}", "dev", refuse, False, value, 0.0, 0.5, group=f"doc{i}", **kw)


def test_each_signal_is_read_only_where_the_rule_reads_it() -> None:
    cases = [_sig(0, False, 0.9, support=0.9, prose=True, meaning=0.95),
             _sig(1, False, 0.8, support=0.8, prose=False),
             _sig(2, True, 0.2, support=0.3, prose=True, meaning=0.85),
             _sig(3, True, 0.85, support=0.2, prose=True, meaning=0.80, no_scatter=True),
             replace(_sig(4, True, 0.99, support=0.99, prose=True, meaning=0.99), hard_refuse=True)]
    rows = {r.signal: r for r in separations(cases)}
    # the hard refusal (4) is read by none; the split question (3) by no scatter or meaning check
    assert (rows["semantic"].answer, rows["semantic"].refuse) == (2, 2)
    assert rows["semantic"].auc == 0.75   # 0.85 of case 3 above 0.8 of case 1
    assert (rows["support"].answer, rows["support"].refuse, rows["support"].auc) == (2, 1, 1.0)
    assert (rows["meaning"].answer, rows["meaning"].refuse) == (1, 1)   # prose only
    # the same on every case (coverage 0.5, dense 0.0), or never computed (paraphrase -1): no row
    assert not {"coverage", "dense", "paraphrase"} & set(rows)


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
        answer, refuse, auc = int(row[1]), int(row[2]), float(row[4])
        low, high = float(row[5].strip("[,")), float(row[6].rstrip("]"))
        assert answer + refuse <= 6 and 0.0 <= low <= auc <= high <= 1.0
