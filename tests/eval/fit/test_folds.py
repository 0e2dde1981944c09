"""The one fold rule and cross-validation loop every fit on dev uses (eval/fit/folds.py)."""

from __future__ import annotations

import hashlib
import random

import pytest

from eval.fit.folds import cross_validate, deal


def test_folds_by_hand() -> None:
    """Four cases, no strata, two folds: ordered by sha256(':id'), dealt round-robin."""
    ids = ["a", "b", "c", "d"]
    # sha256(":a") … by hand: the order the hashes sort in
    order = sorted(ids, key=lambda i: hashlib.sha256(f":{i}".encode()).hexdigest())
    assert order == ["b", "c", "a", "d"]
    assert deal(ids, 2, key=str) == [[0, 1], [2, 3]]        # b, a to the first fold; c, d to the second


def test_every_case_once_folds_within_one_and_strata_shared() -> None:
    cases = [(f"q{i}", "refuse" if i % 4 == 0 else "answer") for i in range(23)]
    folds = deal(cases, 5, key=lambda c: c[0], stratum=lambda c: c[1])
    flat = sorted(i for f in folds for i in f)
    assert flat == list(range(23))
    assert max(map(len, folds)) - min(map(len, folds)) <= 1
    refuse = [sum(cases[i][1] == "refuse" for i in f) for f in folds]
    assert max(refuse) - min(refuse) <= 1          # each fold holds its share of the cases to refuse


def test_folds_depend_on_ids_and_seed_not_on_file_order() -> None:
    ids = [f"case-{i}" for i in range(30)]
    shuffled = ids[:]
    random.Random(3).shuffle(shuffled)

    def members(items: list[str], seed: str) -> list[set[str]]:
        return [{items[i] for i in f} for f in deal(items, 5, key=str, seed=seed)]

    assert members(ids, "7") == members(shuffled, "7")
    assert members(ids, "7") != members(ids, "8")


def test_cross_validation_never_fits_on_what_it_scores() -> None:
    folds = deal(list(range(10)), 3, key=str)
    scored: list[int] = []

    def fit(rest: list[int]) -> set[int]:
        return set(rest)

    def score(seen: set[int], held: list[int]) -> None:
        assert not seen & set(held)
        scored.extend(held)

    chosen = cross_validate(folds, 10, fit, score)
    assert sorted(scored) == list(range(10)) and len(chosen) == 3


def test_one_fold_is_refused() -> None:
    with pytest.raises(ValueError, match="2 folds"):
        deal([1, 2], 1, key=str)
