"""Executors run sweep variants: in this process, in local worker processes, or on Ray.

Each task is a plain, picklable description (the validated config as JSON, the base config's
path, the variant's run folder). The local executors read those paths; the Ray executor ships
what they point to instead (:mod:`eval.sweeps.shipping`), so that its workers need no shared
filesystem. Caches are SQLite in WAL mode with insert-or-ignore, so parallel variants never tear
a write.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from eval.config import RunConfig
from eval.prepare import prepare
from eval.runs.runner import run
from eval.runs.threads import worker_pool
from eval.sweeps.task import Task
from rag._lazy import require
from rag.errors import InfrastructureError, MissingDependencyError, RagbenchError
from rag.registry import Registry


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
    """Ray tasks, one per variant: a local Ray instance by default (``workers`` CPUs), or an
    existing cluster — ``address`` (``auto``, ``host:port``, ``ray://…``) or ``$RAY_ADDRESS`` — for
    users who outgrow one machine. Joining a cluster passes no resource arguments (the cluster
    has its own); ``runtime_env`` is handed to Ray as it is.

    Nothing assumes a shared filesystem: the suites the variants read (suite files, cases,
    corpora) are packed once into a bundle in Ray's object store (:mod:`eval.sweeps.shipping`),
    each task names its suites inside it, and a worker runs its variant in a scratch folder with
    a workspace of its own (it builds its own index). The run log and case records come back and
    the driver writes them into the sweep folder, with the config as the driver knows it; the
    per-case results digests are a local sweep's. A variant left incomplete runs again whole on
    ``--resume``. Every node needs the same ragbench (``pip install 'ragbench[ray]'``, plus the
    extras and offline models the config's components use); a worker that cannot import it, a
    runtime env that fails, a worker that dies, or a cluster that cannot be reached or refuses
    the driver's token is one line (:func:`ray_failure`, :func:`connect_failure`). Other files a config names (a learned-fusion model, a Python
    target's module) are not shipped: give them to the nodes, or through ``runtime_env``."""

    def execute(tasks: list[Task]) -> Iterator[dict[str, Any]]:
        from eval.sweeps.shipping import land, pack, run_shipped

        ray_mod = require("ray", pip="'ragbench[ray]'")
        bundle, shipped = pack(tasks)      # first: a suite that cannot be shipped is refused before connecting
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
            except Exception as exc:   # no cluster there, a version mismatch, a refused token
                raise connect_failure(exc, target) from exc
        pending: dict[Any, Task] = {}
        try:
            ref = ray_mod.put(bundle)      # once: every task reads the same object
            remote = ray_mod.remote(num_cpus=1)(run_shipped)
            pending = {remote.remote(ref, s): task for task, s in zip(tasks, shipped, strict=True)}
            while pending:
                (done,), _ = ray_mod.wait(list(pending), num_returns=1)
                task = pending.pop(done)
                try:
                    result = ray_mod.get(done)
                except Exception as exc:
                    failure = ray_failure(exc, task.name)
                    if failure is None:
                        raise
                    raise failure from exc
                yield land(task, result)
        finally:
            for left in pending:   # a failed variant stops the others; cleanup never hides the error
                with contextlib.suppress(Exception):
                    ray_mod.cancel(left, force=True)
            if started:
                ray_mod.shutdown()

    execute.shares_caches = False   # type: ignore[attr-defined]  # each task has a scratch workspace
    return execute


RAGBENCH_PACKAGES = {"eval", "rag"}     # the top-level packages ragbench installs
_MISSING = re.compile(r"No module named '([\w.]+)'")
_ERROR_LINE = re.compile(r"^(?:[\w.]+\.)?\w*(?:Error|Exception): .+")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
WORKER_DEATHS = {"WorkerCrashedError", "NodeDiedError", "OutOfMemoryError", "ObjectLostError",
                 "OwnerDiedError", "TaskUnschedulableError", "RaySystemError"}


def ray_failure(exc: BaseException, variant: str) -> RagbenchError | None:
    """What a failed Ray task means, as one ragbench error; None for a bug, whose traceback
    the user should see. Ray wraps what went wrong on the worker (``RayTaskError(X)``, with ``X``
    as its ``cause``), so the whole chain is read; Ray's classes are matched by name, so that this
    reads exceptions without importing Ray."""
    chain = _chain(exc)
    # raised on the worker: the error itself, not Ray's wrapper of it (which is an instance too)
    for err in (e for e in chain if not type(e).__name__.startswith("RayTaskError")):
        if isinstance(err, MissingDependencyError):
            return InfrastructureError(f"variant {variant} on the Ray cluster: {err} (on every node)")
        if isinstance(err, RagbenchError):
            return err
    text = "\n".join(str(e) for e in chain)
    missing = _MISSING.search(text)
    version = _ragbench_version()
    if missing:
        module = missing.group(1)
        if module.split(".")[0] in RAGBENCH_PACKAGES:
            return InfrastructureError(
                f"the Ray cluster's workers cannot import ragbench (No module named {module!r}): install "
                f"ragbench {version} on every node (pip install 'ragbench[ray]=={version}'), or give the sweep "
                "executor a runtime_env that installs it")
        return InfrastructureError(
            f"the Ray cluster's workers cannot import {module!r}, which variant {variant} needs: install "
            f"ragbench {version} with the extras its components use on every node")
    names = {c.__name__ for e in chain for c in type(e).__mro__}
    if "RuntimeEnvSetupError" in names:
        return InfrastructureError(f"the Ray runtime_env could not be set up on a worker: {_gist(text)}")
    if names & WORKER_DEATHS:
        return InfrastructureError(f"variant {variant}: a Ray worker failed ({type(exc).__name__}): {_gist(text)}")
    return None


def _chain(exc: BaseException) -> list[BaseException]:
    out: list[BaseException] = []
    todo: list[BaseException | None] = [exc]
    while todo:
        err = todo.pop(0)
        if err is None or any(err is seen for seen in out):
            continue
        out.append(err)
        todo += [getattr(err, "cause", None), err.__cause__, err.__context__]
    return out


def _gist(text: str) -> str:
    """The line of an error's text worth printing: the last ``SomeError: message`` line of a
    worker's traceback, else the first line."""
    lines = [line.strip() for line in _ANSI.sub("", text).splitlines() if line.strip()]
    errors = [line for line in lines if _ERROR_LINE.match(line)]
    return (errors[-1] if errors else lines[0] if lines else "no detail")[:300]


def connect_failure(exc: BaseException, target: str | None) -> InfrastructureError:
    """Why ``ray.init`` failed, in one line: Ray's own message ends a chain of tracebacks."""
    text = "\n".join(str(e) for e in _chain(exc))
    where = f"cannot reach the Ray cluster at {target or 'a local instance'}"
    if "InvalidAuthToken" in text or "AuthenticationError" in text:
        # Ray >= 2.52 turns token authentication on for a cluster whose `ray start` finds a token
        # (~/.ray/auth_token); a driver given an explicit address sends one only when told to
        return InfrastructureError(f"{where}: it refused this driver's authentication token; set RAY_AUTH_MODE=token "
                                   "and the cluster's token in RAY_AUTH_TOKEN, RAY_AUTH_TOKEN_PATH or ~/.ray/auth_token")
    return InfrastructureError(f"{where}: {_gist(text)}")


def _ragbench_version() -> str:
    try:
        return importlib.metadata.version("ragbench")
    except importlib.metadata.PackageNotFoundError:
        return "(this version)"
