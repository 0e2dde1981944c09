"""Work folders: a new timestamped one, or the unfinished one a ``--resume`` continues (runs,
sweeps and tunes alike), and the hash a run records of the config that made it."""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rag.errors import InputError
from rag.store import stable_hash

# settings that change how fast a run goes or when it stops, never its results: a resume may
# change them (a judge budget raised to finish what the last one left pending)
RESULT_FREE = ("concurrency", "judge.params.concurrency", "judge.params.max_calls", "judge.params.max_cost",
               "judge.params.requests_per_minute", "judge.params.tokens_per_minute")


def config_hash(config_dump: dict[str, Any], overrides: list[str] | None = None) -> str:
    """The hash a run log records of its resolved config (and the overrides that made it)."""
    dump = copy.deepcopy(config_dump)
    for path in RESULT_FREE:
        *parents, last = path.split(".")
        nodes: list[Any] = [dump]
        for part in parents:   # a jury lists its judges: every one of them
            nodes = [n.get(part) for n in nodes if isinstance(n, dict)]
            nodes = [x for n in nodes for x in (n if isinstance(n, list) else [n])]
        for node in nodes:
            if isinstance(node, dict):
                node.pop(last, None)
    return stable_hash([dump, [o for o in overrides or [] if o.split("=", 1)[0] not in RESULT_FREE]])


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def new_run_dir(out_root: Path, name: str) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    run_dir = out_root / f"{name}-{stamp}"
    n = 2
    while run_dir.exists():
        run_dir = out_root / f"{name}-{stamp}-{n}"
        n += 1
    try:
        run_dir.mkdir(parents=True)
    except OSError as exc:
        raise InputError(f"cannot create {run_dir}: {exc.strerror}", field="--out") from exc
    return run_dir


def resumable_dir(out_root: Path, name: str, resume: bool | Path, unfinished: Callable[[Path], bool],
                  what: str) -> Path:
    """The folder to work in: the one given, the newest unfinished one of ``name`` (``resume``),
    or a new one."""
    if isinstance(resume, Path):
        return resume
    if resume:
        for folder in sorted(out_root.glob(f"{name}-*"), reverse=True):
            if unfinished(folder):
                return folder
        raise InputError(f"no unfinished {what} {name!r} under {out_root} to resume", field="--resume")
    return new_run_dir(out_root, name)
