"""What a sweep hands its executor for each variant: a plain, picklable description."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Task:
    """One variant to run: its validated config (as JSON), the path of the sweep's base config
    (suites are relative to it) and the variant's run folder, both on the driver; ``case_ids``:
    only these (suite, case id) pairs (successive halving's sample)."""

    name: str
    config: dict[str, Any]
    base_path: str
    run_dir: str
    case_ids: tuple[tuple[str, str], ...] | None = None
