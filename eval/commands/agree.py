"""``ragbench agree RUN_DIR --labels FILE``: how far the run's judge agrees with people, per
judged metric, and whether that qualifies it; the prediction-powered figures beside the judge's
own. Writes ``agreement.json`` in the run folder (the report, compare and the gate read it)."""

from __future__ import annotations

import json
from pathlib import Path

from eval.config import RunConfig
from eval.labels.agreement import Agreement, agreement_of_run
from eval.labels.file import load_all
from eval.report import write_run_report
from eval.runs.checkpoint import read_run
from rag.errors import InputError
from rag.store import write_json_atomic


def _num(value: float | None, digits: int = 3) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _ci(triple: tuple[float | None, float | None, float | None]) -> str:
    value, low, high = triple
    return _num(value) + (f" [{_num(low)}, {_num(high)}]" if low is not None else "")


def _estimate(e: dict) -> str:
    if e["mean"] is None:
        return f"— ({e['method']})"
    return f"{e['mean']:.3f} [{_num(e['low'])}, {_num(e['high'])}] n={e['n']}"


def format_agreement(rows: list[Agreement], labels_paths: list[Path]) -> str:
    lines = [f"labels: {', '.join(map(str, labels_paths))}"]
    for a in rows:
        lines += ["", f"{a.metric}" + (f" (labelled as {a.labelled_as})" if a.labelled_as != a.metric else "")
                  + f": {a.verdict.upper()} — {a.why}",
                  f"  labelled cases   {a.n} ({a.scale}); stale labels {a.stale} (their answer changed)",
                  f"  agreement        {_num(a.agreement)}",
                  f"  Cohen's κ        {_num(a.kappa)} ({a.kappa_kind or 'n/a'})",
                  f"  Spearman/Kendall {_num(a.spearman)} / {_num(a.kendall)}",
                  f"  TPR              {_ci(a.tpr)}",
                  f"  TNR              {_ci(a.tnr)}",
                  f"  bias (judge − people) {_ci(a.bias)}",
                  f"  Krippendorff α   annotators {_num(a.alpha_annotators)}; annotators + judge "
                  f"{_num(a.alpha_with_judge)}",
                  f"  judge only       {_estimate(a.figures['judge_only'])}",
                  f"  labels only      {_estimate(a.figures['labels_only'])}",
                  f"  prediction-powered {_estimate(a.figures['ppi'])}"]
    return "\n".join(lines)


def agree_command(run_dir: Path, labels_paths: list[Path], as_json: bool = False) -> int:
    if not (run_dir / "run.json").is_file():
        raise InputError(f"{run_dir} is not a run folder (no run.json)", field="RUN_DIR")
    log, records = read_run(run_dir)
    labels = load_all(labels_paths)
    rules = RunConfig.model_validate(log.config).qualification
    rows = agreement_of_run(records, labels, rules)
    data = {"labels": [str(p.resolve()) for p in labels_paths], "qualification": rules.model_dump(),
            "metrics": {a.metric: a.to_dict() for a in rows}}
    write_json_atomic(run_dir / "agreement.json", data)
    write_run_report(run_dir, log, records)   # the report shows the verdicts beside the judged metrics
    print(json.dumps(data, ensure_ascii=False, indent=1) if as_json else format_agreement(rows, labels_paths))
    return 0
