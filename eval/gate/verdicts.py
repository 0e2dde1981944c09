"""Verdicts: a candidate compared case by case with a baseline under a gate's rules.

Exit codes: 0 pass, 1 regression, 2 usage or input error, 3 infrastructure error (the
candidate run is incomplete), 4 inconclusive (a drop beyond ``max_drop`` that a noisy target's
noise band, or a rule's case sampling, cannot tell from chance).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from eval.config import config_changes
from eval.gate.baseline import (
    Baseline,
    BaselineCase,
    BaselineSuite,
    Measured,
    compact_trace,
    majority,
    mean_metrics,
)
from eval.gate.significance import PairedTest, Resolution, is_binary, one_sided, resolution
from eval.gate.spec import Gate, Rule
from eval.metrics import resolve
from eval.runs.log import Aggregate, CaseRecord, RunLog
from rag.errors import ConfigError, InputError

EXIT = {"pass": 0, "fail": 1, "infrastructure": 3, "inconclusive": 4}


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
    test: PairedTest | None = None
    case_sampling: PairedTest | None = None
    resolution: Resolution | None = None


@dataclass
class Flip:
    suite: str
    case_id: str
    direction: Literal["pass→fail", "fail→pass"]
    baseline: dict[str, Any]
    candidate: dict[str, Any]
    tags: list[str] = field(default_factory=list)


@dataclass
class GateResult:
    verdicts: list[Verdict] = field(default_factory=list)
    flips: list[Flip] = field(default_factory=list)
    infrastructure: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    changes: list[tuple[str, list[Any]]] = field(default_factory=list)   # config path → [baseline, candidate]

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


def check_compatible(gate: Gate, baseline: Baseline, log: RunLog) -> None:
    """Every gated suite is in the candidate and in the baseline, made from the same suite."""
    path = gate.baseline_path
    gated = gate.spec.suites or list(baseline.suites)
    missing = [s for s in gated if s not in log.suites]
    if missing:
        raise InputError(f"the candidate run {log.run_id} has no results for gated suite(s) {missing}",
                         field="suites")
    for name, summary in log.suites.items():
        if name not in baseline.suites:
            raise InputError(f"{path} has no results for suite {name!r}; update it with --update-baseline",
                             field="baseline")
        if baseline.suites[name].hash != summary.hash:
            raise InputError(f"{path} was made from another version of suite {name!r} (suite hash "
                             f"{baseline.suites[name].hash} ≠ {summary.hash}: its cases, corpus, sidecars or "
                             "identities changed); update it with --update-baseline", field="baseline")


def check_judge(baseline: Baseline, log: RunLog, force: bool) -> None:
    """Judged numbers are comparable only under the same judge model and prompts."""
    if not baseline.judge and not log.judge:
        return
    keys = ("id", "prompts", "ragas")
    before = {k: baseline.judge.get(k) for k in keys}
    after = {k: log.judge.get(k) for k in keys}
    if before != after and not force:
        changed = [k for k in keys if before[k] != after[k]]
        raise InputError(f"the baseline and the candidate were judged differently ({', '.join(changed)}: "
                         f"{before.get('id')} → {after.get('id')}); judged scores are not comparable — re-judge the "
                         "baseline, or pass --force to compare anyway", field="judge")


def check_deterministic(candidate: Measured) -> None:
    """A target declared deterministic must give the same pass/fail and quality values on
    every repeat (latency and other cost metrics aside)."""
    for (suite, case_id), runs in candidate.by_case().items():
        first = runs[0]
        for i, other in enumerate(runs[1:], start=2):
            quality = {k for k in first.metrics if resolve(k).needs != "cost"}
            diff = sorted(k for k in quality if first.metrics.get(k) != other.metrics.get(k))
            if first.passed != other.passed or diff:
                raise InputError(f"the gate declares the target deterministic, but repeat {i} of {suite}/{case_id} "
                                 f"disagrees with repeat 1 (passed {first.passed} → {other.passed}; {diff[:3]}); "
                                 "measure it with repeats instead", field="deterministic")



def _per_case(base: BaselineSuite, grouped: dict[str, list[CaseRecord]], metric: str
              ) -> tuple[np.ndarray, np.ndarray]:
    """Paired per-case values (the mean over repeats) of the cases both sides measured."""
    before, after = [], []
    for case_id, b in base.cases.items():
        runs = [r for r in grouped.get(case_id, []) if r.error is None and r.metrics.get(metric) is not None]
        if b.metrics.get(metric) is None or not runs:
            continue
        before.append(float(b.metrics[metric]))  # type: ignore[arg-type]
        after.append(float(np.mean([r.metrics[metric] for r in runs])))
    return np.array(before), np.array(after)


def _value(agg: Aggregate | None, values: np.ndarray, repeats: int) -> float | None:
    """A suite's value: the log's aggregate, or the mean of per-case means over repeats."""
    if agg is None or agg.value is None:
        return None
    if repeats > 1 and agg.aggregation == "mean" and len(values):
        return float(values.mean())
    return agg.value


def bound_by_people(rule: Rule, suite: str, est: Any, base_agg: Any, cand_agg: Any, on_noise: str
                    ) -> Verdict | None:
    """A ``min`` / ``max`` rule on a judged metric that people labelled: checked against the
    prediction-powered interval (the judge corrected by their labels), not the judge's own mean.
    Fails only when the whole interval is on the wrong side; an interval across the bound is
    inconclusive (``on_noise``)."""
    if est is None or est.mean is None or (rule.min is None and rule.max is None):
        return None
    shown = f"prediction-powered {est.mean:.4f} [{est.low:.4f}, {est.high:.4f}] over {est.n} cases"
    for bound, wrong, name in ((rule.min, lambda v: v < rule.min, "min"), (rule.max, lambda v: v > rule.max, "max")):
        if bound is None:
            continue
        if wrong(est.low) and wrong(est.high):
            return Verdict(suite, rule, "fail", f"{shown}: all of it beyond {name} {bound}", base_agg, cand_agg)
        if wrong(est.low) or wrong(est.high) or wrong(est.mean):
            return Verdict(suite, rule, on_noise, f"{shown}: the interval crosses {name} {bound}", base_agg, cand_agg)
    return Verdict(suite, rule, "pass", f"{shown}: within bounds", base_agg, cand_agg)


def judge(gate: Gate, rule: Rule, suite: str, base: BaselineSuite, candidate: Measured,
          grouped: dict[str, list[CaseRecord]], base_repeats: int = 1, corrected: Any = None) -> Verdict:
    """``corrected``: the prediction-powered estimate of the rule's metric on this suite, where
    people labelled the candidate's answers."""
    assert rule.metric is not None
    metric = resolve(rule.metric)
    spec = gate.spec
    # a judged metric is a noisy target whatever the pipeline: the judge's own spread is its noise
    noisy = spec.noisy or metric.needs == "judge"
    cand_agg = candidate.log.suites[suite].metrics.get(rule.metric)
    base_agg = base.metrics.get(rule.metric)
    before, after = _per_case(base, grouped, rule.metric)
    value = _value(cand_agg, after, len(candidate.repeats))
    if value is None:
        return Verdict(suite, rule, "fail", f"{rule.metric} was not measured on {suite}", base_agg, cand_agg)
    by_people = bound_by_people(rule, suite, corrected, base_agg, cand_agg, spec.on_noise)
    if by_people is not None and (by_people.outcome != "pass" or rule.max_drop is None):
        return by_people
    if by_people is None and rule.min is not None and value < rule.min:
        return Verdict(suite, rule, "fail", f"{value:.4f} is below min {rule.min}", base_agg, cand_agg)
    if by_people is None and rule.max is not None and value > rule.max:
        return Verdict(suite, rule, "fail", f"{value:.4f} is above max {rule.max}", base_agg, cand_agg)
    base_value = _value(base_agg, before, base_repeats)
    if rule.max_drop is None or base_value is None:
        return Verdict(suite, rule, "pass", f"{value:.4f} within bounds", base_agg, cand_agg)
    delta = value - base_value
    drop = -delta if metric.higher_is_better else delta
    allowed = rule.allowed_drop(base_value)
    binary = is_binary(before, after) if len(before) else True
    if binary:
        res = resolution(len(before), allowed, deterministic=not noisy, alpha=spec.alpha)
    elif not noisy:   # a continuous metric of a deterministic target moves by any amount
        res = Resolution(len(before), 0.0, allowed, 1, "any drop beyond max_drop (continuous, deterministic)")
    else:
        res = None
    test = one_sided(before, after, metric.higher_is_better) if noisy and len(before) else None
    sampled = None
    if rule.case_sampling and len(before):
        cs = rule.case_sampling
        sampled = one_sided(before, after, metric.higher_is_better, test=cs.test, resamples=cs.resamples)
    p = test.p_value if test else (sampled.p_value if sampled else None)
    verdict = Verdict(suite, rule, "pass", "", base_agg, cand_agg, delta, p, test, sampled, res)
    moved = f"{test.worse} worse, {test.better} better of {test.n} cases" if test else ""
    if metric.aggregation == "sum" and not noisy and len(before):
        # a count held to its baseline: a case made worse is not paid for by another made better
        # (one forbidden answer fixed and another appearing keep the sum)
        worse = np.clip((before - after) if metric.higher_is_better else (after - before), 0.0, None)
        if float(worse.sum()) > allowed + 1e-12:
            verdict.outcome = "fail"
            verdict.message = (f"{value:.4f} vs baseline {base_value:.4f}, but {int((worse > 0).sum())} case(s) got worse "
                               f"by {float(worse.sum()):.4f} > allowed {allowed:.4f}: a count is held case by case")
            return verdict
    if drop <= allowed + 1e-12:
        verdict.message = f"{value:.4f} vs baseline {base_value:.4f} (drop {max(drop, 0.0) + 0.0:.4f} ≤ {allowed:.4f})"
        return verdict
    head = f"{value:.4f} vs baseline {base_value:.4f}: dropped {drop:.4f} > allowed {allowed:.4f}"
    if test is not None and test.p_value >= spec.alpha:
        verdict.outcome = spec.on_noise
        verdict.message = f"{head}, within the noise band ({moved}; one-sided {test.test} p={test.p_value:.3g})"
        return verdict
    if sampled is not None and rule.case_sampling and sampled.p_value >= rule.case_sampling.alpha:
        verdict.outcome = rule.case_sampling.on_noise
        verdict.message = (f"{head}; real on these cases, but case sampling cannot say it holds on new "
                           f"questions (one-sided {sampled.test} p={sampled.p_value:.3g})")
        return verdict
    verdict.outcome = "fail"
    why = f"beyond the noise band ({moved}; one-sided {test.test} p={test.p_value:.3g})" if test else \
        "deterministic target: every flip is a real change"
    verdict.message = f"{head}, {why}"
    return verdict


def new_failures(rule: Rule, suite: str, flips: list[Flip]) -> Verdict:
    assert rule.max_new_failures is not None
    worse = [f for f in flips if f.suite == suite and f.direction == "pass→fail"
             and (not rule.tags or set(rule.tags) & set(f.tags))]
    scope = f" tagged {rule.tags}" if rule.tags else ""
    names = ", ".join(f.case_id for f in worse[:5]) + (" …" if len(worse) > 5 else "")
    if len(worse) > rule.max_new_failures:
        return Verdict(suite, rule, "fail", f"{len(worse)} case(s){scope} newly fail > {rule.max_new_failures}: {names}")
    return Verdict(suite, rule, "pass", f"{len(worse)} case(s){scope} newly fail ≤ {rule.max_new_failures}"
                   + (f": {names}" if worse else ""))


def flips_of(baseline: Baseline, candidate: Measured) -> list[Flip]:
    grouped = candidate.by_case()
    out = []
    for record in candidate.repeats[0]:
        base = baseline.suites.get(record.suite)
        if base is None or record.case_id not in base.cases:
            continue
        runs = [r for r in grouped[record.key] if r.error is None]
        if not runs:
            continue
        before: BaselineCase = base.cases[record.case_id]
        now = majority(runs)
        if before.passed != now:
            out.append(Flip(record.suite, record.case_id, "pass→fail" if before.passed else "fail→pass",
                            {"behaviour": before.behaviour, "answer": before.answer, "trace": before.trace},
                            {"behaviour": record.behaviour, "answer": record.answer,
                             "trace": compact_trace(record.trace), "metrics": mean_metrics(runs),
                             "label": (record.labels or {}).get("primary"),
                             "detail": (record.labels or {}).get("detail") or {}},
                            list(record.tags)))
    return out


def compare(gate: Gate, baseline: Baseline, candidate: Measured | RunLog, cases: list[CaseRecord] | None = None,
            *, force: bool = False, corrected: dict[tuple[str, str], Any] | None = None) -> GateResult:
    """``corrected``: prediction-powered estimates by (suite, judged metric), where people labelled
    the candidate's answers — a min / max rule on such a metric is checked against them."""
    if isinstance(candidate, RunLog):
        candidate = Measured([candidate], [cases or []])
    log = candidate.log
    check_compatible(gate, baseline, log)
    check_judge(baseline, log, force)
    result = GateResult()
    for records in candidate.repeats:
        for r in records:
            if r.error:
                result.infrastructure.append(f"{r.suite}/{r.case_id}: {r.error}")
    for other in candidate.logs:
        if other.status != "complete" and not result.infrastructure:
            result.infrastructure.append(f"run {other.run_id} is {other.status}")
    if gate.spec.deterministic and len(candidate.repeats) > 1:
        check_deterministic(candidate)
    if gate.spec.noisy and baseline.repeats != len(candidate.repeats):
        result.notes.append(f"the baseline was measured {baseline.repeats}× and the candidate "
                            f"{len(candidate.repeats)}×")
    result.flips = flips_of(baseline, candidate)
    if baseline.config:
        result.changes = config_changes([baseline.config, log.config], [baseline.overrides, log.overrides])
    else:
        result.notes.append("the baseline does not record its config (made before it did); re-create it with "
                            "--update-baseline to see what changed")
    same = [s for s, summary in log.suites.items()
            if summary.results_digest and summary.results_digest == baseline.suites[s].results_digest]
    if same:
        result.notes.append(f"per-case results identical to the baseline, timings aside: {', '.join(same)} "
                            f"(digest {log.suites[same[0]].results_digest})")
    grouped_all = candidate.by_case()
    for i, rule in enumerate(gate.spec.rules):
        targets = [rule.suite] if rule.suite else list(log.suites)
        if rule.metric is not None and not any(rule.metric in log.suites[s].metrics for s in targets if s in log.suites):
            raise ConfigError(f"no suite of run {log.run_id} measured {rule.metric!r}; add it to the config's "
                              "metrics", file=str(gate.path), field=f"rules.{i}.metric")
        for suite in targets:
            if suite not in log.suites:
                raise ConfigError(f"rule for {rule.label} names suite {suite!r}, which the run does not have",
                                  file=str(gate.path), field=f"rules.{i}.suite")
            if rule.max_new_failures is not None:
                result.verdicts.append(new_failures(rule, suite, result.flips))
                continue
            if rule.metric not in log.suites[suite].metrics and rule.suite is None:
                continue  # e.g. refusal metrics on a retrieval-only suite
            grouped = {cid: runs for (s, cid), runs in grouped_all.items() if s == suite}
            result.verdicts.append(judge(gate, rule, suite, baseline.suites[suite], candidate, grouped,
                                         baseline.repeats, (corrected or {}).get((suite, rule.metric))))
    return result
