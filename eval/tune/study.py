"""A tune's Optuna study: seeded multivariate TPE in SQLite (a killed search resumes), the base
config enqueued as trial 0, the budget in trials and minutes, the pruning sample. Used for the
tune itself and for each fold of its nested cross-validation."""

from __future__ import annotations

import hashlib
import json
import math
import time
import warnings
from pathlib import Path
from typing import Any

from eval.config import STAGES
from eval.tune.spec import Tune, _get
from eval.tune.trials import Cases, Context, optimise
from rag._lazy import require
from rag.errors import InputError
from rag.registry import ComponentSpec
from rag.store import write_json_atomic


def optuna_module() -> Any:
    optuna = require("optuna", pip="ragbench[tune]")
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    # multivariate, grouped TPE (coupled parameters such as a threshold and the weights of the
    # score it cuts) is marked experimental by Optuna; its interface, not its results, may change
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    return optuna


def open_study(tune: Tune, folder: Path) -> Any:
    optuna = optuna_module()
    spec = tune.spec
    sampler = optuna.samplers.TPESampler(seed=spec.seed, n_startup_trials=spec.startup_trials,
                                         multivariate=True, group=True)
    return optuna.create_study(study_name=spec.name, storage=f"sqlite:///{folder / 'study.db'}",
                               sampler=sampler, pruner=pruner_for(optuna, spec.prune),
                               direction="maximize", load_if_exists=True)


def pruner_for(optuna: Any, prune: Any) -> Any:
    if prune is None:
        return optuna.pruners.NopPruner()
    if prune.pruner == "median":
        return optuna.pruners.MedianPruner(n_startup_trials=prune.warmup_trials, n_warmup_steps=0)
    return optuna.pruners.SuccessiveHalvingPruner(min_resource=1, reduction_factor=2,
                                                  min_early_stopping_rate=0)


def finished(study: Any) -> int:
    """Trials that count against the budget: complete or pruned (a failed one is run again)."""
    states = optuna_module().trial.TrialState
    return sum(t.state in (states.COMPLETE, states.PRUNED) for t in study.trials)


def search(study: Any, context: Context, folder: Path, *, trials: int, workers: int,
           fit_cases: Cases | None = None, progress: bool = True) -> None:
    """Run the study's remaining budget: ``trials`` counted over its whole history, and the
    tune file's minutes counted over every session that worked on ``folder``."""
    optuna = optuna_module()
    tune = context.tune
    started = time.monotonic()
    for t in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.RUNNING,)):
        study.tell(t.number, state=optuna.trial.TrialState.FAIL)   # killed mid-trial: run it again
    if not study.trials and (point := base_trial(tune)) is not None:
        study.enqueue_trial(point)
    deadline = None
    if tune.spec.budget.minutes is not None:
        deadline = started + max(1.0, tune.spec.budget.minutes * 60 - spent(folder))
    first_rung = None
    if tune.spec.prune:
        first_rung = tuple(sorted(rung_sample(tune, context.fit_suites, fit_cases)))
    try:
        optimise(study, context, folder, trials=max(0, trials - finished(study)), deadline=deadline,
                 workers=workers, fit_cases=fit_cases, first_rung=first_rung,
                 sample=lambda trial: json.loads(json.dumps(sample(trial, tune))), progress=progress)
    finally:
        write_json_atomic(folder / "spent.json", {"seconds": spent(folder) + time.monotonic() - started})


def best_trial(study: Any, unless: InputError) -> Any:
    """The study's best complete trial; ``unless`` is raised when no trial completed."""
    if not any(t.state == optuna_module().trial.TrialState.COMPLETE for t in study.trials):
        raise unless
    return study.best_trial


def spent(folder: Path) -> float:
    path = folder / "spent.json"
    return float(json.loads(path.read_text())["seconds"]) if path.is_file() else 0.0


def out_of_budget(tune: Tune, study: Any, folder: Path) -> bool:
    minutes = tune.spec.budget.minutes
    return finished(study) >= tune.spec.budget.trials or (minutes is not None and spent(folder) >= minutes * 60)


def sample(trial: Any, tune: Tune) -> dict[str, Any]:
    """The trial's assignments, in the space's order; a conditional parameter only when its
    conditions hold."""
    chosen: dict[str, Any] = {}
    for key, p in tune.spec.space.items():
        if not p.active(chosen):
            continue
        if p.choices is not None:
            index = trial.suggest_categorical(key, list(range(len(p.choices))))  # any YAML value, by index
            chosen[key] = p.choices[index]
        elif p.int_ is not None:
            chosen[key] = trial.suggest_int(key, p.int_[0], p.int_[1], log=p.log, step=int(p.step or 1))
        else:
            assert p.float_ is not None
            value = trial.suggest_float(key, p.float_[0], p.float_[1], log=p.log, step=None if p.log else p.step)
            chosen[key] = round(value, 10)   # 0.30000000000000004 → 0.3 (a step's float noise)
    return chosen


def effective(config: Any) -> dict[str, Any]:
    """A config as data with every component's defaults filled in (``sparse_index.params.k1``
    is 0.9 even when the file never mentions BM25)."""

    def fill(stage: str, value: Any) -> Any:
        if isinstance(value, dict) and "name" in value and stage in STAGES:
            described = STAGES[stage].describe(ComponentSpec.model_validate(value))
            return {"name": described["name"], "params": described["params"]}
        if isinstance(value, list) and stage in STAGES:
            return [fill(stage, v) for v in value]
        return value

    data = config.model_dump(mode="json")
    return {k: fill(k, v) for k, v in data.items()}


def base_trial(tune: Tune) -> dict[str, Any] | None:
    """The base config as a point of the space (categorical parameters by index), so that trial
    0 is the base config and the tune can never pick something worse on the fit split than what
    it started from; ``None`` when the base lies outside the space."""
    data = effective(tune.config_for({}, f"{tune.spec.name}-base")[0])
    point: dict[str, Any] = {}
    chosen: dict[str, Any] = {}
    for key, p in tune.spec.space.items():
        if not p.active(chosen):
            continue
        value = _get(data, key)
        if p.choices is not None:
            if value not in p.choices:
                return None
            point[key], chosen[key] = p.choices.index(value), value
        else:
            bounds = p.int_ or p.float_
            if not isinstance(value, int | float) or bounds is None or not bounds[0] <= value <= bounds[1]:
                return None
            point[key] = chosen[key] = value
    return point


def rung_sample(tune: Tune, fit_suites: list[Any], within: Cases | None = None) -> set[tuple[str, str]]:
    """A seeded sample of each fit suite's cases — of those ``within`` a cross-validation
    fold's fit cases, if given — by a hash of seed, suite and case id, so the same file samples
    the same cases and a new case does not reshuffle the others."""
    share = tune.spec.prune.sample  # type: ignore[union-attr]
    allowed = set(within) if within is not None else None
    out: set[tuple[str, str]] = set()
    for suite in fit_suites:
        cases = [c for c in suite.cases if allowed is None or (suite.name, c.id) in allowed]
        ranked = sorted(cases, key=lambda c, s=suite.name: case_hash(tune, s, c.id))
        out |= {(suite.name, c.id) for c in ranked[:max(1, math.ceil(share * len(ranked)))]}
    return out


def case_hash(tune: Tune, suite: str, case_id: str) -> str:
    return hashlib.sha256(f"{tune.spec.seed}:{suite}:{case_id}".encode()).hexdigest()
