"""Judged metrics through ragas with a fake OpenAI-compatible judge: hand-computed scores, every
failure under its status, a cache that never crosses judge models, kill -9 and resume."""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from eval.judges.client import JudgeCache, JudgeClient
from eval.judges.judged import CaseInputs, judge_metric
from tests.eval import fake_judge

ROOT = Path(__file__).resolve().parents[3]
CONTEXT = ["Hotel stays are capped per night. The hotel cap in London is 240 USD.", "Parking costs 5 USD a day."]
CASE = CaseInputs(question="What is the hotel cap in London?",
                  answer="The hotel cap in London is 240 USD. Breakfast is always free.",
                  refused=False, contexts=CONTEXT,
                  reference="The hotel cap in London is 240 USD. Meals are 55 USD a day.")


def client(mode: str = "ok", **kw) -> JudgeClient:
    return fake_judge.fake(mode, **kw)


def test_hand_computed_faithfulness_context_recall_and_precision() -> None:
    judge = client()
    faith = judge_metric("faithfulness", CASE, judge)
    assert faith["status"] == "ok" and faith["value"] == 0.5          # 1 of 2 statements supported
    assert [c["schema"] for c in faith["calls"]] == ["StatementGeneratorOutput", "NLIStatementOutput"]
    assert faith["detail"] == "not supported: Breakfast is always free."
    recall = judge_metric("context_recall", CASE, judge)
    assert recall["value"] == 0.5                                       # 1 of 2 reference sentences in context
    precision = judge_metric("context_precision", CASE, judge)
    assert precision["value"] == pytest.approx(1.0, abs=1e-9)          # the useful context ranks first (ragas adds 1e-10)
    reversed_case = CaseInputs(**{**CASE.__dict__, "contexts": CONTEXT[::-1]})
    assert judge_metric("context_precision", reversed_case, judge)["value"] == pytest.approx(0.5, abs=1e-9)  # (1/2) / 1


def test_hand_computed_answer_relevancy() -> None:
    from rag.embedders import embedders

    emb = embedders.build({"name": "hashing", "params": {"dim": 64}})
    embed = emb.embed_queries
    result = judge_metric("answer_relevancy", CASE, client(), embed)
    q, a = np.asarray(embed([CASE.question]))[0], np.asarray(embed([CASE.answer]))[0]
    expected = float(q @ a / (np.linalg.norm(q) * np.linalg.norm(a)))  # the fake asks back the answer itself
    assert result["status"] == "ok" and result["value"] == pytest.approx(expected)
    assert len(result["calls"]) == 3                                    # strictness 3


@pytest.mark.parametrize(("mode", "status", "calls"), [("500", "judge_error", 1), ("malformed", "invalid_output", 2)])
def test_failures_are_counted_under_their_status_never_nan(mode: str, status: str, calls: int) -> None:
    result = judge_metric("faithfulness", CASE, client(mode))
    assert result["status"] == status and result["value"] is None and len(result["calls"]) == calls
    assert all(c["status"] == status for c in result["calls"])
    if mode == "malformed":
        assert "Here is my verdict" in result["calls"][0]["raw"]       # the raw reply is kept


def test_an_out_of_range_verdict_is_counted_not_scored() -> None:
    result = judge_metric("context_recall", CASE, client("out_of_range"))
    assert result["status"] == "out_of_range" and result["value"] is None and "2.0" in result["detail"]


def test_undefined_cases_are_not_failures() -> None:
    refused = CaseInputs(**{**CASE.__dict__, "refused": True})
    assert judge_metric("faithfulness", refused, client())["status"] == "undefined"
    no_ref = CaseInputs(**{**CASE.__dict__, "reference": None})
    assert judge_metric("context_recall", no_ref, client())["detail"] == "the case has no reference"
    none = CaseInputs(**{**CASE.__dict__, "answer": "???"})       # no statement to check
    result = judge_metric("faithfulness", none, client())
    assert result["status"] == "undefined" and result["value"] is None


class _Slow(http.server.BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802
        time.sleep(3)
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args) -> None: ...


def test_a_timeout_is_a_judge_error() -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Slow)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        judge = JudgeClient(model="m", base_url=f"http://127.0.0.1:{server.server_port}/v1", timeout=0.2,
                            max_retries=0, sleep=lambda s: None)
        result = judge_metric("faithfulness", CASE, judge)
        assert result["status"] == "judge_error" and "Timeout" in result["calls"][0]["error"]
    finally:
        server.shutdown()


def test_a_second_judge_model_never_reuses_the_first_ones_answers(tmp_path: Path) -> None:
    cache = JudgeCache(tmp_path / "judge.sqlite")
    first, second = client(model="judge-a"), client(model="judge-b")
    first.cache = second.cache = cache
    fake_judge.LOG.clear()
    judge_metric("faithfulness", CASE, first)
    judge_metric("faithfulness", CASE, first)                          # all from the cache
    assert [e["model"] for e in fake_judge.LOG] == ["judge-a", "judge-a"]
    judge_metric("faithfulness", CASE, second)
    assert [e["model"] for e in fake_judge.LOG] == ["judge-a", "judge-a", "judge-b", "judge-b"]
    again = client(model="judge-a", repeats=2)                          # a repeat index is a new key
    again.cache = cache
    result = judge_metric("faithfulness", CASE, again)
    assert len(fake_judge.LOG) == 6 and result["repeats"] == [0.5, 0.5] and result["spread"] == 0.0


def _judged_config(project: Path, judge: str) -> Path:
    config = project / "config.yaml"
    config.write_text(config.read_text() + f"judge: {judge}\nmetrics: [hit@5, refusal_accuracy, faithfulness, "
                      "context_recall, rouge_l, chrf, string_similarity, id_context_recall]\n", encoding="utf-8")
    cases = project / "suite" / "cases.jsonl"
    rows = [json.loads(line) for line in cases.read_text().splitlines()]
    refs = {"hotel": "The hotel cap in London is 240 USD per night.", "meals": "The meal allowance is 55 USD per day.",
            "widget": "The widget page shows a banner.", "pay-hr": "Band L4 pays up to 150,000 USD."}
    cases.write_text("\n".join(json.dumps({**r, **({"reference": refs[r["id"]]} if r["id"] in refs else {})})
                               for r in rows), encoding="utf-8")
    return config


def test_a_judged_run_accounts_for_every_call(project: Path) -> None:
    from eval.runs.runner import run_config as run

    config = _judged_config(project, "tests.eval.fake_judge:fake")
    run_dir, log = run(config, out_root=project / "runs", progress=False)
    assert log.status == "complete"
    tiny = log.suites["tiny"]
    assert tiny.metrics["faithfulness"].n == 4 and tiny.metrics["faithfulness"].n_total == 4
    assert tiny.judge["judgements"]["ok"] >= 8 and tiny.judge["failure_rate"] == 0.0
    assert log.judge["model"] == "fake-judge" and "StatementGeneratorPrompt" in log.judge["prompts"]["faithfulness"]
    assert log.judge["usage"]["calls"] > 0 and log.judge["ragas"]
    assert tiny.metrics["rouge_l"].value is not None and tiny.metrics["id_context_recall"].value is not None


def test_a_failing_judge_makes_the_run_incomplete_and_resume_rejudges_only_the_failures(project: Path) -> None:
    from eval.runs.checkpoint import read_cases
    from eval.runs.runner import run_config as run

    config = _judged_config(project, "{name: 'tests.eval.fake_judge:fake', params: {mode: switch}}")
    fake_judge.SWITCH["mode"] = "500:ContextRecallOutput"          # context recall's calls fail
    run_dir, log = run(config, out_root=project / "runs", progress=False)
    tiny = log.suites["tiny"]
    assert log.status == "incomplete" and tiny.judge["judgements"]["judge_error"] == 4
    assert tiny.metrics["context_recall"].n == 0 and tiny.metrics["context_recall"].n_total == 4
    assert tiny.metrics["faithfulness"].n == 4
    before = {r.case_id: r.judgements["faithfulness"] for r in read_cases(run_dir)}
    fake_judge.SWITCH["mode"] = "ok"                               # the endpoint recovers
    fake_judge.LOG.clear()
    _, log = run(config, out_root=project / "runs", progress=False, resume=run_dir)
    assert log.status == "complete" and log.suites["tiny"].metrics["context_recall"].n == 4
    assert {e["schema"] for e in fake_judge.LOG} == {"ContextRecallOutput"}   # only the failed ones asked again
    after = {r.case_id: r.judgements["faithfulness"] for r in read_cases(run_dir)}
    assert after == before


@pytest.mark.parametrize("concurrency", [1, 4])
def test_kill_during_judging_then_resume_asks_no_finished_call_twice(project: Path, tmp_path: Path,
                                                                     concurrency: int) -> None:
    config = _judged_config(project, f"{{name: 'tests.eval.fake_judge:fake', params: {{concurrency: {concurrency}}}}}")
    log_path = tmp_path / "judge.log"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "FAKE_JUDGE_LOG": str(log_path), "FAKE_JUDGE_KILL_AFTER": "5"}
    command = [sys.executable, "-m", "eval.cli", "run", str(config), "--out", str(project / "runs")]
    first = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert first.returncode == -9, first.stderr
    asked = log_path.read_text().splitlines()
    last = asked[-1]                                     # the request the kill interrupted
    resumed = subprocess.run([*command, "--resume"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    requests = log_path.read_text().splitlines()
    repeated = [r for r in set(requests) if requests.count(r) > 1]
    # only calls that never got their answer are asked again: serially, the one the kill cut; on
    # threads, at most one per thread (whichever were in flight), each once more
    if concurrency == 1:
        assert set(repeated) <= {last}
    assert len(repeated) <= concurrency and all(requests.count(r) == 2 for r in repeated)


def test_validate_warns_about_answer_cases_without_a_reference(project: Path, capsys) -> None:
    from eval.cli import main

    assert main(["validate", str(project / "config.yaml")]) == 0
    err = capsys.readouterr().err
    assert "answer case(s) of tiny have no reference" in err and "rouge_l" in err


def test_ragas_id_context_recall_agrees_with_evidence_recall(project: Path) -> None:
    """Where both define the same thing — every expected group a single document — ragas'
    IDBasedContextRecall and ragbench's evidence_recall give the same number on every case."""
    from eval.metrics import Observation, resolve
    from eval.runs.checkpoint import read_cases
    from eval.runs.runner import run_config as run

    run_dir, _ = run(project / "config.yaml", ["top_k=1"], out_root=project / "runs", progress=False)
    pairs = [(r.metrics["id_context_recall"], r.metrics["evidence_recall"]) for r in read_cases(run_dir)
             if r.metrics.get("evidence_recall") is not None]
    assert pairs and all(a == b for a, b in pairs)
    obs = Observation(groups=[("a",), ("b",)], grades={}, ranking=[], behaviour="answered", context_docs=["a", "x"])
    assert resolve("id_context_recall").compute(obs) == resolve("evidence_recall").compute(obs) == 0.5
    assert resolve("id_context_precision").compute(obs) == 0.5
    # an OR-group is one unit for evidence_recall, two documents for ragas: they differ by design
    either = Observation(groups=[("a", "b")], grades={}, ranking=[], behaviour="answered", context_docs=["a"])
    assert resolve("evidence_recall").compute(either) == 1.0 and resolve("id_context_recall").compute(either) == 0.5


def test_string_metrics_mean_something_in_chinese() -> None:
    from eval.metrics import Observation, resolve

    def score(name: str, answer: str, reference: str, language: str) -> float:
        obs = Observation(groups=[], grades={}, ranking=[], behaviour="answered", answer=answer, reference=reference,
                          language=language)
        return resolve(name).compute(obs)

    ref = "普通员工在一线城市出差，住宿费上限为每晚 500 元。"
    good, bad = "一线城市普通员工住宿费每晚上限 500 元 [1]", "会议室单次最长可以预订四小时。"
    for name in ("rouge_l", "chrf", "string_similarity"):
        assert score(name, good, ref, "zh") > score(name, bad, ref, "zh") >= 0.0, name
    assert score("rouge_l", good, ref, "zh") > 0.3        # rouge_score's own tokenizer would give 0
    assert score("rouge_l", "The cap is 240 USD [2].", "The cap is 240 USD.", "en") == 1.0   # citations removed


def test_gate_refuses_runs_judged_by_another_model_and_treats_judged_metrics_as_noisy(project: Path,
                                                                                        capsys) -> None:
    from eval.cli import main

    _judged_config(project, "{name: 'tests.eval.fake_judge:fake', params: {model: judge-a}}")
    gate = project / "gate.yaml"
    gate.write_text("name: g\nconfig: config.yaml\nbaseline: baseline.json\nrules:\n"
                    "  - {metric: faithfulness, max_drop: 0.05}\n", encoding="utf-8")
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    from eval.commands.gate import measure
    from eval.gate import Baseline, compare, load_gate

    loaded = load_gate(gate)
    result = compare(loaded, Baseline.read(loaded.baseline_path), measure(loaded, [])[1])
    assert result.exit_code == 0 and result.verdicts[0].test is not None   # judged: tested as a noisy target
    other = ["-P", "judge.params.model=judge-b"]
    assert main(["gate", str(gate), *other]) == 2
    assert "judged differently" in capsys.readouterr().err
    assert main(["gate", str(gate), *other, "--force"]) == 0


def test_judge_repeats_report_the_per_case_spread(project: Path) -> None:
    from eval.runs.runner import run_config as run

    config = _judged_config(project, "{name: 'tests.eval.fake_judge:fake', params: {repeats: 3}}")
    _, log = run(config, out_root=project / "runs", progress=False)
    tiny = log.suites["tiny"]
    assert tiny.judge["mean_spread"]["faithfulness"] == 0.0      # a rule-based judge never varies
    assert tiny.metrics["faithfulness"].n == 4 and log.judge["repeats"] == 3
