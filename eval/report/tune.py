"""The tune report: best parameters, fit and report scores with intervals, the gap, what the fit
was worth against the base config, parameter importances and the optimisation history (inline
SVG), as a static HTML page."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from eval.report.page import environment

W, H, PAD = 560, 240, 40


def history_chart(trials: list[dict[str, Any]]) -> dict[str, Any]:
    """Each complete trial's objective by trial number, and the best so far as a step line."""
    done = [(t["number"], t["value"]) for t in trials if t["state"] == "COMPLETE" and t["value"] is not None]
    if not done:
        return {}
    lo, hi = min(v for _, v in done), max(v for _, v in done)
    if hi == lo:
        lo, hi = lo - 0.01, hi + 0.01
    last = max(n for n, _ in done) or 1

    def x(n: float) -> float:
        return PAD + (W - 2 * PAD) * n / last

    def y(v: float) -> float:
        return H - PAD - (H - 2 * PAD) * (v - lo) / (hi - lo)

    best, steps = float("-inf"), []
    for n, v in done:
        best = max(best, v)
        steps.append((x(n), y(best)))
    path = " ".join(f"{'M' if i == 0 else 'L'}{px:.1f},{py:.1f}" for i, (px, py) in enumerate(steps))
    return {"W": W, "H": H, "PAD": PAD, "dots": [(x(n), y(v)) for n, v in done], "path": path,
            "lo": lo, "hi": hi, "last": last}


SW, SH, SPAD = 270, 150, 34


def slice_charts(state: dict[str, Any]) -> list[dict[str, Any]]:
    """One small chart per parameter, most important first: each complete trial's objective
    against the value it tried (log axis for a log range, one column per choice), the best
    trial marked — where the good values lie, which an importance alone does not say."""
    done = [t for t in state["trials"] if t["state"] == "COMPLETE" and t["value"] is not None and t["assignments"]]
    if not done:
        return []
    lo, hi = min(t["value"] for t in done), max(t["value"] for t in done)
    if hi == lo:
        lo, hi = lo - 0.01, hi + 0.01

    def y(v: float) -> float:
        return SH - SPAD - (SH - 2 * SPAD) * (v - lo) / (hi - lo)

    ranked = sorted(state["importances"], key=lambda k: -state["importances"][k])   # tune.json's keys are sorted by name
    order = ranked + [k for k in state["space"] if k not in state["importances"]]
    charts = []
    for key in order:
        param = state["space"].get(key)
        tried = [t for t in done if key in t["assignments"]]
        if param is None or not tried:
            continue
        labels: list[tuple[float, str]] = []
        if "choices" in param:
            choices = param["choices"]
            step = (SW - 2 * SPAD) / max(1, len(choices))

            def x(value: Any, choices: list[Any] = choices, step: float = step) -> float:
                return SPAD + step * (choices.index(value) + 0.5) if value in choices else SPAD

            labels = [(x(c), _short(c)) for c in choices]
        else:
            a, b = param.get("float") or param.get("int")
            log = bool(param.get("log"))
            fa, fb = (math.log(a), math.log(b)) if log else (a, b)

            def x(value: Any, fa: float = fa, fb: float = fb, log: bool = log) -> float:
                v = math.log(value) if log else value
                return SPAD + (SW - 2 * SPAD) * (v - fa) / (fb - fa)

            labels = [(x(a), f"{a:g}"), (x(b), f"{b:g}")]
        dots = [(x(t["assignments"][key]), y(t["value"]), t["number"] == state["best"]["number"]) for t in tried]
        charts.append({"key": key, "dots": dots, "labels": labels, "log": bool(param.get("log")), "lo": lo, "hi": hi})
    return charts


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 14 else text[:13] + "…"


def write_tune_report(folder: Path, state: dict[str, Any]) -> Path:
    rendered = environment().get_template("tune.html.j2").render(
        state=state, cv=state.get("cv"), chart=history_chart(state["trials"]), slices=slice_charts(state),
        S={"W": SW, "H": SH, "PAD": SPAD},
        top=max(state["importances"].values(), default=1.0) or 1.0)
    out = folder / "tune.html"
    out.write_text(rendered, encoding="utf-8")
    return out


def format_tune(state: dict[str, Any]) -> str:
    s = state["scores"]
    fit, report = state["splits"]["fit"], state["splits"]["report"]
    pruned = sum(t["state"] == "PRUNED" for t in state["trials"])
    lines = [f"tune {state['name']}: {len(state['trials'])} trials"
             + (f" ({pruned} pruned after their sample)" if pruned else "") + f", objective {state['objective']}",
             f"best trial {state['best']['number']}: {state['best']['assignments']}",
             f"  {fit:<6} best {s['best_fit']['objective']:.4f}   base {s['base_fit']['objective']:.4f}",
             f"  {report:<6} best {s['best_report']['objective']:.4f}   base {s['base_report']['objective']:.4f}"
             f"   ({fit} → {report} gap {state['gap']:+.4f})"]
    if state.get("cv"):
        lines.append(f"  the tune's nested {state['cv']['folds']}-fold cv on {fit}: {state['cv']['objective']:.4f}"
                     f"   (cv → {report} gap {state['cv_gap']:+.4f})")
        if state["cv"]["objective"] < s["base_fit"]["objective"]:
            lines.append(f"  the tune's cv estimate is below the base config's {fit} score: tuning is not expected "
                         "to beat the base config on unseen cases")

    def ci(agg: dict[str, Any]) -> str:
        return f" [{agg['low']:.4f}, {agg['high']:.4f}]" if agg.get("low") is not None else ""

    for suite, metrics in s["best_report"]["suites"].items():
        for metric, agg in metrics.items():
            lines.append(f"  {suite} {metric} on {report}: {agg['value']:.4f}{ci(agg)}")
            cv = state.get("cv", {}).get("suites", {}).get(suite, {}).get(metric)
            if cv and cv.get("value") is not None:
                lines.append(f"  {suite} {metric}, the tune's cv estimate on {fit}: {cv['value']:.4f}{ci(cv)}")
    w = state.get("worth_objective") or {}
    if "delta" in w:
        lines.append(f"  the fit's worth on {report}, the objective: {w['delta']:+.4f} [{w['low']:+.4f}, {w['high']:+.4f}] "
                     f"vs the base config (paired bootstrap; permutation p = {w['p_value']:.3g}, n = {w['n']})")
    elif w:
        lines.append(f"  the fit's worth on {report}, the objective: no interval ({w['reason']})")
    for metric, w in state["worth"].items():
        lines.append(f"  the fit's worth on {report}, {metric}: {w['delta']:+.4f} vs the base config "
                     f"(paired permutation p = {w['p_value']:.3g}, n = {w['n']})")
    if state["importances"]:
        lines.append("  importance: " + ", ".join(f"{k} {v:.2f}" for k, v in state["importances"].items()))
    return "\n".join(lines)
