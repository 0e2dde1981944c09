"""``ragbench calibrate CONFIG --suite S``: answerability fit on dev by cross-validation."""

from __future__ import annotations

from pathlib import Path

from eval.fit.calibrate import calibrate, check_suites, format_calibration, snippet
from eval.prepare import prepare
from rag.errors import InputError
from rag.store import write_text_atomic


def calibrate_command(config: Path, suites: list[str], folds: int, out: Path | None, overrides: list[str],
                      answer_type: bool = False, pool: bool = False,
                      max_false_refusal: float | None = None, budget_confidence: float | None = None,
                      dev_only: bool = False) -> int:
    if max_false_refusal is not None and not answer_type:
        raise InputError("--max-false-refusal bounds the scatter check's fit, which only --answer-type fits",
                         field="--max-false-refusal")
    if max_false_refusal is not None and not 0.0 <= max_false_refusal <= 1.0:
        raise InputError(f"--max-false-refusal must be between 0 and 1 (got {max_false_refusal})", field="--max-false-refusal")
    if budget_confidence is not None and max_false_refusal is None:
        raise InputError("--budget-confidence says how surely --max-false-refusal's budget holds; give the budget too",
                         field="--budget-confidence")
    if budget_confidence is not None and not 0.5 <= budget_confidence < 1.0:
        raise InputError(f"--budget-confidence must be at least 0.5 and below 1 (got {budget_confidence})",
                         field="--budget-confidence")
    known = prepare(config, overrides, scoring=False, fit=False, progress=False)
    check_suites(known.suites(), suites, config)            # before a learned fusion is fitted
    prepared = prepare(config, overrides, scoring=False, progress=False)   # a learned fusion fitted on dev first
    snippets = []
    for name in ([suites] if pool else suites):
        result = calibrate(prepared, name, folds, answer_type, max_false_refusal, budget_confidence, dev_only)
        print(format_calibration(result))
        if dev_only:
            print("  (--dev-only: the test split's figures were not computed)")
        print()
        snippets.append(snippet(result))
    text = "\n".join(snippets)
    if out:
        write_text_atomic(out, text)
        print(f"parameters: {out}")
    else:
        print(text, end="")
    return 0
