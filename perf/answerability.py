"""Answerability tuned on the kb suites' dev cases, reported once on their test cases
(``make perf``).

`ragbench tune configs/tune-kb-answerability.yaml` searches with calibrate's objective (balanced
accuracy) on dev, runs its nested 5-fold cross-validation (the whole search repeated on four
folds, its best config scored on the fifth: the tune's own estimate of unseen questions, with a
Clopper–Pearson interval over the dev cases), then runs the best config once on test. Beside it,
`ragbench calibrate`'s cross-validated estimate — of a different procedure (a threshold placed
between observed scores), so a reference, not the check.

The check: each suite's tuned test refusal accuracy lies within the interval of the tune's
cross-validated estimate. Prints the figures and writes reports/perf/tune-answerability.json.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perf._scifact import ROOT, write_result  # noqa: E402


def main() -> None:
    from eval.fit.calibrate import calibrate
    from eval.metrics.stats import beta_interval
    from eval.prepare import prepare
    from eval.report.tune import write_tune_report
    from eval.tune.search import run_tune

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["RAGBENCH_WORKDIR"] = str(Path(tmp) / "work")
        suites = {}
        for name in ("kb-zh", "kb-en"):
            c = calibrate(prepare(ROOT / "configs/default.yaml", scoring=False, progress=False), name)
            cv = c.cross_validated
            low, high = beta_interval(round(cv.refusal_accuracy * cv.n), cv.n)
            suites[name] = {"dev_cases": cv.n, "cv_refusal_accuracy": round(cv.refusal_accuracy, 4),
                            "cv_interval": [round(low, 4), round(high, 4)], "cv_balanced": round(cv.balanced, 4),
                            "calibrate_test_refusal_accuracy": round(c.test.refusal_accuracy, 4) if c.test else None}
        start = time.perf_counter()
        folder, state = run_tune(ROOT / "configs/tune-kb-answerability.yaml", out_root=Path(tmp) / "tunes",
                                 progress=False, write_report=write_tune_report)
        seconds = time.perf_counter() - start
    scores = state["scores"]
    for name, row in suites.items():
        test = scores["best_report"]["suites"][name]["refusal_accuracy"]
        base = scores["base_report"]["suites"][name]["refusal_accuracy"]
        cv = state["cv"]["suites"][name]["refusal_accuracy"]
        row.update({"tune_cv_refusal_accuracy": round(cv["value"], 4),
                    "tune_cv_interval": [round(cv["low"], 4), round(cv["high"], 4)],
                    "tuned_test_refusal_accuracy": test["value"], "tuned_test_interval": [test["low"], test["high"]],
                    "base_test_refusal_accuracy": base["value"],
                    "within_tune_cv_interval": cv["low"] <= test["value"] <= cv["high"],
                    "within_calibrate_cv_interval": row["cv_interval"][0] <= test["value"] <= row["cv_interval"][1]})
    result = {"tune_file": "configs/tune-kb-answerability.yaml", "trials": len(state["trials"]),
              "best_params": state["best"]["assignments"], "objective": state["objective"],
              "dev_best": scores["best_fit"]["objective"], "dev_base": scores["base_fit"]["objective"],
              "test_best": scores["best_report"]["objective"], "test_base": scores["base_report"]["objective"],
              "dev_to_test_gap": state["gap"], "cv_balanced": state["cv"]["objective"], "cv_to_test_gap": state["cv_gap"],
              "cv_fold_best": state["cv"]["fold_best"], "workers": state["workers"],
              "worth_objective_on_test": state["worth_objective"],
              "tune_seconds": round(seconds, 1), "suites": suites}
    out = write_result("tune-answerability", result)
    print(f"Answerability on kb-zh / kb-en: {result['trials']} trials on dev (balanced accuracy), reported once on test")
    print(f"  balanced accuracy dev best {result['dev_best']:.3f} (base {result['dev_base']:.3f}); the tune's "
          f"nested cv {result['cv_balanced']:.3f}; test best {result['test_best']:.3f} (base {result['test_base']:.3f}); "
          f"gap dev {result['dev_to_test_gap']:+.3f}, cv {result['cv_to_test_gap']:+.3f}")
    w = result["worth_objective_on_test"]
    print(f"  the fit's worth on test (balanced accuracy, best − base): {w['delta']:+.3f} [{w['low']:+.3f}, "
          f"{w['high']:+.3f}], permutation p = {w['p_value']:.3g}")
    for name, row in suites.items():
        lo, hi = row["tune_cv_interval"]
        c_lo, c_hi = row["cv_interval"]
        print(f"  {name}: the tune's cv refusal accuracy {row['tune_cv_refusal_accuracy']:.3f} [{lo:.3f}, {hi:.3f}] "
              f"on {row['dev_cases']} dev cases; tuned test {row['tuned_test_refusal_accuracy']:.3f} "
              f"→ {'within' if row['within_tune_cv_interval'] else 'OUTSIDE'} the interval "
              f"(calibrate's cv {row['cv_refusal_accuracy']:.3f} [{c_lo:.3f}, {c_hi:.3f}]: "
              f"{'within' if row['within_calibrate_cv_interval'] else 'outside'})")
    print(f"→ {out}")


if __name__ == "__main__":
    main()
