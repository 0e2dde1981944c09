"""The search: Optuna's TPE (seeded) over the tune file's space, every trial a ``ragbench run``
of the fit split through the shared caches (embeddings, retrieval candidates, indexes), the
study in SQLite so a killed tune resumes; then one run of the best config, and of the base
config, on the report split — the only time that split's cases (or qrels) are read."""

from __future__ import annotations

import hashlib
import json
import math
import os
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from eval.config import load_suites
from eval.runs.log import RunLog, read_cases
from eval.runs.runner import resumable_dir, run
from eval.tune.spec import Tune, _get, load_tune
from rag._lazy import require
from rag.errors import InputError
from rag.registry import ComponentSpec
from rag.store import write_json_atomic


def tune_dir_for(out_root: Path, name: str, resume: bool | Path) -> Path:
    def unfinished(folder: Path) -> bool:
        state = folder / "tune.json"
        return (folder / "study.db").is_file() and not (
            state.is_file() and json.loads(state.read_text(encoding="utf-8")).get("status") == "complete")

    return resumable_dir(out_root, name, resume, unfinished, "tune")


def objective_value(tune: Tune, log: RunLog) -> float:
    """The objective of one run: per suite ``constant + Σ weight · metric``, then the mean."""
    spec = tune.spec.objective
    suites = [spec.suite] if spec.suite else list(log.suites)
    values = []
    for name in suites:
        if name not in log.suites:
            raise InputError(f"objective suite {name!r} is not in the run", field="objective.suite")
        metrics = log.suites[name].metrics
        total = spec.constant
        for metric, weight in spec.weights().items():
            agg = metrics.get(metric)
            if agg is None or agg.value is None:
                raise InputError(f"metric {metric!r} has no value on suite {name!r} (is it in the config's metrics?)",
                                 field="objective")
            total += weight * float(agg.value)
        values.append(total)
    return float(np.mean(values))


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
    from eval.config import STAGES

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


def _say(progress: bool, line: str) -> None:
    if progress:
        print(line, file=sys.stderr, flush=True)


def run_tune(path: Path, *, out_root: Path = Path("reports/tunes"), resume: bool | Path = False,
             trials: int | None = None, progress: bool = True) -> tuple[Path, dict[str, Any]]:
    optuna = require("optuna", pip="ragbench[tune]")
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    # multivariate, grouped TPE (coupled parameters such as a threshold and the weights of the
    # score it cuts) is marked experimental by Optuna; its interface, not its results, may change
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    tune = load_tune(path)
    spec = tune.spec
    folder = tune_dir_for(out_root, spec.name, resume)
    folder.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    fit, report = [spec.splits.fit], [spec.splits.report]
    sampler = optuna.samplers.TPESampler(seed=spec.seed, n_startup_trials=spec.startup_trials,
                                         multivariate=True, group=True)
    study = optuna.create_study(study_name=spec.name, storage=f"sqlite:///{folder / 'study.db'}",
                                sampler=sampler, pruner=pruner_for(optuna, spec.prune),
                                direction="maximize", load_if_exists=True)
    base_config, _ = tune.config_for({}, f"{spec.name}-base")
    fit_suites = load_suites(base_config, tune.base_path, None, fit)   # read once, not once per trial
    first_rung = rung_sample(tune, fit_suites) if spec.prune else None
    finished_states = (optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.PRUNED)
    for t in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.RUNNING,)):
        study.tell(t.number, state=optuna.trial.TrialState.FAIL)   # killed mid-trial: run it again
    budget = trials or spec.budget.trials
    if not study.trials and (point := base_trial(tune)) is not None:
        study.enqueue_trial(point)

    def objective(trial: Any) -> float:
        assignments = sample(trial, tune)
        config, _ = tune.config_for(assignments, f"{spec.name}-t{trial.number:04d}")
        loaded = fit_suites if config.suites == base_config.suites else None
        run_dir = folder / "trials" / f"t{trial.number:04d}"
        if run_dir.exists():   # a failed attempt of the same number never happens; be safe anyway
            raise InputError(f"{run_dir} exists", field="--resume")
        trial.set_user_attr("assignments", json.loads(json.dumps(assignments)))
        trial.set_user_attr("run_dir", str(run_dir))
        if first_rung is not None:   # first rung: the sample; pruned trials stop here
            _, log = run(tune.base_path, config=config, out_root=folder / "trials", run_dir=run_dir,
                         splits=fit, progress=False, case_ids=first_rung, loaded=loaded)
            early = objective_value(tune, log)
            trial.report(early, step=0)
            trial.set_user_attr("sample_value", early)
            if trial.should_prune():
                _say(progress, f"[trial {trial.number}] pruned at {early:.4f} on the sample  {assignments}")
                raise optuna.TrialPruned()
        # the whole fit split (after a first rung, only the cases it did not run)
        _, log = run(tune.base_path, config=config, out_root=folder / "trials", run_dir=run_dir,
                     splits=fit, progress=False, resume=run_dir if first_rung is not None else False, loaded=loaded)
        value = objective_value(tune, log)
        _say(progress, f"[trial {trial.number}] {value:.4f}  {assignments}")
        return value

    done = sum(t.state in finished_states for t in study.trials)   # a pruned trial counts against the budget
    remaining = max(0, budget - done)
    timeout = None
    if spec.budget.minutes is not None:
        spent = _spent(folder)
        timeout = max(1.0, spec.budget.minutes * 60 - spent)
    if remaining:
        study.optimize(objective, n_trials=remaining, timeout=timeout, catch=(InputError,))
    _save_spent(folder, time.monotonic() - started)
    complete = [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]
    if not complete:
        raise InputError("no trial completed; see the errors above", field="space")
    best = study.best_trial
    best_config, best_data = tune.config_for(best.user_attrs["assignments"], f"{spec.name}-best")
    write_best_config(folder / "best.yaml", best_data, tune)

    # the base config on the fit split, then the best and the base config on the report split:
    # the first and only time the report split is read
    base_dev = _run_once(tune, base_config, folder / "base-fit", fit)
    _say(progress, f"reporting on the {spec.splits.report} split")
    best_test = _run_once(tune, best_config, folder / "best-report", report)
    base_test = _run_once(tune, base_config, folder / "base-report", report)
    best_dev = RunLog.read(Path(best.user_attrs["run_dir"]))
    state = summarise(tune, study, best, {"best_fit": best_dev, "base_fit": base_dev, "best_report": best_test,
                                          "base_report": base_test},
                      {"best_report": folder / "best-report", "base_report": folder / "base-report"})
    state["wall_seconds"] = round(_spent(folder), 1)
    out_of_time = spec.budget.minutes is not None and _spent(folder) >= spec.budget.minutes * 60
    # complete when the file's budget is spent; a tune stopped early (--trials) resumes
    finished = sum(t.state in finished_states for t in study.trials)
    state["status"] = "complete" if finished >= spec.budget.trials or out_of_time else "partial"
    write_json_atomic(folder / "tune.json", state)
    from eval.tune.report import write_tune_report

    write_tune_report(folder, state)
    return folder, state


def pruner_for(optuna: Any, prune: Any) -> Any:
    if prune is None:
        return optuna.pruners.NopPruner()
    if prune.pruner == "median":
        return optuna.pruners.MedianPruner(n_startup_trials=prune.warmup_trials, n_warmup_steps=0)
    return optuna.pruners.SuccessiveHalvingPruner(min_resource=1, reduction_factor=2,
                                                  min_early_stopping_rate=0)


def rung_sample(tune: Tune, fit_suites: list[Any]) -> set[tuple[str, str]]:
    """A seeded sample of each fit suite's cases (by a hash of seed, suite and case id, so the
    same file samples the same cases and a new case does not reshuffle the others)."""
    share = tune.spec.prune.sample  # type: ignore[union-attr]
    out: set[tuple[str, str]] = set()
    for suite in fit_suites:
        ranked = sorted(suite.cases, key=lambda c, s=suite.name: hashlib.sha256(
            f"{tune.spec.seed}:{s}:{c.id}".encode()).hexdigest())
        out |= {(suite.name, c.id) for c in ranked[:max(1, math.ceil(share * len(ranked)))]}
    return out


def _run_once(tune: Tune, config: Any, run_dir: Path, splits: list[str]) -> RunLog:
    if (run_dir / "run.json").is_file():
        log = RunLog.read(run_dir)
        if log.status == "complete":
            return log
    _, log = run(tune.base_path, config=config, out_root=run_dir.parent, run_dir=run_dir, splits=splits,
                 progress=False, resume=run_dir if run_dir.exists() else False)
    return log


def _spent(folder: Path) -> float:
    path = folder / "spent.json"
    return float(json.loads(path.read_text())["seconds"]) if path.is_file() else 0.0


def _save_spent(folder: Path, seconds: float) -> None:
    write_json_atomic(folder / "spent.json", {"seconds": _spent(folder) + seconds})


def write_best_config(path: Path, data: dict[str, Any], tune: Tune) -> None:
    """The best config as a file of its own: suite paths made relative to where it is written."""
    out = dict(data)
    base = tune.base_path.parent
    out["suites"] = [os.path.relpath((base / s) if (base / s).is_file() else Path(s), path.parent)
                     for s in data.get("suites", [])]
    header = (f"# {tune.spec.name}: the best trial of `ragbench tune {tune.path}`, fit on the "
              f"{tune.spec.splits.fit} split\n")
    import yaml

    path.write_text(header + yaml.safe_dump(out, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _per_case(run_dir: Path, metric: str) -> dict[tuple[str, str], float]:
    return {r.key: float(r.metrics[metric]) for r in read_cases(run_dir)
            if r.error is None and r.metrics.get(metric) is not None}


def summarise(tune: Tune, study: Any, best: Any, logs: dict[str, RunLog], dirs: dict[str, Path]) -> dict[str, Any]:
    from eval.sweeps.leaderboard import paired_p_value

    spec = tune.spec
    metrics = list(spec.objective.weights())

    # the objective's metrics, and the refusal accuracy of a behaviour objective for reading beside them
    shown = metrics + (["refusal_accuracy"] if {"false_refusal", "false_answer"} & set(metrics) else [])

    def scores(log: RunLog) -> dict[str, Any]:
        out: dict[str, Any] = {"objective": objective_value(tune, log), "suites": {}}
        for suite, summary in log.suites.items():
            out["suites"][suite] = {m: summary.metrics[m].model_dump() for m in shown if m in summary.metrics}
        return out

    found = {k: scores(v) for k, v in logs.items()}
    worth: dict[str, Any] = {}
    for metric in metrics:   # the fit's worth on the report split: best − base, paired over cases
        a, b = _per_case(dirs["best_report"], metric), _per_case(dirs["base_report"], metric)
        common = sorted(set(a) & set(b))
        if len(common) >= 2:
            x, y = np.array([a[k] for k in common]), np.array([b[k] for k in common])
            worth[metric] = {"delta": float(x.mean() - y.mean()), "n": len(common),
                             "p_value": paired_p_value(x, y, "permutation", 9999)}
    trials = [{"number": t.number, "state": t.state.name, "value": t.value,
               "sample_value": t.user_attrs.get("sample_value"),
               "assignments": t.user_attrs.get("assignments"),
               "seconds": (t.datetime_complete - t.datetime_start).total_seconds()
               if t.datetime_complete and t.datetime_start else None} for t in study.trials]
    return {
        "name": spec.name, "status": "complete", "tune_file": str(tune.path), "base": str(tune.base_path),
        "objective": spec.objective.describe(), "splits": spec.splits.model_dump(), "seed": spec.seed,
        "budget": spec.budget.model_dump(), "space": {k: v.model_dump(by_alias=True, exclude_none=True)
                                                       for k, v in spec.space.items()},
        "trials": trials, "best": {"number": best.number, "value": best.value,
                                   "assignments": best.user_attrs["assignments"]},
        "scores": found,
        "gap": found["best_fit"]["objective"] - found["best_report"]["objective"],
        "worth": worth, "importances": importances(study),
    }


def importances(study: Any) -> dict[str, float]:
    """PED-ANOVA parameter importances (fast, no extra dependency); empty with too few trials."""
    optuna = require("optuna", pip="ragbench[tune]")
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")   # "few trials in a regime": the report says how many trials ran
            found = optuna.importance.get_param_importances(
                study, evaluator=optuna.importance.PedAnovaImportanceEvaluator())
    except (RuntimeError, ValueError, ZeroDivisionError):
        return {}
    return {k: round(float(v), 4) for k, v in found.items() if math.isfinite(v)}
