"""Evidence levels beyond answer / refuse (issue #13, KnowledgeForge Lite and ZarkOne):

- **conflict** — two current sources the asker may see give different values for the same
  thing. Each source's best statement for the question is taken; two of them from different
  documents conflict when both are about as close to the question as the best statement of all
  (within ``margin``), close to each other (cosine ≥ ``similarity``: the same thing), and state
  different numbers or times. A document the versions stage marked outdated never conflicts with
  its successor: that is a version, not a disagreement.
- **background** — related but insufficient: the evidence score fell short of ``answer_at`` but
  not of ``background_at``, and nothing the question names is missing from the corpus. The
  answer points to the related sources instead of pretending to answer, and counts as a refusal
  (it states no fact).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from rag.answer_types import has_candidate
from rag.answerability.occasions import Occasion, occasion_of
from rag.text import statements as sentences_and_rows
from rag.text import strip_header
from rag.types import ContextItem, QueryEnv

_TIME = re.compile(r"(?<!\d)([01]?\d|2[0-3])[:：]([0-5]\d)(?!\d)")
_NUMBER = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\d.,:：])\d+(?:\.\d+)?(?![\d:：])")
_YEAR = re.compile(r"^(?:19|20)\d{2}$")
_NAMED_KINDS = frozenset({"person", "place", "organisation"})


def values_in(text: str) -> frozenset[str]:
    """The numbers and clock times a statement gives (years and clause numbers aside)."""
    times = {f"{int(h)}:{m}" for h, m in _TIME.findall(text)}
    rest = _TIME.sub(" ", text)
    rest = re.sub(r"第\s*\d+\s*[条章节款项]", " ", rest)
    numbers = {n.replace(",", "") for n in _NUMBER.findall(rest)}
    return frozenset(times | {n for n in numbers if not _YEAR.match(n)})


@dataclass(frozen=True)
class Statement:
    item: ContextItem
    text: str
    cosine: float
    vector: np.ndarray


def statements_by_meaning(question: str, items: list[ContextItem], env: QueryEnv) -> list[Statement]:
    """Every sentence or table row of ``items`` (headers stripped) with its cosine to ``question`` under the corpus's
    embedder: the semantic signal is the best of them, and a conflict is read among them."""
    pairs = [(item, text) for item in items for text, _ in sentences_and_rows(strip_header(item.text, item.title))]
    if not pairs:
        return []
    vectors = np.asarray(env.space.embed_queries([question, *(text for _, text in pairs)]))
    cosines = vectors[1:] @ vectors[0]
    return [Statement(item, text, float(c), v) for (item, text), c, v in zip(pairs, cosines, vectors[1:], strict=True)]


def find_conflict(statements: list[Statement], env: QueryEnv, *, margin: float, similarity: float,
                  question: str = "", kind: str | None = None) -> tuple[Statement, Statement] | None:
    """Two statements from different current documents that answer the question with different
    values, or ``None``. A statement about another year or edition than the question names is no
    candidate, and two about different ones do not conflict (:mod:`rag.answerability.occasions`).
    ``kind``, the asked fact's type: a question asking a person, a place or an organisation has no
    conflict of numbers (the numbers are not what it asks), and one asking a date has one only
    between statements that hold a date ("When's the museum opening?" against a grant of £2.4 million
    and a gift of 400 paintings: no disagreement about when)."""
    if not statements or kind in _NAMED_KINDS:
        return None
    top = max(s.cosine for s in statements)   # the best statement of all, dated or not, sets the margin
    asked = occasion_of(question, question=True)
    occasions: dict[int, Occasion] = {}   # read only for the statements within the margin that give values

    def occasion(s: Statement) -> Occasion:
        if id(s) not in occasions:
            occasions[id(s)] = occasion_of(f"{s.item.title}\n{s.text}")
        return occasions[id(s)]

    best: dict[str, Statement] = {}
    for s in statements:
        if s.cosine < top - margin or not values_in(s.text):
            continue
        if kind == "date" and not has_candidate(s.text, "date", question):
            continue
        if asked and occasion(s).other_than(asked):
            continue
        if s.item.doc_id not in best or s.cosine > best[s.item.doc_id].cosine:
            best[s.item.doc_id] = s
    by_id = env.space.chunk_by_id
    meta = {d: (by_id[s.item.chunk_id].metadata if s.item.chunk_id in by_id else {}) for d, s in best.items()}
    current = [s for d, s in best.items() if not meta[d].get("withdrawn")]
    current.sort(key=lambda s: -s.cosine)
    for i, a in enumerate(current):
        for b in current[i + 1:]:
            related = {a.item.doc_id, b.item.doc_id}
            if meta[a.item.doc_id].get("superseded_by") in related or meta[b.item.doc_id].get("superseded_by") in related:
                continue
            if float(a.vector @ b.vector) < similarity:
                continue
            oa, ob = occasion(a), occasion(b)
            # 2022's figure and 2023's are two facts — but for a date asked the year is the value ("opens on 12 July
            # 2025" against "on 3 March 2026")
            if kind != "date" and (oa.other_than(ob) or ob.other_than(oa)):
                continue
            va, vb = values_in(a.text), values_in(b.text)
            if va != vb and not (va <= vb or vb <= va):
                return a, b
    return None
