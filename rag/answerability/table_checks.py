"""The checks that read the asked fact's source against its table and its neighbours, once the evidence score passes
(:func:`rag.answerability.evidence.evidence`'s ``refuse_siblings``; each its own module):

- **a row the table does not list** (signal ``sibling_row``): "夜宵班几点下班？" against a shift table of 早班, 中班 and
  晚班 (:mod:`rag.answerability.siblings`), a row no question names (:mod:`rag.answerability.unnamed_rows`), a row
  another table lists (:mod:`rag.answerability.rows_elsewhere`); a follow-up's focus that no row of the table names,
  read against that table alone (evidence v94: "And for a receptionist?" against a CPD table of vets and nurses, though
  another source writes of receptionists);
- **a kind the sources never write** (``unlisted_kind``, :mod:`rag.answerability.unlisted_kinds`);
- **a grade the sources never write** (``other_grade``, Chinese, :mod:`rag.answerability.other_grades`);
- **handed to a document the asker cannot see** (``deferred``, :mod:`rag.answerability.deferred`);
- **another name listed with the asked one** (``other_name``, :mod:`rag.answerability.other_names`): the statement
  that holds the asked fact is about a sibling.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from rag.answer_types import has_candidate
from rag.answerability.asked_fact import AskedFact, header_of, sentences_of, source_numbered
from rag.answerability.deferred import deferred
from rag.answerability.other_grades import other_grade
from rag.answerability.other_names import asked_names, asked_names_zh, other_name
from rag.answerability.rows_elsewhere import row_elsewhere, visible_tables
from rag.answerability.siblings import unlisted_sibling
from rag.answerability.unlisted_kinds import unlisted_kind
from rag.answerability.unnamed_rows import NearerRows, unnamed_row
from rag.memo import text_terms
from rag.text import CJK as _CJK
from rag.text import compact, statements
from rag.types import ContextItem, QueryEnv


def row_refusal(question: str, asked: AskedFact, top: list[ContextItem], joined: str, keys: dict[str, float],
                soft: dict[str, tuple[str, float]], env: QueryEnv,
                visible_compact: Callable[[QueryEnv, str], bool]) -> tuple[str, str] | None:
    """(the reason, the signal) when one of the checks above refuses ``question``; None when none does. ``joined``: the
    top sources' text; ``keys``: the question's key terms and their weights; ``soft``: the terms a paraphrase bridge
    reached; ``visible_compact``: whether a document the asker may see writes a text, separators aside."""
    language = env.language
    source = source_numbered(top, asked.source)
    sibling = None if source is None else unlisted_sibling(question, source.text, joined) \
        or (unnamed_row(question, source.text, joined, nearer_rows(env)) if language in ("en", "zh") else None) \
        or (row_elsewhere(question, source.text, visible_tables(env.space, env.allowed),
                          "\n".join(i.text for i in top if i.doc_id == source.doc_id and i is not source))
            if language in ("en", "zh") else None)
    focus = env.facts.get("focus", "")
    if sibling is None and source is not None and focus and language in ("en", "zh"):
        # a follow-up's focus swapped into the question of a table ("And for a receptionist?" after "What is the annual
        # CPD budget for a vet?"): the table's own rows must name it, whatever the other top sources write of it
        found = unnamed_row(question, source.text, source.text, nearer_rows(env))
        if found is not None and found[0].lower() in focus.lower() \
                and not _stated_elsewhere(focus, question, asked.kind, top, source, env):
            sibling = found
    kind = unlisted_kind(question, joined, lambda word: any(t in soft for t in env.space.tokenize(word))) \
        if sibling is None and language in ("en", "zh") else None
    grade = other_grade(question, joined, lambda text: visible_compact(env, text)) \
        if sibling is None and kind is None and language == "zh" else None
    handed = None
    if sibling is None and kind is None and grade is None and source is not None:
        def holds(term: str, text: str) -> bool:
            return term in text_terms(env.space, text) or bool(_CJK.search(term)) and term in text

        def visible_title(title: str) -> bool:
            wanted = compact(title).lower()
            return any((env.allowed is None or env.allowed[i]) and wanted in compact(chunk.title or "").lower()
                       for i, chunk in enumerate(env.space.chunks))

        held = [t for t in keys if holds(t, joined)]
        rarest = max(held, key=lambda t: (keys[t], t)) if held else ""
        # (without ``share``: on dev, requiring the handing-over sentence to carry more of the question than the typed
        # statement lost three refusals it should make and gained none)
        handed = deferred([sentence for _, said in sentences_of(top) for sentence in said],
                          f"{header_of(source)}\n{asked.sentence}", rarest, holds, visible_title)
    if handed is not None:
        return f"the sources hand this to a document you cannot see: {handed[:80]!r}", "deferred"
    if grade is not None:
        return f"asks about {grade[0]!r}, a grade the sources never write; they write {grade[1]!r}", "other_grade"
    if kind is not None:
        return (f"asks about {kind[0]!r}, a kind the sources never write; they write "
                f"{', '.join(kind[1][:3])}"), "unlisted_kind"
    other = None
    if sibling is None and source is not None and language in ("en", "zh") \
            and asked.kind not in ("place", "organisation", "person"):   # (the answer may be the other name)
        # (each sentence on its own: a window of two joins one list item's last sentence to the next item's name)
        windows = [(f"{header_of(item)}\n{sentence}", f"{header_of(item)}\n{item.text}")
                   for item, said in sentences_of(top) for sentence in said]

        def share(text: str, name: str) -> float:   # the key terms held, the asked name's aside
            named = set(env.space.tokenize(name))
            held = text_terms(env.space, text)
            return sum(w for t, w in keys.items() if t in held and t not in named)

        def answers(said: str, whole: str, name: str, statement: str) -> bool:
            return has_candidate(said, asked.kind, question) and share(whole, name) >= 0.5 * share(statement, name)

        names = asked_names(question) if language == "en" else asked_names_zh(question, env.space, env.allowed)
        # (the sentences of the window that hold the candidate: its other sentence may name the asked one in passing)
        typed = " ".join(text for text, _ in statements(asked.sentence) if has_candidate(text, asked.kind, question))
        other = other_name(names, f"{header_of(source)}\n{asked.sentence}", windows, env.space, env.allowed,
                           answers, f"{header_of(source)}\n{typed or asked.sentence}")
    if other is not None:
        return (f"asks about {other[0]!r}; the statement that holds the asked fact is about "
                f"{other[1]!r}, listed with it"), "other_name"
    if sibling is not None:
        return f"asks about {sibling[0]!r}, a row the source's table ({sibling[1]!r} …) does not list", "sibling_row"
    return None


def _stated_elsewhere(focus: str, question: str, kind: str, top: list[ContextItem], source: ContextItem,
                      env: QueryEnv) -> bool:
    """Whether a top source other than the table's has a sentence that names every word of the follow-up's focus and
    holds a candidate of the asked type ("Kennel assistants get the same annual CPD budget as a student veterinary nurse."
    — a review): the fact may be stated there."""
    named = set(env.space.tokenize(focus))
    return bool(named) and any(
        item is not source and named <= set(env.space.tokenize(sentence)) and has_candidate(sentence, kind, question)
        for item, said in sentences_of(top) for sentence in said)


def nearer_rows(env: QueryEnv) -> NearerRows:
    """Whether the embedder puts a word nearer a table's row labels than its columns' headers: "physiotherapists" stands
    where a row would (beside Matron, Registered Nurse), "timings" asks a column (Start, Finish)."""

    def nearer(word: str, rows: list[tuple[list[str], list[str]]], headers: list[str]) -> bool:
        labels = [label for row_labels, _ in rows for label in row_labels if label.strip()][:_NEARER_LABELS]
        if not headers or not labels:
            return True
        vectors = np.asarray(env.space.embed_queries([word, *labels, *headers]))
        cosines = vectors[1:] @ vectors[0]
        return float(cosines[:len(labels)].max()) >= float(cosines[len(labels):].max())

    return nearer


_NEARER_LABELS = 30   # the first rows' labels stand for a long table's
