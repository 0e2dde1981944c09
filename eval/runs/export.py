"""A run as a table: one flat row per case, for pandas (``ragbench export``, :func:`load_run`).

Columns: suite, case_id, split, expect, behaviour, passed, error, asked_as, tags (``;``-joined),
label and secondary labels, latency_ms, every metric (``metric.<name>``), every judged metric's
status (``judge.<name>``), and each expected document's rank per stage
(``rank.<stage>``: the best over the case's expected documents).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from eval.runs.checkpoint import read_run
from eval.runs.log import CaseRecord
from eval.triage.fates import STAGE_ORDER
from rag._lazy import require
from rag.errors import InputError

FORMATS = ("parquet", "csv", "jsonl")


def row_of(record: CaseRecord) -> dict[str, Any]:
    row: dict[str, Any] = {
        "suite": record.suite, "case_id": record.case_id, "split": record.split, "expect": record.expect,
        "behaviour": record.behaviour, "passed": record.passed, "error": record.error, "asked_as": record.asked_as,
        "tags": ";".join(record.tags), "label": (record.labels or {}).get("primary"),
        "secondary": ";".join((record.labels or {}).get("secondary", [])), "latency_ms": record.latency_ms,
        "question": record.question, "answer": record.answer,
    }
    for name, value in record.metrics.items():
        row[f"metric.{name}"] = value
    for name, j in record.judgements.items():
        row[f"judge.{name}"] = j["status"]
    for stage in STAGE_ORDER:
        ranks = [f["ranks"].get(stage) for f in record.fates.values() if f["ranks"].get(stage)]
        row[f"rank.{stage}"] = min(ranks) if ranks else None
    return row


def load_run(path: str | Path) -> Any:
    """A run folder as a pandas DataFrame, one row per case (see the module docstring)."""
    pandas = require("pandas", pip="ragbench[pandas]")
    run_dir = Path(path)
    if not (run_dir / "run.json").is_file():
        raise InputError(f"{run_dir} is not a run folder (no run.json)", field="RUN_DIR")
    log, cases = read_run(run_dir)
    frame = pandas.DataFrame([row_of(r) for r in cases])
    frame.attrs["run_id"] = log.run_id
    return frame


def write_frame(frame: Any, out: Path, fmt: str) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "parquet":
        require("pyarrow", pip="ragbench[pandas]")
        frame.to_parquet(out, index=False)
    elif fmt == "csv":
        frame.to_csv(out, index=False)
    else:
        frame.to_json(out, orient="records", lines=True, force_ascii=False)
    return out
