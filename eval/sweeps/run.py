"""``ragbench sweep``: every variant of a sweep over the suites, sharing every cached stage.

Indexes are built first, one per distinct index key and one at a time, so variants running
in parallel never build the same index twice; the variants then run through the executor,
each into its own run folder (a complete variant is never run again on ``--resume``). With
successive halving, every variant first runs on a sample of cases, and only the best fraction
runs on all of them.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from eval.config import config_changes, suite_paths
from eval.metrics import resolve
from eval.prepare import prepare
from eval.runs.checkpoint import read_cases
from eval.runs.folders import config_hash, resumable_dir
from eval.runs.log import RunLog, cache_state
from eval.suites import load_suite
from eval.sweeps import effects, leaderboard
from eval.sweeps.executors import Task, executors
from eval.sweeps.spec import Sweep, load_sweep
from rag.errors import InputError
from rag.store import write_json_atomic


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def sweep_dir_for(out_root: Path, name: str, resume: bool | Path) -> Path:
    def unfinished(folder: Path) -> bool:
        state = folder / "sweep.json"
        return state.is_file() and json.loads(state.read_text(encoding="utf-8"))["status"] != "complete"

    return resumable_dir(out_root, name, resume, unfinished, "sweep")


def build_indexes(sweep: Sweep) -> Counter[str]:
    """Every distinct index once, serially, before any variant runs."""
    counts: Counter[str] = Counter()
    seen: set[tuple[str, ...]] = set()
    for variant in sweep.variants:
        config = variant.config
        prepared = prepare(sweep.base_path, config=config, fit=False)   # indexes only: nothing to fit
        indexer = prepared.indexer()
        for path in suite_paths(config, sweep.base_path):
            suite = load_suite(path, check_corpus=False)
            index, report = prepared.index(suite, indexer=indexer)
            key = (suite.name, index.keys.chunks, index.keys.dense, index.keys.sparse)
            if key not in seen:
                seen.add(key)
                counts.update(s.action for s in report.stages)
    return counts


def sample_ids(sweep: Sweep, fraction: float) -> tuple[tuple[str, str], ...]:
    """A deterministic sample: the cases whose id hashes lowest, drawn per suite and named by
    (suite, case id), so that a case id that two suites share is not drawn for both."""
    chosen: list[tuple[str, str]] = []
    for path in suite_paths(sweep.variants[0].config, sweep.base_path):
        suite = load_suite(path, check_corpus=False)
        ids = sorted((c.id for c in suite.cases), key=lambda i: hashlib.sha256(i.encode()).hexdigest())
        chosen += [(suite.name, i) for i in ids[: max(2, math.ceil(fraction * len(ids)))]]
    return tuple(sorted(set(chosen)))


def _value(run_dir: Path, metric: str, suite: str | None) -> float:
    log = RunLog.read(run_dir)
    summary = log.suites[suite] if suite else next(iter(log.suites.values()))
    value = summary.metrics[metric].value
    higher = resolve(metric).higher_is_better
    return (value if higher else -value) if value is not None else float("-inf")


def run_sweep(path: Path, *, out_root: Path = Path("reports/sweeps"), resume: bool | Path = False,
              workers: int | None = None, progress: bool = True, write_report: Callable[..., Any] | None = None
              ) -> tuple[Path, dict[str, Any]]:
    """Every variant of the sweep at ``path``, then the leaderboard. ``write_report`` writes its page
    (``ragbench sweep`` passes :func:`eval.report.sweep.write_sweep_report`) before the state is
    marked complete: a sweep is complete only with its report."""
    sweep = load_sweep(path)
    spec = sweep.spec
    folder = sweep_dir_for(out_root, spec.name, resume)
    state_path = folder / "sweep.json"
    state: dict[str, Any] = {
        "schema_version": 1, "name": spec.name, "sweep_file": str(path), "base": str(sweep.base_path),
        "status": "running", "started_at": _now(), "axes": sweep.axes,
        "variants": {v.name: {"assignments": v.assignments, "run_dir": str(folder / "runs" / v.name)}
                     for v in sweep.variants},
    }
    if state_path.is_file():
        previous = json.loads(state_path.read_text(encoding="utf-8"))
        if previous["variants"].keys() != state["variants"].keys():
            raise InputError(f"{folder}: the sweep's variants changed since it started; start a new sweep",
                             field="--resume")
        state["started_at"] = previous["started_at"]
    write_json_atomic(state_path, state)

    execute = executors.build(spec.executor.model_copy(
        update={"params": {**spec.executor.params, "workers": workers or spec.executor.params.get("workers", spec.workers)}}),
        field_path="executor")
    # an executor whose workers keep their own caches (Ray: a scratch workspace per task) gains
    # nothing from indexes built here or from a first variant run alone to warm the caches
    shared = getattr(execute, "shares_caches", True)
    index_counts = build_indexes(sweep) if shared else Counter()

    def tasks_for(variants: list[str], suffix: str = "", case_ids: tuple[tuple[str, str], ...] | None = None
                  ) -> list[Task]:
        out = []
        for v in sweep.variants:
            run_dir = folder / "runs" / f"{v.name}{suffix}"
            done = False
            if (run_dir / "run.json").is_file():
                previous = RunLog.read(run_dir)
                if previous.config_hash != config_hash(v.config.model_dump(mode="json")):
                    raise InputError(f"{run_dir}: variant {v.name}'s config changed since it ran; start a new "
                                     "sweep", field="--resume")
                done = previous.status == "complete"
            if v.name in variants and not done:
                out.append(Task(v.name, v.config.model_dump(mode="json"), str(sweep.base_path), str(run_dir), case_ids))
        return out

    names = [v.name for v in sweep.variants]
    eliminated: dict[str, float] = {}
    if spec.halving:
        ids = sample_ids(sweep, spec.halving.sample)
        _run_all(execute, tasks_for(names, "@sample", ids), progress, "sample", shared)
        scores = {n: _value(folder / "runs" / f"{n}@sample", spec.halving.metric, spec.halving.suite) for n in names}
        keep = max(1, math.ceil(spec.halving.keep * len(names)))
        survivors = sorted(names, key=lambda n: (-scores[n], names.index(n)))[:keep]
        eliminated = {n: scores[n] for n in names if n not in survivors}
        state["halving"] = {"sample_cases": len(ids), "kept": survivors, "eliminated": eliminated}
        names = [n for n in names if n in survivors]
    _run_all(execute, tasks_for(names), progress, "full", shared)

    logs = {n: RunLog.read(folder / "runs" / n) for n in names}
    cases = {n: read_cases(folder / "runs" / n) for n in names}
    sig = spec.significance
    boards = leaderboard.build(logs, cases, test=sig.test, alpha=sig.alpha, resamples=sig.resamples)
    caches = sum_caches(logs.values(), index_counts)
    status = "complete" if all(log.status == "complete" for log in logs.values()) else "incomplete"
    every = {v.name: logs.get(v.name) or RunLog.read(folder / "runs" / f"{v.name}@sample") for v in sweep.variants}
    for name, log in every.items():   # eliminated by halving: as its sample run left it
        state["variants"][name]["cache_state"] = cache_state(log)
    state["config_diff"] = config_diff(every)
    state.update({"status": status, "finished_at": _now(), "caches": caches,
                  "leaderboard": leaderboard.to_json(boards)})
    if spec.effects:
        found = effects.effects(cases, spec.effects, spec.baseline or sweep.variants[0].name, spec.effects_split)
        state["effects"] = effects.to_json(found)
    if write_report is not None:
        write_report(folder, sweep, state, boards, logs)
    write_json_atomic(state_path, state)  # last: a sweep is complete only with its report
    return folder, state


def config_diff(logs: dict[str, RunLog]) -> list[dict[str, Any]]:
    """What differs between the variants' resolved configs as their run logs record them (the
    names aside): one entry per dotted path, with each variant's value ("—" where absent)."""
    names = list(logs)
    changes = config_changes([logs[n].config for n in names], [logs[n].overrides for n in names])
    return [{"path": path, "values": dict(zip(names, values, strict=True))} for path, values in changes]


def _run_all(execute: Any, tasks: list[Task], progress: bool, stage: str, warm_first: bool = True) -> None:
    """The first variant runs alone, filling the candidate and embedding caches that the
    others share; the rest then run in parallel without searching the same lists twice. With
    caches that are not shared (``warm_first`` off), every variant goes at once."""
    if not tasks:
        return
    total = len(tasks)
    done = 0
    for batch in ((tasks[:1], tasks[1:]) if warm_first else (tasks,)):
        for result in execute(batch) if batch else ():
            done += 1
            if progress:
                print(f"[{stage} {done}/{total}] {result['name']}: {result['status']}", file=sys.stderr, flush=True)


def sum_caches(logs: Any, index_counts: Counter[str]) -> dict[str, dict[str, int]]:
    total: dict[str, Counter[str]] = {}
    for log in logs:
        for name, counts in log.caches.items():
            if name == "indexes":
                continue
            total.setdefault(name, Counter()).update(counts)
    out = {name: dict(c) for name, c in total.items()}
    out["indexes"] = dict(index_counts)
    return out


def format_sweep(state: dict[str, Any], primary: str | None) -> str:
    lines = [f"sweep {state['name']}: {state['status']} — {len(state['variants'])} variants"]
    if "halving" in state:
        h = state["halving"]
        lines.append(f"successive halving: {h['sample_cases']} sample cases, kept {len(h['kept'])}, "
                     f"eliminated {len(h['eliminated'])}")
    for board in state["leaderboard"]:
        metric = primary if primary in board["metrics"] else board["metrics"][0]
        higher = resolve(metric).higher_is_better
        rows = sorted(board["variants"].items(), key=lambda kv: (kv[1][metric]["value"] is None,
                      -(kv[1][metric]["value"] or 0) if higher else (kv[1][metric]["value"] or 0)))
        lines.append("")
        lines.append(f"{board['suite']}: ranked by {metric}  (▼ significantly worse than the best, Holm-corrected)")
        for name, cells in rows:
            c = cells[metric]
            mark = "★" if c["best"] else ("▼" if c["significantly_worse"] else "≈")
            ci = f"[{c['low']:.4f}, {c['high']:.4f}]" if c["low"] is not None else ""
            p = f"p={c['p_value']:.3g}" if c["p_value"] is not None else ""
            value = f"{c['value']:.4f}" if c["value"] is not None else "—"
            lines.append(f"  {mark} {value}  {ci:<20} {p:<10} {name}")
    lines.extend(effects.format_effects(state.get("effects", [])))
    c = state["caches"]
    emb, cand, idx = c.get("embeddings", {}), c.get("candidates", {}), c.get("indexes", {})
    lines.append("")
    lines.append(f"caches: indexes built {idx.get('built', 0) + idx.get('rebuilt', 0)}, reused {idx.get('reused', 0)}; "
                 f"embeddings {emb.get('misses', 0)} computed, {emb.get('hits', 0)} from cache; "
                 f"retrieval candidates {cand.get('misses', 0)} searched, {cand.get('hits', 0)} from cache"
                 + (f"; chat {c['chat'].get('misses', 0)} called, {c['chat'].get('hits', 0)} from cache"
                    if c.get("chat") else ""))
    return "\n".join(lines)


def leaderboard_frame(folder: Path) -> Any:
    """A finished sweep's leaderboard as a pandas DataFrame: one row per suite × variant, with
    its axis values and every metric's value, interval, p-value against the best and marks."""
    from rag._lazy import require

    pandas = require("pandas", pip="ragbench[pandas]")
    state = json.loads((folder / "sweep.json").read_text(encoding="utf-8"))
    if "leaderboard" not in state:
        raise InputError(f"{folder}: the sweep has not finished (no leaderboard yet)", field="SWEEP_DIR")
    rows = []
    for board in state["leaderboard"]:
        for variant, cells in board["variants"].items():
            row: dict[str, Any] = {"suite": board["suite"], "variant": variant,
                                   **{f"axis.{k}": json.dumps(v) if isinstance(v, dict | list) else v
                                      for k, v in state["variants"][variant]["assignments"].items()}}
            for metric, cell in cells.items():
                row[metric] = cell["value"]
                row[f"{metric}.low"], row[f"{metric}.high"] = cell["low"], cell["high"]
                row[f"{metric}.p"] = cell["p_value"]
                row[f"{metric}.best"] = cell["best"]
            rows.append(row)
    return pandas.DataFrame(rows)
