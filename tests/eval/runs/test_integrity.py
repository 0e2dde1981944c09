"""Integrity fixes, one test each, named after the defect it guards against (issue #9)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from eval.cli import main
from eval.runs.checkpoint import read_cases
from eval.runs.runner import run_config as run
from eval.suites import load_suite


def test_resume_retries_errored_cases(project: Path) -> None:
    from tests.eval import noisy

    config = project / "config.yaml"
    config.write_text(config.read_text() + "generator: chat\nchat_model: tests.eval.noisy:flaky_chat\n")
    noisy.DOWN["calls_left_failing"] = 2
    run_dir, log = run(config, out_root=project / "runs", progress=False)
    assert log.status == "incomplete" and sum(r.error is not None for r in read_cases(run_dir)) == 2
    run_dir2, log = run(config, out_root=project / "runs", progress=False, resume=True)
    assert run_dir2 == run_dir and log.status == "complete"
    cases = read_cases(run_dir)
    assert len(cases) == 6 and all(r.error is None for r in cases)   # one record per case, the retried one


def test_suite_hash_covers_corpus_bytes_sidecars_and_identities(project: Path) -> None:
    suite_yaml = project / "suite" / "suite.yaml"
    first = load_suite(suite_yaml).hash
    hotel = project / "suite" / "docs" / "hotel.md"
    hotel.write_text(hotel.read_text() + " Breakfast included.", encoding="utf-8")
    second = load_suite(suite_yaml).hash
    assert second != first
    sidecar = project / "suite" / "docs" / "pay.md.metadata.yaml"
    sidecar.write_text("department: hr\nclearance: 1\n", encoding="utf-8")
    third = load_suite(suite_yaml).hash
    assert third != second
    suite_yaml.write_text(suite_yaml.read_text().replace("clearance: 3}\n", "clearance: 2}\n"), encoding="utf-8")
    assert load_suite(suite_yaml).hash != third


def test_intervals_never_collapse() -> None:
    from eval.metrics.stats import interval

    hit = interval([1.0] * 32, "mean")   # was [1.0, 1.0]
    assert hit.method == "clopper-pearson" and hit.low == pytest.approx(0.025 ** (1 / 32)) and hit.high == 1.0
    false_answers = interval([0.0] * 13, "mean")   # was [0, 0]
    assert false_answers.low == 0.0 and false_answers.high == pytest.approx(1 - 0.025 ** (1 / 13))
    assert false_answers.high == pytest.approx(0.247, abs=1e-3)
    flat = interval([0.7] * 20, "mean")   # a bounded continuous metric whose cases all agree
    assert flat.method == "bootstrap+beta" and flat.low < 0.6 and flat.high > 0.8
    assert interval([0.5], "mean").method == "none" and np.isnan(interval([0.5], "mean").low)
    leaks = interval([0.0] * 65, "sum")                # a count of cases: never a certain 0
    assert leaks.method == "clopper-pearson×n" and leaks.low == 0.0 and leaks.high == pytest.approx(3.586, abs=1e-3)
    latency = interval([10.0, 12.0, 11.0, 30.0], "p95")
    assert latency.method == "bootstrap" and latency.low <= latency.high


def test_every_aggregate_names_its_interval_method(project: Path) -> None:
    _, log = run(project / "config.yaml", out_root=project / "runs", progress=False)
    methods = {name: agg.method for name, agg in log.suites["tiny"].metrics.items() if agg.value is not None}
    assert methods["hit@5"] == "clopper-pearson" and methods["refusal_accuracy"] == "clopper-pearson"
    assert methods["ndcg@10"] in ("bootstrap+beta", "clopper-pearson") and methods["latency_p50"] == "bootstrap"


def test_unknown_fusion_weight_keys_are_errors(project: Path, capsys) -> None:
    config = project / "config.yaml"
    config.write_text(config.read_text() + "fusion: {name: weighted_rrf, params: {weights: {bm_25: 2.0}}}\n")
    assert main(["validate", str(config)]) == 2
    err = capsys.readouterr().err
    assert "bm_25" in err and "dense" in err and "bm25" in err


def test_sweep_axes_that_produce_identical_variants_are_errors(project: Path, capsys) -> None:
    sweep = project / "sweep.yaml"
    sweep.write_text("name: dup\nbase: config.yaml\ngrid:\n  top_k: [5, 5.0]\n", encoding="utf-8")
    assert main(["validate", str(sweep)]) == 2
    assert "identical" in capsys.readouterr().err


def test_embedder_index_key_has_the_base_url_from_the_environment(monkeypatch) -> None:
    from rag.embedders import embedders

    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
    one = embedders.describe({"name": "openai", "params": {"model": "m", "dim": 8}})
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:2/v1")
    two = embedders.describe({"name": "openai", "params": {"model": "m", "dim": 8}})
    assert one != two and two["env"] == {"base_url": "http://127.0.0.1:2/v1"}


def test_chat_cache_key_has_the_configured_max_tokens(tmp_path: Path) -> None:
    from rag.chat import CachedChat
    from rag.chat.scripted import ScriptedChat

    calls = []

    class Model(ScriptedChat):
        def complete(self, messages, *, max_tokens=None, on_token=None):
            calls.append(max_tokens)
            return super().complete(messages, max_tokens=max_tokens)

    short, long = Model({}, "x"), Model({}, "x")
    short.max_tokens, long.max_tokens = 16, 512
    CachedChat(short, tmp_path / "c.sqlite").complete([{"role": "user", "content": "hi"}])
    CachedChat(long, tmp_path / "c.sqlite").complete([{"role": "user", "content": "hi"}])
    assert len(calls) == 2   # the 512-token request is not served the 16-token reply


def test_sweep_resume_checks_the_config_hash(project: Path, capsys) -> None:
    sweep = project / "sweep.yaml"
    sweep.write_text("name: s\nbase: config.yaml\ngrid:\n  top_k: [3, 5]\n", encoding="utf-8")
    out = project / "sweeps"
    assert main(["sweep", str(sweep), "--out", str(out), "--workers", "1"]) == 0
    folder = next(out.iterdir())
    config = project / "config.yaml"   # the base changes under the finished variants
    config.write_text(config.read_text().replace("answer_at: 0.5", "answer_at: 0.6"), encoding="utf-8")
    assert main(["sweep", str(sweep), "--resume", str(folder), "--workers", "1"]) == 2
    assert "config changed since it ran" in capsys.readouterr().err


def test_halving_sample_is_per_suite(project: Path) -> None:
    from eval.sweeps.run import sample_ids
    from eval.sweeps.spec import load_sweep

    second = project / "suite2"
    second.mkdir()
    (second / "docs").symlink_to(project / "suite" / "docs")
    (second / "suite.yaml").write_text((project / "suite" / "suite.yaml").read_text().replace("name: tiny", "name: tiny2")
                                       .replace("corpus: docs", "corpus: ../suite/docs")
                                       .replace("cases: cases.jsonl", "cases: ../suite/cases.jsonl"), encoding="utf-8")
    config = project / "config.yaml"
    config.write_text(config.read_text().replace("suites: [", f"suites: ['{second / 'suite.yaml'}', "))
    sweep = project / "sweep.yaml"
    sweep.write_text("name: s\nbase: config.yaml\ngrid:\n  top_k: [3, 5]\nhalving: {sample: 0.3}\n", encoding="utf-8")
    ids = sample_ids(load_sweep(sweep), 0.3)
    assert {s for s, _ in ids} == {"tiny", "tiny2"} and len(ids) == 4  # 2 per suite, never merged by id


def test_sweep_chart_svg_is_escaped() -> None:
    from eval.report.sweep import Point, effect_chart

    svg = effect_chart("axis<script>", "m&<b>", [Point("v<i>", "<img src=x onerror=alert(1)>", 0.5), Point("w", "b", 0.7)])
    assert "<script>" not in svg and "<img" not in svg and "&lt;img" in svg and "<i>" not in svg


def test_multi_query_keeps_codes() -> None:
    from types import SimpleNamespace

    from rag.chat.scripted import ScriptedChat
    from rag.transforms.llm import multi_query
    from rag.types import QueryEnv

    chat = ScriptedChat({}, "1. Fix for error VPN-809\n- How to fix VPN-809\n3) 2024 VPN outage")
    env = QueryEnv(SimpleNamespace(language="en"), chat=chat)  # type: ignore[arg-type]
    texts = [v.text for v in multi_query(n=3)("VPN error VPN-809?", env)]
    assert texts[1:] == ["Fix for error VPN-809", "How to fix VPN-809", "2024 VPN outage"]


def test_indexes_are_built_only_for_the_retrievers_a_config_uses(project: Path, capsys) -> None:
    config = project / "config.yaml"
    config.write_text(config.read_text() + "retrievers: [{name: bm25, params: {top_k: 10}}]\n")
    assert main(["index", str(config)]) == 0
    out = capsys.readouterr().out
    assert "dense  skipped" in out and "sparse built" in out
    assert not list((project / "work" / "indexes").glob("dense*/*"))
