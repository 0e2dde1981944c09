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

The cut is fitted on dev by ``ragbench calibrate … --answer-type --max-false-refusal F`` for each
language, with the scatter check it follows; a language it buys nothing in keeps none.
"""

from __future__ import annotations

from typing import Any

from rag.embedders import Reader
from rag.text import statements, strip_header
from rag.types import ContextItem, QueryEnv


class MeaningReader(Reader):
    """The ``meaning`` signal under one embedder (:class:`rag.embedders.reader.Reader`)."""

    def __init__(self, spec: Any) -> None:
        super().__init__(spec, "answerability.params.meaning_embedder")

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
        texts = self._statements(item)
        if not texts:
            return 1.0, ""
        cosine, at = self.nearest(question, texts, env)
        return cosine, texts[at]

    @staticmethod
    def _statements(item: ContextItem) -> list[str]:
        # (a line that only repeats the title says nothing of it: "泡泡战士" under the header "泡泡战士")
        return [text for text, _ in statements(strip_header(item.text, item.title))
                if text.strip() and text.strip() != item.title.strip()]


def source_read(context: list[ContextItem], best_source: int | None) -> ContextItem | None:
    """The source whose window carried most of the question's key terms, else the top-ranked one."""
    for item in context:
        if best_source is not None and item.number == best_source:
            return item
    return max(context, key=lambda c: c.score) if context else None
