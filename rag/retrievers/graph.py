"""The graph route: the question's entities (codes, 《titles》, document names) expanded one or
two hops through the corpus's entity graph (:mod:`rag.indexes.graph`, built at index time) to
chunks. Within the reached chunks the ones that share the question's words come first, so "the
rules say travel follows another policy — what does *that* policy pay for meals?" reaches the
meal clause of the linked policy, not just any chunk of it. Access control applies before
scoring. ``hops(question, env)`` tells the trace which documents the entities led to.
"""

from __future__ import annotations

from typing import Any

from pydantic import PositiveInt, conint

from rag.indexes import Graph
from rag.memo import chunk_terms
from rag.retrievers import Retriever, retrievers
from rag.retrievers._per_corpus import PerCorpus, ranked_lists
from rag.types import Candidate, QueryEnv, QueryVariant

# a space without a stored graph (a test's or a served corpus's) builds one in memory, once
_in_memory = PerCorpus(lambda space: Graph(space.chunks))


def graph_of(space: Any) -> Graph:
    stored = getattr(space, "graph", None)
    return stored if isinstance(stored, Graph) else _in_memory(space)


@retrievers.register("graph", version="3", searches="graph")
def graph(*, top_k: PositiveInt = 20, hops: conint(ge=0, le=3) = 2,  # type: ignore[valid-type]
          word_weight: float = 1.0, named_weight: float = 0.25) -> Retriever:
    """Chunks within ``hops`` entity hops of the question's entities, scored by graph proximity
    × (1 + ``word_weight`` · the share of the question's words the chunk contains). Chunks of a
    document the question names itself are weighted by ``named_weight``: the text routes find
    those already, and what only the graph can add is the documents they lead to."""
    k = top_k

    def retrieve(variants: list[QueryVariant], env: QueryEnv) -> list[list[Candidate]]:
        import numpy as np

        space = env.space
        if not space.chunks:
            return [[] for _ in variants]
        g = graph_of(space)
        by_id = space.chunk_by_id
        position = {cid: i for i, cid in enumerate(g.ids)}
        words = chunk_terms(space)

        def scores_of(text: str) -> Any:
            scores = np.zeros(len(g.ids))
            asked = set(space.tokenize(text)) if word_weight else set()
            named = g.named_documents(text)
            for cid, s in g.scores(text, hops).items():
                share = len(asked & words[cid]) / len(asked) if asked else 0.0
                own = named_weight if by_id[cid].doc_id in named else 1.0
                scores[position[cid]] = s * own * (1.0 + word_weight * share)
            return scores

        return ranked_lists(variants, env, g.ids, scores_of, k, "graph")

    retrieve.hops = lambda question, env: graph_of(env.space).hops(question, hops)  # type: ignore[attr-defined]
    return retrieve
