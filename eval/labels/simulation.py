"""How often each interval covers the truth, for a judge of known bias: the check behind the
prediction-powered figures, and a way to ask how many labels a judge needs.

Each seed draws ``cases`` binary outcomes with rate ``truth``, a judge that agrees with each at
rate ``agreement`` and otherwise says "yes" (so it over-scores: its bias is known), and people's
labels on ``labels`` random cases. Over the seeds it counts how often the judge-only, the
labels-only and the prediction-powered 95 % intervals hold ``truth``, and their mean widths.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eval.labels.ppi import figures


def simulate(*, seeds: int = 200, cases: int = 1000, labels: int = 60, truth: float = 0.6,
             agreement: float = 0.85) -> dict[str, Any]:
    hits = {"judge_only": 0, "labels_only": 0, "ppi": 0}
    widths: dict[str, list[float]] = {k: [] for k in hits}
    for seed in range(seeds):
        rng = np.random.default_rng(seed)
        y = (rng.random(cases) < truth).astype(float)
        agrees = rng.random(cases) < agreement
        judge = np.where(agrees, y, 1.0)                    # when it errs, it says "yes"
        ids = [f"c{i}" for i in range(cases)]
        picked = rng.choice(cases, size=labels, replace=False)
        got = figures(dict(zip(ids, judge.tolist(), strict=True)), {ids[i]: float(y[i]) for i in picked})
        for name in hits:
            est = getattr(got, name)
            hits[name] += int(est.low is not None and est.low <= truth <= est.high)
            widths[name].append((est.high - est.low) if est.low is not None else float("nan"))
    bias = (1 - agreement) * (1 - truth)
    return {"seeds": seeds, "cases": cases, "labels": labels, "truth": truth, "judge_agreement": agreement,
            "judge_bias": round(bias, 4),
            "coverage": {k: round(v / seeds, 3) for k, v in hits.items()},
            "mean_width": {k: round(float(np.nanmean(v)), 4) for k, v in widths.items()}}
