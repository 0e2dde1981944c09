"""``ragbench gate CONFIG``: the candidate against the committed baseline, one verdict per rule."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from eval import baseline as baselines
from eval.gate import GateResult, compare, load_gate
from eval.report.html import environment
from eval.runlog import RunLog, read_cases
from eval.runner import run
from rag.errors import InputError


def format_result(result: GateResult) -> str:
    lines = []
    for v in result.verdicts:
        mark = {"pass": "PASS", "fail": "FAIL", "inconclusive": "????"}[v.outcome]
        lines.append(f"{mark}  {v.suite:<10} {v.rule.metric:<20} {v.message}")
    worse = [f for f in result.flips if f.direction == "pass→fail"]
    better = [f for f in result.flips if f.direction == "fail→pass"]
    if result.flips:
        lines.append("")
        lines.append(f"flips: {len(worse)} pass→fail, {len(better)} fail→pass")
        for f in result.flips:
            lines.append(f"  {f.direction}  {f.suite}/{f.case_id}: {f.baseline['behaviour']} → {f.candidate['behaviour']}")
    for line in result.infrastructure:
        lines.append(f"INFRA {line}")
    lines.append("")
    lines.append(f"gate: {result.outcome} (exit {result.exit_code})")
    return "\n".join(lines)


def gate_command(path: Path, candidate: Path | None, update: bool, force: bool,
                 junit: Path | None, html: Path | None, overrides: list[str] | None = None) -> int:
    gate = load_gate(path)
    baseline = None if update else baselines.Baseline.read(gate.baseline_path)  # fail before running
    if candidate is None:
        out = Path(os.environ.get("RAGBENCH_REPORTS", "reports")) / "runs"
        run_dir, log = run(gate.config_path, [*gate.spec.overrides, *(overrides or [])], out_root=out, only=gate.spec.suites or None,
                           progress=sys.stderr.isatty())
        from eval.report import write_run_report

        write_run_report(run_dir, log, read_cases(run_dir))  # the candidate's own report, beside gate.html
    else:
        run_dir = candidate
        if not (run_dir / "run.json").is_file():
            raise InputError(f"{run_dir} is not a run folder (no run.json)", field="--candidate")
        log = RunLog.read(run_dir)
    cases = read_cases(run_dir)

    if update:
        if log.status != "complete":
            print(f"ragbench: error: run {log.run_id} is {log.status}; a baseline needs a complete run", file=sys.stderr)
            return 3
        if gate.baseline_path.is_file() and not force:
            old = baselines.Baseline.read(gate.baseline_path)
            changed = sorted(s for s, summary in log.suites.items()
                             if s in old.suites and old.suites[s].hash != summary.hash)
            if changed:
                raise InputError(f"suite(s) {changed} changed since the baseline was made; "
                                 "use --force to replace it anyway", field="--update-baseline")
        baselines.write(baselines.from_run(log, cases), gate.baseline_path)
        print(f"baseline written: {os.path.normpath(gate.baseline_path)} (from run {log.run_id})")
        return 0

    assert baseline is not None
    result = compare(gate, baseline, log, cases)
    print(format_result(result))
    if junit:
        from eval.junit import write_junit

        print(f"junit: {write_junit(result, junit, gate.spec.name)}")
    html_path = html or run_dir / "gate.html"
    page = environment().get_template("gate.html.j2").render(result=result, baseline=baseline, log=log,
                                                            name=gate.spec.name)
    html_path.parent.mkdir(parents=True, exist_ok=True)
    html_path.write_text(page, encoding="utf-8")
    print(f"html:  {html_path}")
    return result.exit_code
