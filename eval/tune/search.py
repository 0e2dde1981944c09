"""``ragbench tune``: the search (:mod:`eval.tune.study`, :mod:`eval.tune.trials`), optionally its
nested cross-validation on the fit split (:mod:`eval.tune.nested`), then one run of the best
config, and of the base config, on the report split — the only time that split's cases (or
qrels) are read — and the summary, ``best.yaml``, ``tune.json`` and ``tune.html``."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from eval.runs.checkpoint import read_cases
from eval.runs.folders import resumable_dir
from eval.runs.log import RunLog
from eval.sweeps.leaderboard import paired_p_value
from eval.tune.nested import cross_validate
from eval.tune.spec import Tune, load_tune
from eval.tune.study import (
    best_trial,
    finished,
    open_study,
    optuna_module,
    out_of_budget,
    search,
    spent,
)
from eval.tune.trials import Context, objective_value, say, shown_metrics
from eval.tune.worth import objective_worth
from rag.errors import InputError
from rag.store import write_json_atomic


def tune_dir_for(out_root: Path, name: str, resume: bool | Path) -> Path:
    def unfinished(folder: Path) -> bool:
        state = folder / "tune.json"
        return (folder / "study.db").is_file() and not (
            state.is_file() and json.loads(state.read_text(encoding="utf-8")).get("status") == "complete")

    return resumable_dir(out_root, name, resume, unfinished, "tune")


def run_tune(path: Path, *, out_root: Path = Path("reports/tunes"), resume: bool | Path = False,
             trials: int | None = None, workers: int | None = None, cv: int | None = None,
             progress: bool = True, write_report: Callable[[Path, dict[str, Any]], Any] | None = None
             ) -> tuple[Path, dict[str, Any]]:
    """Search, then (with ``cv`` folds) the nested cross-validation on the fit split, then the
    report split. ``trials`` stops this session early (the tune stays ``partial`` and resumes);
    ``workers`` and ``cv`` override the tune file's. ``write_report`` writes the pages of the finished
    state (``ragbench tune`` passes :func:`eval.report.tune.write_tune_report`)."""
    optuna_module()   # the `tune` extra is installed: checked before any folder is made
    tune = load_tune(path)
    spec = tune.spec
    workers = workers or spec.workers
    folds = spec.cv if cv is None else cv
    folder = tune_dir_for(out_root, spec.name, resume)
    folder.mkdir(parents=True, exist_ok=True)
    fit, report = [spec.splits.fit], [spec.splits.report]
    study = open_study(tune, folder)
    context = Context.load(tune)   # the fit suites, read once for every trial
    search(study, context, folder, trials=trials or spec.budget.trials, workers=workers, progress=progress)
    best = best_trial(study, InputError("no trial completed; see the errors above", field="space"))
    best_config, best_data = tune.config_for(best.user_attrs["assignments"], f"{spec.name}-best")
    write_best_config(folder / "best.yaml", best_data, tune)
    done = out_of_budget(tune, study, folder)
    nested = None
    if folds and done:   # a partial tune (--trials) reports without it; the resumed one runs it

        nested = cross_validate(context, folder, folds=folds, workers=workers, progress=progress)

    # the base config on the fit split, then the best and the base config on the report split:
    # the first and only time the report split is read
    base_dev = context.run_once(context.base_config, folder / "base-fit", fit)
    say(progress, f"reporting on the {spec.splits.report} split")
    best_test = context.run_once(best_config, folder / "best-report", report)
    base_test = context.run_once(context.base_config, folder / "base-report", report)
    best_dev = RunLog.read(Path(best.user_attrs["run_dir"]))
    state = summarise(tune, study, best, {"best_fit": best_dev, "base_fit": base_dev, "best_report": best_test,
                                          "base_report": base_test},
                      {"best_report": folder / "best-report", "base_report": folder / "base-report"})
    state["workers"] = workers
    if nested is not None:
        state["cv"] = nested
        state["cv_gap"] = nested["objective"] - state["scores"]["best_report"]["objective"]
    state["wall_seconds"] = round(spent(folder), 1)
    # complete when the file's budget is spent; a tune stopped early (--trials) resumes
    state["status"] = "complete" if done and (nested is not None or not folds) else "partial"
    state["finished_trials"] = finished(study)
    write_json_atomic(folder / "tune.json", state)
    if write_report is not None:
        write_report(folder, state)
    return folder, state


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

    spec = tune.spec
    metrics = list(spec.objective.weights())
    shown = shown_metrics(tune)

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
        "worth": worth, "worth_objective": objective_worth(tune, dirs["best_report"], dirs["base_report"]),
        "importances": importances(study),
    }


def importances(study: Any) -> dict[str, float]:
    """PED-ANOVA parameter importances (fast, no extra dependency); empty with too few trials."""
    optuna = optuna_module()
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")   # "few trials in a regime": the report says how many trials ran
            found = optuna.importance.get_param_importances(
                study, evaluator=optuna.importance.PedAnovaImportanceEvaluator())
    except (RuntimeError, ValueError, ZeroDivisionError):
        return {}
    return {k: round(float(v), 4) for k, v in found.items() if math.isfinite(v)}
