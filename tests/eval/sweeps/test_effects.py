"""Stage effects: tagged cases and the rest, per suite and pooled, with an exact McNemar test."""

from __future__ import annotations

from eval.runs.log import CaseRecord
from eval.sweeps.effects import effects, format_effects, mcnemar, to_json


def rec(suite: str, cid: str, passed: bool, tags: list[str], split: str = "test") -> CaseRecord:
    return CaseRecord(suite=suite, case_id=cid, question="q", expect="answer", passed=passed, tags=tags, split=split)


def test_mcnemar_is_the_exact_binomial_on_flips() -> None:
    assert mcnemar(0, 0) == 1.0
    assert abs(mcnemar(0, 6) - 2 / 64) < 1e-12       # 2 · 0.5^6
    assert abs(mcnemar(1, 5) - 14 / 64) < 1e-12      # 2 · (1 + 6) / 64


def test_tagged_and_elsewhere_on_the_test_split_and_pooled() -> None:
    base = [rec("a", "t1", True, ["graph"]), rec("a", "t2", True, ["graph"]), rec("a", "o1", True, []),
            rec("a", "o2", False, []), rec("a", "dev1", True, ["graph"], split="dev"),
            rec("b", "t3", True, ["graph"]), rec("b", "o3", True, [])]
    off = [rec("a", "t1", False, ["graph"]), rec("a", "t2", False, ["graph"]), rec("a", "o1", True, []),
           rec("a", "o2", True, []), rec("a", "dev1", False, ["graph"], split="dev"),
           rec("b", "t3", False, ["graph"]), rec("b", "o3", True, [])]
    found = {e.suite: e for e in effects({"default": base, "no-graph": off}, {"no-graph": ["graph"]}, "default")}
    a = found["a"]
    assert (a.tagged.n, a.tagged.baseline_passed, a.tagged.variant_passed, a.tagged.lost) == (2, 2, 0, 2)  # dev case left out
    assert (a.elsewhere.gained, a.elsewhere.lost, a.elsewhere.delta) == (1, 0, 1)
    assert found["(all)"].tagged.lost == 3 and abs(found["(all)"].tagged.p_value - 0.25) < 1e-12
    lines = format_effects(to_json(list(found.values())))
    assert any("tagged 2→0/2 (+0 −2" in line for line in lines)


def test_a_variant_missing_from_the_sweep_is_skipped() -> None:
    assert effects({"default": [rec("a", "x", True, [])]}, {"gone": ["x"]}, "default") == []
