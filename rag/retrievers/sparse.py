"""BM25 retrieval over the corpus's sparse index."""

from __future__ import annotations

from pydantic import PositiveInt

from rag.retrievers import Retriever, retrievers
from rag.types import Candidate, QueryEnv, QueryVariant


@retrievers.register("bm25", version="1", searches="sparse")
def bm25(*, top_k: PositiveInt = 50) -> Retriever:
    """BM25 with the tokenizer the index was built with (jieba for Chinese)."""

    def retrieve(variants: list[QueryVariant], env: QueryEnv) -> list[list[Candidate]]:
        space = env.space
        by_id = space.chunk_by_id
        return [
            [Candidate(by_id[h.chunk_id], h.score, {"bm25": h.score})
             for h in space.sparse_search(space.tokenize(v.text), top_k, env.allowed)]
            for v in variants
        ]

    return retrieve
