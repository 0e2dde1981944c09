"""Nested cross-validation of a tune: what the *whole tuning procedure* scores on questions it
never saw, estimated on the fit split alone.

The best trial's fit score is optimistic (it is the maximum over many trials on the same cases).
Here the fit cases are split into K folds by the shared rule of :mod:`eval.fit.folds` (per
suite, stratified by expected behaviour, in the tune's seeded order); for each fold the same search — space, seed, budget, worker count — runs on the
other folds, and its best config is run once on the held-out fold. The held-out cases' results
are pooled: every fit case is scored exactly once by a config chosen without it, so the pooled
figures (with the intervals a run gives over that many cases) estimate what the tune's best
config will score on the report split.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from eval.fit.folds import deal
from eval.runs.checkpoint import read_cases
from eval.runs.log import CaseRecord
from eval.runs.summary import aggregates
from eval.tune.study import best_trial, open_study, search
from eval.tune.trials import Cases, Context, objective_of, say, shown_metrics
from rag.errors import InputError


def folds_of(context: Context, k: int) -> list[Cases]:
    """K folds of the fit cases by the shared rule (:mod:`eval.fit.folds`): stratified by suite
    and expected behaviour, in the tune's seeded hash order — so every fold holds its share of
    each suite and of the cases to refuse."""
    cases = [(i, suite.name, case) for i, suite in enumerate(context.fit_suites) for case in suite.cases]
    folds = deal(cases, k, key=lambda c: f"{c[1]}:{c[2].id}", stratum=lambda c: (c[0], c[2].expect),
                 seed=context.tune.spec.seed)
    if min(len(f) for f in folds) == 0:
        raise InputError(f"{k}-fold cross-validation needs at least {k} fit cases", field="cv")
    return [tuple(sorted((cases[i][1], cases[i][2].id) for i in f)) for f in folds]


def cross_validate(context: Context, folder: Path, *, folds: int, workers: int, progress: bool) -> dict[str, Any]:
    """Run (or resume) the K inner searches and held-out runs under ``folder/cv``."""
    tune = context.tune
    every = folds_of(context, folds)
    held_out: list[CaseRecord] = []
    chosen = []
    for k, held in enumerate(every, start=1):
        fold_dir = folder / "cv" / f"fold{k}"
        fold_dir.mkdir(parents=True, exist_ok=True)
        inside = tuple(sorted({c for other in every if other is not held for c in other}))
        study = open_study(tune, fold_dir)
        say(progress, f"[cv fold {k}/{folds}] tuning on {len(inside)} fit cases, holding out {len(held)}")
        search(study, context, fold_dir, trials=tune.spec.budget.trials, workers=workers, fit_cases=inside,
               progress=False)
        best = best_trial(study, InputError(f"cross-validation fold {k}: no trial completed on its {len(inside)} fit "
                                            "cases (see the errors above; fewer folds leave more cases per fit)", field="cv"))
        config, _ = tune.config_for(best.user_attrs["assignments"], f"{tune.spec.name}-cv{k}")
        run_dir = fold_dir / "held-out"
        context.run_once(config, run_dir, [tune.spec.splits.fit], held)
        held_out += read_cases(run_dir)
        chosen.append({"fold": k, "cases": len(held), "inner_best": best.value,
                       "assignments": best.user_attrs["assignments"]})
    names = shown_metrics(tune)
    by_suite: dict[str, list[CaseRecord]] = {}
    for record in held_out:
        by_suite.setdefault(record.suite, []).append(record)
    metrics = {suite: aggregates(records, names) for suite, records in by_suite.items()}
    return {"folds": folds, "objective": objective_of(tune, metrics),
            "suites": {s: {m: a.model_dump() for m, a in agg.items()} for s, agg in metrics.items()},
            "fold_best": chosen}
