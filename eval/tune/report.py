"""The tune report: best parameters, fit and report scores with intervals, the gap, what the fit
was worth against the base config, parameter importances and the optimisation history (inline
SVG), as a static HTML page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from eval.report.html import environment

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


def write_tune_report(folder: Path, state: dict[str, Any]) -> Path:
    rendered = environment().get_template("tune.html.j2").render(
        state=state, cv=state.get("cv"), chart=history_chart(state["trials"]),
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
    for metric, w in state["worth"].items():
        lines.append(f"  the fit's worth on {report}, {metric}: {w['delta']:+.4f} vs the base config "
                     f"(paired permutation p = {w['p_value']:.3g}, n = {w['n']})")
    if state["importances"]:
        lines.append("  importance: " + ", ".join(f"{k} {v:.2f}" for k, v in state["importances"].items()))
    return "\n".join(lines)
