"""``ragbench compare RUN_DIR RUN_DIR…``: two or more runs of the same suites side by side."""

from __future__ import annotations

from pathlib import Path

from eval.compare.matrix import load_runs, matrix, metric_rows
from eval.report.compare import format_compare, write_compare_page


def compare_command(paths: list[Path], force: bool, html: Path | None) -> int:
    runs = load_runs(paths, force)
    rows = metric_rows(runs)
    cases = matrix(runs)
    print(format_compare(runs, rows, cases))
    page = write_compare_page(html or runs[-1].path / "compare.html", runs, rows, cases)
    print(f"\nhtml:  {page}")
    return 0
