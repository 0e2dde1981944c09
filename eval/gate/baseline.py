"""Baselines: committed run summaries the CI gate compares against (``reports/baselines/``).

A baseline keeps, per suite, the suite hash, every aggregate, and every case's metric values,
pass/fail, behaviour, answer and a compact trace — enough for paired tests, flips and a
side-by-side diff, without the full run folder. A noisy target measured with ``repeats`` keeps
every repeat's pass/fail and metric values too, so its noise band travels with it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from eval.runs.log import Aggregate, CaseRecord, RunLog
from rag.errors import InputError
from rag.store import write_json_atomic

BASELINE_VERSION = 2


class RepeatResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    passed: bool
    metrics: dict[str, float | None] = {}


class BaselineCase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    passed: bool
    error: str | None = None
    behaviour: str | None = None
    answer: str = ""
    tags: list[str] = []
    metrics: dict[str, float | None] = {}          # the mean over repeats
    trace: list[dict[str, Any]] = []
    repeats: list[RepeatResult] = []                 # only when measured more than once


class BaselineSuite(BaseModel):
    model_config = ConfigDict(extra="forbid")

    hash: str
    mode: str
    metrics: dict[str, Aggregate]
    cases: dict[str, BaselineCase]
    results_digest: str = ""


class Baseline(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int = BASELINE_VERSION
    run_id: str
    config_hash: str
    repeats: int = 1
    git: dict[str, Any] = {}
    judge: dict[str, Any] = {}      # the judge's model, prompt hashes and ragas version, if any
    config: dict[str, Any] = {}     # the resolved config the baseline was measured with
    overrides: list[str] = []       # and the -P assignments that made it
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


@dataclass
class Measured:
    """One side of a comparison: a run measured ``len(repeats)`` times (logs and case records
    in the same order)."""

    logs: list[RunLog]
    repeats: list[list[CaseRecord]]

    @property
    def log(self) -> RunLog:
        return self.logs[0]

    def by_case(self) -> dict[tuple[str, str], list[CaseRecord]]:
        out: dict[tuple[str, str], list[CaseRecord]] = {}
        for records in self.repeats:
            for r in records:
                out.setdefault(r.key, []).append(r)
        return out


def mean_metrics(records: list[CaseRecord]) -> dict[str, float | None]:
    names = {k for r in records for k in r.metrics}
    out: dict[str, float | None] = {}
    for name in sorted(names):
        values = [r.metrics[name] for r in records if r.metrics.get(name) is not None]
        out[name] = sum(values) / len(values) if values else None  # type: ignore[arg-type]
    return out


def majority(records: list[CaseRecord]) -> bool:
    return sum(r.passed for r in records) * 2 >= len(records) if records else False


def from_measured(measured: Measured) -> Baseline:
    log = measured.log
    grouped = measured.by_case()
    suites = {}
    for name, summary in log.suites.items():
        cases = {}
        for r in measured.repeats[0]:
            if r.suite != name:
                continue
            runs = grouped[r.key]
            cases[r.case_id] = BaselineCase(
                passed=majority(runs), error=r.error, behaviour=r.behaviour, answer=r.answer, tags=r.tags,
                metrics=mean_metrics(runs), trace=compact_trace(r.trace),
                repeats=[RepeatResult(passed=x.passed, metrics=x.metrics) for x in runs] if len(runs) > 1 else [])
        suites[name] = BaselineSuite(hash=summary.hash, mode=summary.mode, metrics=summary.metrics, cases=cases,
                                     results_digest=summary.results_digest)
    judge = {k: v for k, v in log.judge.items() if k not in ("usage", "cost")}
    return Baseline(run_id=log.run_id, config_hash=log.config_hash, repeats=len(measured.repeats), git=log.git,
                    judge=judge, config=log.config, overrides=log.overrides, suites=suites)


def from_run(log: RunLog, cases: list[CaseRecord]) -> Baseline:
    return from_measured(Measured([log], [cases]))


def write(baseline: Baseline, path: Path) -> None:
    write_json_atomic(path, baseline.model_dump(mode="json"))
