"""``ragbench sweep SWEEP``: every variant over the suites, then the leaderboard."""

from __future__ import annotations

import sys
from pathlib import Path

from eval.report.sweep import write_sweep_report
from eval.sweeps.run import format_sweep, run_sweep
from eval.sweeps.spec import load_sweep
from eval.workspace import Workspace


def sweep_command(path: Path, workers: int | None, resume: str | None, out: Path | None) -> int:
    root = out or Workspace.of().out("sweeps")
    resume_arg: bool | Path = False if resume is None else (True if resume == "latest" else Path(resume))
    folder, state = run_sweep(path, out_root=root, resume=resume_arg, workers=workers, write_report=write_sweep_report)

    print(format_sweep(state, load_sweep(path).spec.primary))
    print(f"\nsweep:       {folder / 'sweep.json'}\nleaderboard: {folder / 'leaderboard.html'}")
    if state["status"] != "complete":
        print("ragbench: error: some variants did not complete; re-run with --resume", file=sys.stderr)
        return 3
    return 0
