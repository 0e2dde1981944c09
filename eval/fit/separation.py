"""How well each answerability signal tells the dev cases to answer from the ones to refuse (``ragbench calibrate``).

A threshold fitted on a signal can only be as good as the signal's ranking: if the questions to refuse score as high
as the answerable ones, no cut separates them, and a better cut is not the fix — a better signal is. So calibrate
prints, for each signal the rule reads, its **ROC AUC** on the dev cases where it is read (0.5: no information; 1:
every answerable case above every case to refuse), with a 95 % interval:

- the percentile **cluster bootstrap** over documents (questions asked of one document are not independent: the
  cases are resampled by the document their answer comes from, as the false-refusal budget's bound groups them);
- widened to at least the Clopper–Pearson interval of the AUC read as a proportion over min(answerable, to refuse)
  cases — Birnbaum and Klose's bound on the variance of the Mann–Whitney statistic, AUC·(1−AUC)/min(m, n) — so that a
  small sample whose cases happen to separate perfectly never reads as certain.

A signal is read only where the rule reads it: the scatter check's ``support`` where the question is read whole, the
meaning check's ``meaning`` where the sources are running prose, the rescue's ``paraphrase`` where it was computed; a
case a hard rule refuses (an unknown name, nothing retrieved) is read by none.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from eval.metrics.stats import SEED, beta_interval

if TYPE_CHECKING:
    from eval.fit.calibrate import Signals

RESAMPLES = 1000


@dataclass(frozen=True)
class Separation:
    signal: str
    answer: int        # answerable dev cases it is read on
    refuse: int        # dev cases to refuse it is read on
    documents: int     # the documents those cases come from (the bootstrap's unit)
    auc: float
    low: float
    high: float

    def row(self) -> str:
        return f"{self.signal:<12}{self.answer:>8}{self.refuse:>8}{self.documents:>7}{self.auc:>8.3f}" \
               f"   [{self.low:.3f}, {self.high:.3f}]"


def roc_auc(positive: list[float], negative: list[float]) -> float:
    """The share of (positive, negative) pairs the values order correctly, ties counted half: the Mann–Whitney U of
    the positives over the product of the two sizes."""
    from scipy.stats import mannwhitneyu

    return float(mannwhitneyu(positive, negative, alternative="two-sided").statistic) / (len(positive) * len(negative))


def auc_interval(values: list[float], positive: list[bool], groups: list[str], alpha: float = 0.05,
                 resamples: int = RESAMPLES) -> tuple[float, float]:
    """The (alpha/2, 1 − alpha/2) interval of the AUC: the percentile bootstrap over ``groups`` (a resample that
    draws only one kind of case is skipped), widened to at least the beta interval of the AUC over min(positives,
    negatives) cases."""
    by_group: dict[str, list[int]] = {}
    for i, group in enumerate(groups):
        by_group.setdefault(group, []).append(i)
    members = list(by_group.values())
    vals, pos = np.asarray(values, dtype=float), np.asarray(positive, dtype=bool)
    rng = np.random.default_rng(SEED)
    stats = []
    for _ in range(resamples):
        drawn = np.concatenate([members[j] for j in rng.integers(0, len(members), size=len(members))])
        p, n = vals[drawn][pos[drawn]], vals[drawn][~pos[drawn]]
        if len(p) and len(n):
            stats.append(roc_auc(p.tolist(), n.tolist()))
    auc = roc_auc(vals[pos].tolist(), vals[~pos].tolist())
    m = float(min(pos.sum(), (~pos).sum()))
    b_lo, b_hi = beta_interval(auc * m, m, alpha)
    if not stats:
        return b_lo, b_hi
    lo, hi = np.percentile(stats, [100 * alpha / 2, 100 * (1 - alpha / 2)])
    return min(float(lo), b_lo), max(float(hi), b_hi)


def _read_whole(s: Signals) -> bool:
    return not s.hard_refuse and not s.cross


# (name, on which cases the rule reads it, its value)
READS: tuple[tuple[str, Callable[[Signals], bool], Callable[[Signals], float]], ...] = (
    ("semantic", _read_whole, lambda s: s.semantic),
    ("dense", _read_whole, lambda s: s.dense),
    ("coverage", _read_whole, lambda s: s.coverage),
    ("answer_type", lambda s: _read_whole(s) and not s.no_scatter, lambda s: s.answer_type),
    ("support", lambda s: _read_whole(s) and not s.no_scatter, lambda s: s.support),
    ("meaning", lambda s: _read_whole(s) and not s.no_scatter and s.prose, lambda s: s.meaning),
    ("paraphrase", lambda s: _read_whole(s) and s.paraphrase > -1.0, lambda s: s.paraphrase),
)


def separations(cases: list[Signals]) -> list[Separation]:
    """Each signal's AUC on the ``cases`` it is read on, answerable as positive; none for a signal read on no case of
    one kind, or the same on every case (not read at all)."""
    out = []
    for name, read, value in READS:
        mine = [s for s in cases if read(s) and math.isfinite(value(s))]   # (a value not computed is no evidence)
        values = [value(s) for s in mine]
        positive = [not s.expect_refuse for s in mine]
        if not any(positive) or all(positive) or len(set(values)) < 2:
            continue
        low, high = auc_interval(values, positive, [s.group for s in mine])
        auc = roc_auc([v for v, p in zip(values, positive, strict=True) if p],
                      [v for v, p in zip(values, positive, strict=True) if not p])
        out.append(Separation(name, sum(positive), len(mine) - sum(positive), len({s.group for s in mine}),
                              round(auc, 4), round(low, 4), round(high, 4)))
    return out


def format_separations(rows: list[Separation]) -> list[str]:
    if not rows:
        return []
    return ["  how each signal orders the dev cases (ROC AUC, answerable above: 0.5 none, 1.0 all; 95 % interval "
            "by documents):",
            f"  {'signal':<12}{'answer':>8}{'refuse':>8}{'docs':>7}{'AUC':>8}   interval",
            *(f"  {r.row()}" for r in rows)]
