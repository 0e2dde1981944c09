"""Sweeps: expansion and validation, shared caches, resume after kill -9, executors, halving."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from eval.cli import main
from eval.report.sweep import write_sweep_report
from eval.runs.log import RunLog
from eval.sweeps.leaderboard import holm, paired_p_value
from eval.sweeps.run import run_sweep
from eval.sweeps.spec import load_sweep
from rag.errors import ConfigError

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def beir(tmp_path: Path, monkeypatch) -> Path:
    """A small retrieval suite in BEIR format and a hybrid config with the hashing embedder."""
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    topics = ["hotel cap london", "meal allowance travel", "database failover replica", "password length rules",
              "annual leave days", "parental leave weeks", "laptop replacement cycle", "phishing email report"]
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "corpus.jsonl").write_text("\n".join(
        json.dumps({"_id": f"d{i}", "title": t, "text": f"All about {t}. Details on {t} policy."})
        for i, t in enumerate(topics)), encoding="utf-8")
    (tmp_path / "queries.jsonl").write_text("\n".join(
        json.dumps({"_id": f"q{i}", "text": f"what about {t}"}) for i, t in enumerate(topics)), encoding="utf-8")
    (tmp_path / "qrels.tsv").write_text("query-id\tcorpus-id\tscore\n" + "".join(f"q{i}\td{i}\t1\n" for i in range(8)))
    (tmp_path / "suite.yaml").write_text("name: mini\nlanguage: en\nformat: beir\ncorpus: corpus\n"
                                         "queries: queries.jsonl\nqrels: qrels.tsv\n", encoding="utf-8")
    (tmp_path / "base.yaml").write_text(
        f"name: base\nsuites: ['{tmp_path / 'suite.yaml'}']\nchunker: whole\n"
        "embedder: {name: hashing, params: {dim: 64}}\n"
        "fusion: {name: convex, params: {weights: {dense: 0.5, bm25: 0.5}}}\n", encoding="utf-8")
    return tmp_path


def write_sweep(folder: Path, body: str) -> Path:
    path = folder / "sweep.yaml"
    path.write_text(f"name: s\nbase: base.yaml\n{body}", encoding="utf-8")
    return path


def test_grid_times_zip_plus_named_variants(beir: Path) -> None:
    sweep = load_sweep(write_sweep(beir, "grid:\n  fusion.params.normalise: [minmax, zscore]\n  top_k: [3, 5]\n"
                                         "zip:\n  fusion.params.weights.dense: [0.2, 0.8]\n"
                                         "  fusion.params.weights.bm25: [0.8, 0.2]\n"
                                         "variants:\n  rrf: {fusion: rrf}\n"))
    names = [v.name for v in sweep.variants]
    assert len(names) == 2 * 2 * 2 + 1 and names[-1] == "rrf"
    assert names[0] == "normalise=minmax,top_k=3,dense=0.2,bm25=0.8"
    assert names == [v.name for v in load_sweep(beir / "sweep.yaml").variants]  # stable
    first = sweep.variants[0].config
    assert first.fusion.params == {"weights": {"dense": 0.2, "bm25": 0.8}, "normalise": "minmax"} and first.top_k == 3


@pytest.mark.parametrize("body,line,message", [
    ("grid:\n  fusoin.name: [rrf]\n", 4, "did you mean 'fusion'"),
    ("grid:\n  fusion.params.kk: [1]\n", 4, "fusion 'convex' has no parameter 'kk'"),
    ("zip:\n  top_k: [1, 2]\n  fusion.params.weights.dense: [0.1]\n", 4, "equal lengths"),
    ("grid:\n  retrievers.5.params.top_k: [1]\n", 4, "no item '5'"),
    ("variants:\n  a: {top_k: 3}\neffects:\n  b: [x]\n", 6, "effects names no variant 'b'"),
])
def test_bad_axes_are_named_with_their_line(beir: Path, body: str, line: int, message: str) -> None:
    path = write_sweep(beir, body)
    with pytest.raises(ConfigError) as info:
        load_sweep(path)
    assert info.value.line == line and message in str(info.value)
    assert main(["validate", str(path)]) == 2


def test_a_fusion_only_sweep_embeds_and_searches_nothing_after_the_first_variant(beir: Path) -> None:
    path = write_sweep(beir, "zip:\n  fusion.params.weights.dense: [0.2, 0.5, 0.8]\n"
                             "  fusion.params.weights.bm25: [0.8, 0.5, 0.2]\n"
                             "variants:\n  rrf: {fusion: rrf}\n  deep: {top_k: 2}\n")
    folder, state = run_sweep(path, out_root=beir / "sweeps", progress=False, write_report=write_sweep_report)
    logs = [RunLog.read(Path(v["run_dir"])) for v in state["variants"].values()]
    first, rest = logs[0], logs[1:]
    assert first.caches["embeddings"]["misses"] == 8 and first.caches["candidates"]["misses"] == 16
    for log in rest:
        assert log.caches["embeddings"].get("misses", 0) == 0, log.run_id
        assert log.caches["candidates"].get("misses", 0) == 0 and log.caches["candidates"]["hits"] == 16
    assert state["caches"]["indexes"] == {"built": 3}  # chunks, dense and sparse: once for all five
    assert (folder / "leaderboard.html").is_file() and state["status"] == "complete"
    board = state["leaderboard"][0]
    assert board["suite"] == "mini" and set(board["variants"]) == set(state["variants"])
    assert sum(cell["ndcg@10"]["best"] for cell in board["variants"].values()) == 1


def test_a_killed_sweep_resumes_without_redoing_finished_variants(beir: Path, tmp_path: Path) -> None:
    suite = beir / "suite.yaml"
    suite.write_text(suite.read_text() + "mode: full\n", encoding="utf-8")  # answers, so the killer runs
    base = beir / "base.yaml"
    base.write_text(base.read_text() + f"generator: {{name: 'tests.killswitch:killer', params: "
                    f"{{marker: '{tmp_path / 'killed'}', after: 11}}}}\n", encoding="utf-8")
    path = write_sweep(beir, "variants:\n  a: {top_k: 3}\n  b: {top_k: 4}\n  c: {top_k: 5}\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "eval.cli", "sweep", str(path), "--out", str(beir / "sweeps")]
    killed = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert killed.returncode == -9, killed.stderr
    (folder,) = (beir / "sweeps").iterdir()
    first = folder / "runs" / "a"
    assert RunLog.read(first).status == "complete"
    stamp = ((first / "run.json").stat().st_mtime_ns, (first / "cases.jsonl").stat().st_mtime_ns)
    assert RunLog.read(folder / "runs" / "b").status == "running"
    resumed = subprocess.run([*command, "--resume"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    assert ((first / "run.json").stat().st_mtime_ns, (first / "cases.jsonl").stat().st_mtime_ns) == stamp
    state = json.loads((folder / "sweep.json").read_text())
    assert state["status"] == "complete" and "[full 1/2] b: complete" in resumed.stderr


def test_successive_halving_keeps_the_best_fraction(beir: Path) -> None:
    path = write_sweep(beir, "zip:\n  fusion.params.weights.dense: [0.0, 0.3, 0.7, 1.0]\n"
                             "  fusion.params.weights.bm25: [1.0, 0.7, 0.3, 0.0]\n"
                             "halving: {sample: 0.5, keep: 0.5, metric: ndcg@10}\n")
    folder, state = run_sweep(path, out_root=beir / "sweeps", progress=False, write_report=write_sweep_report)
    halving = state["halving"]
    assert halving["sample_cases"] == 4 and len(halving["kept"]) == 2 and len(halving["eliminated"]) == 2
    assert {b["suite"] for b in state["leaderboard"]} == {"mini"}
    assert set(state["leaderboard"][0]["variants"]) == set(halving["kept"])
    for name in state["variants"]:
        assert (folder / "runs" / f"{name}@sample" / "run.json").is_file()


def quality(board: list[dict]) -> list[dict]:
    """A leaderboard without timings, which differ from run to run."""
    return [{**b, "metrics": [m for m in b["metrics"] if not m.startswith("latency")],
             "best": {m: v for m, v in b["best"].items() if not m.startswith("latency")},
             "variants": {n: {m: c for m, c in cells.items() if not m.startswith("latency")}
                          for n, cells in b["variants"].items()}} for b in board]


def test_local_process_pool_gives_the_same_results_as_in_process(beir: Path) -> None:
    body = "zip:\n  fusion.params.weights.dense: [0.2, 0.8]\n  fusion.params.weights.bm25: [0.8, 0.2]\n"
    _, serial = run_sweep(write_sweep(beir, body), out_root=beir / "serial", progress=False)
    _, pooled = run_sweep(write_sweep(beir, body + "workers: 2\n"), out_root=beir / "pooled", progress=False)
    assert quality(serial["leaderboard"]) == quality(pooled["leaderboard"])


@pytest.mark.slow
def test_ray_executor_on_a_local_ray_instance(beir: Path) -> None:
    pytest.importorskip("ray")
    body = "zip:\n  fusion.params.weights.dense: [0.2, 0.8]\n  fusion.params.weights.bm25: [0.8, 0.2]\n"
    _, local = run_sweep(write_sweep(beir, body), out_root=beir / "local", progress=False)
    _, ray = run_sweep(write_sweep(beir, body + "executor: ray\nworkers: 2\n"), out_root=beir / "ray", progress=False)
    assert ray["status"] == "complete" and quality(ray["leaderboard"]) == quality(local["leaderboard"])
    # the driver builds no index for workers that build their own in a scratch workspace
    assert ray["caches"]["indexes"] == {} and sum(local["caches"]["indexes"].values()) > 0


def test_holm_and_paired_tests() -> None:
    assert holm({"a": 0.01, "b": 0.04, "c": 0.03}) == pytest.approx({"a": 0.03, "c": 0.06, "b": 0.06})
    same = np.array([1.0, 0.0, 1.0, 1.0])
    assert paired_p_value(same, same, "permutation", 999) == 1.0
    rng = np.random.default_rng(0)
    better = rng.uniform(0.5, 1.0, 60)
    worse = better - 0.2
    assert paired_p_value(better, worse, "permutation", 999) < 0.01
    assert paired_p_value(better, worse, "bootstrap", 999) < 0.01


def test_effect_chart_keeps_the_axis_order_and_escapes_nothing_it_should_not() -> None:
    from eval.report.sweep import Point, effect_chart

    points = [Point(f"v{w}", w, v) for w, v in (("0.7", 0.70), ("0.3", 0.72), ("<b>0.5</b>", 0.73))]
    svg = effect_chart("weights", "ndcg@10", points, ["0.3", "<b>0.5</b>", "0.7"])
    assert svg.startswith("<svg") and svg.count("<circle") == 3
    assert svg.index(">0.3<") < svg.index(">&lt;b&gt;0.5&lt;/b&gt;<") < svg.index(">0.7<")


def test_the_leaderboard_opens_with_what_changed_and_each_variants_cache_state(beir: Path) -> None:
    path = write_sweep(beir, "grid:\n  fusion.params.normalise: [minmax, zscore]\nvariants:\n  rrf: {fusion: rrf}\n")
    folder, state = run_sweep(path, out_root=beir / "sweeps", progress=False, write_report=write_sweep_report)
    recorded = json.loads((folder / "sweep.json").read_text(encoding="utf-8"))
    assert recorded["config_diff"] == state["config_diff"]
    diff = {d["path"]: d["values"] for d in recorded["config_diff"]}
    assert diff["fusion.name"] == {"normalise=minmax": "convex", "normalise=zscore": "convex", "rrf": "rrf"}
    assert diff["fusion.params.normalise"] == {"normalise=minmax": "minmax", "normalise=zscore": "zscore", "rrf": "—"}
    assert "name" not in diff and "top_k" not in diff                    # names aside; only what differs
    assert [v["cache_state"] for v in recorded["variants"].values()] == ["cold", "warm", "warm"]
    html = (folder / "leaderboard.html").read_text(encoding="utf-8")
    assert html.index('id="config"') < html.index("<h2>Leaderboard</h2>") < html.index('class="board"')
    assert "<code>fusion.params.normalise</code>" in html and '<td class="cold">cold</td>' in html
    # the normalise axis is categorical: points, no line; its y axis starts at zero
    chart = html[html.index('<svg class="effect'):html.index("</svg>", html.index('<svg class="effect'))]
    assert 'class="effect categorical"' in chart and "<path" not in chart and "<circle" in chart
    assert '>0.0</text>' in chart or ">0.00</text>" in chart


def test_stage_effects_are_computed_written_and_shown(beir: Path) -> None:
    path = write_sweep(beir, "variants:\n  base: {}\n  deep: {top_k: 2}\neffects:\n  deep: [none]\n")
    folder, state = run_sweep(path, out_root=beir / "sweeps", progress=False, write_report=write_sweep_report)
    (effect,) = [e for e in state["effects"] if e["variant"] == "deep"]
    assert effect["baseline"] == "base" and effect["split"] == "all"       # the BEIR suite has no splits
    assert effect["tagged"]["n"] == 0 and effect["elsewhere"]["n"] > 0
    assert "Stage effects" in (folder / "leaderboard.html").read_text(encoding="utf-8")


def test_an_executor_with_params_validates_and_a_wrong_one_names_its_line(beir: Path) -> None:
    from eval.sweeps.spec import load_sweep
    from rag.errors import ConfigError

    body = "zip:\n  fusion.params.weights.dense: [0.2, 0.8]\n  fusion.params.weights.bm25: [0.8, 0.2]\n"
    ok = load_sweep(write_sweep(beir, body + "executor: {name: ray, params: {address: auto, runtime_env: {}}}\n"))
    assert ok.spec.executor.name == "ray" and ok.spec.executor.params["address"] == "auto"
    with pytest.raises(ConfigError, match="executor") as err:
        load_sweep(write_sweep(beir, body + "executor: {name: ray, params: {adress: auto}}\n"))
    assert err.value.line is not None
