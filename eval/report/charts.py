"""Chart data for the run report. The SVG itself is drawn by the templates (autoescaped), from
numbers computed here: metric bars with interval whiskers, the stage funnel, latency bins."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from eval.runs.log import CaseRecord, SuiteSummary
from eval.triage.fates import journey

FUNNEL = ["recall@retrieve", "recall@fuse", "recall@rerank", "recall@context"]


def bars(summary: SuiteSummary) -> list[dict[str, Any]]:
    """Mean metrics bounded in [0, 1], with their interval, as bar geometry (0–1 scale)."""
    out = []
    for name, agg in summary.metrics.items():
        if agg.value is None or agg.aggregation != "mean" or not 0.0 <= agg.value <= 1.0:
            continue
        if name in FUNNEL or name == "rerank_gain":   # the funnel has its own chart; a rank change is no share
            continue
        out.append({"name": name, "value": agg.value, "low": agg.low if agg.low is not None else agg.value,
                    "high": agg.high if agg.high is not None else agg.value, "higher": agg.higher_is_better})
    return out


def funnel(summary: SuiteSummary) -> list[dict[str, Any]]:
    return [{"name": n, "value": summary.metrics[n].value} for n in FUNNEL
            if n in summary.metrics and summary.metrics[n].value is not None]


def latency_bins(cases: list[CaseRecord], bins: int = 12) -> list[dict[str, Any]]:
    values = np.array([c.latency_ms for c in cases if c.error is None], dtype=float)
    if len(values) == 0:
        return []
    counts, edges = np.histogram(values, bins=min(bins, max(1, len(values))))
    top = counts.max() or 1
    return [{"low": float(edges[i]), "high": float(edges[i + 1]), "count": int(c), "share": float(c / top)}
            for i, c in enumerate(counts)]


def tag_table(cases: list[CaseRecord]) -> list[dict[str, Any]]:
    """Per (suite, tag): cases, passed, and the most common failure label."""
    rows: dict[tuple[str, str], list[CaseRecord]] = {}
    for c in cases:
        for t in c.tags or ["(no tag)"]:
            rows.setdefault((c.suite, t), []).append(c)
    out = []
    for (suite, tag), members in sorted(rows.items()):
        labels = Counter((c.labels or {}).get("primary") for c in members if not c.passed)
        labels.pop(None, None)
        out.append({"suite": suite, "tag": tag, "cases": len(members), "passed": sum(c.passed for c in members),
                    "top_label": labels.most_common(1)[0][0] if labels else ""})
    return out


def case_rows(cases: list[CaseRecord]) -> list[dict[str, Any]]:
    """Cases with their label and journeys, failures first (then in suite order)."""
    rows = [{"case": c, "label": (c.labels or {}).get("primary", ""),
             "journeys": [f"{doc}: {journey(f)}" for doc, f in c.fates.items()]} for c in cases]
    rows.sort(key=lambda r: (r["case"].passed and not r["case"].error,))
    return rows
