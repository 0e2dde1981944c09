"""What a corpus holds, computed once per search space: the chunks each index term occurs in, their document
frequencies (the evidence rule's rarity weights), and names written another way (``VPN809`` for ``VPN-809``)."""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Any

from rag.answerability.question_terms import has_letters_and_digits
from rag.memo import PerCorpus, chunk_terms
from rag.text import compact
from rag.types import QueryEnv


class CorpusTerms:
    """Per corpus, computed once: the chunks each term occurs in, and document frequencies."""

    def __init__(self) -> None:
        # (per search space, kept with the space: an id alone is reused once a run's earlier corpus is freed, and would
        # hand a later suite the postings of another corpus)
        self._postings: PerCorpus[dict[str, list[int]]] = PerCorpus(self._build_postings)
        self._compacted: PerCorpus[list[tuple[str, str]]] = PerCorpus(
            lambda space: [(compact(c.text), c.text.lower()) for c in space.chunks])

    @staticmethod
    def _build_postings(space: Any) -> dict[str, list[int]]:
        index: dict[str, list[int]] = {}
        by_chunk = chunk_terms(space)
        for pos, chunk in enumerate(space.chunks):
            for term in by_chunk[chunk.chunk_id]:
                index.setdefault(term, []).append(pos)
        return index

    def postings(self, env: QueryEnv) -> dict[str, list[int]]:
        return self._postings(env.space)

    def visible(self, env: QueryEnv, term: str) -> bool:
        positions = self.postings(env).get(term, [])
        return any(env.allowed is None or env.allowed[p] for p in positions)

    def visible_compact(self, env: QueryEnv, name: str) -> bool:
        """Whether a chunk the asker may see holds ``name`` written another way: separators and
        case aside (``VPN809`` / ``vpn 809`` for ``VPN-809``)."""
        needle = compact(name)
        if len(needle) < 3 and not (len(needle) == 2 and has_letters_and_digits(needle.lower())):
            return False   # two letters stand in too many words; a digit and a letter (4S, 5G) do not
        texts = self._compacted(env.space)
        # as whole words: "CEO" is not in "voice over", which reads "voiceover" once compacted (read only in
        # the chunks whose compacted text holds it)
        written = re.compile(r"(?<![a-z0-9])" + r"[\s\W_]*".join(map(re.escape, needle)) + r"(?![a-z0-9])")
        return any((env.allowed is None or env.allowed[i]) and needle in squeezed and written.search(lowered)
                   for i, (squeezed, lowered) in enumerate(texts))

    def key_weights(self, env: QueryEnv, terms: set[str]) -> dict[str, float]:
        """Rarity weights of the asked fact's key terms: a term no chunk holds weighs as the rarest
        term that some chunk holds (not more: it can stand in no sentence, so it would lower every
        sentence's share alike), and none is negative."""
        n = len(env.space.chunks)
        df = {t: max(len(self.postings(env).get(t, [])), 1) for t in terms}
        return {t: max(math.log((n + 1) / (df[t] + 0.5)), 0.0) for t in sorted(terms)}

    def weights(self, env: QueryEnv, terms: set[str]) -> dict[str, float]:
        n = len(env.space.chunks)
        df = Counter({t: len(self.postings(env).get(t, [])) for t in terms})
        return {t: math.log((n + 1) / (df[t] + 0.5)) for t in sorted(terms)}
