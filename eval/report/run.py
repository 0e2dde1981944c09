"""The run report: summary metrics with intervals, confusion matrices, and a per-case table
whose rows open onto the full stage trace."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from eval.report import charts
from eval.report.page import environment
from eval.report.summary import kinds_line, refusal_line
from eval.runs.log import CaseRecord, RunLog


def qualification_of(run_dir: Path) -> dict[str, Any]:
    """The judge's agreement with people on this run (``ragbench agree`` or a gate with labels
    wrote ``agreement.json``), per judged metric; empty when nobody labelled."""
    path = run_dir / "agreement.json"
    return json.loads(path.read_text(encoding="utf-8"))["metrics"] if path.is_file() else {}


def write_run_report(run_dir: Path, log: RunLog, cases: list[CaseRecord]) -> Path:
    html = environment().get_template("run.html.j2").render(
        log=log, cases=cases, rows=charts.case_rows(cases), tags=charts.tag_table(cases),
        qualification=qualification_of(run_dir),
        bars={s: charts.bars(x) for s, x in log.suites.items()},
        funnel={s: charts.funnel(x) for s, x in log.suites.items()},
        # negative rejection and false refusal, and the multi-turn / multi-document pass rates, as printed
        headline={s: [line.strip() for line in refusal_line(x) + kinds_line(x)] for s, x in log.suites.items()},
        latency=charts.latency(cases))
    out = run_dir / "report.html"
    tmp = out.with_suffix(".html.tmp")
    tmp.write_text(html, encoding="utf-8")
    tmp.replace(out)
    return out
