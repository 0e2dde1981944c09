"""The sweep report: what changed between the variants (the config paths that differ, and each
variant's cache state), then the leaderboard with intervals and significance marks, and one
parameter-effect chart (inline SVG, :mod:`eval.report.effect_chart`) per axis."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eval.metrics import resolve
from eval.report.charts import run_cases_phrase
from eval.report.effect_chart import Point, effect_chart, is_numeric, significance_note
from eval.report.page import environment
from eval.runs.log import RunLog
from eval.sweeps.leaderboard import SuiteBoard
from eval.sweeps.spec import Sweep, short_value

__all__ = ["Point", "charts", "config_table", "effect_chart", "write_sweep_report"]


def axis_label(value: Any) -> str:
    """An axis value as the chart names it (an empty list is ``[]``, not nothing)."""
    return short_value(value) or json.dumps(value)


def charts(sweep: Sweep, boards: list[SuiteBoard], metric_for: dict[str, str],
           logs: dict[str, RunLog] | None = None) -> list[dict[str, Any]]:
    """One chart per grid/zip axis; explicit named variants are not points on an axis."""
    out = []
    by_name = {v.name: v for v in sweep.variants if v.name not in sweep.spec.variants}
    for board in boards:
        metric = metric_for[board.suite]
        summaries = [logs[v].suites[board.suite] for v in board.variants if logs and v in logs]
        split = run_cases_phrase(summaries[0]) if summaries else "all cases"
        for axis in sweep.axes:
            raw = sweep.spec.grid.get(axis, sweep.spec.zip.get(axis, []))
            numeric = is_numeric(raw)
            points = []
            for v in board.variants:
                cell = board.cells[v][metric]
                if v not in by_name or axis not in by_name[v].assignments or cell.agg.value is None:
                    continue
                value = by_name[v].assignments[axis]
                points.append(Point(v, axis_label(value), cell.agg.value, cell.agg.low, cell.agg.high, cell.best,
                                    cell.significant, cell.p_value, float(value) if numeric else None))
            if len({p.category for p in points}) > 1:
                bounded = resolve(metric).aggregation == "mean" and all(
                    0.0 <= p.value <= 1.0 for p in points) and not metric.startswith("latency")
                out.append({"suite": board.suite, "axis": axis, "metric": metric, "split": split,
                            "numeric": numeric, "note": significance_note(points, sweep.spec.significance.alpha),
                            "svg": effect_chart(axis, metric, points, [axis_label(x) for x in raw],
                                                numeric=numeric, split=split, bounded=bounded)})
    return out


@dataclass(frozen=True)
class ConfigTable:
    """The config paths that differ between the variants, each variant's value on each, and
    whether it equals the reference variant's (the baseline, else the first)."""

    variants: list[str]              # the reference first
    caches: list[str]                # each variant's cache state: cold, warm or "" (not recorded)
    paths: list[str]
    values: list[list[str]]          # path × variant, as shown
    same: list[list[bool]]           # path × variant: equal to the reference's value
    recorded: bool                   # False: an older sweep.json without the diff

    @property
    def by_variant(self) -> bool:
        """A row per variant when there are more variants than paths, else a row per path."""
        return len(self.variants) > len(self.paths)


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def config_table(state: dict[str, Any], baseline: str | None) -> ConfigTable:
    names = list(state["variants"])
    reference = baseline if baseline in names else names[0]
    order = [reference] + [n for n in names if n != reference]
    diff = state.get("config_diff")
    rows = diff or []
    values = [[_shown(d["values"].get(n, "—")) for n in order] for d in rows]
    same = [[i > 0 and d["values"].get(n, "—") == d["values"].get(reference, "—") for i, n in enumerate(order)]
            for d in rows]
    return ConfigTable(order, [state["variants"][n].get("cache_state", "") for n in order],
                       [d["path"] for d in rows], values, same, diff is not None)


def write_sweep_report(folder: Path, sweep: Sweep, state: dict[str, Any], boards: list[SuiteBoard],
                       logs: dict[str, RunLog]) -> Path:
    from markupsafe import Markup

    primary = sweep.spec.primary
    metric_for = {b.suite: primary if primary in b.metrics else b.metrics[0] for b in boards}
    for board in boards:  # the sort metric first, costs last; rows best first
        key = metric_for[board.suite]
        board.metrics = [key] + [m for m in board.metrics if m != key and resolve(m).needs != "cost"] + \
            [m for m in board.metrics if m != key and resolve(m).needs == "cost"]
        higher = resolve(key).higher_is_better
        board.variants = sorted(board.variants, key=lambda v: (
            board.cells[v][key].agg.value is None,
            -(board.cells[v][key].agg.value or 0) if higher else (board.cells[v][key].agg.value or 0)))
    splits = {b.suite: run_cases_phrase(logs[b.variants[0]].suites[b.suite])
              if b.variants and b.variants[0] in logs else "all cases" for b in boards}
    rendered = environment().get_template("sweep.html.j2").render(
        state=state, boards=boards, metric_for=metric_for, sweep=sweep, splits=splits,
        table=config_table(state, sweep.spec.baseline),
        charts=[{**c, "svg": Markup(c["svg"])} for c in charts(sweep, boards, metric_for, logs)],
    )
    out = folder / "leaderboard.html"
    out.write_text(rendered, encoding="utf-8")
    return out
