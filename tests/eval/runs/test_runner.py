"""``ragbench run``: run log contents, determinism, kill -9 and resume, safe reports, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from eval.cli import main
from eval.runs.checkpoint import read_cases
from eval.runs.log import RunLog
from eval.runs.runner import run_config as run
from tests.eval.conftest import HOSTILE

ROOT = Path(__file__).resolve().parents[3]


def strip_timing(obj):  # noqa: ANN001, ANN201
    if isinstance(obj, dict):
        return {k: strip_timing(v) for k, v in obj.items() if not k.startswith("latency")}
    if isinstance(obj, list):
        return [strip_timing(v) for v in obj]
    return obj


def case_dicts(run_dir: Path) -> list[dict]:
    return [strip_timing(r.model_dump(mode="json")) for r in read_cases(run_dir)]


def test_run_log_carries_everything_reports_and_gates_need(project: Path) -> None:
    run_dir, log = run(project / "config.yaml", out_root=project / "runs", progress=False)
    stored = RunLog.read(run_dir)
    assert stored.status == "complete" and stored.schema_version == 2 and stored.finished_at
    assert stored.config["name"] == "tiny" and stored.config_hash
    assert stored.components["chunker"]["name"] == "heading_aware"
    assert stored.components["chunker"]["params"]["max_chars"] == 800  # defaults filled in
    assert "numpy" in stored.packages and "commit" in stored.git
    summary = stored.suites["tiny"]
    assert summary.hash and summary.cases == 6 and summary.mode == "full"
    assert summary.metrics["acl_leaks"].value == 0 and summary.metrics["refusal_accuracy"].value == 1.0
    assert summary.metrics["hit@5"].low <= summary.metrics["hit@5"].value <= summary.metrics["hit@5"].high
    assert summary.confusion["refuse"]["refused"] == 2
    records = {r.case_id: r for r in read_cases(run_dir)}
    assert records["hotel"].passed and records["hotel"].ranking[0][0] == "hotel"
    assert [t["stage"] for t in records["hotel"].trace][:3] == ["acl", "route", "retrieve"]
    assert records["pay-denied"].behaviour == "refused"
    assert all(d != "pay" for d, _ in records["pay-denied"].ranking)
    assert records["pay-hr"].behaviour == "answered"


def test_two_runs_give_identical_case_results(project: Path) -> None:
    first, _ = run(project / "config.yaml", out_root=project / "runs", progress=False)
    second, _ = run(project / "config.yaml", out_root=project / "runs", progress=False)
    assert first != second and case_dicts(first) == case_dicts(second)


def test_report_renders_hostile_document_text_as_text(project: Path) -> None:
    from eval.report import write_run_report

    run_dir, log = run(project / "config.yaml", out_root=project / "runs", progress=False)
    html = write_run_report(run_dir, log, read_cases(run_dir)).read_text(encoding="utf-8")
    assert HOSTILE not in html and html.lower().count("<script") == 1   # only the report's own filter script
    assert "&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt;" in html
    import re

    assert not re.search(r"(src|href)\s*=\s*[\"']?https?:", html)          # self-contained: no CDN


def test_killed_run_resumes_to_the_same_results(project: Path, tmp_path: Path) -> None:
    config = project / "config.yaml"
    killer = (f"generator: {{name: 'tests.killswitch:killer', params: {{marker: '{tmp_path / 'killed'}', after: 3}}}}\n")
    config.write_text(config.read_text(encoding="utf-8") + killer, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "eval.cli", "run", str(config), "--out", str(project / "runs")]
    first = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert first.returncode == -9, first.stderr  # SIGKILL: no clean-up ran
    (run_dir,) = (project / "runs").iterdir()
    assert RunLog.read(run_dir).status == "running"
    assert len(read_cases(run_dir)) == 3  # every finished case was checkpointed
    with (run_dir / "cases.jsonl").open("a", encoding="utf-8") as fh:
        fh.write('{"suite": "tiny", "case_id": "torn')  # a line the kill tore in half
    resumed = subprocess.run([*command, "--resume"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    assert RunLog.read(run_dir).status == "complete"
    reference = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert reference.returncode == 0
    other = next(p for p in (project / "runs").iterdir() if p != run_dir)
    assert case_dicts(run_dir) == case_dicts(other)
    assert strip_timing(json.loads((run_dir / "run.json").read_text())["suites"]["tiny"]["metrics"]) == \
        strip_timing(json.loads((other / "run.json").read_text())["suites"]["tiny"]["metrics"])


def test_resume_refuses_a_changed_config(project: Path) -> None:
    run(project / "config.yaml", out_root=project / "runs", progress=False)
    log_path = next((project / "runs").iterdir()) / "run.json"
    data = json.loads(log_path.read_text())
    data["status"] = "running"
    log_path.write_text(json.dumps(data))
    assert main(["run", str(project / "config.yaml"), "--out", str(project / "runs"), "--resume",
                 "-P", "top_k=3"]) == 2


def test_unreachable_endpoint_exits_3_and_keeps_the_run_resumable(project: Path, capsys) -> None:
    config = project / "config.yaml"
    config.write_text(config.read_text(encoding="utf-8") +
                      "generator: chat\nchat_model: {name: openai, params: {model: m, base_url: 'http://127.0.0.1:9/v1', "
                      "max_retries: 0, timeout: 2}}\n", encoding="utf-8")
    assert main(["run", str(config), "--out", str(project / "runs")]) == 3
    captured = capsys.readouterr()
    assert "infrastructure errors" in captured.err
    (run_dir,) = (project / "runs").iterdir()
    records = read_cases(run_dir)
    assert any(r.error and "EndpointError" in r.error for r in records)
    assert RunLog.read(run_dir).status == "incomplete"


def test_cli_prints_a_summary_and_names_the_report(project: Path, capsys) -> None:
    assert main(["run", str(project / "config.yaml"), "--out", str(project / "runs")]) == 0
    out = capsys.readouterr().out
    assert "tiny  (full, en): 6 cases" in out and "refusal_accuracy" in out and "report:" in out
    assert Path(out.rsplit("report:", 1)[1].strip()).is_file()


def test_report_command_rebuilds_from_the_log_alone(project: Path, capsys) -> None:
    run_dir, _ = run(project / "config.yaml", out_root=project / "runs", progress=False)
    assert not (run_dir / "report.html").exists()
    assert main(["report", str(run_dir)]) == 0
    assert (run_dir / "report.html").is_file() and "report:" in capsys.readouterr().out
    assert main(["report", str(project)]) == 2


def test_results_digest_ignores_timings_and_sees_any_change(project) -> None:
    from eval.runs.summary import results_digest

    run_dir, log = run(project / "config.yaml", out_root=project / "runs", progress=False)
    from eval.runs.checkpoint import read_cases

    records = read_cases(run_dir)
    slower = [r.model_copy(update={"latency_ms": r.latency_ms + 5,
                                   "trace": [{**t, "latency_ms": 9.9} for t in r.trace]}) for r in records]
    assert results_digest(slower) == results_digest(records) == log.suites["tiny"].results_digest
    changed = [records[0].model_copy(update={"answer": records[0].answer + "!"}), *records[1:]]
    assert results_digest(changed) != results_digest(records)
    flipped = [records[0].model_copy(update={"passed": not records[0].passed}), *records[1:]]
    assert results_digest(flipped) != results_digest(records)


def test_concurrent_run_gives_the_serial_results_in_the_same_order(project: Path) -> None:
    from eval.runs.summary import results_digest

    serial_dir, serial = run(project / "config.yaml", out_root=project / "runs", progress=False)
    parallel_dir, parallel = run(project / "config.yaml", ["concurrency=4"], out_root=project / "runs",
                                 progress=False)
    assert parallel.config["concurrency"] == 4
    assert parallel.suites["tiny"].results_digest == serial.suites["tiny"].results_digest
    assert [r.case_id for r in read_cases(parallel_dir)] == [r.case_id for r in read_cases(serial_dir)]
    assert results_digest(read_cases(parallel_dir)) == results_digest(read_cases(serial_dir))


def test_concurrency_is_not_part_of_the_config_hash(project: Path) -> None:
    """A run may be resumed with another concurrency: it changes speed, never results."""
    from eval.config import load_config
    from eval.runs.folders import config_hash

    one = load_config(project / "config.yaml").model_dump(mode="json")
    many = load_config(project / "config.yaml", ["concurrency=8"]).model_dump(mode="json")
    assert config_hash(one) == config_hash(many, ["concurrency=8"])
    assert config_hash(one) != config_hash(load_config(project / "config.yaml", ["top_k=3"]).model_dump(mode="json"))


def test_executor_hands_every_record_to_one_writer_and_stops_on_errors() -> None:
    import threading

    from eval.runs.execute import execute

    seen, threads = [], set()

    def job(i: int):  # noqa: ANN202
        return lambda: (threads.add(threading.current_thread().name), i)[1]

    execute([job(i) for i in range(50)], lambda r: seen.append((r, threading.current_thread().name)), 8)
    assert sorted(r for r, _ in seen) == list(range(50))
    assert {name for _, name in seen} == {threading.current_thread().name}   # done() in the caller
    assert any(name.startswith("case") for name in threads)

    def boom() -> int:
        raise RuntimeError("bug in a job")

    with pytest.raises(RuntimeError, match="bug in a job"):
        execute([boom] + [job(i) for i in range(5)], lambda r: None, 3)
