"""``ragbench run CONFIG``: evaluate a config over its suites; write the run log and report."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from eval.report import format_summary, write_run_report
from eval.runs.log import read_cases
from eval.runs.runner import run


def reports_root() -> Path:
    return Path(os.environ.get("RAGBENCH_REPORTS", "reports")) / "runs"


def run_command(config: Path, overrides: list[str], suites: list[str], resume: str | None,
                out: Path | None, splits: list[str] | None = None) -> int:
    root = out or reports_root()
    resume_arg: bool | Path = False if resume is None else (True if resume == "latest" else Path(resume))
    run_dir, log = run(config, overrides, out_root=root, resume=resume_arg, only=suites or None,
                       progress=sys.stderr.isatty(), splits=splits or None)
    report = write_run_report(run_dir, log, read_cases(run_dir))
    print(format_summary(log))
    print(f"\nrun log: {run_dir / 'run.json'}\nreport:  {report}")
    if log.status != "complete":
        print("ragbench: error: some cases failed on infrastructure errors (see the report); "
              "fix the cause and re-run with --resume", file=sys.stderr)
        return 3
    return 0
