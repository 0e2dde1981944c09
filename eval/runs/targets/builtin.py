"""``target: builtin``: the reference pipeline (``rag/``), in this process."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any

from eval.runs.targets.base import Ask, BoundTarget, Reply, targets
from rag.candidates import CandidateCache
from rag.pipeline import Pipeline, chat_for

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
    kind = "builtin"

    def __init__(self, config: Any, workdir: Path, repeat: int = 0) -> None:
        self.config = config
        self.chat = chat_for(config, workdir / "cache" / "chat.sqlite", salt=f"repeat-{repeat}" if repeat else "")
        self.candidates = CandidateCache(workdir / "cache" / "candidates.sqlite")
        self._indexes: list[Any] = []

    def bind(self, suite: Any, index: Any) -> BoundTarget:
        keys = index.keys.by_kind()
        pipeline = Pipeline(self.config, index, self.chat, self.candidates, keys)
        self._indexes.append(index)
        full = suite.mode == "full"
        expected_of = {c.id: [d for g in c.groups for d in g] for c in suite.cases}
        doc_of = {cid: c.doc_id for cid, c in index.chunk_by_id.items()}   # once per suite, not per case

        def call(ask: Ask) -> Reply:
            retrieval = pipeline.retrieve(ask.question, ask.identity, history=ask.history)
            frame = pipeline.answer(retrieval) if full else None
            reply = Reply(ranking=ranking_of(retrieval.candidates),
                          trace=[t.to_dict() for t in (frame.trace if frame else retrieval.trace)],
                          route=retrieval.route.route)
            if frame is not None:
                reply.answer, reply.behaviour = frame.answer, frame.behaviour
                reply.decision = asdict(frame.decision)
                reply.context = context_rows(frame.context)
                reply.citations = [asdict(c) for c in frame.citations]
                reply.usage = dict(frame.usage)
            expected = expected_of.get(ask.case_id, [])
            reply.fates = (fates_of(expected, retrieval, frame, index, ask, doc_of)
                           if expected else {})
            return reply

        return call

    def counters(self) -> dict[str, dict[str, int]]:
        out = {"candidates": {"hits": self.candidates.hits, "misses": self.candidates.misses},
               "embeddings": {"misses": sum(i.embedder.misses for i in self._indexes),
                              "hits": sum(i.embedder.hits for i in self._indexes)}}
        if self.chat is not None:
            out["chat"] = {"hits": self.chat.hits, "misses": self.chat.misses}  # type: ignore[attr-defined]
        return out

    def close(self) -> None:
        self.candidates.flush()


def fates_of(expected: list[str], retrieval: Any, frame: Any, index: Any, ask: Ask,
             doc_of: dict[str, str]) -> dict[str, Any]:
    """Each expected document followed through every stage, as the pipeline recorded them
    (``retrieval.stages``, its ``top_k``): triage reads it."""
    from eval.triage.fates import fates

    status = dict(index.excluded)
    for doc in expected:
        meta = index.doc_metadata.get(doc)
        if meta is None:
            status.setdefault(doc, "missing")
        elif ask.identity is not None and not ask.identity.can_see(meta):
            status[doc] = "hidden"
    return fates(expected, retrieval.stages,
                 [c.chunk_id for c in frame.context] if frame else [],
                 [c.chunk_id for c in frame.citations if c.chunk_id] if frame else [],
                 retrieval.top_k, doc_of, status)


@targets.register("builtin", version="1", local=True)
def builtin(*, config: Any, workdir: Path, repeat: int = 0) -> Builtin:
    """The reference pipeline the config describes."""
    return Builtin(config, workdir, repeat)
