"""``ragbench index CONFIG``: build what is missing, reuse what matches, say which."""

from __future__ import annotations

import os
from pathlib import Path

from eval.prepare import prepare
from rag.indexing import IndexReport


def format_report(report: IndexReport, language: str, corpus: Path) -> str:
    lines = [f"{report.name}  ({language}, {corpus}): {report.documents} documents, {report.chunks} chunks"]
    for s in report.stages:
        why = f"  [{s.reason}]" if s.action == "rebuilt" else ""
        took = f"  {s.seconds:.1f}s" if s.action != "reused" else ""
        lines.append(f"  {s.kind:<7}{s.action:<8}{s.key}  {s.detail}{took}{why}".rstrip())
    for issue in report.issues:
        lines.append(f"  skipped      {issue.source}: {issue.reason}")
    for q in report.quarantined:
        lines.append(f"  quarantined  {q.source} ({q.reason}): “{q.excerpt}”")
    for s in report.sanitized:
        lines.append(f"  sanitized    {s.source} ({s.rules}): removed “{' … '.join(s.removed)[:160]}”")
    for d in report.outdated:
        successor = f" → current: {d['superseded_by']}" if d.get("superseded_by") else ""
        lines.append(f"  outdated     {d['source']}: {d['why'][:120]}{successor}")
    return "\n".join(lines)


def index(config_path: Path, overrides: list[str], only: list[str]) -> int:
    prepared = prepare(config_path, overrides, only=only or None, scoring=False, fit=False, progress=False)
    indexer = prepared.indexer()   # what is indexed never depends on a fitted fusion: nothing to fit
    embedded = hits = 0
    for suite in prepared.suites():
        _, report = prepared.index(suite, indexer=indexer)
        print(format_report(report, suite.language, Path(os.path.normpath(suite.corpus_dir))))
        embedded += report.embedded
        hits += report.embed_cache_hits
    print(f"embedded {embedded} texts; {hits} came from the embedding cache")
    return 0
