"""``ragbench run CONFIG``: evaluate a config over its suites; write the run log and report."""

from __future__ import annotations

import sys
from pathlib import Path

from eval.prepare import prepare
from eval.report import format_summary, write_run_report
from eval.runs.checkpoint import read_cases
from eval.runs.estimate import estimate, format_estimate, limited
from eval.runs.runner import run
from rag.errors import InputError


def run_command(config: Path, overrides: list[str], suites: list[str], resume: str | None,
                out: Path | None, splits: list[str] | None = None, estimate_only: bool = False,
                limit: int | None = None) -> int:
    resume_arg: bool | Path = False if resume is None else (True if resume == "latest" else Path(resume))
    prepared = prepare(config, overrides, splits or None, only=suites or None)
    if limit is not None and limit < 1:
        raise InputError("--limit is a number of cases per suite, at least 1", field="--limit")
    cases = limited(prepared.suites(), limit) if limit else None
    if estimate_only:
        print(format_estimate(estimate(prepared, resume_arg if isinstance(resume_arg, Path) else None, cases)))
        return 0
    run_dir, log = run(prepared, out_root=out, resume=resume_arg, cases=cases, progress=sys.stderr.isatty())
    report = write_run_report(run_dir, log, read_cases(run_dir))
    print(format_summary(log))
    print(f"\nrun log: {run_dir / 'run.json'}\nreport:  {report}")
    if log.status != "complete":
        print("ragbench: error: some cases failed on infrastructure errors (see the report); "
              "fix the cause and re-run with --resume", file=sys.stderr)
        return 3
    return 0
