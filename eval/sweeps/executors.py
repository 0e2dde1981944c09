"""Executors run sweep variants: in this process, in local worker processes, or on Ray.

Each task is a plain, picklable description (the validated config as JSON, the base config's
path, the variant's run folder), so any executor can ship it anywhere. Caches are SQLite in
WAL mode with insert-or-ignore, so parallel variants never tear a write.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eval.config import RunConfig
from eval.prepare import prepare
from eval.runs.runner import run
from eval.runs.threads import worker_pool
from rag._lazy import require
from rag.registry import Registry


@dataclass(frozen=True)
class Task:
    name: str
    config: dict[str, Any]
    base_path: str
    run_dir: str
    case_ids: tuple[tuple[str, str], ...] | None = None


def run_task(task: Task) -> dict[str, Any]:
    """Run one variant; return what the sweep needs to know of it."""

    prepared = prepare(task.base_path, config=RunConfig.model_validate(task.config))
    run_dir, log = run(prepared, run_dir=Path(task.run_dir), progress=False,
                       cases=set(task.case_ids) if task.case_ids is not None else None)
    return {"name": task.name, "run_dir": str(run_dir), "status": log.status, "caches": log.caches}


Executor = Callable[[list[Task]], Iterator[dict[str, Any]]]
executors: Registry[Executor] = Registry("executor")


@executors.register("local", version="1")
def local(*, workers: int = 1) -> Executor:
    """``workers`` = 1 runs variants one after another in this process; more uses a pool of
    spawned processes (spawn, not fork: torch and BLAS threads do not survive a fork), each
    with ``cores // workers`` numeric threads (:mod:`eval.runs.threads`)."""

    def execute(tasks: list[Task]) -> Iterator[dict[str, Any]]:
        if workers <= 1:
            for task in tasks:
                yield run_task(task)
            return
        with worker_pool(workers) as pool:
            yield from pool.map(run_task, tasks)

    return execute


@executors.register("ray", version="1")
def ray(*, workers: int = 1, address: str | None = None) -> Executor:
    """Ray tasks, one per variant: a local Ray instance by default, or the cluster at
    ``address`` for users who outgrow one machine (install ``ragbench[ray]``)."""

    def execute(tasks: list[Task]) -> Iterator[dict[str, Any]]:
        ray_mod = require("ray", pip="'ragbench[ray]'")
        started = not ray_mod.is_initialized()
        if started:
            ray_mod.init(address=address, num_cpus=None if address else workers, include_dashboard=False,
                         log_to_driver=False, configure_logging=False)
        try:
            remote = ray_mod.remote(num_cpus=1)(run_task)
            yield from ray_mod.get([remote.remote(task) for task in tasks])
        finally:
            if started:
                ray_mod.shutdown()

    return execute
