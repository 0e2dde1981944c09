"""The built-in citation verifiers (see the package docstring)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import numpy as np
from pydantic import confloat

from rag.citations import claims
from rag.errors import ConfigError
from rag.generators import PARTIAL
from rag.memo import item_terms
from rag.registry import ComponentSpec
from rag.types import Citation, ContextItem, QueryEnv
from rag.verifiers import Verifier, verifiers

Share = confloat(ge=0.0, le=1.0)


def _content(tokens: Iterable[str]) -> set[str]:
    return {t for t in tokens if len(t) > 1 or not t.isascii()}


@verifiers.register("none", version="1")
def none() -> Verifier:
    """No check: citations carry no support score."""
    return lambda answer, citations, context, env: citations


def without_marker(answer: str) -> str:
    """The answer without a partial-answer marker ("(Partial answer) "): it claims nothing."""
    for marker in PARTIAL.values():
        if answer.startswith(marker):
            return answer[len(marker):]
    return answer


@verifiers.register("overlap", version="1")
def overlap(*, min_support: Share = 0.5, semantic: bool = True) -> Verifier:  # type: ignore[valid-type]
    """Lexical share of the claim's content terms in the source, or (``semantic``) the cosine
    between claim and source under the corpus's embedder, whichever is larger."""

    def verify(answer: str, citations: list[Citation], context: list[ContextItem], env: QueryEnv) -> list[Citation]:
        by_number = {c.number: c for c in context}
        pairs = [(text, n) for text, numbers in claims(without_marker(answer)) for n in numbers if n in by_number and text]
        if not pairs:
            return citations
        tokenize = env.space.tokenize
        lexical = []
        for text, n in pairs:
            terms = _content(tokenize(text))
            found = _content(item_terms(env.space, by_number[n].chunk_id, by_number[n].text))
            lexical.append(len(terms & found) / len(terms) if terms else 0.0)
        scores = lexical
        if semantic:
            vectors = np.asarray(env.space.embed_queries([t for t, _ in pairs]))
            sources = np.asarray(env.space.embed_passages([by_number[n].text for _, n in pairs]))
            cosine = np.clip((vectors * sources).sum(axis=1), 0.0, 1.0)
            scores = [max(lx, float(c)) for lx, c in zip(lexical, cosine, strict=True)]
        return _apply(citations, pairs, scores, min_support)

    return verify


_PROMPT = ("Does the source fully support the claim? Answer yes or no.\n\nSource:\n{source}\n\nClaim: {claim}")


def _ask_each(model: Any, answer: str, citations: list[Citation], context: list[ContextItem]) -> list[Citation]:
    by_number = {c.number: c for c in context}
    pairs = [(text, n) for text, numbers in claims(answer) for n in numbers if n in by_number and text]
    scores = []
    for text, n in pairs:
        reply = model.complete([{"role": "user", "content": _PROMPT.format(source=by_number[n].text, claim=text)}])
        verdict = reply.text.strip().lower()
        scores.append(1.0 if verdict.startswith(("yes", "是", "支持")) else 0.0)
    return _apply(citations, pairs, scores, 0.5)


@verifiers.register("llm", version="1", needs_chat=True)
def llm() -> Verifier:
    """The chat model says whether each source supports each claim citing it (1 or 0)."""

    def verify(answer: str, citations: list[Citation], context: list[ContextItem], env: QueryEnv) -> list[Citation]:
        if env.chat is None:
            raise ConfigError("verifier 'llm' needs a chat_model in the config", field="chat_model")
        return _ask_each(env.chat, answer, citations, context)

    return verify


@verifiers.register("judge", version="1")
def judge(*, model: ComponentSpec) -> Verifier:
    """A model of its own — typically the judge endpoint of the run, ``{name: openai, params:
    {model: …, base_url: …}}`` — says whether each source supports each claim citing it; the
    pipeline's own chat model (if any) is not used, so a system is never its own verifier."""
    from rag.chat import chat_models

    own = chat_models.build(model, field_path="verifier.params.model")

    def verify(answer: str, citations: list[Citation], context: list[ContextItem], env: QueryEnv) -> list[Citation]:
        return _ask_each(own, answer, citations, context)

    return verify


def _apply(citations: list[Citation], pairs: list[tuple[str, int]], scores: list[float],
           min_support: float) -> list[Citation]:
    best: dict[int, float] = {}
    for (_, n), score in zip(pairs, scores, strict=True):
        best[n] = max(best.get(n, 0.0), score)
    return [c if c.ghost or c.number not in best else
            replace(c, support=round(best[c.number], 4), supported=best[c.number] >= min_support) for c in citations]
