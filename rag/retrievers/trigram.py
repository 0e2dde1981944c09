"""Character trigrams over the body text, for what word tokenizers split or miss: codes
written another way (``VPN809``, ``vpn 809`` for ``VPN-809``), numbers, part numbers, rare
strings, and Chinese without word segmentation.

Text is normalised (NFKC, lower case, only letters, digits and CJK kept, so ``VPN-809`` and
``vpn 809`` both read ``vpn809``), cut into overlapping character trigrams, and scored by BM25
(bm25s) over those trigrams. The trigram index of a corpus is built in memory on first use
(milliseconds for hundreds of chunks, about a second for SciFact's 5,183 abstracts) and kept
for the corpus; access control applies before scoring, as in every retriever.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from pydantic import PositiveInt

from rag._lazy import require
from rag.retrievers import Retriever, retrievers
from rag.retrievers._per_corpus import PerCorpus, ranked_lists
from rag.types import Candidate, QueryEnv, QueryVariant

_KEEP = re.compile(r"[^0-9a-z\u3400-\u9fff]+")


def trigrams(text: str, n: int = 3) -> list[str]:
    norm = _KEEP.sub("", unicodedata.normalize("NFKC", text).lower())
    if len(norm) < n:
        return [norm] if norm else []
    return [norm[i:i + n] for i in range(len(norm) - n + 1)]


class _Index:
    def __init__(self, chunks: list[Any], n: int) -> None:
        bm25s = require("bm25s", pip="bm25s")
        self.ids = [c.chunk_id for c in chunks]
        self.n = n
        self.model = bm25s.BM25()
        self.model.index([trigrams(c.text, n) or ["\0"] for c in chunks], show_progress=False)

    def scores(self, query: str) -> Any:
        known = [t for t in trigrams(query, self.n) if t in self.model.vocab_dict]
        return self.model.get_scores(known) if known else None


_INDEXES: dict[int, PerCorpus[_Index]] = {}   # by n, shared by every pipeline of the process


@retrievers.register("trigram", version="1", searches="chunks")
def trigram(*, top_k: PositiveInt = 20, n: PositiveInt = 3) -> Retriever:
    """BM25 over character ``n``-grams of each chunk's body text (module docstring)."""
    k = top_k
    index_for = _INDEXES.setdefault(n, PerCorpus(lambda space: _Index(space.chunks, n)))

    def retrieve(variants: list[QueryVariant], env: QueryEnv) -> list[list[Candidate]]:
        space = env.space
        if not space.chunks:
            return [[] for _ in variants]
        index = index_for(space)
        return ranked_lists(variants, env, index.ids, index.scores, k, "trigram")

    return retrieve

