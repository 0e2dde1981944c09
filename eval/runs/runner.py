"""``ragbench run``: a pipeline config evaluated over its suites, case by case, checkpointed.

This module orchestrates: run folders, resume, indexes and the case loop. Scoring a case and
aggregating a suite live in :mod:`eval.runs.score`; what a run records about itself (git, packages,
components) in :mod:`eval.runs.provenance`.

Each finished case is appended to ``cases.jsonl`` before the next starts, so a run killed at
any moment resumes with ``--resume`` and ends with the same results as an uninterrupted run.
Aggregates are computed from the records in suite and case order, never from arrival order.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from eval.config import RunConfig, load_config, suite_paths
from eval.judges.judged import FAILED, judge_for
from eval.judges.judged import identity as judged_identity
from eval.metrics import resolve
from eval.runs.log import CaseRecord, Checkpoint, RunLog, SuiteSummary
from eval.runs.provenance import components, git_info, package_versions
from eval.runs.score import evaluate_case, judge_summary, score_record, summarise
from eval.runs.suites import load_suite
from rag.candidates import CandidateCache
from rag.errors import InputError
from rag.indexing import Indexer
from rag.pipeline import Pipeline, chat_for
from rag.store import stable_hash

DEFAULT_METRICS = {
    "full": ["hit@1", "hit@5", "mrr@10", "ndcg@10", "recall@5", "evidence_recall", "refusal_accuracy",
             "false_refusal", "false_answer", "citation_precision", "ghost_rate", "acl_leaks",
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


def config_hash(config_dump: dict[str, Any], overrides: list[str] | None = None) -> str:
    """The hash a run log records of its resolved config (and the overrides that made it)."""
    return stable_hash([config_dump, overrides or []])


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def new_run_dir(out_root: Path, name: str) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    run_dir = out_root / f"{name}-{stamp}"
    n = 2
    while run_dir.exists():
        run_dir = out_root / f"{name}-{stamp}-{n}"
        n += 1
    run_dir.mkdir(parents=True)
    return run_dir


def find_resumable(out_root: Path, name: str) -> Path:
    candidates = sorted(p for p in out_root.glob(f"{name}-*") if (p / "run.json").is_file())
    for run_dir in reversed(candidates):
        if RunLog.read(run_dir).status != "complete":
            return run_dir
    raise InputError(f"no unfinished run of {name!r} under {out_root} to resume", field="--resume")


def run(
    config_path: Path,
    overrides: list[str] | None = None,
    *,
    out_root: Path = Path("reports/runs"),
    resume: bool | Path = False,
    only: list[str] | None = None,
    progress: bool = True,
    on_case: Callable[[CaseRecord], None] | None = None,
    config: RunConfig | None = None,
    run_dir: Path | None = None,
    case_ids: set[tuple[str, str]] | None = None,
    repeat: int = 0,
) -> tuple[Path, RunLog]:
    """Evaluate a config over its suites. A sweep passes an already validated ``config``, the
    exact ``run_dir`` of its variant and, for successive halving, a sample of ``case_ids``
    (``(suite, case id)`` pairs). ``repeat`` > 0 is a repeat of a noisy target: its model
    calls are not replayed from repeat 0's cache entries."""
    config = config or load_config(config_path, overrides)
    suites = [load_suite(p) for p in suite_paths(config, config_path)]
    for suite in suites:
        for warning in suite.warnings:
            print(f"ragbench: warning: {warning}", file=sys.stderr)
    if case_ids is not None:
        suites = [s.model_copy(update={"cases": [c for c in s.cases if (s.name, c.id) in case_ids]}) for s in suites]
    if only:
        unknown = sorted(set(only) - {s.name for s in suites})
        if unknown:
            raise InputError(f"no suite named {', '.join(unknown)} in {config_path}", field="--suite")
        suites = [s for s in suites if s.name in only]
    config_dump = config.model_dump(mode="json")
    run_hash = config_hash(config_dump, overrides)

    if run_dir is not None and (run_dir / "run.json").is_file():
        resume = run_dir
    if resume:
        run_dir = resume if isinstance(resume, Path) else find_resumable(out_root, config.name)
        log = RunLog.read(run_dir)
        if log.config_hash != run_hash:
            raise InputError(f"{run_dir}: the config changed since this run started; start a new run", field="--resume")
        for s in suites:
            if s.name in log.suites and log.suites[s.name].hash != s.hash:
                raise InputError(f"{run_dir}: suite {s.name} changed since this run started", field="--resume")
    else:
        if run_dir is None:
            run_dir = new_run_dir(out_root, config.name)
        else:
            run_dir.mkdir(parents=True, exist_ok=True)
        log = RunLog(run_id=run_dir.name, started_at=now(), config_path=str(config_path), config_hash=run_hash,
                     config=config_dump, components=components(config), git=git_info(), packages=package_versions())
    checkpoint = Checkpoint(run_dir / "cases.jsonl")
    # a case that failed on an endpoint is not done: resuming retries it
    done = {r.key: r for r in checkpoint.read() if r.error is None}
    for s in suites:
        log.suites.setdefault(s.name, SuiteSummary(name=s.name, hash=s.hash, mode=s.mode,
                                                   language=s.language, cases=len(s.cases)))
    log.status = "running"
    log.write(run_dir)

    workdir = config.resolved_workdir()
    indexer = Indexer(workdir, say=lambda line: print(line, file=sys.stderr, flush=True))
    chat = chat_for(config, workdir / "cache" / "chat.sqlite", salt=f"repeat-{repeat}" if repeat else "")
    candidates = CandidateCache(workdir / "cache" / "candidates.sqlite")
    judge = judge_for(config, workdir)
    caches = {"embeddings": Counter(), "candidates": Counter(), "chat": Counter(), "indexes": Counter()}
    todo = sum(1 for s in suites for c in s.cases if (s.name, c.id) not in done)
    bar = _progress(todo, progress)
    records: dict[tuple[str, str], CaseRecord] = dict(done)
    for suite in suites:
        names = metric_names(config, suite.mode)
        pending = [c for c in suite.cases if (suite.name, c.id) not in done]
        index, report = indexer.ensure(suite.name, suite.corpus_dir, config, suite.language)
        keys = {"chunks": index.keys.chunks, "dense": index.keys.dense, "sparse": index.keys.sparse}
        log.indexes[suite.name] = keys
        caches["indexes"].update(s.action for s in report.stages)
        caches["embeddings"].update({"misses": report.embedded, "hits": report.embed_cache_hits})
        if judge is not None:   # finished cases whose judge calls failed: re-judge only those
            for case in suite.cases:
                record = records.get((suite.name, case.id))
                failed = {m for m, j in (record.judgements if record else {}).items() if j["status"] in FAILED}
                if record is not None and failed:
                    score_record(record, case, index, suite.identity(case.as_), names, judge, suite.language,
                                 only=failed, top_k=config.top_k)
                    checkpoint.append(record)
        if pending:
            pipeline = Pipeline(config, index, chat, candidates, keys)
            for case in pending:
                record = evaluate_case(pipeline, index, suite, case, names, judge)
                checkpoint.append(record)
                records[record.key] = record
                if on_case:
                    on_case(record)
                bar.update(1)
            caches["embeddings"].update({"misses": index.embedder.misses, "hits": index.embedder.hits})
        ordered = [records[(suite.name, c.id)] for c in suite.cases]
        log.suites[suite.name] = summarise(suite, ordered, names)
        if judge is not None:
            log.suites[suite.name].judge = judge_summary(ordered, judge.max_failure_rate)
    bar.close()
    caches["candidates"].update({"hits": candidates.hits, "misses": candidates.misses})
    if chat is not None:
        caches["chat"].update({"hits": chat.hits, "misses": chat.misses})  # type: ignore[attr-defined]
    for name, counts in caches.items():  # a resumed run adds to what it had counted
        merged = Counter(log.caches.get(name, {}))
        merged.update(counts)
        log.caches[name] = dict(merged)
    if judge is not None:
        usage = Counter(log.judge.get("usage", {}))
        usage.update(judge.usage)
        names = sorted({n for s in suites for n in metric_names(config, s.mode)})
        log.judge = {**judged_identity(judge, names), "usage": dict(usage),
                     "cost": round(log.judge.get("cost", 0.0) + judge.cost, 6)}
    errors = sum(s.errors for s in log.suites.values())
    judge_failed = any(s.judge and not s.judge["within_bounds"] for s in log.suites.values())
    log.status = "incomplete" if errors or judge_failed else "complete"
    log.finished_at = now()
    log.write(run_dir)
    return run_dir, log


class _NoBar:
    def update(self, n: int) -> None: ...

    def close(self) -> None: ...


def _progress(total: int, enabled: bool) -> Any:
    if not enabled or total == 0:
        return _NoBar()
    from tqdm import tqdm

    return tqdm(total=total, unit="case", file=sys.stderr, dynamic_ncols=True, leave=False)
