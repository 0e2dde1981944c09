"""``ragbench label RUN_DIR``: a static page to label a run's answered cases by hand."""

from __future__ import annotations

from pathlib import Path

from eval.config import RunConfig, suite_paths
from eval.labels.file import KEYED_BY, load_labels
from eval.report.labels import cases_to_label, write_label_page
from eval.runs.checkpoint import read_run
from eval.suites import load_suite
from rag.errors import InputError

DEFAULT = ["faithfulness", "correctness"]


def label_command(run_dir: Path, metrics: list[str], earlier: Path | None, out: Path | None) -> int:
    if not (run_dir / "run.json").is_file():
        raise InputError(f"{run_dir} is not a run folder (no run.json)", field="RUN_DIR")
    metrics = metrics or DEFAULT
    unknown = [m for m in metrics if m not in KEYED_BY]
    if unknown:
        raise InputError(f"unknown labelled metric {unknown[0]!r} (known: {', '.join(KEYED_BY)})", field="--metric")
    log, records = read_run(run_dir)
    config = RunConfig.model_validate(log.config)
    references = {}
    for path in suite_paths(config, log.config_path):
        suite = load_suite(path, check_corpus=False)
        references.update({(suite.name, c.id): c.reference for c in suite.cases})
    cases = cases_to_label(records, references, load_labels(earlier) if earlier else [], metrics)
    page = write_label_page(out or run_dir / "label.html", log, cases, metrics)
    stale = sum(c["stale"] for c in cases)
    print(f"{page}: {len(cases)} answered case(s) to label" + (f", {stale} whose answer changed first" if stale else ""))
    return 0
