"""A tune's trials: asked from the study in batches of ``workers``, run in this process (one
worker) or in spawned worker processes, and told back in trial order. The sampler sees the same
history at every ask whichever worker finishes first, so the same tune file and worker count
give the same trials; another worker count gives other (equally valid) trials, because TPE then
proposes a batch before it knows its neighbours' results.

With pruning, each batch runs in two rungs: the seeded case sample first, then — for the trials
the pruner keeps, decided in trial order — the remaining cases. Each worker process divides the
cores with the others (:mod:`eval.runs.threads`), loads the tune and its fit suites once, and
shares the on-disk caches (embeddings, candidates, indexes) with every other trial.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from eval.config import load_suites
from eval.prepare import Prepared, prepare
from eval.runs.log import Aggregate, RunLog
from eval.runs.runner import run
from eval.runs.threads import worker_pool
from eval.tune.spec import Tune, load_tune
from rag.errors import InfrastructureError, InputError

Cases = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Job:
    """One rung of one trial, picklable for a worker process."""

    number: int
    assignments: dict[str, Any]
    run_dir: str
    cases: Cases | None       # only these (suite, case id) pairs; None = the whole fit split
    resume: bool              # the second rung: the run folder holds the sample's cases


def objective_of(tune: Tune, metrics: dict[str, dict[str, Aggregate]]) -> float:
    """``constant + Σ weight · metric`` per suite (``metrics``: suite → metric → aggregate),
    then the mean over the suites (or the objective's one ``suite``)."""
    spec = tune.spec.objective
    suites = [spec.suite] if spec.suite else list(metrics)
    values = []
    for name in suites:
        if name not in metrics:
            raise InputError(f"objective suite {name!r} is not in the run", field="objective.suite")
        total = spec.constant
        for metric, weight in spec.weights().items():
            agg = metrics[name].get(metric)
            if agg is None or agg.value is None:
                raise InputError(f"metric {metric!r} has no value on suite {name!r} (is it in the config's metrics?)",
                                 field="objective")
            total += weight * float(agg.value)
        values.append(total)
    return float(np.mean(values))


def shown_metrics(tune: Tune) -> list[str]:
    """The objective's metrics, and the refusal accuracy of a behaviour objective for reading beside them."""
    metrics = list(tune.spec.objective.weights())
    return metrics + (["refusal_accuracy"] if {"false_refusal", "false_answer"} & set(metrics) else [])


def objective_value(tune: Tune, log: Any) -> float:
    """The objective of one run."""
    return objective_of(tune, {name: s.metrics for name, s in log.suites.items()})


@dataclass
class Context:
    """What every trial of one tune shares: the tune, its base config and fit suites (read once)."""

    tune: Tune
    base_config: Any
    fit_suites: list[Any]

    @classmethod
    def load(cls, tune: Tune) -> Context:
        base_config, _ = tune.config_for({}, f"{tune.spec.name}-base")
        return cls(tune, base_config, load_suites(base_config, tune.base_path, None, [tune.spec.splits.fit]))

    def loaded_for(self, config: Any, splits: list[str]) -> list[Any] | None:
        """The fit suites read once, for a run of the fit split over the base config's suites."""
        fit = splits == [self.tune.spec.splits.fit] and config.suites == self.base_config.suites
        return self.fit_suites if fit else None

    def prepared(self, config: Any, splits: list[str]) -> Prepared:
        """A trial's (or the best, base or held-out) config prepared on ``splits``."""
        return prepare(self.tune.base_path, config=config, splits=splits, loaded=self.loaded_for(config, splits))

    def evaluate(self, job: Job) -> float:
        tune = self.tune
        config, _ = tune.config_for(job.assignments, f"{tune.spec.name}-t{job.number:04d}")
        run_dir = Path(job.run_dir)
        if run_dir.exists() and not job.resume:   # a failed attempt never reuses its number; be safe anyway
            raise InputError(f"{run_dir} exists", field="--resume")
        prepared = self.prepared(config, [tune.spec.splits.fit])
        _, log = run(prepared, run_dir=run_dir, progress=False, cases=set(job.cases) if job.cases is not None else None,
                     resume=run_dir if job.resume else False)
        return objective_value(tune, log)

    def run_once(self, config: Any, run_dir: Path, splits: list[str], cases: Cases | None = None) -> RunLog:
        """A run made once: read back when it finished, resumed when it did not (the best and
        base configs' runs, a cross-validation fold's held-out run)."""
        if (run_dir / "run.json").is_file():
            log = RunLog.read(run_dir)
            if log.status == "complete":
                return log
        _, log = run(self.prepared(config, splits), run_dir=run_dir, progress=False,
                     cases=set(cases) if cases is not None else None, resume=run_dir if run_dir.exists() else False)
        return log


_WORKER: dict[str, Context] = {}


def _in_worker(tune_path: str, job: Job) -> tuple[bool, float | str]:
    """A worker process's trial: the tune and its fit suites loaded on its first trial."""
    if tune_path not in _WORKER:
        _WORKER[tune_path] = Context.load(load_tune(tune_path))
    return _attempt(_WORKER[tune_path], job)


def _attempt(context: Context, job: Job) -> tuple[bool, float | str]:
    try:
        return True, context.evaluate(job)
    except InputError as exc:   # a bad point of the space fails its trial, not the tune
        return False, str(exc)


def _surviving(results: Iterator[tuple[bool, float | str]]) -> Iterator[tuple[bool, float | str]]:
    """A worker process that dies (killed, out of memory, a crash in native code) is an
    infrastructure failure, not a bad point of the space: the tune stops, and resumes."""
    try:
        yield from results
    except BrokenProcessPool as exc:
        raise InfrastructureError(f"a trial worker process died ({exc}); the finished trials are kept in the "
                                  "study: continue with `ragbench tune --resume`") from exc


def say(progress: bool, line: str) -> None:
    if progress:
        print(line, file=sys.stderr, flush=True)


class Runner:
    """Runs batches of jobs: in this process, or in a pool of ``workers`` spawned processes."""

    def __init__(self, context: Context, workers: int) -> None:
        self.context = context
        self.pool = worker_pool(workers) if workers > 1 else None

    def map(self, jobs: list[Job]) -> Iterator[tuple[bool, float | str]]:
        if self.pool is None:
            return (_attempt(self.context, job) for job in jobs)
        path = str(self.context.tune.path)
        return _surviving(self.pool.map(_in_worker, [path] * len(jobs), jobs))

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


def optimise(study: Any, context: Context, folder: Path, *, trials: int, deadline: float | None, workers: int,
             fit_cases: Cases | None, first_rung: Cases | None, sample: Callable[[Any], dict[str, Any]],
             progress: bool) -> None:
    """Ask, run and tell up to ``trials`` trials, ``workers`` at a time, until ``deadline``
    (``time.monotonic()``). ``fit_cases`` restricts every trial to part of the fit split (a
    fold of a nested cross-validation); ``first_rung`` is the pruning sample."""
    optuna = sys.modules["optuna"]
    states = optuna.trial.TrialState
    runner = Runner(context, workers)
    chosen: dict[int, dict[str, Any]] = {}

    def job(trial: Any, cases: Cases | None, resume: bool) -> Job:
        return Job(trial.number, chosen[trial.number], trial.user_attrs["run_dir"], cases, resume)

    try:
        left = trials
        while left > 0 and (deadline is None or time.monotonic() < deadline):
            batch = [study.ask() for _ in range(min(workers, left))]
            left -= len(batch)
            for trial in batch:
                chosen[trial.number] = sample(trial)
                trial.set_user_attr("assignments", chosen[trial.number])
                trial.set_user_attr("run_dir", str(folder / "trials" / f"t{trial.number:04d}"))
            going = batch
            if first_rung is not None:   # first rung: the sample; pruned trials stop here
                going = []
                for trial, (ok, value) in zip(batch, runner.map([job(t, first_rung, False) for t in batch]), strict=True):
                    if not ok:
                        _fail(study, trial, value)
                        continue
                    trial.report(value, step=0)
                    trial.set_user_attr("sample_value", value)
                    if trial.should_prune():
                        say(progress, f"[trial {trial.number}] pruned at {value:.4f} on the sample  {chosen[trial.number]}")
                        study.tell(trial, state=states.PRUNED)
                    else:
                        going.append(trial)
            # the whole fit split (after a first rung, only the cases it did not run)
            jobs = [job(t, fit_cases, first_rung is not None) for t in going]
            for trial, (ok, value) in zip(going, runner.map(jobs), strict=True):
                if not ok:
                    _fail(study, trial, value)
                    continue
                say(progress, f"[trial {trial.number}] {value:.4f}  {chosen[trial.number]}")
                study.tell(trial, value)
    finally:
        runner.close()


def _fail(study: Any, trial: Any, message: Any) -> None:
    print(f"[trial {trial.number}] failed: {message}", file=sys.stderr, flush=True)
    study.tell(trial, state=sys.modules["optuna"].trial.TrialState.FAIL)
