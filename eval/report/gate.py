"""The gate page: each rule's verdict against the baseline, the pass→fail flips, the exit code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from eval.report.page import environment


def write_gate_page(path: Path, result: Any, baseline: Any, log: Any, name: str) -> Path:
    page = environment().get_template("gate.html.j2").render(result=result, baseline=baseline, log=log, name=name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page, encoding="utf-8")
    return path
