"""Aggregation with bootstrap confidence intervals (percentile bootstrap over cases)."""

from __future__ import annotations

import numpy as np

RESAMPLES = 1000
SEED = 20261130  # fixed, so a re-run reports the same intervals


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


def bootstrap_ci(values: list[float], how: str = "mean", alpha: float = 0.05,
                 resamples: int = RESAMPLES) -> tuple[float, float]:
    """The (alpha/2, 1-alpha/2) percentiles of the statistic over resampled cases."""
    arr = np.asarray(values, dtype=float)
    if len(arr) < 2:
        v = aggregate(values, how) if len(arr) else float("nan")
        return v, v
    rng = np.random.default_rng(SEED)
    idx = rng.integers(0, len(arr), size=(resamples, len(arr)))
    samples = arr[idx]
    if how == "mean":
        stats = samples.mean(axis=1)
    elif how == "sum":
        stats = samples.sum(axis=1)
    else:
        stats = np.percentile(samples, 50 if how == "p50" else 95, axis=1)
    lo, hi = np.percentile(stats, [100 * alpha / 2, 100 * (1 - alpha / 2)])
    return float(lo), float(hi)
