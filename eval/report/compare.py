"""The compare page and its text: metrics per suite with each run's delta and paired p against
the first, the cases whose pass/fail differs with the stage where each diverged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from eval.compare.matrix import MetricRow, Run, cache_state, config_diff, paired_judged, tag_slices
from eval.metrics import resolve
from eval.report.page import environment
from eval.report.run import qualification_of
from rag.store import write_text_atomic


def format_compare(runs: list[Run], rows: list[MetricRow], cases: list[dict[str, Any]]) -> str:
    lines = ["runs: " + "  ".join(f"[{i}] {r.name} ({cache_state(r.log)})" for i, r in enumerate(runs))]
    diff = config_diff(runs)
    lines.append("what changed: " + ("nothing in the config" if not diff else
                                     "; ".join(f"{path} " + " → ".join(map(str, values)) for path, values in diff)))
    suite = None
    for row in rows:
        if resolve(row.metric).needs == "cost":
            continue
        if row.suite != suite:
            suite = row.suite
            lines += ["", f"{suite}", f"  {'metric':<22}" + "".join(f"{f'[{i}]':>28}" for i in range(len(runs)))]
        cells = []
        for i, v in enumerate(row.values):
            if v is None or v.value is None:
                cells.append("—")
            elif i == 0:
                cells.append(f"{v.value:.4f}")
            elif not row.comparable:
                cells.append(f"{v.value:.4f} (not comparable)")
            else:
                p = row.adjusted[i]
                mark = "*" if row.significant(i) else " "
                cells.append(f"{v.value:.4f} {row.deltas[i]:+.3f}{mark}" + (f" p={p:<6.2g}" if p is not None else " " * 8))
        lines.append(f"  {row.metric:<22}" + "".join(f"{c:>28}" for c in cells))
    for i, r in enumerate(runs):
        for metric, a in qualification_of(r.path).items():
            lines.append(f"  [{i}] judge on {metric}: {a['verdict']} ({a['n']} labelled; {a['why']})")
    for row in paired_judged(runs):
        parts = []
        for key, name in (("judge_only", "judge only"), ("labels_only", "labels only"), ("ppi", "prediction-powered")):
            e = row[key]
            parts.append(f"{name} {e['mean']:+.3f} [{e['low']:+.3f}, {e['high']:+.3f}] n={e['n']}" if e["mean"] is not None
                         and e["low"] is not None else f"{name} —")
        lines.append(f"  [{row['run']}] − [0] {row['metric']}: " + "; ".join(parts))
    lines.append("  (p: paired permutation against [0], Holm-corrected across the metrics shown; * below 0.05; "
                 "latency and cost are not comparable between a cold and a warm run)")
    flips = [c for c in cases if c["flips"]]
    answers = sum(1 for c in cases if c["differs"] and not c["flips"])
    lines += ["", f"cases whose pass/fail differs: {len(flips)} (another {answers} differ only in their answer)"]
    for c in flips:
        marks = " ".join(("pass" if x["passed"] else f"FAIL({x['label']})") if x else "—" for x in c["cells"])
        where = ", ".join(f"[{i + 1}] {d}" for i, d in enumerate(c["diverges"]) if d)
        lines.append(f"  {c['suite']}/{c['case_id']}: {marks}" + (f"   diverges at {where}" if where else ""))
    return "\n".join(lines)


def write_compare_page(page: Path, runs: list[Run], rows: list[MetricRow], cases: list[dict[str, Any]]) -> Path:
    metrics = [m for m in runs[0].log.suites[next(iter(runs[0].log.suites))].metrics
               if resolve(m).needs != "cost"]
    rendered = environment().get_template("compare.html.j2").render(
        runs=runs, rows=rows, cases=cases, slices=tag_slices(runs, metrics),
        qualification=[qualification_of(r.path) for r in runs], diff=config_diff(runs),
        states=[cache_state(r.log) for r in runs])
    write_text_atomic(page, rendered)
    return page
