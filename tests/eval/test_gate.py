"""The CI gate: exit codes, flips, significance, baselines, JUnit and the HTML diff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval.baseline import Baseline, from_run
from eval.cli import main
from eval.gate import compare, load_gate
from eval.runlog import read_cases
from eval.runner import run

ROOT = Path(__file__).resolve().parents[2]


def gate_file(project: Path, rules: str, **extra: str) -> Path:
    path = project / "gate.yaml"
    lines = [f"name: tiny-gate\nconfig: config.yaml\nbaseline: baseline.json\nrules:\n{rules}"]
    lines += [f"{k}: {v}\n" for k, v in extra.items()]
    path.write_text("".join(lines), encoding="utf-8")
    return path


RULES = ("  - {metric: acl_leaks, max: 0}\n"
         "  - {metric: refusal_accuracy, max_drop: 0.05, significance: {test: permutation, alpha: 0.05}}\n")


def test_missing_baseline_is_exit_2_with_one_line(project: Path, capsys) -> None:
    assert main(["gate", str(gate_file(project, RULES))]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "no baseline at" in err and "--update-baseline" in err


def test_no_op_passes_and_a_noisy_drop_is_inconclusive(project: Path, capsys) -> None:
    gate = gate_file(project, RULES)
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    assert Baseline.read(project / "baseline.json").suites["tiny"].cases["hotel"].passed
    assert main(["gate", str(gate)]) == 0
    assert "gate: pass (exit 0)" in capsys.readouterr().out
    # refusing everything drops refusal accuracy on 6 cases: beyond max_drop, but 6 cases are noise
    assert main(["gate", str(gate), "-P", "answerability.params.answer_at=9"]) == 4
    out = capsys.readouterr().out
    assert "within noise" in out and "pass→fail" in out


def test_without_significance_the_same_drop_is_a_regression_with_flips(project: Path, tmp_path: Path, capsys) -> None:
    gate = gate_file(project, "  - {metric: refusal_accuracy, max_drop: 0.05}\n")
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    junit, html = tmp_path / "junit.xml", tmp_path / "diff.html"
    assert main(["gate", str(gate), "-P", "answerability.params.answer_at=9", "--junit", str(junit),
                 "--html", str(html)]) == 1
    out = capsys.readouterr().out
    assert "FAIL  tiny       refusal_accuracy" in out and "pass→fail  tiny/hotel" in out
    from junitparser import JUnitXml

    xml = JUnitXml.fromfile(str(junit))
    suites = {s.name: s for s in xml}
    assert suites["rules"].failures == 1 and suites["flips"].failures >= 1
    flipped = [c.name for c in suites["flips"]]
    assert "hotel pass→fail" in flipped
    page = html.read_text(encoding="utf-8")
    assert "pass→fail" in page and "baseline" in page and "candidate" in page and "<script" not in page


def test_on_noise_pass_lets_a_noisy_drop_through(project: Path) -> None:
    gate = gate_file(project, "  - {metric: refusal_accuracy, max_drop: 0.05, significance: {on_noise: pass}}\n")
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    assert main(["gate", str(gate), "-P", "answerability.params.answer_at=9"]) == 0


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
        "rules:\n  - {metric: hit@5, max_drop: 0.01, significance: {test: permutation, alpha: 0.05}}\n",
        encoding="utf-8")
    gate = load_gate(tmp_path / "gate.yaml")
    metrics = ["metrics=[hit@5, ndcg@10]"]
    first, log = run(gate.config_path, metrics, out_root=tmp_path / "runs", progress=False)
    baseline = from_run(log, read_cases(first))
    second, log2 = run(gate.config_path, metrics, out_root=tmp_path / "runs", progress=False)
    rerun = compare(gate, baseline, log2, read_cases(second))
    assert rerun.exit_code == 0 and rerun.verdicts[0].p_value == 1.0
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


@pytest.mark.slow
def test_shipped_ci_gate_passes_and_catches_a_top_k_cut(tmp_path: Path, monkeypatch, capsys) -> None:
    """Our own CI gate: the committed baseline holds, and top-k 5 → 1 is caught with its flips."""
    monkeypatch.setenv("RAGBENCH_REPORTS", str(tmp_path / "reports"))
    assert main(["gate", str(ROOT / "configs/ci.yaml"), "--junit", str(tmp_path / "junit.xml")]) == 0
    capsys.readouterr()
    assert main(["gate", str(ROOT / "configs/ci.yaml"), "-P", "top_k=1"]) == 1
    out = capsys.readouterr().out
    assert "pass→fail  kb-zh/" in out and "gate: fail (exit 1)" in out
    data = json.loads((ROOT / "reports/baselines/ci.json").read_text(encoding="utf-8"))
    assert set(data["suites"]) == {"kb-zh", "kb-en"}
