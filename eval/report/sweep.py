"""The sweep report: the leaderboard with intervals and significance marks, and one
parameter-effect chart (inline SVG) per axis."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from eval.metrics import resolve
from eval.report.page import environment
from eval.runs.log import RunLog
from eval.sweeps.leaderboard import SuiteBoard
from eval.sweeps.spec import Sweep, short_value

W, H, PAD = 380, 210, 36


def effect_chart(axis: str, metric: str, points: list[tuple[str, float]], order: list[str] | None = None) -> str:
    """Metric against one axis: a dot per variant, the mean per value joined by a line.
    ``order`` is the axis values' order in the sweep file."""
    present = {c for c, _ in points}
    categories = [c for c in dict.fromkeys(order or []) if c in present] + sorted(
        present - set(order or []))
    values = [v for _, v in points]
    lo, hi = min(values), max(values)
    if hi == lo:
        lo, hi = lo - 0.01, hi + 0.01

    def x(c: str) -> float:
        return PAD + (W - 2 * PAD) * (categories.index(c) + 0.5) / len(categories)

    def y(v: float) -> float:
        return H - PAD - (H - 2 * PAD) * (v - lo) / (hi - lo)

    means = [(c, sum(v for k, v in points if k == c) / sum(1 for k, _ in points if k == c)) for c in categories]
    path = " ".join(f"{'M' if i == 0 else 'L'}{x(c):.1f},{y(m):.1f}" for i, (c, m) in enumerate(means))
    # through the template engine with autoescape: axis values and metric names are data
    return environment().get_template("effect_chart.svg.j2").render(
        W=W, H=H, PAD=PAD, metric=metric, axis=axis, hi=hi, lo=lo, y_hi=y(hi), y_lo=y(lo),
        ticks=[(c, x(c)) for c in categories], dots=[(x(c), y(v)) for c, v in points], path=path)


def charts(sweep: Sweep, boards: list[SuiteBoard], metric_for: dict[str, str]) -> list[dict[str, Any]]:
    """One chart per grid/zip axis; explicit named variants are not points on an axis."""
    out = []
    by_name = {v.name: v for v in sweep.variants if v.name not in sweep.spec.variants}
    for board in boards:
        metric = metric_for[board.suite]
        for axis in sweep.axes:
            points = [(short_value(by_name[v].assignments[axis]), board.cells[v][metric].agg.value)
                      for v in board.variants if v in by_name and axis in by_name[v].assignments
                      and board.cells[v][metric].agg.value is not None]
            order = [short_value(x) for x in sweep.spec.grid.get(axis, sweep.spec.zip.get(axis, []))]
            if len({c for c, _ in points}) > 1:
                out.append({"suite": board.suite, "axis": axis, "metric": metric,
                            "svg": effect_chart(axis, metric, points, order)})
    return out


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
    rendered = environment().get_template("sweep.html.j2").render(
        state=state, boards=boards, metric_for=metric_for, sweep=sweep,
        charts=[{**c, "svg": Markup(c["svg"])} for c in charts(sweep, boards, metric_for)],
    )
    out = folder / "leaderboard.html"
    out.write_text(rendered, encoding="utf-8")
    return out
