"""Axes for the reports' SVG charts: round tick values over a range, their labels, and the
linear map from data to pixels. Every chart draws its scale from here, so that a reader can
tell 0.970 from 0.985 by the ticks and not only by the bar's length."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Tick:
    at: float      # pixel position along the axis
    label: str


@dataclass(frozen=True)
class Scale:
    """Data ``[lo, hi]`` onto pixels ``[start, end]`` (``end < start`` for a y axis, which grows up)."""

    lo: float
    hi: float
    start: float
    end: float

    def __call__(self, value: float) -> float:
        span = self.hi - self.lo or 1.0
        return self.start + (self.end - self.start) * (value - self.lo) / span

    def ticks(self, values: list[float]) -> list[Tick]:
        step = values[1] - values[0] if len(values) > 1 else 1.0
        return [Tick(self(v), tick_label(v, step)) for v in values]


def nice_step(span: float, count: int = 5, *, integer: bool = False) -> float:
    """The round step (1, 2, 2.5 or 5 × a power of ten) that cuts ``span`` into about ``count`` parts."""
    raw = max(span, 1e-12) / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw * (1 - 1e-9))
    return max(1.0, math.ceil(step)) if integer else step


def nice_ticks(lo: float, hi: float, count: int = 5, *, integer: bool = False) -> list[float]:
    """Round values from the first multiple of the step at or above ``lo`` to the last at or below ``hi``."""
    if hi <= lo:
        hi = lo + (1.0 if integer or lo == 0 else abs(lo) * 0.1)
    step = nice_step(hi - lo, count, integer=integer)
    first = math.ceil(lo / step - 1e-9) * step
    n = math.floor((hi - first) / step + 1e-9)
    return [_clean(first + i * step) for i in range(n + 1)]


def nice_bounds(lo: float, hi: float, count: int = 5, *, integer: bool = False) -> tuple[float, float]:
    """``[lo, hi]`` widened outwards to multiples of the round step, so both ends carry a tick."""
    if hi <= lo:
        hi = lo + (1.0 if integer or lo == 0 else abs(lo) * 0.1)
    step = nice_step(hi - lo, count, integer=integer)
    return _clean(math.floor(lo / step + 1e-9) * step), _clean(math.ceil(hi / step - 1e-9) * step)


def tick_label(value: float, step: float) -> str:
    """As many decimals as the step needs: 0, 0.25, 0.5 … or 10, 20 …"""
    decimals = 0
    while decimals < 6 and abs(step * 10 ** decimals - round(step * 10 ** decimals)) > 1e-6:
        decimals += 1
    return f"{value:.{decimals}f}"


def _clean(value: float) -> float:
    return round(value, 10) + 0.0   # 0.30000000000000004 → 0.3, -0.0 → 0.0
