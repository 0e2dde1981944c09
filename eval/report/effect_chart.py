"""A sweep's parameter-effect chart: one metric against the values of one axis.

A categorical axis (strings, booleans, lists, components) is drawn as points — a dot per
variant with its interval as an error bar — and never joined by a line, which would suggest an
order and a slope that do not exist. A numeric axis is placed to scale and its means per value
are joined. The y axis starts at zero; it is cut (zoomed in, with a break mark and the words
"axis cut") only when some difference from the best variant is significant and would not be
visible from zero — so a difference the test cannot tell from noise never looks like a gain.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eval.report.axes import Scale, Tick, nice_bounds, nice_ticks
from eval.report.page import environment

W, H = 420, 260
LEFT, RIGHT, TOP = 58, 14, 14
CHAR = 5.6    # pixels per character of a 10px label, roughly


@dataclass(frozen=True)
class Point:
    """One variant on the chart."""

    variant: str
    category: str             # the axis value as shown
    value: float
    low: float | None = None  # its 95% interval, when the metric has one
    high: float | None = None
    best: bool = False
    worse: bool | None = None  # significantly worse than the best (None: not tested)
    p_value: float | None = None
    number: float | None = None  # the axis value itself, on a numeric axis


@dataclass(frozen=True)
class Mark:
    x: float
    y: float
    low: float | None
    high: float | None
    tone: str        # best | worse | same
    label: str       # the value, printed beside the dot
    tip: str


def is_numeric(values: list[Any]) -> bool:
    """True when every value of the axis is a number (booleans are categories)."""
    return bool(values) and all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def y_range(points: list[Point], bounded: bool) -> tuple[float, float, bool]:
    """(bottom, top, cut): from zero (or below, for a metric that goes negative) to a round
    top; cut only when a significant difference would span under a tenth of the height."""
    values = [p.value for p in points]
    lows = [p.low if p.low is not None else p.value for p in points]
    highs = [p.high if p.high is not None else p.value for p in points]
    bottom, top = nice_bounds(min(0.0, *lows), max(*highs, 1e-9), 5)
    if bounded and min(lows) >= 0.0 and max(highs) <= 1.0:
        bottom, top = 0.0, min(top, 1.0)
    spread = max(values) - min(values)
    significant = any(p.worse for p in points)
    if significant and bottom == 0.0 and spread < 0.1 * (top - bottom):
        cut_lo, cut_hi = nice_bounds(min(lows) - spread, max(highs) + spread * 0.5, 5)
        if cut_lo > 0.0:
            return cut_lo, min(cut_hi, top) if bounded else cut_hi, True
    return bottom, top, False


def significance_note(points: list[Point], alpha: float) -> str:
    """What the test says about the differences on the chart, in one line."""
    tested = [p for p in points if p.p_value is not None]
    worse = [p for p in tested if p.worse]
    if not tested:
        return "no paired test on this metric"
    if worse:
        return f"{len(worse)} of {len(tested)} significantly worse than the best (Holm-adjusted p < {alpha:g})"
    return (f"no difference from the best is significant (smallest Holm-adjusted p = "
            f"{min(p.p_value for p in tested if p.p_value is not None):.2g})")


def effect_chart(axis: str, metric: str, points: list[Point], order: list[str] | None = None, *,
                 numeric: bool = False, split: str = "all cases", bounded: bool = True) -> str:
    """The chart as an SVG string. ``order`` is the axis values' order in the sweep file;
    ``bounded`` caps the y axis at 1 for a share."""
    present = {p.category for p in points}
    categories = [c for c in dict.fromkeys(order or []) if c in present] + sorted(present - set(order or []))
    if numeric:   # by value, so that the line runs left to right whatever the sweep file's order
        number = {p.category: p.number if p.number is not None else 0.0 for p in points}
        categories.sort(key=lambda c: number[c])
    x0, x1, bottom = float(LEFT), float(W - RIGHT), float(H - 52)
    band = (x1 - x0) / max(1, len(categories))
    labels = {c: (c if len(c) <= 28 else c[:27] + "…") for c in categories}
    rotate = not numeric and max((len(v) for v in labels.values()), default=0) * CHAR > band - 6
    height = int(H + (max(len(v) for v in labels.values()) * CHAR * 0.5 if rotate else 0))

    lo, hi, cut = y_range(points, bounded)
    y = Scale(lo, hi, bottom, float(TOP))
    y_ticks = y.ticks(nice_ticks(lo, hi, 5))

    if numeric:
        numbers = sorted({p.number for p in points if p.number is not None})
        nx = Scale(numbers[0], numbers[-1], x0 + band * 0.25 if len(numbers) > 1 else (x0 + x1) / 2,
                   x1 - band * 0.25 if len(numbers) > 1 else (x0 + x1) / 2)
        where = {p.category: nx(p.number) for p in points if p.number is not None}
    else:
        where = {c: x0 + band * (i + 0.5) for i, c in enumerate(categories)}
    x_ticks = [Tick(where[c], labels[c]) for c in categories]

    marks, means = [], []
    alone = len(points) == len(categories) <= 8   # values printed only where no two dots share a place
    for c in categories:
        members = [p for p in points if p.category == c]
        # side by side within the value's place, a little apart on a numeric axis (no dot hides another)
        spread = min(band * 0.5, 14.0 * (len(members) - 1)) if not numeric else min(12.0, 6.0 * (len(members) - 1))
        for i, p in enumerate(members):
            dx = (spread * (i / (len(members) - 1) - 0.5)) if len(members) > 1 else 0.0
            tone = "best" if p.best else ("worse" if p.worse else "same")
            tip = f"{p.variant}: {p.value:.4f}" + (f" [{p.low:.4f}, {p.high:.4f}]" if p.low is not None
                                                     and p.high is not None else "") \
                + (f", p = {p.p_value:.3g} against the best" if p.p_value is not None else "")
            marks.append(Mark(where[c] + dx, y(p.value), y(p.low) if p.low is not None else None,
                              y(p.high) if p.high is not None else None, tone,
                              f"{p.value:.3f}" if alone else "", tip))
        means.append((where[c], y(sum(p.value for p in members) / len(members)), len(members) > 1))
    trend = " ".join(f"{'M' if i == 0 else 'L'}{mx:.1f},{my:.1f}" for i, (mx, my, _) in enumerate(means)) \
        if numeric and len(means) > 1 else ""
    # through the template engine with autoescape: axis values, variant and metric names are data
    return environment().get_template("effect_chart.svg.j2").render(
        W=W, H=height, x0=x0, x1=x1, top=float(TOP), bottom=bottom, band=band, metric=metric, axis=axis,
        split=split, cut=cut, y_ticks=y_ticks, x_ticks=x_ticks, rotate=rotate, marks=marks, trend=trend,
        means=[(mx, my) for mx, my, several in means if several and not numeric], numeric=numeric)
