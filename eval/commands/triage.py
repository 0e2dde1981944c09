"""``ragbench triage RUN_DIR``: the gate's refusals by the check that made them (:mod:`eval.triage.refusals`), then
failing cases grouped by the label of the stage that lost them;
``triage.html`` shows the same; ``--to-suite`` turns the failing cases into a suite on the same
corpus and identities, so badcases become a regression set."""

from __future__ import annotations

from pathlib import Path

from eval.report.triage import format_triage, write_triage_page
from eval.runs.checkpoint import read_run
from eval.triage.badcases import to_suite
from eval.triage.groups import failing, in_scope
from eval.triage.refusals import refusal_ledger
from rag.errors import InputError


def triage_command(run_dir: Path, suite: str | None, tag: str | None, html: Path | None, to_suite_path: Path | None
                   ) -> int:
    if not (run_dir / "run.json").is_file():
        raise InputError(f"{run_dir} is not a run folder (no run.json)", field="RUN_DIR")
    log, cases = read_run(run_dir)
    if suite is not None and suite not in log.suites:
        raise InputError(f"run {log.run_id} has no suite {suite!r}", field="--suite")
    bad = failing(cases, suite, tag)
    ledger = refusal_ledger(in_scope(cases, suite, tag))
    print(format_triage(log, cases, bad, ledger))
    page = write_triage_page(html or run_dir / "triage.html", log, cases, bad, suite, tag, ledger)
    print(f"\nhtml:  {page}")
    if to_suite_path is not None and bad:
        print(f"suite: {to_suite(log, bad, to_suite_path)} ({len(bad)} cases)")
    return 0

