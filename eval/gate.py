"""The CI regression gate: a candidate run compared case by case with a committed baseline.

A rule names a metric and any of ``min`` / ``max`` (absolute bounds), ``max_drop`` (against the
baseline: absolute like ``0.02`` or relative like ``"5%"``) and ``significance`` (fail on a drop
only when a paired test over cases says it is real). Direction comes from the metric registry.

Exit codes: 0 pass, 1 regression, 2 usage or input error, 3 infrastructure error (the
candidate run is incomplete), 4 inconclusive (a drop beyond ``max_drop`` that is within noise).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, PositiveInt, model_validator

from eval.baseline import Baseline, BaselineSuite, compact_trace
from eval.leaderboard import paired_p_value
from eval.metrics import resolve
from eval.runlog import Aggregate, CaseRecord, RunLog
from rag._yaml import load_yaml
from rag.errors import ConfigError, InputError

EXIT = {"pass": 0, "fail": 1, "infrastructure": 3, "inconclusive": 4}


class SignificanceRule(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    test: Literal["permutation", "bootstrap"] = "permutation"
    alpha: float = Field(default=0.05, gt=0, lt=1)
    resamples: PositiveInt = 9999
    on_noise: Literal["inconclusive", "pass"] = "inconclusive"


class Rule(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    metric: str
    suite: str | None = None
    min: float | None = None
    max: float | None = None
    max_drop: float | str | None = None
    significance: SignificanceRule | None = None

    @model_validator(mode="after")
    def _has_a_bound(self) -> Rule:
        if self.min is None and self.max is None and self.max_drop is None:
            raise ValueError("a rule needs min, max or max_drop")
        if isinstance(self.max_drop, str) and not (self.max_drop.endswith("%") and _number(self.max_drop[:-1])):
            raise ValueError("max_drop is a number (absolute) or a percentage like '5%' (relative)")
        return self

    def allowed_drop(self, base: float) -> float:
        if isinstance(self.max_drop, str):
            return abs(base) * float(self.max_drop[:-1]) / 100
        return float(self.max_drop or 0.0)

    def describe(self) -> str:
        parts = []
        if self.min is not None:
            parts.append(f"min {self.min}")
        if self.max is not None:
            parts.append(f"max {self.max}")
        if self.max_drop is not None:
            parts.append(f"max_drop {self.max_drop}")
        if self.significance:
            parts.append(f"{self.significance.test} α={self.significance.alpha}")
        return ", ".join(parts)


def _number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


class GateFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    config: str
    baseline: str
    suites: list[str] = []
    overrides: list[str] = []
    rules: list[Rule] = Field(min_length=1)


@dataclass
class Gate:
    spec: GateFile
    path: Path

    @property
    def config_path(self) -> Path:
        return self.path.parent / self.spec.config

    @property
    def baseline_path(self) -> Path:
        return self.path.parent / self.spec.baseline


def load_gate(path: str | Path) -> Gate:
    path = Path(path)
    doc = load_yaml(path)
    if not isinstance(doc.data, dict):
        raise doc.error("a gate file must be a mapping")
    spec: GateFile = doc.validate(GateFile)
    if not (path.parent / spec.config).is_file():
        raise doc.error(f"config {spec.config!r} not found", ["config"])
    for i, rule in enumerate(spec.rules):
        try:
            resolve(rule.metric)
        except InputError as exc:
            raise doc.error(exc.message, ["rules", i, "metric"]) from exc
    return Gate(spec, path)


@dataclass
class Verdict:
    suite: str
    rule: Rule
    outcome: Literal["pass", "fail", "inconclusive"]
    message: str
    baseline: Aggregate | None = None
    candidate: Aggregate | None = None
    delta: float | None = None
    p_value: float | None = None


@dataclass
class Flip:
    suite: str
    case_id: str
    direction: Literal["pass→fail", "fail→pass"]
    baseline: dict[str, Any]
    candidate: dict[str, Any]


@dataclass
class GateResult:
    verdicts: list[Verdict] = field(default_factory=list)
    flips: list[Flip] = field(default_factory=list)
    infrastructure: list[str] = field(default_factory=list)

    @property
    def outcome(self) -> str:
        if self.infrastructure:
            return "infrastructure"
        outcomes = {v.outcome for v in self.verdicts}
        if "fail" in outcomes:
            return "fail"
        if "inconclusive" in outcomes:
            return "inconclusive"
        return "pass"

    @property
    def exit_code(self) -> int:
        return EXIT[self.outcome]


def check_compatible(baseline: Baseline, log: RunLog, baseline_path: Path) -> None:
    for name, summary in log.suites.items():
        if name not in baseline.suites:
            raise InputError(f"{baseline_path} has no results for suite {name!r}; update it with --update-baseline",
                             field="baseline")
        if baseline.suites[name].hash != summary.hash:
            raise InputError(f"{baseline_path} was made from another version of suite {name!r} (suite hash "
                             f"{baseline.suites[name].hash} ≠ {summary.hash}); update it with --update-baseline",
                             field="baseline")


def _paired(base: BaselineSuite, cases: list[CaseRecord], metric: str) -> tuple[np.ndarray, np.ndarray]:
    cand = {r.case_id: r.metrics.get(metric) for r in cases if r.error is None}
    common = [c for c, b in base.cases.items() if b.metrics.get(metric) is not None and cand.get(c) is not None]
    return (np.array([base.cases[c].metrics[metric] for c in common], dtype=float),
            np.array([cand[c] for c in common], dtype=float))


def judge(rule: Rule, suite: str, base: BaselineSuite, log: RunLog, cases: list[CaseRecord]) -> Verdict:
    metric = resolve(rule.metric)
    cand_agg = log.suites[suite].metrics.get(rule.metric)
    base_agg = base.metrics.get(rule.metric)
    if cand_agg is None or cand_agg.value is None:
        return Verdict(suite, rule, "fail", f"{rule.metric} was not measured on {suite}", base_agg, cand_agg)
    value = cand_agg.value
    if rule.min is not None and value < rule.min:
        return Verdict(suite, rule, "fail", f"{value:.4f} is below min {rule.min}", base_agg, cand_agg)
    if rule.max is not None and value > rule.max:
        return Verdict(suite, rule, "fail", f"{value:.4f} is above max {rule.max}", base_agg, cand_agg)
    if rule.max_drop is None or base_agg is None or base_agg.value is None:
        return Verdict(suite, rule, "pass", f"{value:.4f} within bounds", base_agg, cand_agg)
    delta = value - base_agg.value
    drop = -delta if metric.higher_is_better else delta
    allowed = rule.allowed_drop(base_agg.value)
    p = None
    if rule.significance:
        a, b = _paired(base, cases, rule.metric)
        p = paired_p_value(a, b, rule.significance.test, rule.significance.resamples) if len(a) > 1 else 1.0
    if drop <= allowed + 1e-12:
        return Verdict(suite, rule, "pass", f"{value:.4f} vs baseline {base_agg.value:.4f} (drop {max(drop, 0.0) + 0.0:.4f} ≤ {allowed:.4f})",
                       base_agg, cand_agg, delta, p)
    if rule.significance is None:
        return Verdict(suite, rule, "fail", f"dropped {drop:.4f} > allowed {allowed:.4f}", base_agg, cand_agg, delta, p)
    if p is not None and p < rule.significance.alpha:
        return Verdict(suite, rule, "fail", f"dropped {drop:.4f} > allowed {allowed:.4f}, significant (p={p:.3g})",
                       base_agg, cand_agg, delta, p)
    outcome = "pass" if rule.significance.on_noise == "pass" else "inconclusive"
    return Verdict(suite, rule, outcome, f"dropped {drop:.4f} > allowed {allowed:.4f}, but within noise (p={p:.3g})",
                   base_agg, cand_agg, delta, p)


def compare(gate: Gate, baseline: Baseline, log: RunLog, cases: list[CaseRecord]) -> GateResult:
    check_compatible(baseline, log, gate.baseline_path)
    result = GateResult()
    for r in cases:
        if r.error:
            result.infrastructure.append(f"{r.suite}/{r.case_id}: {r.error}")
    if log.status != "complete" and not result.infrastructure:
        result.infrastructure.append(f"run {log.run_id} is {log.status}")
    for i, rule in enumerate(gate.spec.rules):
        targets = [rule.suite] if rule.suite else list(log.suites)
        if not any(rule.metric in log.suites[s].metrics for s in targets if s in log.suites):
            raise ConfigError(f"no suite of run {log.run_id} measured {rule.metric!r}; add it to the config's "
                              "metrics", file=str(gate.path), field=f"rules.{i}.metric")
        for suite in targets:
            if suite not in log.suites:
                raise ConfigError(f"rule for {rule.metric} names suite {suite!r}, which the run does not have",
                                  file=str(gate.path), field="rules.suite")
            if rule.metric not in log.suites[suite].metrics and rule.suite is None:
                continue  # e.g. refusal metrics on a retrieval-only suite
            suite_cases = [c for c in cases if c.suite == suite]
            result.verdicts.append(judge(rule, suite, baseline.suites[suite], log, suite_cases))
    for suite, base in baseline.suites.items():
        if suite not in log.suites:
            continue
        for record in cases:
            if record.suite != suite or record.case_id not in base.cases or record.error:
                continue
            before = base.cases[record.case_id]
            if before.passed != record.passed:
                result.flips.append(Flip(
                    suite, record.case_id, "pass→fail" if before.passed else "fail→pass",
                    {"behaviour": before.behaviour, "answer": before.answer, "trace": before.trace},
                    {"behaviour": record.behaviour, "answer": record.answer,
                     "trace": compact_trace(record.trace)},
                ))
    return result
