"""`ragbench tune` on SciFact (``make perf``): fit on the 809 train claims, report once on the 300
test queries, and the cost of 100 trials against one cold `ragbench run configs/scifact.yaml`
(the corpus embedded from nothing); then the learned fusion of configs/scifact-learned.yaml, fitted
on the train claims: its in-sample, cross-validated and test figures. Prints the figures and
writes reports/perf/tune-scifact.json.

The tune runs in the same fresh working folder right after the cold run, so its first trial
finds the corpus embedded and every later trial shares the cached candidates and indexes.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perf._scifact import ROOT, write_result  # noqa: E402


def learned_fusion(tmp: Path) -> dict:
    """Fit the learned fusion on the train claims (its 5-fold cv figure), score it on them
    (in-sample: its own training data) and once on the test queries."""
    from eval.config import load_config
    from eval.fit.fusion import fit_fusion
    from eval.prepare import Prepared, for_fitting
    from eval.runs.runner import run_config as run
    from eval.workspace import Workspace

    path = ROOT / "configs/scifact-learned.yaml"
    config = load_config(path)
    start = time.perf_counter()
    _, data = fit_fusion(for_fitting(Prepared(config, path, Workspace.of(config.workdir), say=lambda line: None), "dev"))
    fit_seconds = time.perf_counter() - start
    _, dev = run(path, out_root=tmp / "runs", progress=False, splits=["dev"])
    _, test = run(path, out_root=tmp / "runs", progress=False, splits=["test"])
    agg = test.suites["scifact"].metrics["ndcg@10"]
    return {"config": "configs/scifact-learned.yaml", "kind": data["kind"], "retrievers": data["retrievers"],
            "fit_seconds": round(fit_seconds, 1), "trained_on": data["trained_on"],
            "dev_in_sample": dev.suites["scifact"].metrics["ndcg@10"].value, "dev_cv": data["cv"]["ndcg@10"],
            "test": agg.value, "test_ci": [agg.low, agg.high], "dev_to_test_gap": round(data["cv"]["ndcg@10"] - agg.value, 4),
            "importance_top5": dict(sorted(data["importance"].items(), key=lambda kv: -kv[1])[:5])}


def main() -> None:
    from eval.report.tune import write_tune_report
    from eval.runs.runner import run_config as run
    from eval.tune.search import run_tune

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["RAGBENCH_WORKDIR"] = str(Path(tmp) / "work")
        start = time.perf_counter()
        _, log = run(ROOT / "configs/scifact.yaml", out_root=Path(tmp) / "runs", progress=False)
        cold = time.perf_counter() - start
        start = time.perf_counter()
        folder, state = run_tune(ROOT / "configs/tune-scifact.yaml", out_root=Path(tmp) / "tunes", progress=False,
                                 write_report=write_tune_report)
        tuned = time.perf_counter() - start
        trial_seconds = state["wall_seconds"]   # the search's wall time: trials run in parallel workers
        learned = learned_fusion(Path(tmp))
    s = state["scores"]
    agg = s["best_report"]["suites"]["scifact"]["ndcg@10"]
    result = {
        "tune_file": "configs/tune-scifact.yaml", "trials": len(state["trials"]), "objective": state["objective"],
        "best_params": state["best"]["assignments"],
        "dev_best": s["best_fit"]["objective"], "dev_base": s["base_fit"]["objective"],
        "test_best": agg["value"], "test_best_ci": [agg["low"], agg["high"]], "test_base": s["base_report"]["objective"],
        "dev_to_test_gap": state["gap"], "worth_on_test": state["worth"].get("ndcg@10"),
        "worth_objective_on_test": state["worth_objective"],
        "importances": state["importances"],
        "workers": state["workers"], "cold_run_seconds": round(cold, 1), "tune_seconds": round(tuned, 1),
        "trials_wall_seconds": round(trial_seconds, 1),
        "trial_seconds_summed": round(sum(t["seconds"] or 0 for t in state["trials"]), 1),
        "trials_over_cold_run": round(trial_seconds / cold, 2), "tune_over_cold_run": round(tuned / cold, 2),
        "learned_fusion": learned,
        "target": {"test_ndcg@10": 0.75, "cost_ratio": 2.0},
    }
    out = write_result("tune-scifact", result)
    print(f"SciFact tune, {result['trials']} trials on the 809 train claims, reported once on the 300 test queries")
    print(f"  nDCG@10 dev  best {result['dev_best']:.4f}  base {result['dev_base']:.4f}")
    print(f"  nDCG@10 test best {result['test_best']:.4f} [{agg['low']:.4f}, {agg['high']:.4f}]  base "
          f"{result['test_base']:.4f}  gap {result['dev_to_test_gap']:+.4f}  (target ≥ 0.75)")
    print(f"  cold run {cold:.0f} s; {result['trials']} trials in {result['workers']} worker(s) {trial_seconds:.0f} s wall "
          f"({result['trials_over_cold_run']}× the cold run; target ≤ 2×); whole tune {tuned:.0f} s")
    print(f"Learned fusion (configs/scifact-learned.yaml, LambdaMART fitted on the train claims): nDCG@10 "
          f"in-sample dev {learned['dev_in_sample']:.4f}, cross-validated dev {learned['dev_cv']:.4f}, "
          f"test {learned['test']:.4f} [{learned['test_ci'][0]:.4f}, {learned['test_ci'][1]:.4f}]  "
          f"gap (cv − test) {learned['dev_to_test_gap']:+.4f}  (target ≥ 0.75)")
    print(f"→ {out}")


if __name__ == "__main__":
    main()
