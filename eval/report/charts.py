"""Chart geometry for the run report. The SVG itself is drawn by the templates (autoescaped,
``charts.svg.j2``) from the numbers computed here: metric bars with interval whiskers, the stage
funnel and the latency histogram, each on a scale with ticks and each naming the cases it shows
(the split the summary leads with: test when the suite has one)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np

from eval.report.axes import Scale, Tick, nice_bounds, nice_ticks
from eval.report.summary import leading_split
from eval.runs.log import Aggregate, CaseRecord, SuiteSummary
from eval.triage.fates import journey

FUNNEL = ["recall@retrieve", "recall@fuse", "recall@rerank", "recall@context"]
WIDTH = 470
ROW = 18
LABELS = 150                     # the bars' names, right-aligned left of the axis
PLOT = (LABELS + 6, WIDTH - 70)  # the 0–1 axis, with room for the value after the whisker


@dataclass(frozen=True)
class Bar:
    label: str
    y: float           # the bar's centre
    end: float         # the bar's right end (it starts at the axis' zero)
    low: float         # the whisker's ends; equal to ``end`` without an interval
    high: float
    text: str          # the value as printed after the bar
    lower_is_better: bool = False


@dataclass(frozen=True)
class BarChart:
    title: str         # names the suite and the split
    axis_label: str
    width: int
    height: int
    x0: float          # the plot box
    x1: float
    top: float
    bottom: float
    bars: list[Bar]
    ticks: list[Tick]


@dataclass(frozen=True)
class Column:
    x: float
    y: float
    width: float
    height: float
    tip: str


@dataclass(frozen=True)
class Histogram:
    title: str
    x_label: str
    y_label: str
    width: int
    height: int
    x0: float
    x1: float
    top: float
    bottom: float
    columns: list[Column]
    x_ticks: list[Tick]
    y_ticks: list[Tick]


def split_phrase(name: str, cases: int, has_splits: bool) -> str:
    """How a chart names the cases it shows."""
    if name == "all":
        return f"all cases ({cases}{', dev and test together' if has_splits else ''})"
    return f"{name} split ({cases} cases)"


def run_cases_phrase(summary: SuiteSummary) -> str:
    """How a leaderboard names the cases its aggregates cover: every case the run ran, which is
    one split when the run was restricted to it (``--split test``, ``splits: [test]``)."""
    ran = sorted(summary.splits)
    if len(ran) == 1:
        return split_phrase(ran[0], summary.cases, True)
    return split_phrase("all", summary.cases, bool(ran))


def _bar_chart(title: str, axis_label: str, rows: list[tuple[str, Aggregate, str]], whiskers: bool) -> BarChart:
    top = 30
    bottom = top + ROW * len(rows) + 4
    x = Scale(0.0, 1.0, *PLOT)
    bars = []
    for i, (name, agg, text) in enumerate(rows):
        value = float(agg.value or 0.0)
        low = agg.low if whiskers and agg.low is not None else value
        high = agg.high if whiskers and agg.high is not None else value
        bars.append(Bar(name, top + ROW * i + ROW / 2, x(value), x(low), x(high), text, not agg.higher_is_better))
    return BarChart(title, axis_label, WIDTH, int(bottom + 36), PLOT[0], PLOT[1], top, bottom, bars,
                    x.ticks(nice_ticks(0.0, 1.0, 4)))


def bars(summary: SuiteSummary) -> BarChart | None:
    """Mean metrics bounded in [0, 1] of the split the summary leads with, with their interval,
    from zero. The funnel has its own chart; a rank change (``rerank_gain``) is no share."""
    lead = leading_split(summary)
    order = [*summary.metrics, *(m for m in lead.metrics if m not in summary.metrics)]   # the table's order
    rows = [(name, agg, f"{agg.value:.3f}") for name in order if (agg := lead.metrics.get(name)) is not None
            and agg.value is not None and agg.aggregation == "mean" and 0.0 <= agg.value <= 1.0
            and name not in FUNNEL and name != "rerank_gain"]
    if not rows:
        return None
    cases = split_phrase(lead.name, lead.cases, bool(summary.splits))
    return _bar_chart(f"{summary.name} · {cases}: metrics with 95% intervals",
                      "mean over the cases (0 to 1); whisker: 95% interval; brown: lower is better", rows, True)


def funnel(summary: SuiteSummary) -> BarChart | None:
    """The share of expected documents still present after each stage, from zero, each bar with
    its value and the drop from the stage before (0.985 and 0.970 differ by their printed −0.015)."""
    lead = leading_split(summary)
    rows, before = [], None
    for name in FUNNEL:
        agg = lead.metrics.get(name)
        if agg is None or agg.value is None:
            continue
        drop = f" ({agg.value - before:+.3f})".replace("-", "−") if before is not None else ""
        rows.append((name, agg.model_copy(update={"higher_is_better": True}), f"{agg.value:.3f}{drop}"))
        before = agg.value
    if not rows:
        return None
    cases = split_phrase(lead.name, lead.cases, bool(summary.splits))
    return _bar_chart(f"{summary.name} · {cases}: stage funnel",
                      "share of expected documents still present after the stage", rows, False)


def latency(cases: list[CaseRecord], bins: int = 16) -> Histogram | None:
    """Cases by latency (errors left out), every suite and split together: counts on a y axis
    from zero, milliseconds on an x axis from zero. A few very slow cases (a cold model's first call) would
    squeeze every other case into one bar, so past twice the 95th percentile they are counted in
    the axis label instead of stretching the axis."""
    values = np.array([c.latency_ms for c in cases if c.error is None], dtype=float)
    if len(values) == 0:
        return None
    cap = 2 * float(np.percentile(values, 95))
    slow = values[values > cap] if cap > 0 else values[:0]
    shown = values[values <= cap] if len(slow) else values
    counts, edges = np.histogram(shown, bins=min(bins, max(1, len(shown))), range=(0.0, max(float(shown.max()), 1.0)))
    width, height, x0, top, bottom = 560, 220, 52.0, 30.0, 168.0
    x1 = width - 16.0
    x = Scale(float(edges[0]), float(edges[-1]), x0, x1)
    _, y_top = nice_bounds(0.0, float(counts.max()), 4, integer=True)
    y = Scale(0.0, y_top, bottom, top)
    columns = [Column(x(edges[i]) + 0.5, y(c), max(0.5, x(edges[i + 1]) - x(edges[i]) - 1.0), bottom - y(c),
                      f"{edges[i]:.1f}–{edges[i + 1]:.1f} ms: {int(c)} cases") for i, c in enumerate(counts)]
    which = "all suites, dev and test together" if {c.split for c in cases} - {None} else "all suites"
    beyond = f"; {len(slow)} slower (up to {slow.max():.0f} ms) beyond the axis" if len(slow) else ""
    return Histogram(f"latency per case · {which} ({len(values)} cases without an error)",
                     f"latency per case (ms){beyond}", "cases", width, height, x0, x1, top, bottom, columns,
                     x.ticks(nice_ticks(float(edges[0]), float(edges[-1]), 6)),
                     y.ticks(nice_ticks(0.0, y_top, 4, integer=True)))


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
