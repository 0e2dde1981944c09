"""The triage page and its text: failing cases grouped by the label of the stage that lost
them, most frequent first, each with its count, its share of the failures and its cases; each
case shows its question, every expected document's journey through the stages and the answer."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from eval.report.page import environment
from eval.runs.log import CaseRecord, RunLog
from eval.triage.fates import journey
from eval.triage.groups import groups_of
from eval.triage.labels import LEGEND
from eval.triage.refusals import SuiteLedger, format_ledger
from rag.store import write_text_atomic


def journeys(record: CaseRecord) -> list[str]:
    return [f"{doc}: {journey(fate)}" for doc, fate in record.fates.items()]


def cut_sizes(records: list[CaseRecord]) -> str:
    """The top-k the pipeline used for these cases, as their fates record it ("5", "4–8")."""
    ks = sorted({f["k"] for r in records for f in r.fates.values() if f.get("k") and f.get("cut", True)})
    return "" if not ks else str(ks[0]) if len(ks) == 1 else f"{ks[0]}–{ks[-1]}"


def format_triage(log: RunLog, cases: list[CaseRecord], bad: list[CaseRecord], ledger: Sequence[SuiteLedger] = ()
                  ) -> str:
    lines = [f"run {log.run_id}: {len(bad)} failing of {len(cases)} cases"]
    if ledger_lines := format_ledger(list(ledger)):
        lines += ["", *ledger_lines]
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
            detail = (r.labels or {}).get("detail") or {}
            if detail.get("missing"):
                lines.append(f"      missing from the answer: {', '.join(detail['missing'])}")
            if detail.get("decision"):
                d = detail["decision"]
                lines.append(f"      decision: {d['action']} — {d['reason']}{asked_fact_note(d)}")
            if detail.get("reference"):
                lines.append(f"      reference: {detail['reference'][:160]}")
            answer = (r.error or r.answer or "").replace("\n", " ")
            lines.append(f"      → {r.behaviour or 'error'}: {answer[:160]}")
    return "\n".join(lines)


def asked_fact_note(decision: dict) -> str:
    """The answer-type signal beside the decision, when the rule read it: a wrong answer whose
    sentence lacked the asked type, or a wrong refusal on a sentence that had it, shows here."""
    if "answer_type" not in decision:
        return ""
    need = f" (needs ≥ {decision['type_at']})" if "type_at" in decision else ""
    return f" · answer type {decision['answer_type']:.2f}{need}, key-term support {decision.get('support', 0):.2f}"


def write_triage_page(page: Path, log: RunLog, cases: list[CaseRecord], bad: list[CaseRecord], suite: str | None,
                      tag: str | None, ledger: Sequence[SuiteLedger] = ()) -> Path:
    rendered = environment().get_template("triage.html.j2").render(
        log=log, total=len(cases), bad=bad, groups=groups_of(bad), top_k=cut_sizes(bad), journeys=journeys,
        suite=suite, tag=tag, legend=LEGEND, ledger=[entry for entry in ledger if entry.shown])
    write_text_atomic(page, rendered)
    return page
