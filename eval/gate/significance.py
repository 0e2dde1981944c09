"""One-sided paired tests in a metric's bad direction, and the smallest drop a rule can see.

Per case, ``before`` and ``after`` are the metric's values (the mean over repeats when a noisy
target was measured more than once). A pass/fail metric gets an exact sign test — McNemar's
exact test when each side ran once — on the cases that moved; a continuous metric gets a
one-sided paired permutation test (signs of the differences flipped, scipy). Both ask only
"did it get *worse*?", so an improvement never counts as evidence of a regression.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

SEED = 20261130


@dataclass(frozen=True)
class PairedTest:
    test: str            # "sign" | "permutation" | "none"
    p_value: float
    worse: int           # cases that moved in the bad direction
    better: int          # cases that moved in the good direction
    n: int               # paired cases


def is_binary(*arrays: np.ndarray) -> bool:
    """Every value is 0 or 1 (a pass/fail metric such as hit@5 or refusal accuracy per case)."""
    return all(np.isin(a, (0.0, 1.0)).all() for a in arrays)


def one_sided(before: np.ndarray, after: np.ndarray, higher_is_better: bool, *,
              test: str = "auto", resamples: int = 9999) -> PairedTest:
    """p-value of "after is worse than before", paired by case."""
    from scipy import stats

    before, after = np.asarray(before, float), np.asarray(after, float)
    loss = (before - after) if higher_is_better else (after - before)   # > 0: worse
    worse, better = int((loss > 1e-12).sum()), int((loss < -1e-12).sum())
    n = len(loss)
    if worse == 0:
        return PairedTest("none", 1.0, worse, better, n)
    if test == "auto":
        test = "sign" if is_binary(before, after) else "permutation"
    if test == "sign":
        p = stats.binomtest(worse, worse + better, 0.5, alternative="greater").pvalue
        return PairedTest("sign", float(p), worse, better, n)
    if test != "permutation":
        raise ValueError(f"unknown test {test!r}")
    res = stats.permutation_test((loss,), np.mean, vectorized=True, permutation_type="samples",
                                 n_resamples=resamples, alternative="greater",
                                 random_state=np.random.default_rng(SEED))
    return PairedTest("permutation", float(res.pvalue), worse, better, n)


def cases_to_detect(alpha: float) -> int:
    """The fewest cases that must all move the bad way (none the good way) before a one-sided
    sign test at ``alpha`` calls it a regression: the smallest k with 0.5**k < alpha."""
    return max(1, math.ceil(math.log(1 / alpha, 2) + 1e-12))


@dataclass(frozen=True)
class Resolution:
    """What a rule on ``n`` cases can see. ``step`` is one case's share of the mean; ``drop``
    is the smallest drop that can fail the rule at all."""

    n: int
    step: float
    drop: float
    cases: int
    why: str


def resolution(n: int, allowed: float, *, deterministic: bool, alpha: float) -> Resolution:
    """The smallest drop of a per-case mean over ``n`` cases that the rule can fail on.

    Deterministic target: the drop must exceed ``allowed`` and a mean moves in steps of one
    case (1/n). Noisy target: additionally, at least :func:`cases_to_detect` cases must have
    moved the bad way for the sign test to reject."""
    if n <= 0:
        return Resolution(0, math.inf, math.inf, 0, "no cases")
    step = 1.0 / n
    beyond = math.floor(allowed * n + 1e-9) + 1        # cases beyond max_drop
    if deterministic:
        return Resolution(n, step, beyond * step, beyond, f"{beyond} of {n} cases (deterministic)")
    k = max(beyond, cases_to_detect(alpha))
    return Resolution(n, step, k * step, k, f"{k} of {n} cases (one-sided sign test, α={alpha})")
