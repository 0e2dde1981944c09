"""`ragbench tune`: TPE over a space on the dev split, the base config as trial 0, one report on
the test split (whose qrels are never read before it), resume, determinism, spec errors."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from eval.cli import main
from eval.config import load_config, load_suites
from eval.report.tune import write_tune_report
from eval.tune import search, study, trials
from eval.tune.spec import load_tune
from rag.errors import ConfigError

TOPICS = ["hotel cap london", "meal allowance travel", "database failover replica", "password length rules",
          "annual leave days", "parental leave weeks", "laptop replacement cycle", "phishing email report",
          "parking garage hours", "visitor badge office"]
SPACE = """space:
  fusion.params.weights.dense: {float: [0.1, 3.0], log: true}
  fusion.params.normalise: {choices: [minmax, zscore]}
  retrievers.1.params.top_k: {int: [2, 8], step: 2}
objective: {metric: ndcg@10}
budget: {trials: 4}
seed: 7
startup_trials: 2
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    return make_project(tmp_path)


def make_project(tmp_path: Path) -> Path:
    """A BEIR suite with qrels per split (6 dev queries, 4 test) and a hybrid hashing config."""
    (tmp_path / "qrels").mkdir()
    (tmp_path / "corpus.jsonl").write_text("\n".join(
        json.dumps({"_id": f"d{i}", "title": t, "text": f"All about {t}. Details on {t} rules."})
        for i, t in enumerate(TOPICS)), encoding="utf-8")
    (tmp_path / "queries.jsonl").write_text("\n".join(
        json.dumps({"_id": f"q{i}", "text": f"what is the {t.split()[0]} {t.split()[-1]}"}) for i, t in enumerate(TOPICS)),
        encoding="utf-8")
    head = "query-id\tcorpus-id\tscore\n"
    (tmp_path / "qrels" / "train.tsv").write_text(head + "".join(f"q{i}\td{i}\t1\n" for i in range(6)))
    (tmp_path / "qrels" / "test.tsv").write_text(head + "".join(f"q{i}\td{i}\t1\n" for i in range(6, 10)))
    (tmp_path / "suite.yaml").write_text("name: mini\nlanguage: en\nformat: beir\ncorpus: corpus.jsonl\n"
                                         "qrels: {dev: qrels/train.tsv, test: qrels/test.tsv}\n", encoding="utf-8")
    (tmp_path / "base.yaml").write_text(
        "name: base\nsuites: [suite.yaml]\nsplits: [test]\nchunker: whole\n"
        "embedder: {name: hashing, params: {dim: 64}}\n"
        "retrievers: [{name: dense, params: {top_k: 8}}, {name: bm25, params: {top_k: 4}}]\n"
        "fusion: {name: convex, params: {weights: {dense: 1.0, bm25: 1.0}, normalise: minmax}}\n", encoding="utf-8")
    (tmp_path / "tune.yaml").write_text("name: t\nbase: base.yaml\n" + SPACE, encoding="utf-8")
    return tmp_path


def test_a_tune_fits_on_dev_and_reads_the_test_qrels_only_for_its_report(project: Path, monkeypatch) -> None:
    import eval.suites.formats as suites_module

    events: list[str] = []
    real_read, real_once = suites_module._read_text, trials.Context.run_once
    monkeypatch.setattr(suites_module, "_read_text", lambda p: (events.append(Path(p).name), real_read(p))[1])

    def once(self, config, run_dir, splits, cases=None):
        events.append(f"RUN {splits[0]}")
        return real_once(self, config, run_dir, splits, cases)

    monkeypatch.setattr(trials.Context, "run_once", once)
    folder, state = search.run_tune(project / "tune.yaml", out_root=project / "tunes", progress=False,
                                    write_report=write_tune_report)
    first_test = events.index("test.tsv")
    assert events.index("RUN test") < first_test and "train.tsv" in events[:first_test]
    assert len(state["trials"]) == 4 and state["trials"][0]["assignments"] == {
        "fusion.params.weights.dense": 1.0, "fusion.params.normalise": "minmax", "retrievers.1.params.top_k": 4}
    scores = state["scores"]
    assert scores["best_fit"]["objective"] >= scores["base_fit"]["objective"]        # trial 0 is the base
    assert state["gap"] == pytest.approx(scores["best_fit"]["objective"] - scores["best_report"]["objective"])
    agg = scores["best_report"]["suites"]["mini"]["ndcg@10"]
    assert agg["n"] == 4 and agg["low"] <= agg["value"] <= agg["high"]
    assert "an interval needs 10" in state["worth_objective"]["reason"]   # 4 test cases: no interval claimed
    best = load_config(folder / "best.yaml")                                          # a config of its own
    assert best.fusion.params["weights"]["dense"] == state["best"]["assignments"]["fusion.params.weights.dense"]
    html = (folder / "tune.html").read_text(encoding="utf-8")
    assert "Optimisation history" in html and "best trial" in html


def test_the_same_seed_gives_the_same_trials_and_a_killed_tune_resumes(project: Path, monkeypatch) -> None:
    _, first = search.run_tune(project / "tune.yaml", out_root=project / "a", progress=False)
    assert first["status"] == "complete"
    folder, partial = search.run_tune(project / "tune.yaml", out_root=project / "b", trials=2, progress=False)
    assert partial["status"] == "partial"
    assert [t["assignments"] for t in partial["trials"]] == [t["assignments"] for t in first["trials"]][:2]
    # killed during trial 2: the study keeps trials 0-1, the killed trial is marked failed
    real_run = trials.run

    def killed(*args, **kwargs):
        if str(kwargs.get("run_dir", "")).endswith("t0002"):
            raise KeyboardInterrupt
        return real_run(*args, **kwargs)

    monkeypatch.setattr(trials, "run", killed)
    with pytest.raises(KeyboardInterrupt):
        search.run_tune(project / "tune.yaml", out_root=project / "b", resume=True, progress=False)
    monkeypatch.setattr(trials, "run", real_run)
    _, resumed = search.run_tune(project / "tune.yaml", out_root=project / "b", resume=True, progress=False)
    done = [t for t in resumed["trials"] if t["state"] == "COMPLETE"]
    assert resumed["status"] == "complete" and len(done) == 4
    assert [t["assignments"] for t in done][:2] == [t["assignments"] for t in first["trials"]][:2]
    assert [t["state"] for t in resumed["trials"]].count("FAIL") == 1


@pytest.mark.parametrize("space,line,message", [
    ("space:\n  fusoin.name: {choices: [rrf]}\n", 4, "did you mean 'fusion'"),
    ("space:\n  top_k: {int: [5, 1]}\n", 4, "low < high"),
    ("space:\n  top_k: {int: [1, 5]}\n  fusion.params.k: {int: [1, 9], when: {fusion.name: rrf}}\n", 5,
     "not a parameter listed before"),
    ("space:\n  fusion.params.kk: {float: [0.1, 1.0]}\n", 4, "has no parameter 'kk'"),
])
def test_bad_tune_files_are_named_with_their_line(project: Path, space: str, line: int, message: str) -> None:
    (project / "bad.yaml").write_text(f"name: bad\nbase: base.yaml\n{space}objective: {{metric: ndcg@10}}\n")
    with pytest.raises(ConfigError) as info:
        load_tune(project / "bad.yaml")
    assert info.value.line == line and message in str(info.value)
    assert main(["tune", str(project / "bad.yaml"), "--out", str(project / "o")]) == 2


def test_a_learned_fusion_fitted_on_the_fit_split_is_refused(project: Path) -> None:
    (project / "learned.yaml").write_text(
        "name: l\nbase: base.yaml\nspace:\n  fusion.name: {choices: [convex, learned]}\n"
        "objective: {metric: ndcg@10}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_tune(project / "learned.yaml")
    assert info.value.line == 4 and "its own training cases" in str(info.value)


def test_pruned_trials_stop_after_their_sample_and_count_against_the_budget(project: Path, monkeypatch) -> None:
    import optuna

    (project / "prune.yaml").write_text("name: p\nbase: base.yaml\n" + SPACE + "prune: {sample: 0.5, warmup_trials: 1}\n",
                                        encoding="utf-8")
    # every trial after the base config is pruned: what a pruned trial leaves is then certain
    monkeypatch.setattr(optuna.trial.Trial, "should_prune", lambda self: self.number > 0)
    folder, state = search.run_tune(project / "prune.yaml", out_root=project / "tunes", progress=False)
    states = [t["state"] for t in state["trials"]]
    assert states == ["COMPLETE", "PRUNED", "PRUNED", "PRUNED"] and state["status"] == "complete"
    assert state["best"]["number"] == 0
    cases = {t["number"]: len((folder / "trials" / f"t{t['number']:04d}" / "cases.jsonl").read_text().splitlines())
             for t in state["trials"]}
    assert cases == {0: 6, 1: 3, 2: 3, 3: 3}      # the sample is half the 6 dev cases; trial 0 went on to all
    assert all(t["sample_value"] is not None for t in state["trials"])
    # the same seed samples the same cases
    tune = load_tune(project / "prune.yaml")
    suites = load_suites(tune.config_for({}, "s")[0], tune.base_path, None, ["dev"])
    assert study.rung_sample(tune, suites) == study.rung_sample(tune, suites) and len(study.rung_sample(tune, suites)) == 3
    # within a cross-validation fold: half of the fold's own fit cases, never a held-out one
    fold = (("mini", "q0"), ("mini", "q1"), ("mini", "q2"), ("mini", "q3"))
    inside = study.rung_sample(tune, suites, fold)
    assert len(inside) == 2 and inside <= set(fold)


def test_a_choice_can_be_a_whole_retriever_list(project: Path) -> None:
    (project / "lists.yaml").write_text(
        "name: l\nbase: base.yaml\nspace:\n"
        "  retrievers: {choices: [[{name: dense, params: {top_k: 8}}, {name: bm25, params: {top_k: 4}}],"
        " [{name: bm25, params: {top_k: 8}}, {name: dense, params: {top_k: 2}}]]}\n"
        "objective: {metric: ndcg@10}\nbudget: {trials: 3}\nseed: 7\nstartup_trials: 2\n", encoding="utf-8")
    folder, state = search.run_tune(project / "lists.yaml", out_root=project / "tunes", progress=False)
    seen = [t["assignments"]["retrievers"] for t in state["trials"]]
    assert seen[0] == [{"name": "dense", "params": {"top_k": 8}}, {"name": "bm25", "params": {"top_k": 4}}]
    assert all(v[0]["name"] in ("dense", "bm25") and len(v) == 2 for v in seen)
    best = load_config(folder / "best.yaml")
    assert [r.name for r in best.retrievers] in (["dense", "bm25"], ["bm25", "dense"])


def test_parallel_workers_give_the_same_trials_every_time(project: Path) -> None:
    (project / "par.yaml").write_text("name: par\nbase: base.yaml\n" + SPACE + "workers: 2\n", encoding="utf-8")
    folder, first = search.run_tune(project / "par.yaml", out_root=project / "a", progress=False)
    _, again = search.run_tune(project / "par.yaml", out_root=project / "b", progress=False)
    assert first["workers"] == 2 and first["status"] == "complete"
    assert [t["state"] for t in first["trials"]] == ["COMPLETE"] * 4
    # told in trial order, whichever process finished first: the same history, so the same proposals
    assert [(t["assignments"], t["value"]) for t in again["trials"]] == [(t["assignments"], t["value"]) for t in first["trials"]]
    assert first["trials"][0]["assignments"]["fusion.params.weights.dense"] == 1.0          # still the base first
    for t in first["trials"]:   # each trial ran every dev case in its own run folder
        assert len((folder / "trials" / f"t{t['number']:04d}" / "cases.jsonl").read_text().splitlines()) == 6


def test_nested_cross_validation_scores_every_fit_case_once_with_a_config_chosen_without_it(project: Path,
                                                                                             monkeypatch) -> None:
    import eval.suites.formats as suites_module

    reads: list[str] = []
    real_read = suites_module._read_text
    monkeypatch.setattr(suites_module, "_read_text", lambda p: (reads.append(str(p)), real_read(p))[1])
    folder, state = search.run_tune(project / "tune.yaml", out_root=project / "tunes", cv=2, progress=False,
                                    write_report=write_tune_report)
    cv = state["cv"]
    assert cv["folds"] == 2 and len(cv["fold_best"]) == 2
    held = {}
    for k in (1, 2):
        fold = folder / "cv" / f"fold{k}"
        held[k] = {json.loads(line)["case_id"] for line in (fold / "held-out" / "cases.jsonl").read_text().splitlines()}
        inner = {json.loads(line)["case_id"] for line in (fold / "trials" / "t0000" / "cases.jsonl").read_text().splitlines()}
        assert inner and not inner & held[k]               # the fold's search never saw its held-out cases
        assert len(list((fold / "trials").iterdir())) == 4  # the same budget as the tune
    assert held[1] | held[2] == {f"q{i}" for i in range(6)} and not held[1] & held[2]
    # the pooled figure is the mean over the six held-out cases
    values = [json.loads(line)["metrics"]["ndcg@10"] for k in (1, 2)
              for line in (folder / "cv" / f"fold{k}" / "held-out" / "cases.jsonl").read_text().splitlines()]
    agg = cv["suites"]["mini"]["ndcg@10"]
    assert agg["n"] == 6 and cv["objective"] == pytest.approx(sum(values) / 6)
    assert agg["low"] <= agg["value"] <= agg["high"]
    assert state["cv_gap"] == pytest.approx(cv["objective"] - state["scores"]["best_report"]["objective"])
    # the report split's qrels are read after the whole cross-validation, never during it
    first_test = next(i for i, p in enumerate(reads) if p.endswith("test.tsv"))
    assert all(not p.endswith("test.tsv") for p in reads[:first_test]) and (folder / "cv" / "fold2" / "held-out" / "run.json").is_file()
    html = (folder / "tune.html").read_text(encoding="utf-8")
    assert "nested" in html


def test_a_partial_tune_skips_the_cross_validation_and_the_resumed_one_runs_it(project: Path) -> None:
    folder, partial = search.run_tune(project / "tune.yaml", out_root=project / "t", trials=2, cv=2, progress=False)
    assert partial["status"] == "partial" and "cv" not in partial and not (folder / "cv").exists()
    _, resumed = search.run_tune(project / "tune.yaml", out_root=project / "t", resume=True, cv=2, progress=False)
    assert resumed["status"] == "complete" and resumed["cv"]["folds"] == 2


def test_bad_worker_and_fold_counts_exit_2(project: Path) -> None:
    assert main(["tune", str(project / "tune.yaml"), "--workers", "0", "--out", str(project / "o")]) == 2
    assert main(["tune", str(project / "tune.yaml"), "--cv", "1", "--out", str(project / "o")]) == 2
    (project / "cv.yaml").write_text("name: c\nbase: base.yaml\n" + SPACE + "cv: 1\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_tune(project / "cv.yaml")
    assert info.value.line == 11 and "cv" in str(info.value)


def test_workers_pruning_and_nested_cv_together(project: Path) -> None:
    (project / "all.yaml").write_text("name: all\nbase: base.yaml\n" + SPACE
                                      + "prune: {sample: 0.5, warmup_trials: 1}\nworkers: 2\ncv: 2\n", encoding="utf-8")
    folder, state = search.run_tune(project / "all.yaml", out_root=project / "tunes", progress=False)
    assert state["status"] == "complete" and state["workers"] == 2 and state["cv"]["suites"]["mini"]["ndcg@10"]["n"] == 6
    for k in (1, 2):   # every inner trial saw only its fold's fit cases, the sample among them
        held = {json.loads(x)["case_id"] for x in (folder / "cv" / f"fold{k}" / "held-out" / "cases.jsonl").read_text().splitlines()}
        for trial in (folder / "cv" / f"fold{k}" / "trials").iterdir():
            seen = {json.loads(x)["case_id"] for x in (trial / "cases.jsonl").read_text().splitlines()}
            assert seen and not seen & held


def test_slice_charts_place_values_on_their_axes_most_important_first() -> None:
    from eval.report import tune as report

    state = {"space": {"w": {"float": [1.0, 100.0], "log": True}, "n": {"choices": ["a", "b"]}},
             "importances": {"n": 0.2, "w": 0.8}, "best": {"number": 1},
             "trials": [{"number": 0, "state": "COMPLETE", "value": 0.5, "assignments": {"w": 10.0, "n": "b"}},
                        {"number": 1, "state": "COMPLETE", "value": 0.7, "assignments": {"w": 100.0, "n": "a"}},
                        {"number": 2, "state": "PRUNED", "value": 0.1, "assignments": {"w": 1.0, "n": "a"}}]}
    charts = report.slice_charts(state)
    assert [c["key"] for c in charts] == ["w", "n"]                 # by importance, not by name
    w, n = charts
    mid, width = report.SW / 2, report.SW - 2 * report.SPAD
    assert w["dots"][0][0] == pytest.approx(mid) and w["dots"][1][0] == pytest.approx(report.SPAD + width)  # log axis
    assert [d[2] for d in w["dots"]] == [False, True] and len(w["dots"]) == 2   # pruned trials left out
    assert n["dots"][0][0] == pytest.approx(report.SPAD + width * 0.75) and n["labels"][0][1] == "a"
    assert w["dots"][1][1] < w["dots"][0][1]                          # higher objective, higher on the chart


def test_a_worker_process_that_dies_stops_the_tune_with_exit_3(project: Path, capsys) -> None:
    (project / "dies.py").write_text("import os\n\ndef answer(ask):\n    os._exit(7)\n", encoding="utf-8")
    function = f"{project / 'dies.py'}:answer"
    (project / "dies.yaml").write_text(f"name: d\nsuites: [suite.yaml]\ntarget: {{name: python, params: {{function: '{function}'}}}}\n",
                                       encoding="utf-8")
    (project / "tune-dies.yaml").write_text(
        f"name: td\nbase: dies.yaml\nspace:\n  target.params.function: {{choices: ['{function}']}}\n"
        "objective: {metric: ndcg@10}\nbudget: {trials: 2}\nworkers: 2\n", encoding="utf-8")
    assert main(["tune", str(project / "tune-dies.yaml"), "--out", str(project / "tunes")]) == 3
    assert "a trial worker process died" in capsys.readouterr().err
    # the cause fixed, the tune resumes: the trials the dead workers held are failed and run again
    (project / "dies.py").write_text("def answer(ask):\n    return {'answer': 'x', 'contexts': [{'text': 'x', 'doc_id': 'd1'}]}\n",
                                     encoding="utf-8")
    assert main(["tune", str(project / "tune-dies.yaml"), "--out", str(project / "tunes"), "--resume"]) == 0
    state = json.loads(next((project / "tunes").iterdir()).joinpath("tune.json").read_text(encoding="utf-8"))
    states = [t["state"] for t in state["trials"]]
    assert state["status"] == "complete" and states.count("COMPLETE") == 2 and states.count("FAIL") == 2


def test_the_objectives_worth_is_paired_over_cases() -> None:
    from eval.tune.worth import paired_worth

    rng = np.random.default_rng(3)
    base = rng.random((1, 40))
    same = paired_worth([base], [base.copy()], [1.0], 0.0, ["mean"], resamples=400)
    assert same["delta"] == 0 and same["p_value"] == 1.0 and same["low"] == same["high"] == 0
    shifted = paired_worth([base + 0.1], [base], [1.0], 0.0, ["mean"], resamples=400)
    assert shifted["delta"] == pytest.approx(0.1) and shifted["low"] == pytest.approx(0.1)   # every resample: +0.1
    assert shifted["p_value"] < 0.01
    # balanced accuracy: false refusal over the answer cases, false answer over the refuse cases (NaN elsewhere)
    nan = float("nan")
    best = np.array([[0, 0, 1, 0, nan, nan] * 5, [nan, nan, nan, nan, 0, 0] * 5])
    worse = np.array([[0, 1, 1, 0, nan, nan] * 5, [nan, nan, nan, nan, 1, 0] * 5])
    found = paired_worth([best], [worse], [-0.5, -0.5], 1.0, ["mean", "mean"], resamples=400)
    # by hand: best 1 − ½·(5/20) − ½·0 = 0.875; worse 1 − ½·(10/20) − ½·(5/10) = 0.5
    assert found["delta"] == pytest.approx(0.375) and found["low"] <= 0.375 <= found["high"] and found["p_value"] < 0.05
