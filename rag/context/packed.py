"""Pack by relevance first, then order for position.

Candidates are taken best first until the token budget is spent (skipping near-duplicates,
sources over their cap, and any that do not fit), and only then placed: ``relevance`` keeps
best-first order; ``sandwich`` puts the best at both ends, where models read most reliably.
Packing before ordering is what keeps the second-best source alive under a tight budget.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import PositiveInt

from rag.context import ContextBuilder, context_builders
from rag.context.tokens import estimate_tokens, jaccard, shingles
from rag.types import Candidate, ContextItem

_YEAR = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")


def _gives_way(cand: Candidate, present: set[str], current: set[str], question: str) -> bool:
    """A superseded document gives way to its successor, and a document withdrawn in its own
    words to any current one, unless the question names its version or a year of its title
    ("2019 版的规定…", "the 2021 travel rules")."""
    meta = cand.chunk.metadata
    replaced = meta.get("superseded_by") in present or (meta.get("withdrawn") and bool(current))
    if not replaced:
        return False
    version = str(meta.get("version") or "")
    years = set(_YEAR.findall(cand.chunk.title or ""))
    return not ((version and version in question) or any(y in question for y in years))


def _sandwich(items: list[Candidate]) -> list[Candidate]:
    """1st, 3rd, 5th … then … 4th, 2nd: ranks 1 and 2 sit at the two ends."""
    return items[0::2] + items[1::2][::-1]


@context_builders.register("packed", version="8")
def packed(
    *,
    budget_tokens: PositiveInt = 1500,
    max_items: PositiveInt = 8,
    per_source_cap: PositiveInt = 3,
    dedup_threshold: float = 0.85,
    expand_parents: bool = True,
    order: Literal["relevance", "sandwich"] = "relevance",
    drop_superseded: bool = True,
) -> ContextBuilder:
    """Numbered sources within ``budget_tokens``; a parent-child hit is expanded to its parent
    section (once per parent); at most ``per_source_cap`` items per document, besides the best source
    of each part of a split question (version 5: :mod:`rag.cover` marks it ``part_best``). A document whose
    sidecar says ``superseded_by: <id>`` is left out when its successor is among the
    candidates, so an outdated policy cannot contradict the current one; asked about on its
    own, or by its ``version``, it still answers."""

    def build(question: str, candidates: list[Candidate]) -> list[ContextItem]:
        present = {c.chunk.doc_id for c in candidates}
        current = {c.chunk.doc_id for c in candidates if not c.chunk.metadata.get("withdrawn")}
        if drop_superseded:
            candidates = [c for c in candidates if not _gives_way(c, present, current, question)]
        chosen: list[tuple[Candidate, str, int]] = []
        seen_shingles: list[set[str]] = []
        seen_parents: set[str] = set()
        per_doc: dict[str, int] = {}
        spent = 0
        for cand in candidates:
            if len(chosen) >= max_items:
                break
            chunk = cand.chunk
            text = chunk.text
            if expand_parents and chunk.parent_id and chunk.parent_text:
                if chunk.parent_id in seen_parents:
                    continue
                text = chunk.parent_text
            if per_doc.get(chunk.doc_id, 0) >= per_source_cap and not cand.scores.get("part_best"):
                continue   # (a part's best source, marked by rag.cover, is kept past the cap)
            sh = shingles(text)
            if any(jaccard(sh, other) >= dedup_threshold for other in seen_shingles):
                continue
            tokens = estimate_tokens(text)
            if spent + tokens > budget_tokens:
                continue  # a smaller, lower-ranked source may still fit
            chosen.append((cand, text, tokens))
            seen_shingles.append(sh)
            if chunk.parent_id:
                seen_parents.add(chunk.parent_id)
            per_doc[chunk.doc_id] = per_doc.get(chunk.doc_id, 0) + 1
            spent += tokens
        placed = [c for c, _, _ in chosen]
        if order == "sandwich":
            placed = _sandwich(placed)
        texts = {id(c): (t, n) for c, t, n in chosen}
        return [
            ContextItem(i, c.chunk_id, c.chunk.doc_id, c.chunk.title, c.chunk.heading_path,
                        texts[id(c)][0], c.score, texts[id(c)][1], dict(c.scores))
            for i, c in enumerate(placed, start=1)
        ]

    return build
