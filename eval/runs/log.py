"""The run log: the one contract between running and reporting (DESIGN §6).

``run.json`` holds the versioned :class:`RunLog` — status, resolved config, every component
with its parameters, git commit and dirty flag, package versions, suite hashes and the
aggregates. ``cases.jsonl`` holds one :class:`CaseRecord` per finished case, appended as each
finishes (:mod:`eval.runs.checkpoint`), so a killed run resumes and loses nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from rag.store import write_json_atomic

# 2: a case records its history, what its target did not return (unmeasurable), the raw
# reply of a failed target and the time to first token; version 1 logs read unchanged.
SCHEMA_VERSION = 2


class CaseRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    suite: str
    case_id: str
    question: str
    expect: str
    asked_as: str | None = None
    tags: list[str] = []
    split: str | None = None
    mode: Literal["full", "retrieval"] = "full"
    behaviour: str | None = None
    answer: str = ""
    decision: dict[str, Any] = {}
    context: list[dict[str, Any]] = []
    citations: list[dict[str, Any]] = []
    ranking: list[tuple[str, float]] = []
    trace: list[dict[str, Any]] = []
    metrics: dict[str, float | None] = {}
    passed: bool = False
    latency_ms: float = 0.0
    usage: dict[str, int] = {}
    error: str | None = None
    judgements: dict[str, dict[str, Any]] = {}   # judged metric → status, value, repeats, calls
    fates: dict[str, dict[str, Any]] = {}        # expected doc → status and rank at every stage
    labels: dict[str, Any] = {}                  # failing cases: primary / secondary failure labels
    history: list[dict[str, str]] = []           # the conversation before the question
    unmeasurable: list[str] = []                 # what the target did not return (ranking, citations, …)
    raw_response: str | None = None              # a failed target's reply, truncated, for the report
    ttft_ms: float | None = None                 # time to first token (streaming targets)
    route: str | None = None                     # the target's router's choice, when it has one

    @property
    def key(self) -> tuple[str, str]:
        return (self.suite, self.case_id)


class Aggregate(BaseModel):
    value: float | None
    low: float | None = None
    high: float | None = None
    n: int = 0                  # cases scored
    n_total: int | None = None  # cases the metric applied to (judged: scored + failed + out of range)
    method: str = ""            # how low/high were made: clopper-pearson, bootstrap+beta, bootstrap, none
    higher_is_better: bool = True
    aggregation: str = "mean"


class SplitSummary(BaseModel):
    """The cases of one split (``dev`` / ``test``) of a suite, aggregated on their own."""

    cases: int
    passed: int = 0
    metrics: dict[str, Aggregate] = {}
    # cases of a kind a target is set for, as [passed, cases]: multi-turn (a turn with history) and
    # multi-document (tagged multi-doc); a kind the split lacks is left out
    kinds: dict[str, list[int]] = {}


class SuiteSummary(BaseModel):
    name: str
    hash: str
    mode: str
    language: str
    cases: int
    passed: int = 0
    errors: int = 0
    metrics: dict[str, Aggregate] = {}
    confusion: dict[str, dict[str, int]] = {}
    splits: dict[str, SplitSummary] = {}
    results_digest: str = ""    # per-case results without timings: equal digests, identical results
    kinds: dict[str, list[int]] = {}   # as SplitSummary.kinds, over all the suite's cases
    judge: dict[str, Any] = {}  # judged metrics: calls by status, failure rate


class RunLog(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = SCHEMA_VERSION
    run_id: str
    status: Literal["running", "complete", "incomplete"] = "running"
    started_at: str
    finished_at: str | None = None
    config_path: str
    config_hash: str
    config: dict[str, Any]
    components: dict[str, Any] = {}
    git: dict[str, Any] = {}
    packages: dict[str, str] = {}
    suites: dict[str, SuiteSummary] = {}
    indexes: dict[str, dict[str, str]] = {}
    caches: dict[str, dict[str, int]] = {}
    judge: dict[str, Any] = {}  # model, prompt hashes, ragas version, usage and cost
    cases_sha256: str = ""      # of cases.jsonl as the run left it: a reader refuses one that changed
    overrides: list[str] = []   # the -P assignments that made the resolved config

    def write(self, run_dir: Path) -> None:
        write_json_atomic(run_dir / "run.json", self.model_dump(mode="json"))

    @classmethod
    def read(cls, run_dir: Path) -> RunLog:
        """The run log of ``run_dir``; a missing or unreadable one is an input error (one line)."""
        from pydantic import ValidationError

        from rag.errors import InputError

        path = run_dir / "run.json"
        try:
            return cls.model_validate_json(path.read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise InputError(f"{run_dir} is not a run folder (no run.json)", field="RUN_DIR") from exc
        except (ValidationError, ValueError) as exc:
            raise InputError(f"{path} is not a readable run log (damaged or written by another tool)",
                             field="RUN_DIR") from exc


def dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True)


def cache_state(log: RunLog) -> str:
    """``cold`` when the run built an index, embedded or searched anything; else ``warm``
    (every stage served from the caches: its latencies are not those of a cold run)."""
    c = log.caches
    built = sum(c.get("indexes", {}).get(k, 0) for k in ("built", "rebuilt"))
    return "cold" if built or c.get("embeddings", {}).get("misses", 0) or c.get("candidates", {}).get("misses", 0) \
        else "warm"
