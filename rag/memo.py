"""A structure built once per search space (a corpus's tokens, trigram index, in-memory graph),
thread-safe: plumbing any stage may use."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from rag.text import QUESTION_WORDS

T = TypeVar("T")


class PerCorpus(Generic[T]):
    """``build(space)`` run once per search space, thread-safe; the space is kept with its
    structure, so its id is never reused for another corpus."""

    def __init__(self, build: Callable[[Any], T]) -> None:
        self.build = build
        self._built: dict[int, tuple[Any, T]] = {}
        self._lock = threading.Lock()

    def __call__(self, space: Any) -> T:
        with self._lock:
            hit = self._built.get(id(space))
            if hit is None or hit[0] is not space:
                hit = (space, self.build(space))
                self._built[id(space)] = hit
            return hit[1]


def _chunk_terms(space: Any) -> dict[str, frozenset[str]]:
    stored = getattr(space, "stored_tokens", None)
    if stored is not None and len(stored) == len(space.chunks):
        return {c.chunk_id: frozenset(t) for c, t in zip(space.chunks, stored, strict=True)}
    return {c.chunk_id: frozenset(space.tokenize(c.text)) for c in space.chunks}


# Each chunk's tokens as a set, by chunk id: the tokens the sparse index was built from when the
# space kept them (one tokenisation per corpus, at index time), else tokenised once per process.
# The rules reranker, answerability's corpus terms, the router's vocabulary and the graph route
# share it, so no stage tokenises the corpus (or a candidate) again per question.
chunk_terms: PerCorpus[dict[str, frozenset[str]]] = PerCorpus(_chunk_terms)
# Every token of the corpus: a question's word no chunk holds is one no source can be asked to hold.
corpus_terms: PerCorpus[frozenset[str]] = PerCorpus(lambda space: frozenset().union(*chunk_terms(space).values()))


class TextTerms:
    """Tokens of short repeated texts (titles, heading paths, tags), memoised per space."""

    def __init__(self) -> None:
        self._cache: PerCorpus[dict[str, frozenset[str]]] = PerCorpus(lambda space: {})

    def __call__(self, space: Any, text: str) -> frozenset[str]:
        table = self._cache(space)
        found = table.get(text)
        if found is None:
            found = table[text] = frozenset(space.tokenize(text))
        return found


# one memo for the answerability stage's short texts (the asked fact's windows, headers, the asking words): the
# evidence rule and the checks it calls tokenise the same texts
text_terms = TextTerms()


def item_terms(space: Any, chunk_id: str, text: str) -> frozenset[str]:
    """A context item's tokens: its chunk's stored tokens when the item's text is the chunk's
    own, else (a parent section it was expanded to) the text tokenised."""
    chunk = space.chunk_by_id.get(chunk_id)
    if chunk is not None and chunk.text == text:
        return chunk_terms(space)[chunk_id]
    return frozenset(space.tokenize(text))


_SCAFFOLDING = TextTerms()


def scaffolding(space: Any) -> frozenset[str]:
    """The tokens of the words that say *that* something is asked, not *what* (``QUESTION_WORDS``,
    both languages), as ``space`` tokenises them: what the evidence rule and the extractive
    generator leave out of a question's content."""
    words = QUESTION_WORDS["en"] + " " + QUESTION_WORDS["zh"]
    # each word as well as its tokens: jieba may cut a word it reads in a list ("最多" → 最, 多)
    return _SCAFFOLDING(space, words) | frozenset(words.split())
