"""``ragbench tune TUNE.yaml``: search on the fit split, report once on the report split."""

from __future__ import annotations

from pathlib import Path

from eval.report.tune import format_tune, write_tune_report
from eval.tune.search import run_tune
from eval.workspace import Workspace
from rag.errors import InputError


def tune_command(path: Path, resume: str | None, out: Path | None, trials: int | None,
                 workers: int | None = None, cv: int | None = None) -> int:
    resume_arg: bool | Path = False if resume is None else (True if resume == "latest" else Path(resume))
    if workers is not None and workers < 1:
        raise InputError("--workers must be at least 1", field="--workers")
    if cv is not None and cv < 2:
        raise InputError("--cv needs at least 2 folds", field="--cv")
    folder, state = run_tune(path, out_root=out or Workspace.of().out("tunes"), resume=resume_arg, trials=trials,
                             workers=workers, cv=cv, progress=True, write_report=write_tune_report)
    print(format_tune(state))
    print(f"\ntune:   {folder / 'tune.json'}\nreport: {folder / 'tune.html'}\nbest:   {folder / 'best.yaml'}")
    return 0
