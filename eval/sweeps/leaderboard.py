"""The sweep leaderboard: variants × metrics with intervals, the best variant per metric, and a
paired significance test of every variant against the best, Holm-corrected across variants."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from eval.metrics import resolve
from eval.runs.log import Aggregate, CaseRecord, RunLog


@dataclass
class Cell:
    agg: Aggregate
    p_value: float | None = None      # against the best variant, Holm-adjusted
    significant: bool | None = None   # significantly worse than the best
    best: bool = False


@dataclass
class SuiteBoard:
    suite: str
    metrics: list[str]
    variants: list[str]
    cells: dict[str, dict[str, Cell]] = field(default_factory=dict)   # variant → metric → cell
    best: dict[str, str] = field(default_factory=dict)                # metric → variant


def paired_p_value(a: np.ndarray, b: np.ndarray, test: str, resamples: int) -> float:
    """Two-sided p-value that paired samples a and b have the same mean: scipy's permutation
    test (signs of the differences flipped) or a paired bootstrap of the mean difference."""
    from scipy import stats

    diff = a - b
    if np.allclose(diff, 0):
        return 1.0
    rng = np.random.default_rng(20261130)
    if test == "permutation":
        res = stats.permutation_test((a, b), lambda x, y, axis: np.mean(x - y, axis=axis), vectorized=True,
                                     permutation_type="samples", n_resamples=resamples, alternative="two-sided",
                                     random_state=rng)
        return float(res.pvalue)
    idx = rng.integers(0, len(diff), size=(resamples, len(diff)))
    means = diff[idx].mean(axis=1)
    # share of resampled means on the other side of zero, doubled (percentile bootstrap test)
    tail = np.mean(means <= 0) if diff.mean() > 0 else np.mean(means >= 0)
    return float(min(1.0, 2 * tail))


def holm(p_values: dict[str, float]) -> dict[str, float]:
    """Holm–Bonferroni step-down adjusted p-values."""
    order = sorted(p_values, key=lambda k: p_values[k])
    m = len(order)
    adjusted, running = {}, 0.0
    for i, key in enumerate(order):
        running = max(running, min(1.0, (m - i) * p_values[key]))
        adjusted[key] = running
    return adjusted


def build(logs: dict[str, RunLog], cases: dict[str, list[CaseRecord]], *, test: str = "permutation",
          alpha: float = 0.05, resamples: int = 9999) -> list[SuiteBoard]:
    """One board per suite. ``logs`` and ``cases`` are keyed by variant name."""
    boards = []
    suites = list(next(iter(logs.values())).suites) if logs else []
    for suite in suites:
        variants = [v for v in logs if suite in logs[v].suites]
        metric_names = list(logs[variants[0]].suites[suite].metrics)
        board = SuiteBoard(suite, metric_names, variants)
        per_case = {v: {r.case_id: r.metrics for r in cases[v] if r.suite == suite and r.error is None}
                    for v in variants}
        for v in variants:
            board.cells[v] = {m: Cell(logs[v].suites[suite].metrics[m]) for m in metric_names}
        for metric in metric_names:
            higher = resolve(metric).higher_is_better
            scored = [v for v in variants if board.cells[v][metric].agg.value is not None]
            if not scored:
                continue
            best = (max if higher else min)(scored, key=lambda v: (board.cells[v][metric].agg.value, -variants.index(v)))
            board.best[metric] = best
            board.cells[best][metric].best = True
            if metric.startswith("latency"):
                continue  # timings are not paired evidence about quality
            raw = {}
            for v in scored:
                if v == best:
                    continue
                common = [c for c in per_case[best] if per_case[best][c].get(metric) is not None
                          and per_case[v].get(c, {}).get(metric) is not None]
                if len(common) < 2:
                    continue
                a = np.array([per_case[best][c][metric] for c in common], dtype=float)
                b = np.array([per_case[v][c][metric] for c in common], dtype=float)
                raw[v] = paired_p_value(a, b, test, resamples)
            for v, p in holm(raw).items():
                board.cells[v][metric].p_value = p
                board.cells[v][metric].significant = p < alpha
        boards.append(board)
    return boards


def to_json(boards: list[SuiteBoard]) -> list[dict[str, Any]]:
    return [{
        "suite": b.suite, "metrics": b.metrics, "best": b.best,
        "variants": {v: {m: {"value": c.agg.value, "low": c.agg.low, "high": c.agg.high, "n": c.agg.n,
                             "p_value": c.p_value, "significantly_worse": c.significant, "best": c.best}
                         for m, c in cells.items()} for v, cells in b.cells.items()},
    } for b in boards]
