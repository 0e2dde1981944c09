"""Two or more runs of the same suites side by side (``ragbench compare``).

Metrics per suite with intervals and a paired test of every run against the first; per-tag
slices; a case × run matrix of pass/fail with each cell's failure label, the cases that differ
first; and for each case that differs, the first stage where its trace diverges from the first
run's. Runs whose suite hashes differ are refused unless forced.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from eval.config import config_changes
from eval.metrics import resolve
from eval.runs.checkpoint import read_run
from eval.runs.log import CaseRecord, RunLog, cache_state
from eval.sweeps.leaderboard import holm, paired_p_value
from rag.errors import InputError


@dataclass
class Run:
    path: Path
    log: RunLog
    cases: dict[tuple[str, str], CaseRecord]

    @property
    def name(self) -> str:
        return self.log.run_id


@dataclass
class MetricRow:
    suite: str
    metric: str
    values: list[Any]                       # Aggregate per run (None when not measured)
    deltas: list[float | None] = field(default_factory=list)
    p_values: list[float | None] = field(default_factory=list)
    adjusted: list[float | None] = field(default_factory=list)   # Holm-corrected across the metrics shown
    comparable: bool = True                 # False: a latency or cost metric of runs in other cache states

    def significant(self, i: int, alpha: float = 0.05) -> bool:
        return self.comparable and self.adjusted[i] is not None and self.adjusted[i] < alpha


def config_diff(runs: list[Run]) -> list[tuple[str, list[Any]]]:
    """What differs between the runs' resolved configs, by dotted path (the name aside), and the
    -P overrides that made them."""
    return config_changes([r.log.config for r in runs], [r.log.overrides for r in runs])


def load_runs(paths: list[Path], force: bool) -> list[Run]:
    if len(paths) < 2:
        raise InputError("compare needs two or more run folders", field="RUN_DIR")
    runs = []
    for p in paths:
        if not (p / "run.json").is_file():
            raise InputError(f"{p} is not a run folder (no run.json)", field="RUN_DIR")
        log, cases = read_run(p)
        runs.append(Run(p, log, {r.key: r for r in cases}))
    first = runs[0].log
    for other in runs[1:]:
        for suite, summary in other.log.suites.items():
            base = first.suites.get(suite)
            if base is not None and base.hash != summary.hash and not force:
                raise InputError(f"{other.name} ran another version of suite {suite!r} than {first.run_id} "
                                 f"({summary.hash} ≠ {base.hash}); pass --force to compare anyway", field="RUN_DIR")
    return runs


def first_divergence(a: CaseRecord, b: CaseRecord) -> str | None:
    """The first stage whose output — the ids it passed on, in order, or its decision — differs
    between two runs of one case; ``None`` when the case went the same way (a changed component
    whose output is unchanged is no divergence)."""
    def outputs(record: CaseRecord) -> list[tuple[str, Any]]:
        out = []
        for t in record.trace:
            if t["stage"] == "answerability":
                out.append((t["stage"], t.get("note", "").split(":")[0]))
            elif t["stage"] not in ("generate", "acl"):
                out.append((t["stage"], [x[0] for x in t.get("output", [])]))
        return out

    for (stage, mine), (_, theirs) in zip(outputs(a), outputs(b), strict=False):
        if mine != theirs:
            return stage
    if a.answer != b.answer:
        return "generate"
    return None


def metric_rows(runs: list[Run]) -> list[MetricRow]:
    rows = []
    first = runs[0]
    for suite, summary in first.log.suites.items():
        for metric, agg in summary.metrics.items():
            values = [r.log.suites.get(suite).metrics.get(metric) if suite in r.log.suites else None for r in runs]
            row = MetricRow(suite, metric, values)
            for run, value in zip(runs, values, strict=True):
                if value is None or value.value is None or agg.value is None or run is first:
                    row.deltas.append(None)
                    row.p_values.append(None)
                    continue
                row.deltas.append(value.value - agg.value)
                keys = [k for k in first.cases if k[0] == suite and k in run.cases
                        and first.cases[k].metrics.get(metric) is not None
                        and run.cases[k].metrics.get(metric) is not None]
                a = np.array([first.cases[k].metrics[metric] for k in keys], dtype=float)
                b = np.array([run.cases[k].metrics[metric] for k in keys], dtype=float)
                row.p_values.append(paired_p_value(a, b, "permutation", 4999) if len(keys) > 1 else None)
            rows.append(row)
    states = [cache_state(r.log) for r in runs]
    for row in rows:
        if resolve(row.metric).needs == "cost" and len(set(states)) > 1:
            row.comparable = False
    for i in range(len(runs)):   # Holm across the metrics shown, run by run against run 0
        raw = {str(j): row.p_values[i] for j, row in enumerate(rows) if row.comparable and row.p_values[i] is not None}
        adjusted = holm(raw) if raw else {}
        for j, row in enumerate(rows):
            row.adjusted.append(adjusted.get(str(j)))
    return rows


def tag_slices(runs: list[Run], metrics: list[str]) -> dict[str, dict[str, list[float | None]]]:
    """tag → metric → the mean over the tag's cases in each run."""
    tags = sorted({t for r in runs[0].cases.values() for t in r.tags})
    out: dict[str, dict[str, list[float | None]]] = {}
    for tag in tags:
        out[tag] = {}
        for metric in metrics:
            means = []
            for run in runs:
                vals = [c.metrics[metric] for c in run.cases.values() if tag in c.tags
                        and c.metrics.get(metric) is not None]
                means.append(float(np.mean(vals)) if vals else None)
            if any(m is not None for m in means):
                out[tag][metric] = means
    return out


def matrix(runs: list[Run]) -> list[dict[str, Any]]:
    """One row per case: each run's pass/fail and label; differing cases first."""
    rows = []
    for key, first in runs[0].cases.items():
        cells = []
        for run in runs:
            r = run.cases.get(key)
            cells.append(None if r is None else {"passed": r.passed, "label": (r.labels or {}).get("primary"),
                                                 "behaviour": r.behaviour, "answer": r.answer})
        flips = len({c["passed"] if c else None for c in cells}) > 1
        differs = flips or len({(c["answer"] if c else None) for c in cells}) > 1
        diverges = [first_divergence(first, run.cases[key]) if key in run.cases else "missing" for run in runs[1:]]
        rows.append({"suite": key[0], "case_id": key[1], "question": first.question, "tags": first.tags,
                     "cells": cells, "flips": flips, "differs": differs, "diverges": diverges})
    rows.sort(key=lambda r: (not r["flips"], not r["differs"]))   # stable: suite and case order within
    return rows


def _labels_of(run: Run) -> list[Any]:
    """The labels ``agree`` (or a gate) read for this run, as recorded in its agreement.json."""
    import json

    from eval.labels.file import load_labels

    path = run.path / "agreement.json"
    if not path.is_file():
        return []
    recorded = json.loads(path.read_text(encoding="utf-8")).get("labels") or []
    files = [recorded] if isinstance(recorded, str) else recorded
    return [label for f in files if Path(f).is_file() for label in load_labels(f)]


def paired_judged(runs: list[Run]) -> list[dict[str, Any]]:
    """For each judged metric people labelled in both runs: the difference run i − run 0 from the
    judge alone, from the labels alone, and prediction-powered (the same method applied to the
    per-case differences: each label counts only for the answer it judged)."""
    from eval.labels.file import JUDGED_AS, matching
    from eval.labels.ppi import paired_figures

    first_labels = _labels_of(runs[0])
    if not first_labels:
        return []
    out = []
    for i, run in enumerate(runs[1:], start=1):
        labels = first_labels + _labels_of(run)
        if len(labels) == len(first_labels):
            continue
        counted = [matching(labels, list(r.cases.values()))[0] for r in (runs[0], run)]
        for labelled_as in sorted({lb.metric for lb in labels}):
            metric = JUDGED_AS.get(labelled_as, labelled_as)
            judged = [{f"{s}/{c}": float(r.judgements[metric]["value"]) for (s, c), r in x.cases.items()
                       if r.judgements.get(metric, {}).get("status") == "ok"} for x in (runs[0], run)]
            people = [{f"{s}/{c}": float(np.mean([lb.value for lb in v])) for (s, c, m), v in k.items() if m == labelled_as}
                      for k in counted]
            if not judged[0] or not judged[1]:
                continue
            figures = paired_figures(judged[0], judged[1], people[0], people[1])
            out.append({"run": i, "metric": metric, "labelled_as": labelled_as, **figures.to_dict()})
    return out
