"""The gate's statistics on a scripted noisy target, and what a rule can detect.

The target has 60 cases; each repeat flips each case's pass/fail with probability 10 %. With
no real change, over 20 seeds with repeats: 5, the false-fail rate must stay at or below α;
a real 15-point drop must fail."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from eval.gate import Gate, GateFile, Measured, compare, from_measured
from eval.gate.significance import cases_to_detect, one_sided, resolution
from eval.runs.log import Aggregate, CaseRecord, RunLog, SuiteSummary

N_CASES, REPEATS, FLIP, ALPHA = 60, 5, 0.10, 0.05


def scripted(rng: np.random.Generator, true_pass: np.ndarray, tag: str) -> Measured:
    logs, repeats = [], []
    for r in range(REPEATS):
        outcomes = (rng.random(len(true_pass)) < true_pass) ^ (rng.random(len(true_pass)) < FLIP)
        records = [CaseRecord(suite="s", case_id=f"c{i}", question="q", expect="answer", passed=bool(ok),
                              metrics={"hit@5": float(ok)}) for i, ok in enumerate(outcomes)]
        agg = Aggregate(value=float(outcomes.mean()), n=len(outcomes), aggregation="mean")
        logs.append(RunLog(run_id=f"{tag}{r}", status="complete", started_at="t", config_path="c", config_hash="h",
                           config={}, suites={"s": SuiteSummary(name="s", hash="x", mode="full", language="en",
                                                                cases=len(outcomes), metrics={"hit@5": agg})}))
        repeats.append(records)
    return Measured(logs, repeats)


def noisy_gate(**rule: object) -> Gate:
    spec = GateFile.model_validate({"name": "g", "config": "c.yaml", "baseline": "b.json", "repeats": REPEATS,
                                    "alpha": ALPHA, "rules": [{"metric": "hit@5", "max_drop": 0.02, **rule}]})
    return Gate(spec, Path("g.yaml"))


def test_no_change_on_a_noisy_target_fails_at_most_alpha_of_the_time() -> None:
    gate = noisy_gate()
    truth = np.where(np.arange(N_CASES) < 51, 1.0, 0.0)          # 85 % of cases pass
    fails = 0
    for seed in range(20):
        rng = np.random.default_rng(seed)
        baseline = from_measured(scripted(rng, truth, "b"))
        result = compare(gate, baseline, scripted(rng, truth, "c"))
        fails += result.exit_code == 1
    assert fails / 20 <= ALPHA


def test_a_real_fifteen_point_drop_on_a_noisy_target_fails() -> None:
    gate = noisy_gate()
    truth = np.where(np.arange(N_CASES) < 51, 1.0, 0.0)
    worse = truth.copy()
    worse[:9] = 0.0                                                # 9 of 60 cases = 15 points
    for seed in range(5):
        rng = np.random.default_rng(100 + seed)
        baseline = from_measured(scripted(rng, truth, "b"))
        result = compare(gate, baseline, scripted(rng, worse, "c"))
        verdict = result.verdicts[0]
        assert result.exit_code == 1 and verdict.p_value is not None and verdict.p_value < ALPHA
        assert "beyond the noise band" in verdict.message


def test_one_sided_sign_test_by_hand() -> None:
    before, after = np.ones(10), np.ones(10)
    after[:5] = 0.0
    test = one_sided(before, after, higher_is_better=True)
    assert test.test == "sign" and (test.worse, test.better) == (5, 0)
    assert test.p_value == pytest.approx(0.5 ** 5)                   # McNemar exact: 5 discordant, all bad
    assert one_sided(after, before, higher_is_better=True).p_value == 1.0   # an improvement is no evidence
    assert one_sided(before, after, higher_is_better=False).p_value == 1.0  # lower-is-better: 1 → 0 is better


def test_one_sided_permutation_for_continuous_values() -> None:
    before = np.linspace(0.5, 0.9, 12)
    test = one_sided(before, before - 0.1, higher_is_better=True)
    assert test.test == "permutation" and test.p_value == pytest.approx(1 / 4096, rel=0.5)
    mixed = before + np.where(np.arange(12) % 2 == 0, 0.05, -0.05)
    assert one_sided(before, mixed, higher_is_better=True).p_value > 0.3


def test_what_a_rule_can_detect() -> None:
    assert cases_to_detect(0.05) == 5 and cases_to_detect(0.01) == 7   # 0.5**5 = 0.031 < 0.05
    det = resolution(42, 0.02, deterministic=True, alpha=0.05)
    assert det.cases == 1 and det.drop == pytest.approx(1 / 42)
    noisy = resolution(42, 0.02, deterministic=False, alpha=0.05)
    assert noisy.cases == 5 and noisy.drop == pytest.approx(5 / 42)
    assert resolution(100, 0.05, deterministic=True, alpha=0.05).cases == 6


def _counted(values: list[float], tag: str) -> Measured:
    """One deterministic run whose cases all fail already, with a per-case count (forbidden answers)."""
    records = [CaseRecord(suite="s", case_id=f"c{i}", question="q", expect="answer", passed=False,
                          metrics={"forbidden_answer": v}) for i, v in enumerate(values)]
    agg = Aggregate(value=float(sum(values)), n=len(values), aggregation="sum")
    log = RunLog(run_id=tag, status="complete", started_at="t", config_path="c", config_hash="h", config={},
                 suites={"s": SuiteSummary(name="s", hash="x", mode="full", language="en", cases=len(values),
                                           metrics={"forbidden_answer": agg})})
    return Measured([log], [records])


def test_a_count_held_to_its_baseline_fails_when_any_case_gets_worse() -> None:
    """Review attack: ``forbidden_answer`` is a sum. With one forbidden answer fixed and another one
    appearing in a case that failed already, the sum and the flips stay as they were; a count held to
    its baseline (``max_drop``) is therefore held case by case."""
    spec = GateFile.model_validate({"name": "g", "config": "c.yaml", "baseline": "b.json", "deterministic": True,
                                    "rules": [{"metric": "forbidden_answer", "max_drop": 0},
                                              {"max_new_failures": 0}]})
    gate = Gate(spec, Path("g.yaml"))
    baseline = from_measured(_counted([1.0, 0.0, 0.0], "b"))
    swapped = compare(gate, baseline, _counted([0.0, 1.0, 0.0], "c"))
    assert swapped.exit_code == 1 and "1 case(s) got worse" in swapped.verdicts[0].message
    assert compare(gate, baseline, _counted([0.0, 0.0, 0.0], "c")).exit_code == 0    # a fix alone passes
    assert compare(gate, baseline, _counted([1.0, 0.0, 0.0], "c")).exit_code == 0    # no change passes
