"""How far a judge agrees with people, per judged metric, and whether that qualifies it.

For every case the judge scored (status ``ok``) and people labelled (a label whose answer hash
matches the run's answer), the judge's value is set beside people's (the mean over annotators):

- **n** labelled, and **raw agreement** — the share of cases where the judge's verdict (its
  value ≥ ``threshold``) is people's (their value ≥ 0.5);
- **Cohen's κ** on those verdicts; for ordinal labels (a scale of whole numbers) the
  quadratically weighted κ, the judge's value read on the same scale;
- **Spearman** and **Kendall** correlations of the values themselves;
- **TPR** and **TNR**: the share of people's "yes" the judge also says, and of their "no", with
  exact (Clopper–Pearson) intervals;
- the judge's **bias**: its mean minus people's, with a bootstrap interval over cases;
- **Krippendorff's α** among annotators where two or more labelled the same cases, and among
  annotators and the judge;
- a **verdict**: *too few labels* below ``min_labels``; else *qualified* when agreement, TPR and
  TNR all reach their minimums (and κ its own, if one is set), otherwise *not qualified*.

The default minimums follow Arize Phoenix's guide to LLM-judge evaluation — at least 100
labelled examples, more than 80 % agreement, TPR and TNR above 0.7 — and are set per config
(``qualification:``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict

from eval.labels.file import JUDGED_AS, Label
from eval.labels.ppi import figures
from eval.metrics.stats import beta_interval, interval

QUALIFIED, NOT_QUALIFIED, TOO_FEW = "qualified", "not qualified", "too few labels"


class Qualification(BaseModel):
    """When a judge counts as qualified for a metric (the config's ``qualification:``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    min_labels: int = 100
    min_agreement: float = 0.8
    min_tpr: float | None = 0.7   # None: not required (a metric people never say "no" to)
    min_tnr: float | None = 0.7
    min_kappa: float | None = None
    threshold: float = 0.5        # a judged value at or above it is the judge's "yes"
    # an ordinal labelled metric's scale, lowest and highest value (e.g. correctness: [1, 5]);
    # without it the lowest and highest values people used stand in, and the report says so
    scales: dict[str, tuple[float, float]] = {}


@dataclass
class Agreement:
    metric: str                    # the judged metric
    labelled_as: str               # the labelled metric (correctness → factual_correctness)
    scale: str                     # binary | ordinal | continuous
    n: int
    stale: int
    agreement: float | None = None
    kappa: float | None = None
    kappa_kind: str = ""
    spearman: float | None = None
    kendall: float | None = None
    tpr: tuple[float | None, float | None, float | None] = (None, None, None)   # value, low, high
    tnr: tuple[float | None, float | None, float | None] = (None, None, None)
    bias: tuple[float | None, float | None, float | None] = (None, None, None)
    alpha_annotators: float | None = None
    alpha_with_judge: float | None = None
    verdict: str = TOO_FEW
    why: str = ""
    figures: dict[str, Any] = field(default_factory=dict)   # judge-only, labels-only, prediction-powered

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def scale_of(values: list[float]) -> str:
    distinct = set(values)
    if distinct <= {0.0, 1.0}:
        return "binary"
    if all(float(v).is_integer() for v in distinct):
        return "ordinal"
    return "continuous"


def _rate(hits: int, n: int) -> tuple[float | None, float | None, float | None]:
    if n == 0:
        return None, None, None
    low, high = beta_interval(hits, n)
    return hits / n, low, high


def alpha(rows: list[list[float | None]], level: str) -> float | None:
    """Krippendorff's α over raters (rows) × cases (columns), None where it is undefined."""
    import krippendorff  # lazy: extra `labels`

    data = np.array([[np.nan if v is None else v for v in row] for row in rows], dtype=float)
    paired = (~np.isnan(data)).sum(axis=0) >= 2
    if data.shape[0] < 2 or paired.sum() < 2 or len(np.unique(data[:, paired][~np.isnan(data[:, paired])])) < 2:
        return None
    return float(krippendorff.alpha(reliability_data=data, level_of_measurement=level))


def agree(judged: dict[tuple[str, str], float], labelled: dict[tuple[str, str], list[Label]], metric: str,
          labelled_as: str, stale: int, rules: Qualification) -> Agreement:
    """``judged``: the judge's value per (suite, case id); ``labelled``: the matching labels of
    the labelled metric per (suite, case id)."""
    people = {k: float(np.mean([lb.value for lb in v])) for k, v in labelled.items()}
    keys = [k for k in people if k in judged]
    all_values = [lb.value for v in labelled.values() for lb in v]
    scale = scale_of(all_values) if all_values else "binary"
    out = Agreement(metric, labelled_as, scale, len(keys), stale)
    lo, hi = 0.0, 1.0
    if scale == "ordinal" and all_values:
        lo, hi = rules.scales.get(labelled_as) or (min(all_values), max(all_values))
        if labelled_as not in rules.scales:
            out.why = f"scale taken as the values people used, {lo:g}–{hi:g} (set qualification.scales)"
    span = (hi - lo) or 1.0
    human = np.array([(people[k] - lo) / span for k in keys], dtype=float)      # people on [0, 1]
    judge = np.array([judged[k] for k in keys], dtype=float)
    out.figures = figures({f"{s}/{c}": v for (s, c), v in judged.items()},
                          {f"{s}/{c}": (v - lo) / span for (s, c), v in people.items()}).to_dict()
    if not keys:
        out.why = "no labelled case the judge scored"
        return out
    h_yes, j_yes = human >= 0.5, judge >= rules.threshold
    out.agreement = float((h_yes == j_yes).mean())
    from sklearn.metrics import (
        cohen_kappa_score,  # lazy: scikit-learn comes with the `learned` extra
    )

    if scale == "ordinal":
        levels = int(round(hi - lo))
        out.kappa = _kappa(cohen_kappa_score, np.rint(human * levels), np.rint(judge * levels), "quadratic")
        out.kappa_kind = "quadratic-weighted"
    else:
        out.kappa = _kappa(cohen_kappa_score, h_yes, j_yes, None)
        out.kappa_kind = "unweighted"
    if len(keys) >= 3 and np.ptp(human) > 0 and np.ptp(judge) > 0:
        from scipy.stats import kendalltau, spearmanr

        out.spearman = float(spearmanr(judge, human).statistic)
        out.kendall = float(kendalltau(judge, human).statistic)
    out.tpr = _rate(int((j_yes & h_yes).sum()), int(h_yes.sum()))
    out.tnr = _rate(int((~j_yes & ~h_yes).sum()), int((~h_yes).sum()))
    diffs = (judge - human).tolist()
    iv = interval(diffs)
    out.bias = (float(np.mean(diffs)), None if np.isnan(iv.low) else iv.low, None if np.isnan(iv.high) else iv.high)
    annotators = sorted({lb.annotator for v in labelled.values() for lb in v})
    level = "nominal" if scale == "binary" else "ordinal" if scale == "ordinal" else "interval"
    by_annotator = [[next((lb.value for lb in labelled[k] if lb.annotator == a), None) for k in keys]
                    for a in annotators]
    out.alpha_annotators = alpha(by_annotator, level) if len(annotators) > 1 else None
    # the judge as one more rater, on people's scale (its verdict, for binary labels)
    judge_row: list[float | None] = [float(j_yes[i]) if scale == "binary" else
                                     float(lo + np.rint(judge[i] * span)) if scale == "ordinal" else float(judge[i])
                                     for i in range(len(keys))]
    out.alpha_with_judge = alpha([*by_annotator, judge_row], level)
    note = out.why
    out.verdict, out.why = verdict(out, rules)
    if note:
        out.why += f"; {note}"
    return out


def _kappa(score: Any, a: Any, b: Any, weights: str | None) -> float | None:
    if len(set(np.asarray(a).tolist()) | set(np.asarray(b).tolist())) < 2:
        return None       # one class only: κ is undefined
    value = float(score(a, b, weights=weights))
    return None if np.isnan(value) else value


def verdict(a: Agreement, rules: Qualification) -> tuple[str, str]:
    if a.n < rules.min_labels:
        return TOO_FEW, f"{a.n} labelled case(s); at least {rules.min_labels} needed"
    misses = []
    if a.agreement is None or a.agreement < rules.min_agreement:
        misses.append(f"agreement {a.agreement:.2f} < {rules.min_agreement}" if a.agreement is not None else "no agreement")
    for name, (value, _, _), minimum in (("TPR", a.tpr, rules.min_tpr), ("TNR", a.tnr, rules.min_tnr)):
        if minimum is not None and (value is None or value < minimum):
            misses.append(f"{name} {'undefined' if value is None else f'{value:.2f}'} < {minimum}")
    if rules.min_kappa is not None and (a.kappa is None or a.kappa < rules.min_kappa):
        misses.append(f"κ {'undefined' if a.kappa is None else f'{a.kappa:.2f}'} < {rules.min_kappa}")
    return (NOT_QUALIFIED, "; ".join(misses)) if misses else (QUALIFIED, "every minimum reached")


def agreement_of_run(records: list[Any], labels: list[Label], rules: Qualification) -> list[Agreement]:
    """Every labelled metric of a run: its agreement with the judge's metric it qualifies."""
    from eval.labels.file import matching

    counted, stale = matching(labels, records)
    out = []
    for labelled_as in sorted({lb.metric for lb in labels}):
        metric = JUDGED_AS.get(labelled_as, labelled_as)
        judged = {(r.suite, r.case_id): float(r.judgements[metric]["value"]) for r in records
                  if r.judgements.get(metric, {}).get("status") == "ok"}
        mine = {(s, c): v for (s, c, m), v in counted.items() if m == labelled_as}
        out.append(agree(judged, mine, metric, labelled_as, sum(lb.metric == labelled_as for lb in stale), rules))
    return out


def corrected_by_suite(records: list[Any], labels: list[Label]) -> dict[tuple[str, str], Any]:
    """The prediction-powered estimate of each labelled judged metric on each suite: what a gate
    rule's bound is checked against where people labelled the candidate's answers."""
    from eval.labels.file import matching
    from eval.labels.ppi import figures

    counted, _ = matching(labels, records)
    out = {}
    for labelled_as in sorted({lb.metric for lb in labels}):
        metric = JUDGED_AS.get(labelled_as, labelled_as)
        for suite in sorted({r.suite for r in records}):
            judged = {r.case_id: float(r.judgements[metric]["value"]) for r in records
                      if r.suite == suite and r.judgements.get(metric, {}).get("status") == "ok"}
            people = {c: float(np.mean([lb.value for lb in v])) for (s, c, m), v in counted.items()
                      if s == suite and m == labelled_as}
            if judged and people:
                out[(suite, metric)] = figures(judged, people).ppi
    return out
