"""The labelling page (``ragbench label RUN``): each answered case's question, context, answer
and reference, with yes / no buttons per labelled metric and a note; the labels download as a
labels file (:mod:`eval.labels.file`) carrying each answer's hash. No server: the page is one
static file, the cases are escaped JSON inside it, and nothing it holds ever runs as markup."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from eval.labels.file import Label, matching, record_hash
from eval.report.page import environment
from eval.runs.log import CaseRecord, RunLog
from rag.store import write_text_atomic


def cases_to_label(records: list[CaseRecord], references: dict[tuple[str, str], str | None],
                   earlier: list[Label], metrics: list[str]) -> list[dict[str, Any]]:
    """Answered cases: those whose answer changed since an earlier label first, then the ones
    nobody labelled, then the rest (marked with who labelled them; nobody's label is filled in
    under another annotator's name), each group in a seeded random order."""
    answered = [r for r in records if r.mode == "full" and r.error is None and r.answer]
    counted, stale = matching(earlier, answered)
    stale_keys = {(lb.suite, lb.case_id) for lb in stale}
    rows = []
    for r in answered:
        prior = sorted({lb.annotator for m in metrics for lb in counted.get((r.suite, r.case_id, m), [])})
        rows.append({"suite": r.suite, "case_id": r.case_id, "split": r.split, "question": r.question,
                     "answer": r.answer, "behaviour": r.behaviour, "reference": references.get((r.suite, r.case_id)),
                     "context": [{"number": c.get("number"), "title": c.get("title", ""), "text": c.get("text", "")}
                                 for c in r.context],
                     "answer_hash": record_hash(r), "stale": (r.suite, r.case_id) in stale_keys, "prior": prior})
    # a seeded order, not the run's: whoever labels "the first N" labels a random sample, which
    # prediction-powered intervals assume
    return sorted(rows, key=lambda c: (not c["stale"], bool(c["prior"]),
                                       hashlib.sha256(f"{c['suite']}:{c['case_id']}".encode()).hexdigest()))


def write_label_page(path: Path, log: RunLog, cases: list[dict[str, Any]], metrics: list[str]) -> Path:
    payload = [{k: c[k] for k in ("suite", "case_id", "answer_hash")} for c in cases]
    html = environment().get_template("label.html.j2").render(log=log, cases=cases, metrics=metrics, payload=payload)
    write_text_atomic(path, html)
    return path
