"""``ragbench triage RUN_DIR``: failing cases grouped by the label of the stage that lost them.

Groups come most frequent first, each with its count, its share of the failures and its cases;
each case shows its question, every expected document's journey through the stages and the
answer. ``triage.html`` shows the same; ``--to-suite`` turns the failing cases into a suite on
the same corpus and identities, so badcases become a regression set.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from eval.runs.log import CaseRecord, RunLog, read_cases
from eval.triage.fates import journey
from rag.errors import InputError
from rag.store import write_text_atomic


@dataclass
class Group:
    label: str
    cases: list[CaseRecord] = field(default_factory=list)


def failing(cases: list[CaseRecord], suite: str | None, tag: str | None) -> list[CaseRecord]:
    return [r for r in cases if (not r.passed or r.error) and (suite is None or r.suite == suite)
            and (tag is None or tag in r.tags)]


def groups_of(cases: list[CaseRecord]) -> list[Group]:
    counts = Counter((r.labels or {}).get("primary", "unlabelled") for r in cases)
    out = [Group(label, [r for r in cases if (r.labels or {}).get("primary", "unlabelled") == label])
           for label, _ in counts.most_common()]
    return out


def journeys(record: CaseRecord) -> list[str]:
    return [f"{doc}: {journey(fate)}" for doc, fate in record.fates.items()]


def cut_sizes(records: list[CaseRecord]) -> str:
    """The top-k the pipeline used for these cases, as their fates record it ("5", "4–8")."""
    ks = sorted({f["k"] for r in records for f in r.fates.values() if f.get("k") and f.get("cut", True)})
    return "" if not ks else str(ks[0]) if len(ks) == 1 else f"{ks[0]}–{ks[-1]}"


def format_triage(log: RunLog, cases: list[CaseRecord], bad: list[CaseRecord]) -> str:
    lines = [f"run {log.run_id}: {len(bad)} failing of {len(cases)} cases"]
    for group in groups_of(bad):
        share = len(group.cases) / len(bad)
        lines.append("")
        lines.append(f"{group.label}  {len(group.cases)} ({share:.0%}): {', '.join(r.case_id for r in group.cases)}")
        for r in group.cases:
            secondary = (r.labels or {}).get("secondary") or []
            lines.append(f"  {r.suite}/{r.case_id}  [{r.split or '-'}]  {r.question}"
                         + (f"   (also: {', '.join(secondary)})" if secondary else ""))
            for j in journeys(r):
                lines.append(f"      {j}")
            source = ((r.labels or {}).get("detail") or {}).get("forbidden_source")
            if source:
                lines.append(f"      forbidden text came from: {source}")
            answer = (r.error or r.answer or "").replace("\n", " ")
            lines.append(f"      → {r.behaviour or 'error'}: {answer[:160]}")
    return "\n".join(lines)


def to_suite(log: RunLog, bad: list[CaseRecord], out: Path) -> Path:
    """The failing cases as a suite file on the same corpus and identities (one per suite)."""
    from eval.runs.suites import load_suite

    suites = {s: None for s in dict.fromkeys(r.suite for r in bad)}
    if len(suites) != 1:
        raise InputError(f"the failing cases come from {len(suites)} suites ({', '.join(suites)}); pick one with "
                         "--suite", field="--to-suite")
    (name,) = suites
    source = next((Path(p) for p in _suite_paths(log) if load_suite(p, check_corpus=False).name == name), None)
    if source is None:
        raise InputError(f"cannot find suite {name!r} of run {log.run_id}", field="--to-suite")
    original = load_suite(source, check_corpus=False)
    by_id = {c.id: c for c in original.cases}
    cases = [by_id[r.case_id].model_dump(mode="json", by_alias=True, exclude_defaults=True) for r in bad]
    corpus = (source.parent / original.spec.corpus).resolve()
    spec = original.spec.model_dump(mode="json", exclude_defaults=True)
    spec.update({"name": f"{name}-badcases", "corpus": str(corpus), "cases": cases,
                 "description": f"failing cases of run {log.run_id} ({name})"})
    write_text_atomic(out, yaml.safe_dump(spec, allow_unicode=True, sort_keys=False))
    return out


def _suite_paths(log: RunLog) -> list[str]:
    from eval.config import RunConfig, suite_paths

    config = RunConfig.model_validate(log.config)
    return [str(p) for p in suite_paths(config, log.config_path)]


def triage_command(run_dir: Path, suite: str | None, tag: str | None, html: Path | None, to_suite_path: Path | None
                   ) -> int:
    if not (run_dir / "run.json").is_file():
        raise InputError(f"{run_dir} is not a run folder (no run.json)", field="RUN_DIR")
    log = RunLog.read(run_dir)
    cases = read_cases(run_dir)
    if suite is not None and suite not in log.suites:
        raise InputError(f"run {log.run_id} has no suite {suite!r}", field="--suite")
    bad = failing(cases, suite, tag)
    print(format_triage(log, cases, bad))
    page = html or run_dir / "triage.html"
    from eval.report.html import environment

    rendered = environment().get_template("triage.html.j2").render(
        log=log, total=len(cases), bad=bad, groups=groups_of(bad), top_k=cut_sizes(bad), journeys=journeys,
        suite=suite, tag=tag)
    write_text_atomic(page, rendered)
    print(f"\nhtml:  {page}")
    if to_suite_path is not None and bad:
        print(f"suite: {to_suite(log, bad, to_suite_path)} ({len(bad)} cases)")
    return 0

