"""How well each answerability signal tells the dev cases to answer from the ones to refuse (``ragbench calibrate``).

A threshold fitted on a signal can only be as good as the signal's ranking: if the questions to refuse score as high
as the answerable ones, no cut separates them, and a better cut is not the fix — a better signal is. So calibrate
prints, for each signal the rule reads, its **ROC AUC** on the dev cases where it is read (0.5: no information; 1:
every answerable case above every case to refuse), with a 95 % interval that counts **documents**, not questions
(questions asked of one document are not independent, and a cut paragraph's questions are all of one kind):

- the percentile **cluster bootstrap**: the cases resampled by the document their answer comes from, as the
  false-refusal budget's bound groups them (a resample that draws one kind of case only is skipped; with fewer than
  half the resamples usable the bootstrap says nothing);
- never narrower than the Clopper–Pearson interval of the AUC read as a proportion over m trials, m the fewer of the
  documents holding answerable cases and the documents holding cases to refuse — a conservative floor motivated by
  Birnbaum and Klose's bound on the Mann–Whitney statistic's variance, AUC·(1−AUC)/min(m, n), with documents for cases.
  It is a heuristic with no coverage guarantee of its own; it keeps a few documents whose questions happen to separate
  from ever reading as certain;
- and (0, 1), no information, when either kind of case comes from fewer than two documents.

Each row says which of the two set its interval (``bootstrap`` or ``floor``).

A signal is read only where the rule reads it: ``semantic``, ``dense``, ``coverage`` and ``answer_type`` on every case
read whole (not one a hard rule refuses, such as an unknown name or nothing retrieved, nor one asked in another
language); the scatter check's ``support`` where that check reads (a question read whole, in the config's scope: only
running prose under ``scatter_scope: prose``), whatever its coverage; the meaning check's ``meaning`` where the sources
are running prose and a sentence was read (1.0 is "not read", as calibrate's meaning fit reads it); the rescue's
``paraphrase`` wherever calibrate computed it, though the rule reads it only for a question under the bar.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from eval.metrics.stats import SEED, beta_interval

# (a case is calibrate's ``Signals``; typed loosely so that this module, which calibrate imports, imports nothing back)
Signals = Any

RESAMPLES = 1000


@dataclass(frozen=True)
class Separation:
    signal: str
    answer: int            # answerable dev cases it is read on
    refuse: int            # dev cases to refuse it is read on
    answer_documents: int  # the documents those cases come from (the bootstrap's unit)
    refuse_documents: int
    auc: float
    low: float
    high: float
    bound: str             # what set the interval: "bootstrap", "floor" or "none" (fewer than two documents a kind)

    def row(self) -> str:
        return f"{self.signal:<12}{self.answer:>7}{self.refuse:>7}{self.answer_documents:>7}{self.refuse_documents:>7}" \
               f"{self.auc:>8.3f}   [{self.low:.3f}, {self.high:.3f}] {self.bound}"


def _two_kinds(values: list[float], positive: list[bool]) -> tuple[np.ndarray, np.ndarray]:
    vals, pos = np.asarray(values, dtype=float), np.asarray(positive, dtype=bool)
    if vals.shape != pos.shape or vals.ndim != 1:
        raise ValueError(f"{len(values)} values for {len(positive)} labels")
    if not np.isfinite(vals).all():
        raise ValueError("every value must be a finite number")
    if not pos.any() or pos.all():
        raise ValueError("an AUC needs cases of both kinds")
    return vals, pos


def roc_auc(positive: list[float], negative: list[float]) -> float:
    """The share of (positive, negative) pairs the values order correctly, ties counted half: the Mann–Whitney U of
    the positives (their rank sum less its least value) over the product of the two sizes."""
    vals, pos = _two_kinds([*positive, *negative], [True] * len(positive) + [False] * len(negative))
    return _auc(vals, pos)


def _auc(vals: np.ndarray, pos: np.ndarray) -> float:
    from scipy.stats import rankdata

    n1, n0 = int(pos.sum()), int((~pos).sum())
    return float((rankdata(vals)[pos].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def auc_interval(values: list[float], positive: list[bool], groups: list[str], alpha: float = 0.05,
                 resamples: int = RESAMPLES) -> tuple[float, float, str]:
    """The (alpha/2, 1 − alpha/2) interval of the AUC and what set it (the module's docstring): the cluster bootstrap
    over ``groups``, never narrower than the beta floor over the documents of the rarer kind; (0, 1) when either kind
    comes from fewer than two groups."""
    vals, pos = _two_kinds(values, positive)
    if len(groups) != len(vals):
        raise ValueError(f"{len(groups)} groups for {len(vals)} values")
    members: dict[str, list[int]] = {}
    for i, group in enumerate(groups):
        members.setdefault(group, []).append(i)
    m = min(len({groups[i] for i in np.flatnonzero(pos)}), len({groups[i] for i in np.flatnonzero(~pos)}))
    if m < 2:
        return 0.0, 1.0, "none"
    auc = _auc(vals, pos)
    floor = beta_interval(auc * m, m, alpha)
    blocks = list(members.values())
    rng = np.random.default_rng(SEED)
    stats = []
    for _ in range(resamples):
        drawn = np.concatenate([blocks[j] for j in rng.integers(0, len(blocks), size=len(blocks))])
        p = pos[drawn]
        if p.any() and not p.all():
            stats.append(_auc(vals[drawn], p))
    if len(stats) < resamples / 2:
        return floor[0], floor[1], "floor"
    lo, hi = (float(x) for x in np.percentile(stats, [100 * alpha / 2, 100 * (1 - alpha / 2)]))
    if lo <= floor[0] and hi >= floor[1]:
        return lo, hi, "bootstrap"
    return min(lo, floor[0]), max(hi, floor[1]), "floor"


def _read_whole(s: Signals) -> bool:
    return not s.hard_refuse and not s.cross


def reads(scatter_scope: str = "all") -> tuple[tuple[str, Callable[[Signals], bool], Callable[[Signals], float]], ...]:
    """(name, on which cases the rule reads it, its value) for each signal; ``scatter_scope`` the config's."""
    return (
        ("semantic", _read_whole, lambda s: s.semantic),
        ("dense", _read_whole, lambda s: s.dense),
        ("coverage", _read_whole, lambda s: s.coverage),
        ("answer_type", _read_whole, lambda s: s.answer_type),
        ("support", lambda s: _read_whole(s) and s.read_by_scatter(scatter_scope), lambda s: s.support),
        ("meaning", lambda s: _read_whole(s) and s.read_by_meaning() and s.meaning < 1.0, lambda s: s.meaning),
        ("paraphrase", lambda s: _read_whole(s) and s.paraphrase > -1.0, lambda s: s.paraphrase),
    )


def separations(cases: list[Signals], scatter_scope: str = "all") -> list[Separation]:
    """Each signal's AUC on the ``cases`` it is read on, answerable as positive; none for a signal read on no case of
    one kind, or the same on every case (not read at all). A value that is no finite number is left out."""
    out = []
    for name, read, value in reads(scatter_scope):
        mine = [s for s in cases if read(s) and math.isfinite(value(s))]
        values = [value(s) for s in mine]
        positive = [not s.expect_refuse for s in mine]
        if not any(positive) or all(positive) or len(set(values)) < 2:
            continue
        groups = [s.group or f"case:{s.case_id}" for s in mine]
        low, high, bound = auc_interval(values, positive, groups)
        out.append(Separation(name, sum(positive), len(mine) - sum(positive),
                              len({g for g, p in zip(groups, positive, strict=True) if p}),
                              len({g for g, p in zip(groups, positive, strict=True) if not p}),
                              round(_auc(np.asarray(values, dtype=float), np.asarray(positive)), 4),
                              round(low, 4), round(high, 4), bound))
    return out


def format_separations(rows: list[Separation]) -> list[str]:
    if not rows:
        return []
    return ["  how each signal orders the dev cases (ROC AUC, answerable above: 0.5 none, 1.0 all; 95 % interval "
            "counting documents, set by the bootstrap or its floor):",
            f"  {'signal':<12}{'answer':>7}{'refuse':>7}{'docs':>7}{'docs':>7}{'AUC':>8}   interval",
            *(f"  {r.row()}" for r in rows)]
