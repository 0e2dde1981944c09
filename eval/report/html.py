"""The run report: summary metrics with intervals, confusion matrices, and a per-case table
whose rows open onto the full stage trace."""

from __future__ import annotations

from pathlib import Path

from eval.report.summary import fmt
from eval.runs.log import CaseRecord, RunLog

TEMPLATES = Path(__file__).parent / "templates"


def environment():  # noqa: ANN201
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["metric"] = lambda agg: fmt(agg)[0]
    env.filters["interval"] = lambda agg: fmt(agg)[1]
    env.filters["num"] = lambda v: "—" if v is None else (f"{v:.4g}" if isinstance(v, float) else str(v))
    return env


def write_run_report(run_dir: Path, log: RunLog, cases: list[CaseRecord]) -> Path:
    from eval.report import charts

    html = environment().get_template("run.html.j2").render(
        log=log, cases=cases, rows=charts.case_rows(cases), tags=charts.tag_table(cases),
        bars={s: charts.bars(x) for s, x in log.suites.items()},
        funnel={s: charts.funnel(x) for s, x in log.suites.items()},
        latency=charts.latency_bins(cases))
    out = run_dir / "report.html"
    tmp = out.with_suffix(".html.tmp")
    tmp.write_text(html, encoding="utf-8")
    tmp.replace(out)
    return out
