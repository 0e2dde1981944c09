"""``ragbench ask CONFIG "question"``: one question through the pipeline, every stage shown."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from eval.prepare import prepare
from eval.suites import Suite
from rag.errors import InputError
from rag.types import AnswerFrame, Identity

SHOW = 5


def pick_suite(suites: list[Suite], name: str | None, config_path: Path) -> Suite:
    names = [s.name for s in suites]
    if name is None:
        if len(suites) == 1:
            return suites[0]
        raise InputError(f"{config_path} has several suites; choose one with --suite ({', '.join(names)})",
                         field="--suite")
    for suite in suites:
        if suite.name == name:
            return suite
    raise InputError(f"no suite named {name!r} in {config_path} (suites: {', '.join(names)})", field="--suite")


def identity_of(suite: Suite, name: str | None) -> Identity | None:
    if name is None:
        return None
    spec = suite.spec.identities.get(name)
    if spec is None:
        known = ", ".join(sorted(suite.spec.identities)) or "none"
        raise InputError(f"suite {suite.name!r} has no identity {name!r} (identities: {known})", field="--as")
    return Identity(name, tuple(spec.departments), spec.clearance)


def run_chain(frame: AnswerFrame) -> str:
    """The run chain in one line (Klara's summary card): route, question type, sub-queries,
    bucket, graph hops, sources, evidence level, citations checked, time."""
    parts = [f"route {frame.route or 'rag'}"]
    for rec in frame.trace:
        note = rec.note or ""
        if rec.stage == "transform":
            parts += [p.strip() for p in note.split(";") if p.strip().startswith(("question_type", "bucket"))]
            subs = note.count("sub: ")
            if subs:
                parts.append(f"{subs} sub-queries")
        elif rec.stage == "retrieve" and "hops: " in note:
            hops = note.split("hops: ", 1)[1]
            if hops != "none":
                parts.append(f"hops {hops}")
    if frame.context:
        parts.append(f"{len(frame.context)} sources from {len({c.doc_id for c in frame.context})} documents")
    parts.append(f"evidence {frame.decision.level}")
    checked = [c for c in frame.citations if c.supported is not None]
    if checked:
        parts.append(f"{sum(bool(c.supported) for c in checked)}/{len(checked)} citations supported")
    parts.append(f"{sum(r.latency_ms for r in frame.trace):.0f} ms")
    return " · ".join(parts)


def render(frame: AnswerFrame) -> str:
    lines: list[str] = []
    for rec in frame.trace:
        params = ", ".join(f"{k}={v}" for k, v in rec.params.items())
        lines.append(f"── {rec.stage} · {rec.component}{f' ({params})' if params else ''} · {rec.latency_ms:.1f} ms")
        if rec.note:
            lines.append(f"   {rec.note}")
        for i, (ident, score) in enumerate(rec.output[:SHOW], start=1):
            lines.append(f"   {i}. {ident}  {score:.4g}")
        if len(rec.output) > SHOW:
            lines.append(f"   … {len(rec.output) - SHOW} more")
    lines.append("")
    lines.append(f"══ {frame.behaviour}" + (f" (asked as {frame.asked_as})" if frame.asked_as else ""))
    lines.append(f"   {run_chain(frame)}")
    lines.append(frame.answer)
    if frame.context:
        lines.append("")
        lines.append("Sources:")
        cited = {c.number for c in frame.citations}
        for item in frame.context:
            where = " > ".join([item.title, *[h for h in item.heading_path if h != item.title]])
            mark = "*" if item.number in cited else " "
            lines.append(f" {mark}[{item.number}] {where}  ({item.chunk_id})")
    if frame.sources:
        lines.append("")
        lines.append("Source cards (chunks used per document; * cited):")
        for card in frame.sources:
            used = ", ".join(f"{'*' if c in card.cited else ''}{c}" for c in card.chunk_ids)
            lines.append(f"  {card.doc_id} — {card.title}: {used}")
    unsupported = [c.number for c in frame.citations if c.supported is False]
    if unsupported:
        lines.append(f"Citations their source does not support: {unsupported}")
    ghosts = [c.number for c in frame.ghost_citations]
    if ghosts:
        lines.append(f"Ghost citations (not in the context): {ghosts}")
    return "\n".join(lines)


def ask(config_path: Path, question: str, suite_name: str | None, as_name: str | None,
        as_json: bool, overrides: list[str]) -> int:
    prepared = prepare(config_path, overrides, scoring=False, progress=False)
    suite = pick_suite(prepared.suites(), suite_name, config_path)
    identity = identity_of(suite, as_name)
    index, report = prepared.index(suite)
    if any(s.action != "reused" for s in report.stages):
        print(f"indexed {suite.name}: " + ", ".join(f"{s.kind} {s.action}" for s in report.stages), file=sys.stderr)
    parts = prepared.parts()
    frame = prepared.pipeline(index, parts).ask(question, identity)
    parts.close()
    if as_json:
        print(json.dumps(frame.to_dict(), ensure_ascii=False, indent=1))
    else:
        print(render(frame))
    return 0
