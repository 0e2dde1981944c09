"""Baselines: committed run summaries the CI gate compares against (``reports/baselines/``).

A baseline keeps, per suite, the suite hash, every aggregate, and every case's metric values,
pass/fail, behaviour, answer and a compact trace — enough for paired tests, flips and a
side-by-side diff, without the full run folder.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from eval.runlog import Aggregate, CaseRecord, RunLog
from rag.errors import InputError
from rag.store import write_json_atomic

BASELINE_VERSION = 1


class BaselineCase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    passed: bool
    error: str | None = None
    behaviour: str | None = None
    answer: str = ""
    metrics: dict[str, float | None] = {}
    trace: list[dict[str, Any]] = []


class BaselineSuite(BaseModel):
    model_config = ConfigDict(extra="forbid")

    hash: str
    mode: str
    metrics: dict[str, Aggregate]
    cases: dict[str, BaselineCase]


class Baseline(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int = BASELINE_VERSION
    run_id: str
    config_hash: str
    git: dict[str, Any] = {}
    suites: dict[str, BaselineSuite]

    @classmethod
    def read(cls, path: Path) -> Baseline:
        if not path.is_file():
            raise InputError(f"no baseline at {path}; create one with: ragbench gate CONFIG --update-baseline",
                             field="baseline")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("version") != BASELINE_VERSION:
                raise InputError(f"{path}: baseline format version {data.get('version')} is not "
                                 f"{BASELINE_VERSION}; re-create it with --update-baseline", field="baseline")
            return cls.model_validate(data)
        except (ValueError, TypeError) as exc:
            raise InputError(f"{path}: not a ragbench baseline ({exc})", field="baseline") from exc


def compact_trace(trace: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"stage": t["stage"], "component": t["component"], "note": t.get("note", ""),
             "output": [[i, round(s, 4)] for i, s in t.get("output", [])[:5]]} for t in trace]


def from_run(log: RunLog, cases: list[CaseRecord]) -> Baseline:
    suites = {}
    for name, summary in log.suites.items():
        suites[name] = BaselineSuite(
            hash=summary.hash, mode=summary.mode, metrics=summary.metrics,
            cases={r.case_id: BaselineCase(passed=r.passed, error=r.error, behaviour=r.behaviour, answer=r.answer,
                                           metrics=r.metrics, trace=compact_trace(r.trace))
                   for r in cases if r.suite == name},
        )
    return Baseline(run_id=log.run_id, config_hash=log.config_hash, git=log.git, suites=suites)


def write(baseline: Baseline, path: Path) -> None:
    write_json_atomic(path, baseline.model_dump(mode="json"))
