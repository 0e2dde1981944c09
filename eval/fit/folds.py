"""The one fold rule and the one cross-validation loop of everything fitted on dev.

Three things fit on the dev split and must say what they score on questions they were not fit
on: the answerability calibration (:mod:`eval.fit.calibrate`), the learned fusion
(:mod:`eval.fit.fusion`) and a tune's nested cross-validation (:mod:`eval.tune.nested`). All
three split their cases the same way:

- cases are grouped into **strata** (what a fold must hold its share of: the cases to refuse,
  each suite), strata taken in their sort order;
- within a stratum, cases are ordered by ``sha256(seed:key)`` — a stable, seeded shuffle, so no
  fold depends on the order cases were written in;
- they are dealt round-robin into K folds, the dealer continuing from one stratum to the next,
  so folds differ in size by at most one.

What differs is only what each passes in: calibrate stratifies by expected behaviour (a fold
without refuse cases cannot score a threshold), the learned fusion needs no strata (every
case is a ranking), and a tune stratifies by suite and expected behaviour under its own seed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
M = TypeVar("M")

RULE = "stratified, sha256(seed:key) order, dealt round-robin"   # enters the keys of stored fits


def order_key(seed: Any, key: str) -> str:
    return hashlib.sha256(f"{seed}:{key}".encode()).hexdigest()


def deal(items: Sequence[T], k: int, *, key: Callable[[T], str], stratum: Callable[[T], Any] | None = None,
         seed: Any = "") -> list[list[int]]:
    """K folds of ``items``, as sorted index lists (some empty when there are fewer than K items)."""
    if k < 2:
        raise ValueError("cross-validation needs at least 2 folds")
    strata: dict[Hashable, list[int]] = {}
    for i, item in enumerate(items):
        strata.setdefault(stratum(item) if stratum else 0, []).append(i)
    folds: list[list[int]] = [[] for _ in range(k)]
    dealt = 0
    for name in sorted(strata):
        for i in sorted(strata[name], key=lambda j: order_key(seed, key(items[j]))):
            folds[dealt % k].append(i)
            dealt += 1
    return [sorted(f) for f in folds]


def cross_validate(folds: list[list[int]], n: int, fit: Callable[[list[int]], M],
                   score: Callable[[M, list[int]], None]) -> list[M]:
    """For each non-empty fold: ``fit`` on the other folds' indexes (of ``n``), then ``score``
    the held-out ones with what was fitted. Every index is held out exactly once; returns what
    each fold's fit chose."""
    chosen = []
    for held in folds:
        if not held:
            continue
        out = set(held)
        model = fit([i for i in range(n) if i not in out])
        score(model, held)
        chosen.append(model)
    return chosen
