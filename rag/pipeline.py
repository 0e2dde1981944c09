"""The query path: one question through every stage, with a trace record per stage.

    acl → transform → retrieve → fuse → rerank → top-k → context → answerability → generate → cite

Access control comes first and is applied inside every search, so a chunk the asker may not
see is never scored, never traced, never in the context and never cited.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from rag.answerability import answerability
from rag.candidates import CandidateCache
from rag.chat import ChatModel
from rag.citations import resolve
from rag.config import PipelineConfig
from rag.context import context_builders
from rag.cover import cover
from rag.cross_lingual import cross_view
from rag.errors import ConfigError
from rag.fusion import fusions
from rag.generators import generators
from rag.registry import ComponentSpec, Registry
from rag.rerankers import rerankers
from rag.retrievers import retrievers
from rag.routers import routers
from rag.script import (
    answer_unfolder,
    asker_style,
    fold,
    folded_history,
    shown_context,
    shown_question,
    to_traditional,
)
from rag.text import in_another_language
from rag.transforms import transforms
from rag.types import (
    BEHAVIOUR_OF,
    DECLINING,
    AnswerFrame,
    Candidate,
    ContextItem,
    Decision,
    Identity,
    QueryEnv,
    QueryVariant,
    RouteDecision,
    SearchSpace,
    SourceCard,
    TraceRecord,
)
from rag.verifiers import verifiers

TRACE_DEPTH = 20  # ids kept per list in the trace: enough to see where a golden chunk went


def needs_chat(config: PipelineConfig) -> list[str]:
    """Field paths of configured components that call a chat model."""
    used: list[tuple[str, Registry[Any], ComponentSpec]] = [
        *((f"query_transforms.{i}", transforms, s) for i, s in enumerate(config.query_transforms)),
        ("reranker", rerankers, config.reranker),
        ("generator", generators, config.generator),
        ("verifier", verifiers, config.verifier),
        ("router", routers, config.router),
    ]
    return [path for path, reg, spec in used if reg.get(spec.name).info.get("needs_chat")]


def allowed_mask(space: SearchSpace, identity: Identity | None) -> np.ndarray | None:
    if identity is None:
        return None
    return np.array([identity.can_see(c.metadata) for c in space.chunks], dtype=bool)


def _hits(candidates: list[Candidate]) -> list[tuple[str, float]]:
    return [(c.chunk_id, round(c.score, 6)) for c in candidates[:TRACE_DEPTH]]


def _spec(spec: ComponentSpec) -> tuple[str, dict[str, Any]]:
    return spec.name, dict(spec.params)


class Tracer:
    """Collects one TraceRecord per stage, timing each."""

    def __init__(self) -> None:
        self.records: list[TraceRecord] = []

    @contextmanager
    def stage(self, name: str, component: str, params: dict[str, Any], **inp: Any) -> Iterator[dict[str, Any]]:
        record: dict[str, Any] = {"output": [], "note": ""}
        start = time.perf_counter()
        yield record
        self.records.append(TraceRecord(name, component, params, round((time.perf_counter() - start) * 1000, 3),
                                        inp, record["output"], record["note"]))


@dataclass
class Retrieval:
    """The first half of a question's journey, which retrieval-only suites stop after."""

    question: str
    identity: Identity | None
    env: QueryEnv
    tracer: Tracer
    candidates: list[Candidate]
    # every stage's full ranked list of chunk ids (each retriever's own list, ``fused``,
    # ``reranked``; after :meth:`Pipeline.answer`, ``top_k``: the cut handed to the context
    # builder, sub-query and graph sources swapped in): the trace keeps only the top
    # TRACE_DEPTH, triage needs the whole depth
    stages: dict[str, list[str]] = field(default_factory=dict)
    route: RouteDecision = field(default_factory=lambda: RouteDecision("rag", "no router"))
    variants: list[QueryVariant] = field(default_factory=list)   # what was searched, the question first
    # how many ranked sources the context builder gets: the config's top_k, or what query
    # understanding (``classify`` with ``top_k`` by question type) set for this question
    top_k: int = 0
    # each retriever's candidates as the fusion stage received them (scores kept): what a
    # learned fusion is fitted on
    lists: dict[str, list[Candidate]] = field(default_factory=dict)
    # the question as the asker wrote it (``question`` is read folded to simplified when it was
    # written in traditional Chinese: :mod:`rag.script`), and how the asker writes traditional
    # characters (``s2tw``, ``s2hk``, ``s2t``; "" for simplified)
    asked: str = ""
    style: str = ""
    turns: tuple[str, ...] = ()   # the asker's earlier turns as written

    @property
    def trace(self) -> list[TraceRecord]:
        return self.tracer.records


class Pipeline:
    """A built pipeline over one indexed corpus. Build once, ask many times."""

    def __init__(self, config: PipelineConfig, space: SearchSpace, chat: ChatModel | None = None,
                 candidates: CandidateCache | None = None, index_keys: dict[str, str] | None = None,
                 reader: ChatModel | None = None) -> None:
        """``candidates`` (with the ``index_keys`` of ``space``) caches retriever outputs; ``reader`` is the
        answerability reader's model behind the run's cache (without it the reader calls its own, uncached)."""
        missing = needs_chat(config)
        if missing and chat is None:
            raise ConfigError(f"{', '.join(missing)} need a chat_model, and none is configured",
                              field="chat_model")
        self.config = config
        self.space = space
        self.chat = chat
        self.reader = reader
        self.candidates = candidates
        self.index_keys = index_keys or {}
        self._described: dict[str, tuple[Any, str]] = {}
        self.transforms = [(s, transforms.build(s, field_path=f"query_transforms.{i}"))
                           for i, s in enumerate(config.query_transforms)]
        self.retrievers = [(s, retrievers.build(s, field_path=f"retrievers.{i}"))
                           for i, s in enumerate(config.retrievers)]
        if not self.retrievers:
            raise ConfigError("at least one retriever is needed", field="retrievers")
        names = [s.name for s, _ in self.retrievers]
        if len(set(names)) != len(names):
            raise ConfigError(f"a retriever is listed twice: {names}", field="retrievers")
        self.fuse = fusions.build(config.fusion, field_path="fusion")
        self.rerank = rerankers.build(config.reranker, field_path="reranker")
        self.build_context = context_builders.build(config.context, field_path="context")
        self.decide = answerability.build(config.answerability, field_path="answerability")
        self.generate = generators.build(config.generator, field_path="generator")
        self.verify = verifiers.build(config.verifier, field_path="verifier")
        self.route = routers.build(config.router, field_path="router")

    def retrieve(self, question: str, identity: Identity | None = None,
                 history: Sequence[dict[str, str]] = ()) -> Retrieval:
        """acl → transforms → retrievers → fusion → reranker: the ranked candidates, all of
        them (before the top-k cut), with the trace so far. ``history`` is the conversation
        before ``question``; a follow-up transform may rewrite the question into a standalone
        one, which every later stage then uses (the trace keeps both)."""
        tracer = Tracer()
        # traditional Chinese is read as simplified (:mod:`rag.script`); the asker sees it as written
        asked, style = question, asker_style(question, history)
        turns = tuple(t["content"] for t in history if t.get("role") == "user" and isinstance(t.get("content"), str))
        question, history = fold(question), folded_history(history)
        mask = allowed_mask(self.space, identity)
        # acl: counts only; the ids of hidden chunks never reach the trace
        with tracer.stage("acl", "identity", {} if identity is None else {
            "name": identity.name, "departments": list(identity.departments), "clearance": identity.clearance,
        }, chunks=len(self.space.chunks)) as rec:
            visible = len(self.space.chunks) if mask is None else int(mask.sum())
            rec["note"] = f"{visible} of {len(self.space.chunks)} chunks visible"
        env = QueryEnv(self.space, mask, self.chat, tuple(history), reader=self.reader)

        with tracer.stage("route", *_spec(self.config.router), question=question) as rec:
            route = self.route(question, env)
            rec["note"] = f"{route.route}: {route.reason}"
        if route.route != "rag":   # no retrieval at all
            return Retrieval(question, identity, env, tracer, [], {}, route, top_k=self.config.top_k,
                             asked=asked, style=style, turns=turns)

        variants = [QueryVariant(question)]
        for spec, transform in self.transforms:
            with tracer.stage("transform", *_spec(spec), question=question) as rec:
                before = dict(env.facts)
                produced = transform(question, env)
                learnt = [f"{k}: {v}" for k, v in env.facts.items() if before.get(k) != v and k != "sub_queries"]
                head, extra = (produced[0], produced[1:]) if produced else (variants[0], [])
                notes = []
                if head.text != question:
                    # the question itself rewritten (a follow-up made standalone): every later
                    # stage, answerability and generation included, works on the rewrite
                    notes.append(f"{head.kind}: {head.text}")
                    question = head.text
                    variants[0] = head
                for v in extra:
                    if v.text not in {x.text for x in variants}:
                        variants.append(v)
                notes += [f"{v.kind}: {v.text}" for v in extra] + learnt
                rec["note"] = "; ".join(notes)

        self._read_in_its_language(question, env)
        lists: dict[str, list[Candidate]] = {}
        for spec, retrieve in self.retrievers:
            with tracer.stage("retrieve", *_spec(spec),
                              variants=[{"kind": v.kind, "text": v.text} for v in variants]) as rec:
                for i, ranked in enumerate(self._retrieve_cached(spec, retrieve, variants, env)):
                    lists[spec.name if i == 0 else f"{spec.name}#{i}"] = ranked
                rec["output"] = _hits(lists[spec.name])
                rec["note"] = ", ".join(f"{name}: {len(r)}" for name, r in lists.items()
                                        if name.split("#")[0] == spec.name)
                if hasattr(retrieve, "hops"):   # the graph route: where the question's entities led
                    paths = retrieve.hops(question, env)
                    rec["note"] += "; hops: " + ("; ".join(paths) if paths else "none")

        with tracer.stage("fuse", *_spec(self.config.fusion), lists=sorted(lists)) as rec:
            if len(lists) == 1:
                # one list: nothing to fuse. Keeping its own scores keeps their ties, which a
                # rank-based fusion would break by position (trec_eval breaks them by docno).
                (only,) = lists.values()
                fused = [Candidate(c.chunk, c.score, {**c.scores, "fused": c.score}) for c in only]
                rec["note"] = "one list: its scores kept"
            else:
                fused = self.fuse(lists)
            rec["output"] = _hits(fused)

        with tracer.stage("rerank", *_spec(self.config.reranker), candidates=len(fused)) as rec:
            reranked = self.rerank(question, fused, env)
            rec["output"] = _hits(reranked)
        stages = {name: [c.chunk_id for c in ranked] for name, ranked in lists.items()}
        stages["fused"] = [c.chunk_id for c in fused]
        stages["reranked"] = [c.chunk_id for c in reranked]
        k = int(env.facts.get("top_k", self.config.top_k))   # query understanding may widen or narrow it
        return Retrieval(question, identity, env, tracer, reranked, stages, route, variants, k, lists,
                         asked=asked, style=style, turns=turns)

    def _read_in_its_language(self, question: str, env: QueryEnv) -> None:
        """Record whether the question, as every later stage reads it (a follow-up rewritten),
        is asked in another language than the corpus's (``another_language``: the evidence rule
        and the extractive generator read it), and if so hand the stages the corpus seen through
        the ``cross_embedder`` set for its language (:mod:`rag.cross_lingual`), when one is."""
        across = in_another_language(question, self.space.language)
        env.facts["another_language"] = across
        spec = self.config.cross_embedder_for(self.space.language) if across else None
        if spec is not None:
            env.space = cross_view(self.space, spec)

    def _cache_ids(self, spec: ComponentSpec) -> tuple[Any, str]:
        """A retriever's description (name, version, params) and the key of the index it
        searches: computed once per retriever (describing reads its signature)."""
        found = self._described.get(spec.name)
        if found is None:
            searches = retrievers.get(spec.name).info.get("searches", "chunks")
            found = self._described[spec.name] = (retrievers.describe(spec), self.index_keys.get(searches, ""))
        return found

    def _retrieve_cached(self, spec: ComponentSpec, retrieve: Any, variants: list[QueryVariant],
                         env: QueryEnv) -> list[list[Candidate]]:
        """Serve every variant's list from the candidate cache, or search and store them."""
        if self.candidates is None or env.space is not self.space:   # cached by the corpus's own indexes only
            return retrieve(variants, env)
        described, index_key = self._cache_ids(spec)
        keys = [self.candidates.key(described, index_key, v.text, env.allowed) for v in variants]
        cached = [self.candidates.get(k) for k in keys]
        if all(c is not None for c in cached):
            self.candidates.hits += len(keys)
            by_id = self.space.chunk_by_id
            return [[Candidate(by_id[cid], score, {spec.name: score}) for cid, score in hits]  # type: ignore[union-attr]
                    for hits in cached]
        self.candidates.misses += len(keys)
        lists = retrieve(variants, env)
        for key, ranked in zip(keys, lists, strict=True):
            self.candidates.put(key, [(c.chunk_id, c.score) for c in ranked])
        return lists

    def answer(self, retrieval: Retrieval, on_token: Callable[[str], None] | None = None) -> AnswerFrame:
        """top-k → context → answerability → generate → cite, continuing a retrieval."""
        question, env, tracer = retrieval.question, retrieval.env, retrieval.tracer
        if retrieval.route.route != "rag":
            return self._routed(retrieval, on_token)
        k = retrieval.top_k or int(env.facts.get("top_k", self.config.top_k))   # a Retrieval made by hand
        with tracer.stage("top_k", "top_k", {"k": k}, candidates=len(retrieval.candidates)) as rec:
            final = retrieval.candidates[:k]
            covered, linked, followed = cover(final, retrieval, k, self.space, self.config.follow_references)
            rec["note"] = "; ".join(
                ([f"{env.facts['question_type']} question"] if "question_type" in env.facts else [])
                + ([f"k {k} (config {self.config.top_k})"] if k != self.config.top_k else [])
                + ([f"kept the best source of every sub-query: {', '.join(covered)}"] if covered else [])
                + ([f"kept the graph route's best source the question points to: {linked}"] if linked else [])
                + ([f"followed the evidence's reference to: {', '.join(followed)}"] if followed else []))
            rec["output"] = _hits(final)
        retrieval.stages["top_k"] = [c.chunk_id for c in final]   # what the context builder receives

        with tracer.stage("context", *_spec(self.config.context), candidates=len(final)) as rec:
            context = self.build_context(question, final)
            rec["output"] = [(c.chunk_id, float(c.tokens)) for c in context]
            rec["note"] = f"{sum(c.tokens for c in context)} tokens in {len(context)} sources"
            by_id = self.space.chunk_by_id
            cleaned = sorted({c.doc_id for c in context if c.chunk_id in by_id
                              and by_id[c.chunk_id].metadata.get("sanitized")})
            if cleaned:   # the poison scan cut injected passages out of these documents at ingest
                rec["note"] += f"; injected text removed at ingest from {', '.join(cleaned)}"
            unfilled = [c.chunk_id for c in context if c.chunk_id in by_id and by_id[c.chunk_id].metadata.get("placeholders")]
            if unfilled:  # text not filled in yet (×××, 待定, TBD): weak evidence
                rec["note"] += f"; placeholders in {', '.join(unfilled)}"

        with tracer.stage("answerability", *_spec(self.config.answerability), sources=len(context)) as rec:
            decision = self.decide(question, context, env)
            rec["note"] = f"{decision.action}: {decision.reason}"
            rec["output"] = sorted(decision.signals.items())

        with tracer.stage("generate", *_spec(self.config.generator), decision=decision.action) as rec:
            generation = self.generate(question, context, decision, env)
            # what the asker sees, as the sources and the asker write it (:mod:`rag.script`)
            shown = shown_context(context, self.space.chunk_by_id)
            shown_text = answer_unfolder(context, shown, retrieval.asked, retrieval.style).unfold(generation.text)
            if on_token:
                on_token(shown_text)
            rec["note"] = f"{generation.model_calls} model call(s)"

        with tracer.stage("cite", "citations", {}, answer_chars=len(generation.text)) as rec:
            citations = resolve(generation.text, context)
            rec["output"] = [(c.chunk_id or f"ghost:{c.number}", float(c.number)) for c in citations]
            ghosts = [c.number for c in citations if c.ghost]
            rec["note"] = f"{len(citations)} citation(s)" + (f", ghosts {ghosts}" if ghosts else "")

        with tracer.stage("verify", *_spec(self.config.verifier), citations=len(citations)) as rec:
            citations = self.verify(generation.text, citations, context, env)
            rec["output"] = [(c.chunk_id or f"ghost:{c.number}", float(c.support)) for c in citations
                             if c.support is not None]
            unsupported = [c.number for c in citations if c.supported is False]
            checked = sum(c.supported is not None for c in citations)
            rec["note"] = (f"{checked - len(unsupported)} of {checked} citation(s) supported"
                           + (f"; unsupported {unsupported}" if unsupported else "")) if checked else "nothing to check"

        behaviour = BEHAVIOUR_OF[decision.action]
        if behaviour not in DECLINING and _is_refusal(generation.text, self.space.language):
            # the generator declined although the evidence looked sufficient: a model, or the extractive reader finding
            # no statement that reaches its min_score — the asker reads a refusal, so the case is one
            behaviour = "refused"
        identity = retrieval.identity
        return AnswerFrame(
            question=shown_question(question, retrieval.asked, retrieval.turns, retrieval.style),
            answer=shown_text,
            behaviour=behaviour,  # type: ignore[arg-type]
            decision=decision,
            context=shown,
            citations=citations,
            trace=tracer.records,
            asked_as=identity.name if identity else None,
            usage={"prompt_tokens": generation.prompt_tokens + decision.usage.get("prompt_tokens", 0),
                   "completion_tokens": generation.completion_tokens + decision.usage.get("completion_tokens", 0),
                   "model_calls": generation.model_calls + decision.usage.get("model_calls", 0)},
            sources=source_cards(shown, citations),
            route=retrieval.route.route,
        )

    def _routed(self, retrieval: Retrieval, on_token: Callable[[str], None] | None) -> AnswerFrame:
        """The frame of a question the router kept from retrieval: its direct reply, or the refusal."""
        from rag.generators import refusal

        route = retrieval.route
        direct = route.route == "direct"
        text = route.reply if direct else refusal(self.space.language)
        if retrieval.style:
            text = to_traditional(text, retrieval.style)
        if on_token:
            on_token(text)
        decision = Decision("answer" if direct else "refuse", f"routed {route.route}: {route.reason}",
                            check="" if direct else "router")
        identity = retrieval.identity
        return AnswerFrame(question=retrieval.asked or retrieval.question, answer=text, behaviour="answered" if direct else "refused",
                           decision=decision, trace=retrieval.tracer.records,
                           asked_as=identity.name if identity else None,
                           usage={"prompt_tokens": 0, "completion_tokens": 0, "model_calls": 0}, route=route.route)

    def ask(self, question: str, identity: Identity | None = None,
            on_token: Callable[[str], None] | None = None) -> AnswerFrame:
        return self.answer(self.retrieve(question, identity), on_token)


def source_cards(context: list[ContextItem], citations: list[Any]) -> list[SourceCard]:
    """One card per document in the context, in context order: its chunks used, and cited."""
    cited = {c.chunk_id for c in citations if c.chunk_id}
    cards: dict[str, list[ContextItem]] = {}
    for item in context:
        cards.setdefault(item.doc_id, []).append(item)
    return [SourceCard(doc, items[0].title, tuple(i.chunk_id for i in items),
                       tuple(i.chunk_id for i in items if i.chunk_id in cited)) for doc, items in cards.items()]


def _is_refusal(text: str, language: str) -> bool:
    from rag.generators import refusal

    return text.strip() == refusal(language)
