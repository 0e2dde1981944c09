"""What the fit was worth on the report split, for the tune's objective itself.

The per-metric worth (a paired permutation test per metric) cannot answer for an objective such
as balanced accuracy, which combines rates over different cases (false refusal over the answer
cases, false answer over the refuse cases). Here the objective is recomputed on resampled cases,
best and base config paired case by case: a paired bootstrap gives the interval of the
difference, a paired permutation test (each case's two results swapped at random) its p-value.
Fewer than ``MIN_CASES`` cases in a suite give no interval: it would claim a certainty the
sample cannot give.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import numpy as np

from eval.metrics import resolve
from eval.runs.checkpoint import read_cases
from eval.runs.log import CaseRecord
from eval.tune.spec import Tune

RESAMPLES = 4000
MIN_CASES = 10
BATCH = 500          # resamples at a time: bounded memory on large suites


def _by_suite(records: list[CaseRecord]) -> dict[str, dict[str, CaseRecord]]:
    out: dict[str, dict[str, CaseRecord]] = {}
    for r in records:
        if r.error is None:
            out.setdefault(r.suite, {})[r.case_id] = r
    return out


def _reduce(values: np.ndarray, how: str) -> np.ndarray:
    """Aggregate the last axis, ignoring cases a metric does not apply to (NaN)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)   # a resample without any case of a kind: NaN, dropped
        if how == "mean":
            return np.nanmean(values, axis=-1)
        if how == "sum":
            return np.nansum(values, axis=-1)
        if how in ("p50", "p95"):
            return np.nanpercentile(values, 50 if how == "p50" else 95, axis=-1)
    raise ValueError(f"unknown aggregation {how!r}")


def objective_of_blocks(blocks: list[np.ndarray], weights: list[float], constant: float,
                        aggregations: list[str]) -> np.ndarray:
    """The objective from per-case values: each block is one suite's ``metrics × … × cases``
    array; ``constant + Σ weight · aggregate(metric)`` per suite, then the mean over suites."""
    per_suite = []
    for block in blocks:
        total = constant
        for i, (w, how) in enumerate(zip(weights, aggregations, strict=True)):
            total = total + w * _reduce(block[i], how)
        per_suite.append(total)
    return np.mean(per_suite, axis=0)


def paired_worth(best: list[np.ndarray], base: list[np.ndarray], weights: list[float], constant: float,
                 aggregations: list[str], resamples: int = RESAMPLES, seed: int = 20261130) -> dict[str, Any]:
    """``best`` and ``base``: per suite, ``metrics × cases`` arrays paired by column (NaN where a
    metric does not apply to a case)."""
    point = float(objective_of_blocks(best, weights, constant, aggregations)
                  - objective_of_blocks(base, weights, constant, aggregations))
    rng = np.random.default_rng(seed)
    boot, perm = [], []
    for start in range(0, resamples, BATCH):
        size = min(BATCH, resamples - start)
        idx = [rng.integers(0, b.shape[1], size=(size, b.shape[1])) for b in best]
        boot.append(objective_of_blocks([b[:, i] for b, i in zip(best, idx, strict=True)], weights, constant, aggregations)
                    - objective_of_blocks([b[:, i] for b, i in zip(base, idx, strict=True)], weights, constant,
                                          aggregations))
        swap = [rng.random((size, b.shape[1])) < 0.5 for b in best]
        a_ = [np.where(s[None], y[:, None, :], x[:, None, :]) for x, y, s in zip(best, base, swap, strict=True)]
        b_ = [np.where(s[None], x[:, None, :], y[:, None, :]) for x, y, s in zip(best, base, swap, strict=True)]
        perm.append(objective_of_blocks(a_, weights, constant, aggregations)
                    - objective_of_blocks(b_, weights, constant, aggregations))
    boot_all, perm_all = np.concatenate(boot), np.concatenate(perm)
    boot_all, perm_all = boot_all[np.isfinite(boot_all)], perm_all[np.isfinite(perm_all)]
    low, high = np.percentile(boot_all, [2.5, 97.5]) if len(boot_all) else (np.nan, np.nan)
    # the observed difference counts as one of the permutations (never p = 0)
    extreme = int(np.sum(np.abs(perm_all) >= abs(point) - 1e-12))
    p_value = (extreme + 1) / (len(perm_all) + 1) if point != 0 else 1.0
    return {"delta": point, "low": float(low), "high": float(high), "p_value": round(float(p_value), 4),
            "resamples": resamples, "method": "paired bootstrap interval, paired permutation p"}


def objective_worth(tune: Tune, best_dir: Path, base_dir: Path) -> dict[str, Any]:
    """The objective's best − base difference on the report split, with its interval and p."""
    spec = tune.spec.objective
    weights = spec.weights()
    metrics = list(weights)
    best, base = _by_suite(read_cases(best_dir)), _by_suite(read_cases(base_dir))
    suites = [spec.suite] if spec.suite else sorted(set(best) & set(base))
    blocks_best, blocks_base, n = [], [], 0
    for suite in suites:
        common = sorted(set(best.get(suite, {})) & set(base.get(suite, {})))
        if len(common) < MIN_CASES:
            return {"n": len(common), "reason": f"{suite} has {len(common)} paired cases; an interval needs {MIN_CASES}"}
        n += len(common)

        def table(records: dict[str, CaseRecord], common: list[str] = common) -> np.ndarray:
            return np.array([[np.nan if records[c].metrics.get(m) is None else float(records[c].metrics[m])
                              for c in common] for m in metrics])

        blocks_best.append(table(best[suite]))
        blocks_base.append(table(base[suite]))
    found = paired_worth(blocks_best, blocks_base, [weights[m] for m in metrics], spec.constant,
                         [resolve(m).aggregation for m in metrics])
    return {**found, "n": n}
