"""The README's five-minute walkthrough, for real: the example FastAPI service
(examples/fastapi_rag/app.py, which knows nothing of ragbench) started with uvicorn on the
loopback and evaluated through the ``http`` target with the shipped config."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from eval.runs.runner import run_config as run  # noqa: E402
from eval.suites import load_suite  # noqa: E402
from tests.servers import free_port, running  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]


def test_the_example_service_is_evaluated_and_its_acl_leaks_are_caught(tmp_path: Path, monkeypatch) -> None:
    port = free_port()
    monkeypatch.setenv("DOCS", str(ROOT / "goldensets/kb-en/docs"))
    monkeypatch.chdir(ROOT)
    command = [sys.executable, "-m", "uvicorn", "examples.fastapi_rag.app:app", "--port", str(port)]
    with running(command, f"http://127.0.0.1:{port}/docs"):
        _, log = run(ROOT / "examples/fastapi_rag/ragbench.yaml",
                     [f"target.params.url=http://127.0.0.1:{port}/ask"], out_root=tmp_path, progress=False)
    summary = log.suites["kb-en"]
    cases = len(load_suite(ROOT / "goldensets/kb-en/suite.yaml").cases)
    assert log.status == "complete" and summary.errors == 0 and summary.cases == cases
    assert 0 < summary.passed < summary.cases
    # the service ignores who asks: confidential documents reach HR-only questions' askers
    assert summary.metrics["acl_leaks"].value > 0
    assert summary.metrics["hit@5"].value is not None                  # measured from its sources
    assert summary.metrics["recall@retrieve"].value is None           # no stage trace: not measurable


def test_a_knob_of_the_service_is_tuned_through_the_request_body(tmp_path: Path, monkeypatch) -> None:
    """examples/fastapi_rag/tune.yaml: the service's refusal threshold travels in the request
    body, so `ragbench tune` searches it like any config path."""
    import yaml

    from eval.config import load_config
    from eval.tune.search import run_tune

    port = free_port()
    monkeypatch.setenv("DOCS", str(ROOT / "goldensets/kb-en/docs"))
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    monkeypatch.chdir(ROOT)
    base = yaml.safe_load((ROOT / "examples/fastapi_rag/ragbench.yaml").read_text(encoding="utf-8"))
    base["suites"] = [str(ROOT / "goldensets/kb-en/suite.yaml")]
    base["target"]["params"]["url"] = f"http://127.0.0.1:{port}/ask"
    (tmp_path / "ragbench.yaml").write_text(yaml.safe_dump(base), encoding="utf-8")
    tune = yaml.safe_load((ROOT / "examples/fastapi_rag/tune.yaml").read_text(encoding="utf-8"))
    tune.update({"budget": {"trials": 4}, "startup_trials": 3})
    tune.pop("cv")
    (tmp_path / "tune.yaml").write_text(yaml.safe_dump(tune), encoding="utf-8")
    command = [sys.executable, "-m", "uvicorn", "examples.fastapi_rag.app:app", "--port", str(port)]
    with running(command, f"http://127.0.0.1:{port}/docs"):
        folder, state = run_tune(tmp_path / "tune.yaml", out_root=tmp_path / "tunes", progress=False)
    trials = state["trials"]
    assert trials[0]["assignments"] == {"target.params.body.min_score": 2.0}        # the base config first
    assert len({t["value"] for t in trials}) > 1                                       # the service obeyed the knob
    assert state["scores"]["best_report"]["suites"]["kb-en"]["refusal_accuracy"]["n"] > 0
    worth = state["worth_objective"]   # balanced accuracy's best − base on test, paired over the test cases
    scores = state["scores"]
    from eval.suites import load_suite
    tested = sum(case.split == "test" for case in load_suite(ROOT / "goldensets/kb-en/suite.yaml").cases)
    assert worth["n"] == tested and worth["delta"] == pytest.approx(scores["best_report"]["objective"]
                                                                   - scores["base_report"]["objective"])
    assert worth["low"] <= worth["delta"] <= worth["high"] and 0 < worth["p_value"] <= 1
    best = load_config(folder / "best.yaml")
    assert best.target.params["body"]["min_score"] == state["best"]["assignments"]["target.params.body.min_score"]
