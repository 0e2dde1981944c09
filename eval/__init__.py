"""ragbench's evaluation harness: configs, suites, runs, metrics, gates, reports and the CLI.

Public API: :func:`load_run` — a run folder as a pandas DataFrame, one row per case.
"""

from __future__ import annotations

from typing import Any

__all__ = ["load_run"]


def load_run(path: Any) -> Any:
    """A run folder as a pandas DataFrame, one flat row per case (``pip install ragbench[pandas]``)."""
    from eval.runs.export import load_run as _load

    return _load(path)
