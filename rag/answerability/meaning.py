"""Does a sentence of the source the answer would come from say what the question asks? (evidence v89)

In running prose one sentence states one fact, and a question asked of that fact restates most of the
sentence: "生命数耗完即算为什么？" of "每次泡封会减少生命数，生命数耗完即算为踢爆。". When that sentence is
gone — the paragraph is about the subject, the fact is not in it — the question's words still stand
around the paragraph (the scatter check reads that, :mod:`rag.answerability.asked_fact`), and often one
window holds enough of them; but no sentence *means* the question as the lost one did.

``meaning`` is the best cosine between the question (as a query) and each sentence or table row of one
source (as passages) under a second embedder chosen by name — multilingual e5 in the default, which
reads question → passage better than the corpus's USE — and the evidence rule refuses a question whose
sources are running prose when it is below ``meaning_at``. Which source: the one whose window carried
most of the question's key terms (where the answer would be quoted from), else the top-ranked.

With ``meaning_reads: clauses`` (evidence v96) the sentences are read with their clauses: each clause of a sentence
(cut at a Chinese comma, semicolon or colon, never one between two digits, or at an English one before a space) and
each two clauses in a row. A long sentence that states the asked fact in one of its clauses ("2009年3月17日，马克·拉瓦卢马纳纳
总统宣布解散政府，把权力交给军方，军方随即拥立…" for "2009年3月17日谁宣布解散政府？") means the question less as a whole than the
clause does, and the sentences a cut paragraph keeps are as long as the one it lost. A table row is read whole. The
paraphrase rescue (:meth:`MeaningReader.best`) still reads whole statements; a question it let through is read for
meaning in the rescuing source as the check reads (:meth:`MeaningReader.rescued`, v97), never below its paraphrase.

The cut is fitted on dev by ``ragbench calibrate … --answer-type --max-false-refusal F`` for each
language, with the scatter check it follows; a language it buys nothing in keeps none.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any, Literal, get_args

from rag.embedders import Reader
from rag.text import statements, strip_header
from rag.types import ContextItem, QueryEnv

# a clause ends at a Chinese comma, semicolon or colon (never one between two digits: "1，000", "10：30", "3：1"), or an
# English one before a space (never "1,000", "10:30", "AT&amp;T")
_CLAUSE_END = re.compile(r"(?<![0-9０-９])[，；：]|[，；：](?![0-9０-９])|[,;:](?=\s)")
_SEPARATORS = "，；：,;: \t"
_WORDS = re.compile(r"[0-9A-Za-z\u3400-\u9fff０-９Ａ-Ｚａ-ｚ]")

MeaningReads = Literal["sentences", "clauses"]
READS = get_args(MeaningReads)


def clause_windows(sentence: str) -> list[str]:
    """Each clause of ``sentence`` and each two clauses in a row, as written (the marks at their ends left off), each
    once and none the sentence itself; none for a sentence of one clause. "A，B，C。" gives A, B, C。, A，B and B，C。."""
    spans: list[tuple[int, int]] = []
    start = 0
    for end in [m.start() for m in _CLAUSE_END.finditer(sentence)] + [len(sentence)]:
        clause = sentence[start:end]
        left = len(clause) - len(clause.lstrip(_SEPARATORS))
        right = len(clause.rstrip(_SEPARATORS))
        if right > left and _WORDS.search(clause):   # (a run of marks, or a piece with no word, is no clause)
            spans.append((start + left, start + right))
        start = end + 1
    if len(spans) < 2:
        return []
    windows = [sentence[a:b] for a, b in spans] + [sentence[a:b] for (a, _), (_, b) in pairwise(spans)]
    whole = sentence.strip(_SEPARATORS)
    return [text for text in dict.fromkeys(windows) if text != whole]


class MeaningReader(Reader):
    """The ``meaning`` signal under one embedder (:class:`rag.embedders.reader.Reader`); ``reads`` what it compares
    the question with: each sentence or row, or those and each sentence's clauses (:func:`clause_windows`)."""

    def __init__(self, spec: Any, reads: MeaningReads = "sentences") -> None:
        if reads not in READS:
            raise ValueError(f"reads must be one of {READS}, not {reads!r}")
        super().__init__(spec, "answerability.params.meaning_embedder")
        self.reads = reads

    def best(self, question: str, items: list[ContextItem], env: QueryEnv) -> tuple[float, int, str]:
        """The best cosine between ``question`` and a sentence or row of any of ``items`` (never a clause: the
        paraphrase rescue reads whole statements), its source's number and the sentence; ``(-1.0, 0, "")`` when none
        has one (no cut rescues it)."""
        said = [(item.number, text) for item in items for text, _ in self._said(item)]
        if not said:
            return -1.0, 0, ""
        cosine, at = self.nearest(question, [text for _, text in said], env)
        return cosine, *said[at]

    def closest(self, question: str, item: ContextItem, env: QueryEnv) -> tuple[float, str]:
        """The best cosine between ``question`` and a sentence or row of ``item`` (its header left out), or a clause
        of a sentence when clauses are read, and that statement or clause; ``(1.0, "")`` when the source has none but
        its title (nothing to read, nothing refused)."""
        said = self._read(item)
        if not said:
            return 1.0, ""
        cosine, at = self.nearest(question, [read for _, read in said], env)
        return cosine, said[at][1]

    def rescued(self, question: str, paraphrase: tuple[float, str], item: ContextItem,
                env: QueryEnv) -> tuple[float, str]:
        """The meaning of a question the paraphrase rescue let through, read in the rescuing source ``item``: the
        paraphrase's cosine and sentence, or a clause of that source's that means the question better (reading
        clauses, a rescued question is never refused by a clause reading the check would pass)."""
        return max(paraphrase, self.closest(question, item, env)) if self.reads == "clauses" else paraphrase

    def _read(self, item: ContextItem) -> list[tuple[str, str]]:
        """(statement, what is read of it) pairs: each sentence or row, then, reading clauses, each clause window of
        each sentence (a table row is read whole)."""
        said = self._said(item)
        out = [(text, text) for text, _ in said]
        if self.reads == "clauses":
            out += [(text, clause) for text, is_row in said if not is_row for clause in clause_windows(text)]
        return out

    @staticmethod
    def _said(item: ContextItem) -> list[tuple[str, bool]]:
        # (a line that only repeats the title says nothing of it: "泡泡战士" under the header "泡泡战士")
        return [(text, is_row) for text, is_row in statements(strip_header(item.text, item.title))
                if text.strip() and text.strip() != item.title.strip()]


def source_read(context: list[ContextItem], best_source: int | None) -> ContextItem | None:
    """The source whose window carried most of the question's key terms, else the top-ranked one."""
    for item in context:
        if best_source is not None and item.number == best_source:
            return item
    return max(context, key=lambda c: c.score) if context else None
