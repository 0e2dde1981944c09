"""``ragbench gate GATE``: the candidate against a baseline, one verdict per rule."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from eval.config import RunConfig
from eval.gate import baseline as baselines
from eval.gate.baseline import Measured
from eval.gate.fresh import baseline_at_ref, machine_noise
from eval.gate.junit import write_junit
from eval.gate.spec import Gate, load_gate
from eval.gate.verdicts import GateResult, check_deterministic, compare
from eval.judges.judged import JUDGED
from eval.labels.agreement import QUALIFIED, agreement_of_run, corrected_by_suite
from eval.labels.file import load_all
from eval.prepare import prepare
from eval.report import write_run_report
from eval.report.gate import write_gate_page
from eval.runs.checkpoint import read_cases, read_run
from eval.runs.runner import run
from eval.workspace import Workspace
from rag.errors import InputError
from rag.store import write_json_atomic

MARK = {"pass": "PASS", "fail": "FAIL", "inconclusive": "????"}


def format_result(result: GateResult) -> str:
    lines = []
    if result.changes:
        lines.append("changed since the baseline (baseline → candidate):")
        lines += [f"  {path}: {before} → {after}" for path, (before, after) in result.changes]
        lines.append("")
    for v in result.verdicts:
        detect = f"  [detects ≥ {v.resolution.drop:.4f}: {v.resolution.why}]" if v.resolution else ""
        lines.append(f"{MARK[v.outcome]}  {v.suite:<10} {v.rule.label:<20} {v.message}{detect}")
    worse = [f for f in result.flips if f.direction == "pass→fail"]
    better = [f for f in result.flips if f.direction == "fail→pass"]
    if result.flips:
        lines.append("")
        lines.append(f"flips: {len(worse)} pass→fail, {len(better)} fail→pass")
        for f in result.flips:
            label = f" [{f.candidate['label']}]" if f.candidate.get("label") else ""
            lines.append(f"  {f.direction}  {f.suite}/{f.case_id}: {f.baseline['behaviour']} → "
                         f"{f.candidate['behaviour']}{label}")
            missing = (f.candidate.get("detail") or {}).get("missing")
            if missing and f.direction == "pass→fail":
                lines.append(f"      missing from the answer: {', '.join(missing)}")
    for note in result.notes:
        lines.append(f"note: {note}")
    for line in result.infrastructure:
        lines.append(f"INFRA {line}")
    lines.append("")
    lines.append(f"gate: {result.outcome} (exit {result.exit_code})")
    return "\n".join(lines)


def measure(gate: Gate, overrides: list[str]) -> tuple[Path, Measured]:
    """Run the gated config ``repeats`` times (a deterministic target once, unless asked)."""

    prepared = prepare(gate.config_path, [*gate.spec.overrides, *overrides], only=gate.spec.suites or None)
    logs, repeats, first = [], [], None
    for i in range(gate.spec.repeats):
        if gate.spec.repeats > 1:
            print(f"gate: repeat {i + 1} of {gate.spec.repeats}", file=sys.stderr, flush=True)
        run_dir, log = run(prepared.again(i), progress=sys.stderr.isatty())
        cases = read_cases(run_dir)
        if first is None:
            first = run_dir
            write_run_report(run_dir, log, cases)  # the candidate's own report, beside gate.html
        logs.append(log)
        repeats.append(cases)
    assert first is not None
    return first, Measured(logs, repeats)


def qualification(gate: Gate, run_dir: Path, measured: Measured, force: bool) -> list[str]:
    """With ``labels``: the judge's agreement with people on the candidate (``agreement.json``
    beside it), a note per judged metric; with ``require_qualified``, a rule on a judged metric
    whose judge is not qualified is an input error unless ``--force``."""
    if not gate.labels_paths:
        return []
    rules = RunConfig.model_validate(measured.log.config).qualification
    labels = load_all(gate.labels_paths)
    rows = agreement_of_run(measured.repeats[0], labels, rules)
    write_json_atomic(run_dir / "agreement.json", {"labels": [str(p.resolve()) for p in gate.labels_paths],
                                                   "qualification": rules.model_dump(),
                                                   "metrics": {a.metric: a.to_dict() for a in rows}})
    verdicts = {a.metric: a for a in rows}
    notes = [f"judge on {a.metric}: {a.verdict} ({a.why}; {a.n} labelled, {a.stale} stale)" for a in rows]
    if gate.spec.require_qualified:
        for rule in gate.spec.rules:
            if rule.metric in JUDGED and (rule.metric not in verdicts or verdicts[rule.metric].verdict != QUALIFIED):
                why = verdicts[rule.metric].why if rule.metric in verdicts else "no labels for it"
                if not force:
                    raise InputError(f"rule on {rule.metric}: its judge is not qualified ({why}); label more cases, "
                                     "or --force to gate on it anyway", field="require_qualified")
                notes.append(f"--force: gated on {rule.metric} with a judge that is not qualified")
    return notes


def read_candidate(paths: list[Path]) -> tuple[Path, Measured]:
    logs, repeats = [], []
    for run_dir in paths:
        if not (run_dir / "run.json").is_file():
            raise InputError(f"{run_dir} is not a run folder (no run.json)", field="--candidate")
        log, cases = read_run(run_dir)
        logs.append(log)
        repeats.append(cases)
    return paths[0], Measured(logs, repeats)


def gate_command(path: Path, candidate: list[Path] | None, update: bool, force: bool, junit: Path | None,
                 html: Path | None, overrides: list[str] | None = None, baseline_ref: str | None = None) -> int:
    gate = load_gate(path)
    overrides = list(overrides or [])
    if update and baseline_ref:
        raise InputError("--baseline-ref computes a baseline to compare with; it cannot be written with "
                         "--update-baseline", field="--baseline-ref")
    baseline = committed_noise = None
    if baseline_ref:

        scratch = Workspace.of().scratch("baseline-refs")
        baseline, committed = baseline_at_ref(path, baseline_ref, list(gate.spec.overrides), scratch)
        committed_noise = machine_noise(baseline, committed) if committed else None
    elif not update:
        baseline = baselines.Baseline.read(gate.baseline_path)  # fail before running
    run_dir, measured = read_candidate(candidate) if candidate else measure(gate, overrides)
    log = measured.log

    if update:
        incomplete = [x.run_id for x in measured.logs if x.status != "complete"]
        if incomplete:
            print(f"ragbench: error: run {incomplete[0]} is not complete; a baseline needs complete runs",
                  file=sys.stderr)
            return 3
        if gate.baseline_path.is_file() and not force:
            old = baselines.Baseline.read(gate.baseline_path)
            changed = sorted(s for s, summary in log.suites.items()
                             if s in old.suites and old.suites[s].hash != summary.hash)
            if changed:
                raise InputError(f"suite(s) {changed} changed since the baseline was made; "
                                 "use --force to replace it anyway", field="--update-baseline")
        if gate.spec.deterministic and len(measured.repeats) > 1:

            check_deterministic(measured)   # the repeats agree: one of them is the baseline
            measured = Measured(measured.logs[:1], measured.repeats[:1])
        baselines.write(baselines.from_measured(measured), gate.baseline_path)
        print(f"baseline written: {os.path.normpath(gate.baseline_path)} (from run {log.run_id}"
              + (f", {len(measured.repeats)} repeats" if len(measured.repeats) > 1 else "") + ")")
        return 0

    assert baseline is not None
    qualified = qualification(gate, run_dir, measured, force)
    corrected = corrected_by_suite(measured.repeats[0], load_all(gate.labels_paths)) if gate.labels_paths else None
    result = compare(gate, baseline, measured, force=force, corrected=corrected)
    result.notes += qualified
    if committed_noise is not None:
        result.notes.append(f"fresh baseline at {baseline_ref} vs its committed baseline: "
                            + (f"{len(committed_noise)} case(s) differ (machine noise): " + "; ".join(committed_noise)
                               if committed_noise else "identical pass/fail on every case"))
    print(format_result(result))
    if junit:

        print(f"junit: {write_junit(result, junit, gate.spec.name)}")
    print(f"html:  {write_gate_page(html or run_dir / 'gate.html', result, baseline, log, gate.spec.name)}")
    return result.exit_code
