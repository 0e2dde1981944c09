"""A question asked in another language than the corpus's (the evidence rule's ``cross_answer_at``, evidence v11,
signal ``cross_lingual``): its words cannot cover the corpus's, so it is decided on meaning alone — its best cosine with
a statement of the top sources, under the corpus's embedder, which must read both languages."""

from __future__ import annotations

from collections.abc import Callable

from rag.answerability.corpus_terms import CorpusTerms
from rag.answerability.levels import Statement, statements_by_meaning
from rag.answerability.question_terms import written_codes
from rag.answerability.unknown_names import unknown_names
from rag.by_language import by_language_or_none
from rag.text import compact
from rag.types import ContextItem, Decision, QueryEnv


def across_languages(question: str, top: list[ContextItem], env: QueryEnv, cross_answer_at: float | dict[str, float] | None,
                     corpus_terms: CorpusTerms, conflicting: Callable[[list[Statement], QueryEnv, dict[str, float], str], Decision | None],
                     *, require_codes: bool, refuse_unknown_names: bool) -> Decision:
    """A question in another language than the corpus's: a code must stand in the sources as
    ever, and a name written in the corpus's script (the Latin words of a Chinese question to
    an English corpus: "Berlin 办公室在哪里？") in some document; the rest is meaning (the best
    statement's cosine), never words. Two sources that disagree are a conflict, as ever (``conflicting``, the
    evidence rule's). ``cross_answer_at``: the threshold by the corpus's language; none refuses."""
    signals: dict[str, float] = {"cross_lingual": 1.0}
    written = compact("\n".join(item.text for item in top))
    codes = sorted(c for c in written_codes(question) if compact(c) not in written)
    if require_codes and codes:
        return Decision.refused_by("missing_codes", f"the sources never mention {codes[:5]}", signals, float(len(codes)))
    unknown = unknown_names(question, env, corpus_terms) if refuse_unknown_names and env.language == "en" else []
    if unknown:
        return Decision.refused_by("unknown_names", f"no document you may see mentions {unknown[:5]}", signals,
                                   float(len(unknown)))
    said = statements_by_meaning(question, top, env)
    best = max((s.cosine for s in said), default=0.0)
    signals["semantic"] = score = round(best, 4)
    signals["score"] = score
    threshold = by_language_or_none(cross_answer_at, env.language)
    if threshold is None:
        return Decision("refuse", f"asked in another language than the corpus's ({env.language}), and no "
                                  "threshold was fitted for that (cross_answer_at)", signals, check="cross_lingual")
    signals["threshold"] = threshold
    if score < threshold:
        return Decision("refuse", f"asked in another language: meaning {score:.2f} < {threshold}", signals,
                        check="cross_lingual")
    return conflicting(said, env, signals, question) or \
        Decision("answer", f"asked in another language: meaning {score:.2f} ≥ {threshold}", signals)
