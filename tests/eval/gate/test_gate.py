"""The CI gate: exit codes, flips, significance, baselines, JUnit and the HTML diff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval.cli import main
from eval.gate import compare, load_gate
from eval.gate.baseline import Baseline, from_run
from eval.runs.checkpoint import read_cases
from eval.runs.runner import run_config as run

ROOT = Path(__file__).resolve().parents[3]


def gate_file(project: Path, rules: str, **extra: str) -> Path:
    path = project / "gate.yaml"
    lines = [f"name: tiny-gate\nconfig: config.yaml\nbaseline: baseline.json\nrules:\n{rules}"]
    lines += [f"{k}: {v}\n" for k, v in extra.items()]
    path.write_text("".join(lines), encoding="utf-8")
    return path


RULES = ("  - {metric: acl_leaks, max: 0}\n"
         "  - {metric: refusal_accuracy, max_drop: 0.05}\n")
REFUSE_ALL = ["-P", "answerability.params.answer_at=9"]   # every answer case flips pass→fail


def test_missing_baseline_is_exit_2_with_one_line(project: Path, capsys) -> None:
    assert main(["gate", str(gate_file(project, RULES))]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "no baseline at" in err and "--update-baseline" in err


def test_deterministic_target_fails_on_any_drop_beyond_max_drop(project: Path, tmp_path: Path, capsys) -> None:
    gate = gate_file(project, RULES)
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    assert Baseline.read(project / "baseline.json").suites["tiny"].cases["hotel"].passed
    assert main(["gate", str(gate)]) == 0
    out = capsys.readouterr().out
    assert "gate: pass (exit 0)" in out and "changed since the baseline" not in out
    junit, html = tmp_path / "junit.xml", tmp_path / "diff.html"
    # 4 cases flip on 6: the old two-sided permutation test called this noise (exit 4)
    assert main(["gate", str(gate), *REFUSE_ALL, "--junit", str(junit), "--html", str(html)]) == 1
    out = capsys.readouterr().out
    assert "FAIL  tiny       refusal_accuracy" in out and "deterministic target" in out
    assert "pass→fail  tiny/hotel" in out
    # what changed is said first: the config path, baseline → candidate, and the -P that did it
    assert "changed since the baseline (baseline → candidate):\n  answerability.params.answer_at: " in out
    assert out.index("changed since the baseline") < out.index("FAIL  tiny")
    changed = [line for line in out.splitlines() if line.startswith("  answerability.params.answer_at: ")]
    assert changed[0].endswith("→ 9") and changed[0] != "  answerability.params.answer_at: 9 → 9"
    assert "  -P: — → answerability.params.answer_at=9" in out
    from junitparser import JUnitXml

    suites = {s.name: s for s in JUnitXml.fromfile(str(junit))}
    assert suites["rules"].failures == 1 and suites["flips"].failures >= 1
    assert "hotel pass→fail" in [c.name for c in suites["flips"]]
    page = html.read_text(encoding="utf-8")
    assert "pass→fail" in page and "baseline" in page and "candidate" in page and "<script" not in page
    assert 'id="changes"' in page and "answerability.params.answer_at" in page


def test_a_baseline_that_predates_config_recording_still_gates_and_says_so(project: Path, capsys) -> None:
    gate = gate_file(project, RULES)
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    path = project / "baseline.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["config"]["answerability"] and data["overrides"] == []
    del data["config"], data["overrides"]
    path.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["gate", str(gate), *REFUSE_ALL]) == 1
    out = capsys.readouterr().out
    assert "does not record its config" in out and "changed since the baseline" not in out


def test_rule_with_significance_key_is_refused_with_its_replacement(project: Path, capsys) -> None:
    gate = gate_file(project, "  - {metric: refusal_accuracy, max_drop: 0.05, significance: {alpha: 0.05}}\n")
    assert main(["validate", str(gate)]) == 2
    err = capsys.readouterr().err
    assert "gate.yaml:5: rules.0" in err and "case_sampling" in err


def test_case_sampling_is_opt_in_and_can_call_a_real_drop_inconclusive(project: Path, capsys) -> None:
    gate = gate_file(project, "  - {metric: refusal_accuracy, max_drop: 0.05, case_sampling: {alpha: 0.05}}\n")
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    # 4 of 6 cases worse: a one-sided sign test gives p = 1/16 ≥ 0.05, so it may not hold on new questions
    assert main(["gate", str(gate), *REFUSE_ALL]) == 4
    assert "case sampling cannot say" in capsys.readouterr().out
    gate = gate_file(project, "  - {metric: refusal_accuracy, max_drop: 0.05, "
                              "case_sampling: {alpha: 0.05, on_noise: pass}}\n")
    assert main(["gate", str(gate), *REFUSE_ALL]) == 0


def test_max_new_failures_counts_flips_per_tag(project: Path, capsys) -> None:
    gate = gate_file(project, "  - {max_new_failures: 0, tags: [acl]}\n")
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    # refusing everything breaks answer cases, none of them tagged acl
    assert main(["gate", str(gate), *REFUSE_ALL]) == 0
    assert "0 case(s) tagged ['acl'] newly fail" in capsys.readouterr().out
    gate = gate_file(project, "  - {max_new_failures: 1}\n")
    assert main(["gate", str(gate), *REFUSE_ALL]) == 1
    out = capsys.readouterr().out
    assert "FAIL  tiny       new_failures" in out and "4 case(s) newly fail > 1" in out


def test_junit_agrees_with_a_passing_verdict(project: Path, tmp_path: Path) -> None:
    """Flips that the rules allow are reported, not JUnit failures."""
    from junitparser import JUnitXml

    gate = gate_file(project, "  - {max_new_failures: 10}\n")
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    junit = tmp_path / "junit.xml"
    assert main(["gate", str(gate), *REFUSE_ALL, "--junit", str(junit)]) == 0
    suites = {s.name: s for s in JUnitXml.fromfile(str(junit))}
    assert suites["flips"].tests >= 4 and suites["flips"].failures == 0 and suites["rules"].failures == 0


def test_missing_gated_suite_is_exit_2(project: Path, capsys) -> None:
    gate = gate_file(project, RULES, suites="[tiny, other]")
    run_dir, _ = run(project / "config.yaml", out_root=project / "runs", progress=False)
    assert main(["gate", str(gate), "--candidate", str(run_dir), "--update-baseline"]) == 0
    assert main(["gate", str(gate), "--candidate", str(run_dir)]) == 2
    assert "no results for gated suite(s) ['other']" in capsys.readouterr().err


def test_declared_deterministic_target_that_disagrees_between_repeats_is_an_error(project: Path, capsys) -> None:
    from tests.eval import noisy

    noisy.RNG.seed(7)
    gate = gate_file(project, RULES, deterministic="true", repeats="3",
                     overrides="['answerability={name: \"tests.eval.noisy:coin\", params: {flip: 0.5}}']")
    assert main(["gate", str(gate), "--update-baseline"]) == 2
    assert "declares the target deterministic, but repeat" in capsys.readouterr().err


def test_noisy_target_measured_with_repeats(project: Path, capsys) -> None:
    """A scripted target that flips decisions at random: the gate measures it 5× per side; no
    change is not a regression, and every repeat is kept in the baseline."""
    from tests.eval import noisy

    noisy.RNG.seed(11)
    gate = gate_file(project, RULES, repeats="5",
                     overrides="['answerability={name: \"tests.eval.noisy:coin\", params: {flip: 0.1}}']")
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    base = Baseline.read(project / "baseline.json")
    assert base.repeats == 5 and all(len(c.repeats) == 5 for c in base.suites["tiny"].cases.values())
    assert main(["gate", str(gate)]) in (0, 4)
    out = capsys.readouterr().out
    assert "FAIL" not in out


def test_unreachable_generator_endpoint_is_exit_3(project: Path) -> None:
    gate = gate_file(project, RULES)
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    assert main(["gate", str(gate), "-P", "generator=chat", "-P",
                 "chat_model={name: openai, params: {model: m, base_url: 'http://127.0.0.1:9/v1', max_retries: 0}}"]) == 3


def test_a_baseline_from_another_suite_version_is_refused(project: Path, capsys) -> None:
    gate = gate_file(project, RULES)
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    cases = project / "suite" / "cases.jsonl"
    cases.write_text(cases.read_text() + '\n{"id": "new", "question": "What is new?", "expect": "refuse"}',
                     encoding="utf-8")
    assert main(["gate", str(gate)]) == 2
    assert "another version of suite 'tiny'" in capsys.readouterr().err
    assert main(["gate", str(gate), "--update-baseline"]) == 2  # refuses without --force
    assert main(["gate", str(gate), "--update-baseline", "--force"]) == 0
    assert main(["gate", str(gate)]) == 0


def test_a_rule_on_an_unmeasured_metric_is_an_input_error(project: Path, capsys) -> None:
    gate = gate_file(project, "  - {metric: recall@100, min: 0.5}\n")
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    assert main(["gate", str(gate)]) == 2
    assert "measured 'recall@100'" in capsys.readouterr().err


def test_candidate_run_can_be_given(project: Path) -> None:
    gate = gate_file(project, RULES)
    run_dir, _ = run(project / "config.yaml", out_root=project / "runs", progress=False)
    assert main(["gate", str(gate), "--candidate", str(run_dir), "--update-baseline"]) == 0
    assert main(["gate", str(gate), "--candidate", str(run_dir)]) == 0
    assert main(["gate", str(gate), "--candidate", str(project)]) == 2  # not a run folder


@pytest.mark.slow
def test_a_planted_two_point_hit5_drop_on_scifact_is_significant(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    (tmp_path / "gate.yaml").write_text(
        f"name: sci\nconfig: {ROOT / 'configs/scifact-bm25.yaml'}\nbaseline: base.json\n"
        "rules:\n  - {metric: hit@5, max_drop: 0.01, case_sampling: {test: sign, alpha: 0.05}}\n",
        encoding="utf-8")
    gate = load_gate(tmp_path / "gate.yaml")
    metrics = ["metrics=[hit@5, ndcg@10]"]
    first, log = run(gate.config_path, metrics, out_root=tmp_path / "runs", progress=False)
    baseline = from_run(log, read_cases(first))
    second, log2 = run(gate.config_path, metrics, out_root=tmp_path / "runs", progress=False)
    rerun = compare(gate, baseline, log2, read_cases(second))
    assert rerun.exit_code == 0 and rerun.verdicts[0].p_value == 1.0
    assert rerun.verdicts[0].resolution is not None and rerun.verdicts[0].resolution.cases == 4  # 4 of 300 > 0.01
    # plant a 2-point drop: 6 of 300 cases lose their hit@5
    cases = read_cases(second)
    hits = [r for r in cases if r.metrics["hit@5"] == 1.0][:6]
    for r in hits:
        r.metrics["hit@5"] = 0.0
    planted = log2.model_copy(deep=True)
    planted.suites["scifact"].metrics["hit@5"].value -= 6 / 300
    result = compare(gate, baseline, planted, cases)
    verdict = result.verdicts[0]
    assert verdict.outcome == "fail" and verdict.p_value < 0.05 and result.exit_code == 1
    assert verdict.delta == pytest.approx(-0.02)


def _plant(measured, suite: str, k: int):
    """Flip k passing answer cases of ``suite`` to wrong refusals (a deterministic regression)."""
    from eval.gate import Measured

    repeats = []
    for records in measured.repeats:
        records = [r.model_copy(deep=True) for r in records]
        victims = [r for r in records if r.suite == suite and r.passed and r.expect == "answer"][:k]
        for r in victims:
            r.passed, r.behaviour = False, "refused"
            r.metrics.update({"refusal_accuracy": 0.0, "false_refusal": 1.0, "answer_contains": 0.0})
        repeats.append(records)
    return Measured(measured.logs, repeats)


@pytest.mark.slow
def test_shipped_ci_gate_passes_and_catches_planted_regressions(tmp_path: Path, monkeypatch, capsys) -> None:
    """Our own CI gate: a no-op passes twice with identical per-case results, and 1, 2 and 3
    cases flipped pass→fail on kb-en or kb-zh each fail it; so does top-k 5 → 1.

    One machine has no run-to-run noise, so the two runs are identical. Another machine's floating point may move a
    case that sits on a fitted cut (found in session 61: kb-en/t-admin-expiry-employee's paraphrase reads 0.83603 on
    one machine against ``paraphrase_at`` 0.8361, at least 0.83605 on the one that built the baseline): such a case may
    flip, never pass→fail, and the results must then be identical to the baseline but for it."""
    from eval.commands.gate import measure
    from eval.gate import Baseline

    monkeypatch.setenv("RAGBENCH_REPORTS", str(tmp_path / "reports"))
    gate = load_gate(ROOT / "configs/ci.yaml")
    baseline = Baseline.read(gate.baseline_path)
    digests, flipped = [], []
    for _ in range(2):
        _, measured = measure(gate, [])
        result = compare(gate, baseline, measured)
        assert result.exit_code == 0 and not [f for f in result.flips if f.direction == "pass→fail"]
        flipped.append(sorted(f"{f.suite}/{f.case_id}" for f in result.flips))
        digests.append({s: x.results_digest for s, x in measured.log.suites.items()})
    assert digests[0] == digests[1] and flipped[0] == flipped[1]   # one machine: no run-to-run noise
    assert set(flipped[0]) <= {"kb-en/t-admin-expiry-employee"}, flipped[0]   # the one case known to sit on a cut
    if not flipped[0]:
        assert "per-case results identical to the baseline" in " ".join(result.notes)
        assert digests[0] == {s: x.results_digest for s, x in baseline.suites.items()}
    for suite in ("kb-en", "kb-zh"):
        for k in (1, 2, 3):
            result = compare(gate, baseline, _plant(measured, suite, k))
            worse = [f for f in result.flips if f.direction == "pass→fail"]
            assert result.exit_code == 1 and len(worse) == k, (suite, k)
    capsys.readouterr()
    assert main(["gate", str(ROOT / "configs/ci.yaml"), "-P", "top_k=1"]) == 1
    out = capsys.readouterr().out
    assert "pass→fail  kb-zh/" in out and "gate: fail (exit 1)" in out
    data = json.loads((ROOT / "reports/baselines/ci.json").read_text(encoding="utf-8"))
    assert set(data["suites"]) == {"kb-zh", "kb-en"}


def test_validate_warns_when_max_drop_is_finer_than_the_suite_can_measure(project: Path, capsys) -> None:
    gate = gate_file(project, "  - {metric: refusal_accuracy, max_drop: 0.05}\n")
    assert main(["validate", str(gate)]) == 0
    err = capsys.readouterr().err
    assert "below one case of 6" in err and "single flipped case" in err
    gate = gate_file(project, "  - {metric: refusal_accuracy, max_drop: 0.05}\n", repeats="3")
    assert main(["validate", str(gate)]) == 0
    assert "smallest drop a one-sided sign test can detect on 6 cases" in capsys.readouterr().err


def test_baseline_ref_computes_the_baseline_fresh_from_git(project: Path, monkeypatch, capsys) -> None:
    import subprocess

    for var, value in {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
                       "GIT_COMMITTER_EMAIL": "t@example.com"}.items():
        monkeypatch.setenv(var, value)
    gate = gate_file(project, RULES)
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    committed = (project / "baseline.json").read_bytes()
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run(["git", "add", "gate.yaml", "config.yaml", "baseline.json", "suite"], cwd=project, check=True)
    subprocess.run(["git", "commit", "-qm", "base"], cwd=project, check=True)
    capsys.readouterr()
    assert main(["gate", str(gate), "--baseline-ref", "HEAD"]) == 0
    out = capsys.readouterr().out
    assert "fresh baseline at HEAD vs its committed baseline: identical pass/fail on every case" in out
    assert (project / "baseline.json").read_bytes() == committed           # this checkout's file untouched
    assert main(["gate", str(gate), "--baseline-ref", "HEAD", *REFUSE_ALL]) == 1
    assert main(["gate", str(gate), "--baseline-ref", "no-such-ref"]) == 2
