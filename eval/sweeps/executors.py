"""Executors run sweep variants: in this process, in local worker processes, or on Ray.

Each task is a plain, picklable description (the validated config as JSON, the base config's
path, the variant's run folder), so any executor can ship it anywhere. Caches are SQLite in
WAL mode with insert-or-ignore, so parallel variants never tear a write.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eval.config import RunConfig
from eval.prepare import prepare
from eval.runs.runner import run
from eval.runs.threads import worker_pool
from rag._lazy import require
from rag.errors import InfrastructureError
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
def ray(*, workers: int = 1, address: str | None = None, runtime_env: dict[str, Any] | None = None) -> Executor:
    """Ray tasks, one per variant: a local Ray instance by default, or an existing cluster —
    ``address`` (``auto``, ``host:port``, ``ray://…``) or ``$RAY_ADDRESS`` — for users who outgrow
    one machine (install ``ragbench[ray]`` on every node). Joining a cluster passes no resource
    arguments (the cluster has its own); ``runtime_env`` is handed to Ray as it is. Each task
    hands its run log and case records back, and the driver writes them into the sweep folder."""

    def execute(tasks: list[Task]) -> Iterator[dict[str, Any]]:
        ray_mod = require("ray", pip="'ragbench[ray]'")
        target = address or os.environ.get("RAY_ADDRESS")
        started = not ray_mod.is_initialized()
        if started:
            try:
                if target:   # an existing cluster: no num_cpus, no num_gpus
                    ray_mod.init(address=target, runtime_env=runtime_env, log_to_driver=False,
                                 configure_logging=False)
                else:
                    ray_mod.init(num_cpus=workers, include_dashboard=False, runtime_env=runtime_env,
                                 log_to_driver=False, configure_logging=False)
            except Exception as exc:   # no cluster there, a version mismatch
                raise InfrastructureError(f"cannot reach the Ray cluster at {target or 'a local instance'}: "
                                          f"{str(exc).splitlines()[0][:200]}") from exc
        try:
            remote = ray_mod.remote(num_cpus=1)(run_task_shipped)
            for result in ray_mod.get([remote.remote(task) for task in tasks]):
                yield land(result)
        finally:
            if started:
                ray_mod.shutdown()

    return execute


def run_task_shipped(task: Task) -> dict[str, Any]:
    """Run one variant in a scratch folder of the worker and hand back its files: nothing is
    written where the worker runs (it may be another machine)."""
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        here = Path(scratch) / Path(task.run_dir).name
        result = run_task(Task(task.name, task.config, task.base_path, str(here), task.case_ids))
        result["files"] = {p.name: p.read_bytes() for p in here.iterdir() if p.is_file()}
        result["run_dir"] = task.run_dir
    return result


def land(result: dict[str, Any]) -> dict[str, Any]:
    """Write a shipped variant's files into its run folder on the driver."""
    folder = Path(result["run_dir"])
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in result.pop("files", {}).items():
        (folder / name).write_bytes(data)
    return result
