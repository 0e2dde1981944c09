"""``ragbench report RUN_DIR…``: rebuild run reports from their logs, without re-running."""

from __future__ import annotations

from pathlib import Path

from eval.report import write_run_report
from eval.runs.checkpoint import read_run


def report_command(run_dirs: list[Path]) -> int:
    for run_dir in run_dirs:
        log, cases = read_run(run_dir)
        print(f"report: {write_run_report(run_dir, log, cases)}  ({log.run_id}, {log.status})")
    return 0
