"""``ragbench report RUN_DIR…``: rebuild run reports from their logs, without re-running."""

from __future__ import annotations

from pathlib import Path

from eval.report import write_run_report
from eval.runs.checkpoint import read_cases
from eval.runs.log import RunLog
from rag.errors import InputError


def report_command(run_dirs: list[Path]) -> int:
    for run_dir in run_dirs:
        if not (run_dir / "run.json").is_file():
            raise InputError(f"{run_dir} is not a run folder (no run.json)", field="RUN_DIR")
        log = RunLog.read(run_dir)
        print(f"report: {write_run_report(run_dir, log, read_cases(run_dir))}  ({log.run_id}, {log.status})")
    return 0
