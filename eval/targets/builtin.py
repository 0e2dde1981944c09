"""``target: builtin``: the reference pipeline (``rag/``), in this process."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from eval.targets.base import Ask, BoundTarget, Reply, targets

RANKING_DEPTH = 100


def ranking_of(candidates: list[Any], depth: int = RANKING_DEPTH) -> list[tuple[str, float]]:
    """Document-level ranking: each document at the rank of its best chunk."""
    seen: dict[str, float] = {}
    for cand in candidates:
        doc = cand.chunk.doc_id
        if doc not in seen:
            seen[doc] = round(float(cand.score), 8)
            if len(seen) == depth:
                break
    return list(seen.items())


def context_rows(context: list[Any]) -> list[dict[str, Any]]:
    return [{"number": c.number, "chunk_id": c.chunk_id, "doc_id": c.doc_id, "title": c.title,
             "heading_path": list(c.heading_path), "score": c.score, "tokens": c.tokens, "text": c.text}
            for c in context]


class Builtin:
    """The prepared config's pipeline over each suite's index, sharing one chat model and one
    candidate cache across the suites of a run (:meth:`eval.prepare.Prepared.parts`)."""

    kind = "builtin"

    def __init__(self, prepared: Any) -> None:
        self.prepared = prepared
        self.parts = prepared.parts()
        self._indexes: list[Any] = []

    def bind(self, suite: Any, index: Any) -> BoundTarget:
        pipeline = self.prepared.pipeline(index, self.parts)
        self._indexes.append(index)
        full = suite.mode == "full"

        def call(ask: Ask) -> Reply:
            retrieval = pipeline.retrieve(ask.question, ask.identity, history=ask.history)
            frame = pipeline.answer(retrieval) if full else None
            reply = Reply(ranking=ranking_of(retrieval.candidates),
                          trace=[t.to_dict() for t in (frame.trace if frame else retrieval.trace)],
                          route=retrieval.route.route)
            if frame is not None:
                reply.answer, reply.behaviour = frame.answer, frame.behaviour
                reply.decision = frame.decision.as_record()
                reply.context = context_rows(frame.context)
                reply.citations = [asdict(c) for c in frame.citations]
                reply.usage = dict(frame.usage)
            # what the pipeline did, stage by stage: every ranked list and the cut the context
            # builder received, at the k this question got (triage follows the golden documents through it)
            reply.stages, reply.top_k = dict(retrieval.stages), retrieval.top_k
            return reply

        return call

    def counters(self) -> dict[str, dict[str, int]]:
        return {**self.parts.counters(),
                "embeddings": {"misses": sum(i.embedder.misses for i in self._indexes),
                               "hits": sum(i.embedder.hits for i in self._indexes)}}

    def close(self) -> None:
        self.parts.close()


@targets.register("builtin", version="1", local=True)
def builtin(*, prepared: Any) -> Builtin:
    """The reference pipeline the config describes, assembled by :func:`eval.prepare.prepare`."""
    return Builtin(prepared)
