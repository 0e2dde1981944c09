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
(cut after a Chinese comma, semicolon or colon, or an English one before a space) and each two clauses in a row. A
long sentence that states the asked fact in one of its clauses ("2009年3月17日，马克·拉瓦卢马纳纳总统宣布解散政府，把权力交给军方，
军方随即拥立…" for "2009年3月17日谁宣布解散政府？") means the question less as a whole than the clause does, and the
sentences a cut paragraph keeps are as long as the one it lost. A table row is read whole.

The cut is fitted on dev by ``ragbench calibrate … --answer-type --max-false-refusal F`` for each
language, with the scatter check it follows; a language it buys nothing in keeps none.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from rag.embedders import Reader
from rag.text import statements, strip_header
from rag.types import ContextItem, QueryEnv

_CLAUSE_END = re.compile(r"[，；：;]|[,:](?=\s)")

MeaningReads = Literal["sentences", "clauses"]


def clause_windows(sentence: str) -> list[str]:
    """Each clause of ``sentence`` and each two clauses in a row, as written (the closing mark left off); none for a
    sentence of one clause. "A，B，C。" gives A, B, C。, A，B and B，C。."""
    cuts = [m.end() for m in _CLAUSE_END.finditer(sentence) if sentence[m.end():].strip()]
    bounds = [0, *cuts, len(sentence)]
    pieces = [sentence[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
    if len([piece for piece in pieces if piece.strip()]) < 2:
        return []
    windows = pieces + ["".join(pieces[i:i + 2]) for i in range(len(pieces) - 1)]
    return [text for window in windows if (text := _without_closing_mark(window))]


def _without_closing_mark(text: str) -> str:
    text = text.strip()
    return text[:-1].rstrip() if text[-1:] in ("，", "；", "：", ";", ",", ":") and text else text


class MeaningReader(Reader):
    """The ``meaning`` signal under one embedder (:class:`rag.embedders.reader.Reader`); ``reads`` what
    :meth:`closest` compares: each sentence or row, or those and each sentence's clauses."""

    def __init__(self, spec: Any, reads: MeaningReads = "sentences") -> None:
        super().__init__(spec, "answerability.params.meaning_embedder")
        self.reads = reads

    def best(self, question: str, items: list[ContextItem], env: QueryEnv) -> tuple[float, int, str]:
        """The best cosine between ``question`` and a sentence or row of any of ``items``, its source's number and the
        sentence; ``(-1.0, 0, "")`` when none has one (no cut rescues it)."""
        said = [(item.number, text) for item in items for text in self._statements(item)]
        if not said:
            return -1.0, 0, ""
        cosine, at = self.nearest(question, [text for _, text in said], env)
        return cosine, *said[at]

    def closest(self, question: str, item: ContextItem, env: QueryEnv) -> tuple[float, str]:
        """The best cosine between ``question`` and a sentence or row of ``item`` (its header left out), and
        that sentence; ``(1.0, "")`` when the source has none but its title (nothing to read, nothing refused)."""
        said = self._said(item)
        if not said:
            return 1.0, ""
        texts = [text for text, _ in said]
        if self.reads == "clauses":
            texts += [clause for text, is_row in said if not is_row for clause in clause_windows(text)]
        cosine, at = self.nearest(question, texts, env)
        return cosine, texts[at]

    @staticmethod
    def _said(item: ContextItem) -> list[tuple[str, bool]]:
        # (a line that only repeats the title says nothing of it: "泡泡战士" under the header "泡泡战士")
        return [(text, is_row) for text, is_row in statements(strip_header(item.text, item.title))
                if text.strip() and text.strip() != item.title.strip()]

    @classmethod
    def _statements(cls, item: ContextItem) -> list[str]:
        return [text for text, _ in cls._said(item)]


def source_read(context: list[ContextItem], best_source: int | None) -> ContextItem | None:
    """The source whose window carried most of the question's key terms, else the top-ranked one."""
    for item in context:
        if best_source is not None and item.number == best_source:
            return item
    return max(context, key=lambda c: c.score) if context else None
