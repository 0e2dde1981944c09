"""Dense retrieval over the corpus's vector index."""

from __future__ import annotations

from pydantic import PositiveInt

from rag.retrievers import Retriever, retrievers
from rag.types import Candidate, QueryEnv, QueryVariant


@retrievers.register("dense", version="1", searches="dense")
def dense(*, top_k: PositiveInt = 50) -> Retriever:
    """Cosine similarity between the query embedding and every visible chunk."""

    def retrieve(variants: list[QueryVariant], env: QueryEnv) -> list[list[Candidate]]:
        space = env.space
        by_id = space.chunk_by_id
        vectors = space.embed_queries([v.text for v in variants])
        return [
            [Candidate(by_id[h.chunk_id], h.score, {"dense": h.score})
             for h in space.dense_search(vec, top_k, env.allowed)]
            for vec in vectors
        ]

    return retrieve
