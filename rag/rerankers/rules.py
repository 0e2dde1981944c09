"""No reranking, and rule-based bonuses that need no model."""

from __future__ import annotations

from pydantic import PositiveInt

from rag.memo import TextTerms, chunk_terms
from rag.rerankers import Reranker, apply_scores, rerankers
from rag.types import Candidate, QueryEnv


@rerankers.register("none", version="1")
def none() -> Reranker:
    """Keep the fused order."""
    return lambda question, candidates, env: candidates


@rerankers.register("rules", version="1")
def rules(
    *,
    depth: PositiveInt = 30,
    term: float = 1.0,
    title: float = 0.5,
    heading: float = 0.5,
    tag: float = 0.3,
    outdated_penalty: float = 0.5,
) -> Reranker:
    """Fused score (scaled to the top candidate) plus bonuses: the share of question terms
    found in the chunk text (``term``), title (``title``), heading path (``heading``) and
    tags (``tag``); a document tagged ``outdated`` loses ``outdated_penalty``."""

    short = TextTerms()

    def rerank(question: str, candidates: list[Candidate], env: QueryEnv) -> list[Candidate]:
        terms = set(env.space.tokenize(question))
        if not candidates or not terms:
            return candidates
        top = max(c.score for c in candidates[:depth]) or 1.0
        by_chunk = chunk_terms(env.space)   # the index's tokens: no candidate is tokenised per question
        scores = []
        for cand in candidates[:depth]:
            chunk = cand.chunk
            tags = chunk.metadata.get("tags") or []

            def share(found: frozenset[str]) -> float:
                return len(terms & found) / len(terms)

            body = by_chunk.get(chunk.chunk_id)
            score = cand.score / top
            score += term * share(body if body is not None else frozenset(env.space.tokenize(chunk.text)))
            score += title * share(short(env.space, chunk.title))
            score += heading * share(short(env.space, " ".join(chunk.heading_path)))
            score += tag * share(short(env.space, " ".join(map(str, tags))))
            if "outdated" in tags:
                score -= outdated_penalty
            scores.append(score)
        return apply_scores(candidates, depth, scores)

    return rerank
