"""The judge's qualification shows beside its metrics — run report, compare, gate — and a gate
can require it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval.cli import main
from eval.labels.file import record_hash
from eval.runs.checkpoint import read_cases
from tests.eval.judges.test_judges import _judged_config

pytest.importorskip("ragas")


def _labels(run_dir: Path, path: Path, value: float = 1.0) -> Path:
    rows = [{"suite": r.suite, "case_id": r.case_id, "metric": "faithfulness", "value": value,
             "annotator": "maintainer", "answer_hash": record_hash(r)}
            for r in read_cases(run_dir) if r.judgements.get("faithfulness", {}).get("status") == "ok"]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


def _gate(project: Path, labels: Path, require: bool) -> Path:
    gate = project / "gate.yaml"
    gate.write_text(f"name: g\nconfig: config.yaml\nbaseline: baseline.json\nlabels: {labels.name}\n"
                    f"require_qualified: {str(require).lower()}\n"
                    "rules:\n  - {metric: faithfulness, max_drop: 0.05}\n  - {max_new_failures: 0}\n", encoding="utf-8")
    return gate


def test_agree_puts_the_verdict_in_the_report_and_compare_shows_it(project: Path, capsys) -> None:
    config = _judged_config(project, "tests.eval.fake_judge:fake")
    assert main(["run", str(config), "--out", str(project / "runs")]) == 0
    run_dir = next((project / "runs").iterdir())
    labels = _labels(run_dir, project / "labels.jsonl")
    assert main(["agree", str(run_dir), "--labels", str(labels)]) == 0
    report = (run_dir / "report.html").read_text(encoding="utf-8")
    assert "Can the judge be trusted?" in report and "too few labels" in report
    assert main(["compare", str(run_dir), str(run_dir)]) == 0
    assert "[1] judge on faithfulness: too few labels" in capsys.readouterr().out


def test_a_gate_that_requires_a_qualified_judge_refuses_an_unqualified_one(project: Path, capsys) -> None:
    config = _judged_config(project, "tests.eval.fake_judge:fake")
    assert main(["run", str(config), "--out", str(project / "runs")]) == 0
    labels = _labels(next((project / "runs").iterdir()), project / "labels.jsonl")
    gate = _gate(project, labels, require=True)
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    assert main(["gate", str(gate)]) == 2                                    # 4 labels < 100: not qualified
    assert "its judge is not qualified" in capsys.readouterr().err
    assert main(["gate", str(gate), "--force"]) == 0
    assert "gated on faithfulness with a judge that is not qualified" in capsys.readouterr().out
    config.write_text(config.read_text(encoding="utf-8") + "qualification: {min_labels: 3, min_tnr: null}\n", encoding="utf-8")
    assert main(["gate", str(gate), "--update-baseline", "--force"]) == 0
    assert main(["gate", str(gate)]) == 0              # 4 labels, all agreeing (people said no "no": TNR waived)
    assert "judge on faithfulness: qualified" in capsys.readouterr().out


def test_a_gate_file_asking_for_qualification_without_labels_is_refused(project: Path, capsys) -> None:
    gate = project / "gate.yaml"
    gate.write_text("name: g\nconfig: config.yaml\nbaseline: b.json\nrequire_qualified: true\n"
                    "rules:\n  - {max_new_failures: 0}\n", encoding="utf-8")
    assert main(["validate", str(gate)]) == 2
    assert "require_qualified needs people's labels" in capsys.readouterr().err


def test_compare_gives_the_paired_difference_from_the_judge_the_labels_and_both(project: Path, capsys) -> None:
    config = _judged_config(project, "tests.eval.fake_judge:fake")
    assert main(["run", str(config), "--out", str(project / "a")]) == 0
    assert main(["run", str(config), "-P", "top_k=1", "--out", str(project / "b")]) == 0
    runs = [next((project / x).iterdir()) for x in ("a", "b")]
    for run_dir, name in zip(runs, ("a.jsonl", "b.jsonl"), strict=True):
        assert main(["agree", str(run_dir), "--labels", str(_labels(run_dir, project / name))]) == 0
    capsys.readouterr()
    assert main(["compare", str(runs[0]), str(runs[1])]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "[1] − [0] faithfulness" in x)
    assert "judge only" in line and "labels only +0.000" in line and "prediction-powered —" in line   # 4 labels < 10


@pytest.mark.parametrize(("low", "high", "outcome"), [(0.82, 0.95, "pass"), (0.6, 0.75, "fail"), (0.7, 0.9, "inconclusive")])
def test_a_min_rule_on_a_labelled_judged_metric_reads_the_prediction_powered_interval(low, high, outcome) -> None:
    from eval.gate.spec import Rule
    from eval.gate.verdicts import bound_by_people
    from eval.labels.ppi import Estimate

    est = Estimate((low + high) / 2, low, high, 120, "ppi++")
    verdict = bound_by_people(Rule(metric="faithfulness", min=0.8), "kb", est, None, None, "inconclusive")
    assert verdict.outcome == outcome and "prediction-powered" in verdict.message
    assert bound_by_people(Rule(metric="faithfulness", min=0.8), "kb", Estimate(None, None, None, 4, "none"),
                           None, None, "inconclusive") is None            # too few labels: the judge's own value
