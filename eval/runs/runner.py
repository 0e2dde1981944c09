"""``ragbench run``: a config's target evaluated over its suites, case by case, checkpointed.

This module orchestrates; each job lives in its own module:

- the system under test: :mod:`eval.targets` (builtin, http, python);
- running cases serially or concurrently: :mod:`eval.runs.execute`;
- the checkpoint (``cases.jsonl``): :mod:`eval.runs.checkpoint`;
- scoring a case: :mod:`eval.runs.score`; a suite's summary: :mod:`eval.runs.summary`;
- what a run records about itself (git, packages, components): :mod:`eval.runs.provenance`.

A run killed at any moment resumes with ``--resume`` and ends with the same results as an
uninterrupted run; aggregates are computed in suite and case order, never arrival order.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eval.config import RunConfig
from eval.judges.judged import PENDING, judge_for
from eval.judges.judged import identity as judged_identity
from eval.metrics import resolve
from eval.prepare import Prepared, prepare
from eval.runs.checkpoint import Checkpoint, file_sha256
from eval.runs.execute import execute
from eval.runs.folders import config_hash, new_run_dir, now, resumable_dir
from eval.runs.judging import judge_suite
from eval.runs.log import CaseRecord, RunLog, SuiteSummary
from eval.runs.provenance import components, git_info, package_versions
from eval.runs.score import evaluate_case
from eval.runs.secrets import redact, redacted_config, scrub, secrets_of
from eval.runs.summary import judge_summary, summarise
from eval.runs.threads import limit_threads, share
from eval.suites import Suite
from eval.targets import targets
from rag.errors import InputError

DEFAULT_METRICS = {
    "full": ["hit@1", "hit@5", "mrr@10", "ndcg@10", "recall@5", "evidence_recall", "refusal_accuracy",
             "false_refusal", "false_answer", "level_accuracy", "route_accuracy", "citation_precision", "citation_support", "ghost_rate",
             "acl_leaks",
             "injection_followed", "forbidden_answer", "answer_contains", "id_context_recall", "id_context_precision",
             "rouge_l", "chrf", "string_similarity", "recall@retrieve", "recall@fuse", "recall@rerank",
             "recall@context", "rerank_gain", "latency_p50", "latency_p95", "tokens"],
    "retrieval": ["hit@1", "hit@10", "mrr@10", "ndcg@10", "recall@10", "recall@100", "precision@10",
                  "map@10", "recall@retrieve", "recall@fuse", "recall@rerank", "rerank_gain", "latency_p50",
                  "latency_p95"],
}
RAGAS_DEFAULTS = {"id_context_recall", "id_context_precision", "rouge_l", "chrf", "string_similarity"}


def metric_names(config: RunConfig, mode: str) -> list[str]:
    names = list(config.metrics or DEFAULT_METRICS[mode])
    if config.metrics is None and importlib.util.find_spec("ragas") is None:
        # a core install without the ragas extra: the default list leaves out what needs it
        names = [m for m in names if m not in RAGAS_DEFAULTS]
    if mode == "retrieval":  # no answers to score
        names = [m for m in names if resolve(m).needs in ("retrieval", "cost")]
    return names


def run(prepared: Prepared, *, out_root: Path | None = None, run_dir: Path | None = None,
        resume: bool | Path = False, cases: set[tuple[str, str]] | None = None, progress: bool = True
        ) -> tuple[Path, RunLog]:
    """Evaluate a prepared config (:func:`eval.prepare.prepare`) over its suites, into a new run
    folder under ``out_root`` (default: the workspace's ``runs``) or into ``run_dir`` exactly (a
    sweep's variant, a tune's trial); ``resume``: the newest unfinished run of the config, or the
    folder given. ``cases``: only these ``(suite, case id)`` pairs (successive halving, a tune's
    pruning sample or cross-validation fold)."""
    config = prepared.config
    suites = select_suites(prepared, cases)
    # built before the run folder exists: a target that cannot be built (a missing API key, a
    # function that does not import) leaves nothing half-written
    target = targets.build(config.target, field_path="target", **target_runtime(prepared))
    if config.concurrency > 1 and targets.get(config.target.name).info.get("local"):
        limit_threads(share(config.concurrency))   # cases in flight share the cores' model threads
    state = open_run(prepared, suites, out_root=out_root or prepared.workspace.out("runs"), resume=resume,
                     run_dir=run_dir)
    judge = judge_for(config, prepared.workspace.cache("judge"))
    indexer = prepared.indexer()
    bar = _progress(sum(1 for s in suites for c in s.cases if (s.name, c.id) not in state.done), progress)

    secrets = secrets_of(config)

    def finished(record: CaseRecord) -> None:
        state.checkpoint.append(scrub(record, secrets))
        state.records[record.key] = record
        bar.update(1)

    try:
        for suite in suites:
            names = metric_names(config, suite.mode)
            index = open_index(prepared, indexer, suite, target.kind, state)
            pending = [c for c in suite.cases if (suite.name, c.id) not in state.done]
            if pending:
                bound = target.bind(suite, index)
                jobs = [_job(bound, index, suite, case, names, judge) for case in pending]
                execute(jobs, finished, config.concurrency)
            if judge is not None:   # then every judged metric, judge.concurrency at a time
                judge_suite(suite, index, state.records, names, judge,
                            lambda record: state.checkpoint.append(scrub(record, secrets)))
            ordered = [state.records[(suite.name, c.id)] for c in suite.cases]
            state.log.suites[suite.name] = summarise(suite, ordered, names)
            if judge is not None:
                state.log.suites[suite.name].judge = judge_summary(ordered, judge.max_failure_rate)
    finally:
        bar.close()
        target.close()
    for name, counts in target.counters().items():
        state.caches.setdefault(name, Counter()).update(counts)
    return close_run(state, suites, config, judge)


def run_config(path: str | Path, overrides: list[str] | None = None, *, splits: list[str] | None = None,
               only: list[str] | None = None, **options: Any) -> tuple[Path, RunLog]:
    """``ragbench run`` from Python: prepare the config at ``path`` and :func:`run` it
    (``options``: :func:`run`'s keywords)."""
    return run(prepare(path, overrides, splits, only=only), **options)


def _job(bound: Any, index: Any, suite: Suite, case: Any, names: list[str], judge: Any) -> Any:
    return lambda: evaluate_case(bound, index, suite, case, names, judge)


def target_runtime(prepared: Prepared) -> dict[str, Any]:
    """What a target is built with besides its YAML params: the builtin pipeline is assembled
    from the prepared config."""
    entry = targets.get(prepared.config.target.name)
    return {"prepared": prepared} if entry.info.get("local") else {}


def select_suites(prepared: Prepared, cases: set[tuple[str, str]] | None) -> list[Suite]:
    """The prepared config's suites, only ``cases`` of them if given."""
    suites = prepared.suites()
    for suite in suites:
        for warning in suite.warnings:
            print(f"ragbench: warning: {warning}", file=sys.stderr)
    if cases is not None:
        suites = [s.model_copy(update={"cases": [c for c in s.cases if (s.name, c.id) in cases]}) for s in suites]
    return suites


def unfinished_run(folder: Path) -> bool:
    return (folder / "run.json").is_file() and RunLog.read(folder).status != "complete"


@dataclass
class RunState:
    run_dir: Path
    log: RunLog
    checkpoint: Checkpoint
    done: dict[tuple[str, str], CaseRecord]          # finished without error: skipped on resume
    records: dict[tuple[str, str], CaseRecord]
    caches: dict[str, Counter[str]] = field(default_factory=dict)
    earlier: dict[tuple[str, str], CaseRecord] = field(default_factory=dict)   # the checkpoint when opened


def open_run(prepared: Prepared, suites: list[Suite], *, out_root: Path, resume: bool | Path,
             run_dir: Path | None) -> RunState:
    """A new run folder, or the unfinished run being resumed (refused if its config or a
    suite changed since it started)."""
    config = prepared.config
    config_dump = config.model_dump(mode="json")
    run_hash = config_hash(config_dump, list(prepared.overrides))
    if run_dir is not None and (run_dir / "run.json").is_file():
        resume = run_dir
    if resume:
        run_dir = resumable_dir(out_root, config.name, resume, unfinished_run, "run")
        log = RunLog.read(run_dir)
        if log.config_hash != run_hash:
            raise InputError(f"{run_dir}: the config changed since this run started; start a new run", field="--resume")
        for s in suites:
            if s.name in log.suites and log.suites[s.name].hash != s.hash:
                raise InputError(f"{run_dir}: suite {s.name} changed since this run started", field="--resume")
        log.config = redacted_config(config_dump)   # result-free settings (concurrency) may differ
    else:
        if run_dir is None:
            run_dir = new_run_dir(out_root, config.name)
        else:
            run_dir.mkdir(parents=True, exist_ok=True)
        log = RunLog(run_id=run_dir.name, started_at=now(), config_path=str(prepared.path), config_hash=run_hash,
                     config=redacted_config(config_dump), components=redacted_config(components(config)),
                     overrides=[redact(o, secrets_of(config)) for o in prepared.overrides],
                     git=git_info(), packages=package_versions())
    checkpoint = Checkpoint(run_dir / "cases.jsonl")
    records = {r.key: r for r in checkpoint.read()}
    for record in records.values():
        recorded_k(record, config.top_k)
    # a case that failed on an endpoint is not done: resuming retries it
    done = {k: r for k, r in records.items() if r.error is None}
    for s in suites:
        log.suites.setdefault(s.name, SuiteSummary(name=s.name, hash=s.hash, mode=s.mode,
                                                   language=s.language, cases=len(s.cases)))
    log.status = "running"
    log.write(run_dir)
    return RunState(run_dir, log, checkpoint, done, dict(done), earlier=records)


def open_index(prepared: Prepared, indexer: Any, suite: Suite, kind: str, state: RunState) -> Any:
    """The suite's index. The builtin target searches it; any other target only needs the
    corpus's documents and their access labels (to score leaks), so its corpus is loaded and
    chunked but never embedded."""
    index, report = prepared.index(suite, searchable=kind == "builtin", indexer=indexer)
    state.log.indexes[suite.name] = {"chunks": index.keys.chunks, "dense": index.keys.dense,
                                     "sparse": index.keys.sparse}
    state.caches.setdefault("indexes", Counter()).update(s.action for s in report.stages)
    state.caches.setdefault("embeddings", Counter()).update({"misses": report.embedded,
                                                             "hits": report.embed_cache_hits})
    return index


def recorded_k(record: CaseRecord, top_k: int | None) -> None:
    """A case checkpointed before fates recorded their k (an older ragbench) was followed
    through the config's top-k and the reranked list's head: say so in its fates, so that
    re-scoring it on resume (a judgement to finish) gives the labels it was given then."""
    for fate in record.fates.values():
        if "k" not in fate:
            fate["k"], fate["cut"] = top_k, record.mode == "full"


def close_run(state: RunState, suites: list[Suite], config: RunConfig, judge: Any) -> tuple[Path, RunLog]:
    """Counters merged into what a resumed run had counted, the checkpoint put in case
    order, the status decided and the log written."""
    log = state.log
    for name, counts in state.caches.items():
        merged = Counter(log.caches.get(name, {}))
        merged.update(counts)
        log.caches[name] = dict(merged)
    if judge is not None:
        usage = Counter(log.judge.get("usage", {}))
        usage.update(judge.usage)
        names = sorted({n for s in suites for n in metric_names(config, s.mode)})
        log.judge = {**judged_identity(judge, names), "usage": dict(usage),
                     "cost": round(log.judge.get("cost", 0.0) + judge.cost, 6)}
    # one record per case — the latest — in suite and case order, then any others the file held
    # (cases of suites not run this time)
    latest = dict(state.earlier)   # what the file held when the run opened (this process appended the rest)
    latest.update(state.records)
    order = [(s.name, c.id) for s in suites for c in s.cases]
    first = set(order)
    state.checkpoint.rewrite([latest[k] for k in order if k in latest] + [r for k, r in latest.items() if k not in first])
    log.cases_sha256 = file_sha256(state.checkpoint.path)
    errors = sum(s.errors for s in log.suites.values())
    judge_failed = any(s.judge and (not s.judge["within_bounds"] or s.judge["judgements"].get(PENDING))
                       for s in log.suites.values())
    log.status = "incomplete" if errors or judge_failed else "complete"
    log.finished_at = now()
    log.write(state.run_dir)
    return state.run_dir, log


class _NoBar:
    def update(self, n: int) -> None: ...

    def close(self) -> None: ...


def _progress(total: int, enabled: bool) -> Any:
    """A bar with cases/s and the ETA (tqdm's rate and remaining time)."""
    if not enabled or total == 0:
        return _NoBar()
    from tqdm import tqdm

    return tqdm(total=total, unit="case", file=sys.stderr, dynamic_ncols=True, leave=False)
