"""``ragbench export RUN_DIR``: one flat row per case (a sweep folder: its leaderboard), as
parquet, csv or jsonl."""

from __future__ import annotations

from pathlib import Path

from eval.runs.export import FORMATS, load_run, write_frame
from eval.sweeps.run import leaderboard_frame
from rag.errors import InputError


def export_command(path: Path, fmt: str, out: Path | None) -> int:
    if fmt not in FORMATS:
        raise InputError(f"format is one of {', '.join(FORMATS)}", field="--format")
    if (path / "sweep.json").is_file():
        frame = leaderboard_frame(path)
        target = out or path / f"leaderboard.{fmt}"
    else:
        frame = load_run(path)
        target = out or path / f"cases.{fmt}"
    print(f"{write_frame(frame, target, fmt)}: {len(frame)} rows, {len(frame.columns)} columns")
    return 0
