"""Prediction-powered inference (Angelopoulos et al., *Science* 2023; PPI++, arXiv:2311.01453):
the mean of a judged metric from the judge on every case and people on a few of them.

With labels ``Y`` on ``n`` cases, the judge's values ``Ŷ`` on those same cases and ``Ŷᵤ`` on the
``N`` cases nobody labelled, the estimate is the judge's mean on the unlabelled cases corrected
by the judge's error where people looked:

    θ̂ = λ·mean(Ŷᵤ) − mean(λ·Ŷ − Y),    se² = λ²·var(Ŷᵤ)/N + var(λ·Ŷ − Y)/n

λ = 1 is the classical estimator; here λ = cov(Y, Ŷ) / ((1 + n/N)·var(Ŷ)), clipped to [0, 1]
(PPI++: never worse than labels alone, better when the judge is informative). A biased judge
moves the judge-only mean; the rectifier ``λ·Ŷ − Y`` removes that bias.

**Small samples.** With 60 labels a good judge errs on only a handful of them, and the normal
interval around so few errors is too narrow: ``ppi_py``'s classical interval (which this closed
form reproduces exactly without the floor below; a test holds them equal) covered the truth in
90 % of simulated seeds at a nominal 95 %. So the rectifier's variance is floored the way
Agresti–Coull floors a proportion's — two pseudo-observations at its mean ± 1 — which brings
coverage to 97 % (:mod:`eval.labels.simulation`, ``make perf`` → ``reports/perf/judge.json``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from scipy.stats import norm

from eval.metrics.stats import interval

MIN_LABELS = 10   # below this no prediction-powered interval is claimed


@dataclass(frozen=True)
class Estimate:
    mean: float | None
    low: float | None
    high: float | None
    n: int
    method: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Figures:
    """One judged metric's three figures over a run's cases."""

    judge_only: Estimate      # the judge's mean over every case
    labels_only: Estimate     # people's mean over the labelled cases
    ppi: Estimate             # both: the judge corrected by people's labels

    def to_dict(self) -> dict[str, Any]:
        return {"judge_only": self.judge_only.to_dict(), "labels_only": self.labels_only.to_dict(),
                "ppi": self.ppi.to_dict()}


def _plain(values: np.ndarray, method: str) -> Estimate:
    if len(values) == 0:
        return Estimate(None, None, None, 0, "none")
    iv = interval(values.tolist())
    return Estimate(float(values.mean()), None if np.isnan(iv.low) else iv.low,
                    None if np.isnan(iv.high) else iv.high, len(values), f"{method} ({iv.method})")


def tuned_lambda(labels: np.ndarray, judged_labelled: np.ndarray, judged_unlabelled: np.ndarray) -> float:
    n, big_n = len(labels), len(judged_unlabelled)
    var = float(np.var(np.concatenate([judged_labelled, judged_unlabelled]), ddof=1))
    if var == 0 or n < 2:
        return 0.0
    cov = float(np.cov(labels, judged_labelled, ddof=1)[0, 1])
    return float(np.clip(cov / ((1 + n / big_n) * var), 0.0, 1.0))


def ppi_mean(labels: Any, judged_labelled: Any, judged_unlabelled: Any, alpha: float = 0.05,
             lam: float | None = None, floor: bool = True) -> tuple[float, float, float]:
    """The prediction-powered mean and its (1 − alpha) interval (``lam=None``: tuned;
    ``floor=False``: the plain normal interval, as ``ppi_py`` computes it)."""
    y, yhat, yu = (np.asarray(a, dtype=float) for a in (labels, judged_labelled, judged_unlabelled))
    n, big_n = len(y), len(yu)
    lam = tuned_lambda(y, yhat, yu) if lam is None else lam
    rectifier = lam * yhat - y
    theta = lam * float(yu.mean()) - float(rectifier.mean())
    squares = float(((rectifier - rectifier.mean()) ** 2).sum())
    var_r = (squares + 2.0) / (n + 1) if floor else squares / n
    var_u = float(np.var(lam * yu)) if big_n > 1 else 0.0
    se = float(np.sqrt(var_u / big_n + var_r / n))
    z = float(norm.ppf(1 - alpha / 2))
    return theta, theta - z * se, theta + z * se


def figures(judged: dict[str, float], labelled: dict[str, float], alpha: float = 0.05,
            bounds: tuple[float, float] = (0.0, 1.0)) -> Figures:
    """``judged``: the judge's value per case (every case it scored); ``labelled``: people's
    value per case (a subset). Cases people labelled that the judge did not score count for the
    labels-only figure alone."""
    every = np.array(list(judged.values()), dtype=float)
    people = np.array(list(labelled.values()), dtype=float)
    both = [k for k in labelled if k in judged]
    rest = np.array([v for k, v in judged.items() if k not in labelled], dtype=float)
    if len(both) < MIN_LABELS or len(rest) == 0:
        why = f"{len(both)} labelled case(s) the judge scored; a prediction-powered interval needs {MIN_LABELS}"
        ppi = Estimate(None, None, None, len(both), f"none: {why}" if len(both) < MIN_LABELS else
                       "none: every case is labelled (use the labels-only figure)")
    else:
        y = np.array([labelled[k] for k in both], dtype=float)
        yhat = np.array([judged[k] for k in both], dtype=float)
        mean, low, high = ppi_mean(y, yhat, rest, alpha)
        # the metric's own range bounds the interval (never claims a mean above 1)
        clip = lambda v: min(max(v, bounds[0]), bounds[1])  # noqa: E731
        ppi = Estimate(clip(mean), clip(low), clip(high), len(both) + len(rest), "ppi++")
    return Figures(_plain(every, "judge only"), _plain(people, "labels only"), ppi)


def paired_figures(judged_a: dict[str, float], judged_b: dict[str, float], labelled_a: dict[str, float],
                   labelled_b: dict[str, float], alpha: float = 0.05) -> Figures:
    """The same for a paired comparison: per-case differences b − a, over the cases both runs
    judged (and, for labels, the cases people labelled in both)."""
    common = [k for k in judged_a if k in judged_b]
    diff_j = {k: judged_b[k] - judged_a[k] for k in common}
    diff_l = {k: labelled_b[k] - labelled_a[k] for k in labelled_a if k in labelled_b}
    return figures(diff_j, diff_l, alpha, bounds=(-1.0, 1.0))
