"""``ragbench tune TUNE.yaml``: search on the fit split, report once on the report split."""

from __future__ import annotations

from pathlib import Path

from eval.tune.report import format_tune
from eval.tune.search import run_tune


def tune_command(path: Path, resume: str | None, out: Path | None, trials: int | None) -> int:
    resume_arg: bool | Path = False if resume is None else (True if resume == "latest" else Path(resume))
    folder, state = run_tune(path, out_root=out or Path("reports/tunes"), resume=resume_arg, trials=trials,
                             progress=True)
    print(format_tune(state))
    print(f"\ntune:   {folder / 'tune.json'}\nreport: {folder / 'tune.html'}\nbest:   {folder / 'best.yaml'}")
    return 0
