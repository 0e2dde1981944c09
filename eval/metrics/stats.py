"""Aggregates and their 95 % intervals. Every interval says how it was made (DESIGN §7):

- **clopper-pearson** — a pass/fail metric (every per-case value 0 or 1) averaged over cases:
  the exact binomial interval, which never collapses (32 of 32 hits → [0.891, 1]).
- **bootstrap+beta** — a per-case value bounded in [0, 1] (nDCG, recall, coverage): the
  percentile bootstrap over cases, widened to at least the beta interval of the same mean over
  the same number of cases (each value read as a probability of success), so that a sample
  whose cases all agree still reports what so few cases cannot rule out.
- **clopper-pearson×n** — a count of cases (ACL leaks: a sum of 0/1 values): n times the exact
  interval of the rate, so 0 leaks in 65 cases reads [0, 3.6], not a certain 0.
- **bootstrap** — anything else (latency percentiles, token sums): the percentile bootstrap.
- **none** — fewer than two cases: no interval at all (NaN), never a point dressed as one.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

RESAMPLES = 1000
SEED = 20261130  # fixed, so a re-run reports the same intervals


class Interval(NamedTuple):
    low: float
    high: float
    method: str


def aggregate(values: list[float], how: str) -> float:
    arr = np.asarray(values, dtype=float)
    if how == "mean":
        return float(arr.mean())
    if how == "sum":
        return float(arr.sum())
    if how == "p50":
        return float(np.percentile(arr, 50))
    if how == "p95":
        return float(np.percentile(arr, 95))
    raise ValueError(f"unknown aggregation {how!r}")


@functools.lru_cache(maxsize=4)
def _resample_index(n: int, resamples: int) -> np.ndarray:
    """The resampled case positions: the same for every metric of every run with ``n`` cases
    (the seed is fixed), so drawn once per process and size."""
    idx = np.random.default_rng(SEED).integers(0, n, size=(resamples, n))
    idx.flags.writeable = False
    return idx


def bootstrap_ci(values: list[float], how: str = "mean", alpha: float = 0.05,
                 resamples: int = RESAMPLES) -> tuple[float, float]:
    """The (alpha/2, 1-alpha/2) percentiles of the statistic over resampled cases."""
    arr = np.asarray(values, dtype=float)
    if len(arr) < 2:
        v = aggregate(values, how) if len(arr) else float("nan")
        return v, v
    samples = arr[_resample_index(len(arr), resamples)]
    if how == "mean":
        stats = samples.mean(axis=1)
    elif how == "sum":
        stats = samples.sum(axis=1)
    else:
        stats = np.percentile(samples, 50 if how == "p50" else 95, axis=1)
    lo, hi = np.percentile(stats, [100 * alpha / 2, 100 * (1 - alpha / 2)])
    return float(lo), float(hi)


def beta_interval(successes: float, n: float, alpha: float = 0.05) -> tuple[float, float]:
    """Clopper–Pearson: exact for whole ``successes``; for a fractional sum of [0, 1] values
    the same beta quantiles (the binomial bound of a bounded mean)."""
    from scipy.stats import beta

    lo = 0.0 if successes <= 0 else float(beta.ppf(alpha / 2, successes, n - successes + 1))
    hi = 1.0 if successes >= n else float(beta.ppf(1 - alpha / 2, successes + 1, n - successes))
    return lo, hi


def clustered_upper(hits: list[bool], groups: list[str], confidence: float) -> float:
    """A one-sided upper bound, at ``confidence``, of the rate of ``hits`` among cases that come in ``groups``
    (questions asked of one document): cases of one group are not independent, so the bound is Clopper–Pearson's
    on the **effective** number of cases — n divided by the design effect, the between-group variance of the
    ratio estimate over the binomial variance (never below 1: grouping never buys certainty). With no hit (or all
    hits) the spread says nothing, and each group counts as one case. With every group of one case it is the plain
    one-sided Clopper–Pearson bound; 1.0 with no case."""
    n = len(hits)
    if n == 0:
        return 1.0
    rate = sum(hits) / n
    by_group: dict[str, list[int]] = {}
    for hit, group in zip(hits, groups, strict=True):
        by_group.setdefault(group, []).append(int(hit))
    g = len(by_group)
    # (both variances with their small-sample factor, so that groups of one case give a design effect of exactly 1)
    binomial = n / (n - 1) * rate * (1 - rate) / n if n > 1 else 0.0
    if g > 1 and binomial > 0:
        between = g / (g - 1) * sum((sum(v) - rate * len(v)) ** 2 for v in by_group.values()) / n ** 2
        effective = n / max(1.0, between / binomial)
    else:
        # no hit, or every case a hit: the spread says nothing of how alike a group's cases are, so each group counts
        # as one observation (groups of one case: the plain bound)
        effective = float(g)
    # (the upper end of the two-sided interval at twice the one-sided miss is the one-sided bound)
    return beta_interval(rate * effective, effective, 2 * (1 - confidence))[1]


def interval(values: list[float], how: str = "mean", alpha: float = 0.05, *, cases: bool = True) -> Interval:
    """``cases=False`` for quantities that are not per-case outcomes (tokens, latency): a sum
    of them is never read as a count of cases."""
    arr = np.asarray(values, dtype=float)
    n = len(arr)
    if n < 2:
        return Interval(float("nan"), float("nan"), "none")
    binary = bool(np.isin(arr, (0.0, 1.0)).all())
    if how == "mean" and binary:
        return Interval(*beta_interval(float(arr.sum()), n, alpha), "clopper-pearson")
    if how == "sum" and binary and cases:   # a count of cases (ACL leaks): n times the exact interval of the rate
        lo, hi = beta_interval(float(arr.sum()), n, alpha)
        return Interval(lo * n, hi * n, "clopper-pearson×n")
    lo, hi = bootstrap_ci(values, how, alpha)
    if how == "mean" and arr.min() >= 0.0 and arr.max() <= 1.0:
        b_lo, b_hi = beta_interval(float(arr.sum()), n, alpha)
        return Interval(min(lo, b_lo), max(hi, b_hi), "bootstrap+beta")
    return Interval(lo, hi, "bootstrap")
