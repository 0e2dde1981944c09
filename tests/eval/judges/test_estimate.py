"""``--estimate`` counts what judging will send, before sending anything; ``--limit`` samples."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from eval.cli import main
from eval.prepare import prepare
from eval.runs.estimate import estimate, limited
from tests.eval import fake_judge
from tests.eval.judges.test_judges import _judged_config

pytest.importorskip("ragas")
JUDGE = "{name: 'tests.eval.fake_judge:fake', params: {price_per_1k_prompt: 0.5, price_per_1k_completion: 1.5}}"


def test_the_estimate_sends_nothing_and_counts_the_calls_a_run_makes(project: Path, capsys) -> None:
    config = _judged_config(project, JUDGE)
    fake_judge.LOG.clear()
    assert main(["run", str(config), "--estimate"]) == 0
    printed = capsys.readouterr().out
    assert fake_judge.LOG == [] and not (project / "reports").exists()        # nothing sent, nothing written
    est = estimate(prepare(config))
    assert "nothing was sent" in printed and "faithfulness" in printed and "context_recall" in printed
    assert main(["run", str(config), "--out", str(project / "runs")]) == 0
    run_calls = len(fake_judge.LOG)
    assert est["total"]["calls"] == run_calls > 0 and est["total"]["cached"] == 0
    per_metric = {m: row["calls"] for m, row in est["suites"]["tiny"].items()}
    asked = {m: 0 for m in per_metric}
    for entry in fake_judge.LOG:
        asked["context_recall" if entry["schema"] == "ContextRecallOutput" else "faithfulness"] += 1
    assert asked == per_metric
    assert est["total"]["cost"] == pytest.approx((est["total"]["prompt_tokens"] * 0.5
                                                  + est["total"]["completion_tokens"] * 1.5) / 1000)
    again = estimate(prepare(config))                                           # every call now in the cache
    assert again["total"]["calls"] == 0 and again["total"]["cached"] == run_calls


def test_a_remote_target_is_estimated_from_an_earlier_run_or_refused(project: Path) -> None:
    config = _judged_config(project, JUDGE)
    remote = project / "remote.yaml"
    remote.write_text(config.read_text(encoding="utf-8").replace("name: tiny", "name: remote")
                      + "target: {name: http, params: {url: 'http://127.0.0.1:9/ask', response: {answer: answer}}}\n",
                      encoding="utf-8")
    from rag.errors import InputError

    with pytest.raises(InputError, match="would be asked for them"):
        estimate(prepare(remote))
    assert main(["run", str(config), "--out", str(project / "runs")]) == 0
    run_dir = next((project / "runs").iterdir())
    est = estimate(prepare(remote), earlier=run_dir)
    assert est["source"] == f"the answers of run {run_dir.name}" and est["total"]["cached"] > 0


def test_limit_draws_n_cases_per_suite_stratified_by_split() -> None:
    root = Path(__file__).resolve().parents[3]
    prepared = prepare(root / "configs/default.yaml", fit=False, progress=False)
    suites = prepared.suites()
    chosen = limited(suites, 10)
    assert chosen == limited(suites, 10)                                        # reproducible
    for suite in suites:
        mine = [c for c in suite.cases if (suite.name, c.id) in chosen]
        share = sum(c.split == "dev" for c in suite.cases) / len(suite.cases)
        assert len(mine) == 10 and abs(sum(c.split == "dev" for c in mine) - 10 * share) < 1


def test_the_run_command_limits_and_says_so_in_the_log(project: Path, capsys) -> None:
    assert main(["run", str(project / "config.yaml"), "--limit", "3", "--out", str(project / "runs")]) == 0
    out = capsys.readouterr().out
    assert re.search(r"tiny .*3 cases", out) or "3 cases" in out


@pytest.mark.parametrize("name", ["judge-openai", "judge-ollama", "judge-vllm"])
def test_the_shipped_judge_configs_validate(name: str) -> None:
    root = Path(__file__).resolve().parents[3]
    assert main(["validate", str(root / "configs" / f"{name}.yaml")]) == 0
