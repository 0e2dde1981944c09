"""Offline answer and context metrics against a case's ``reference`` and expected documents,
and the judged metrics' registry entries (their values are scored beforehand by the judge).

String metrics read the answer with its citation marks (``[1]``) removed. For Chinese and mixed
suites, ROUGE-L counts jieba words (rouge_score's own tokenizer, and so ragas' RougeScore,
deletes every non-Latin character, which would score any Chinese answer 0); chrF counts
characters in every language (sacrebleu, through ragas' CHRFScore); string similarity is ragas'
NonLLMStringSimilarity (normalised Levenshtein, rapidfuzz). The ID-based context metrics are
ragas' IDBasedContextRecall / IDBasedContextPrecision over document ids: the expected documents
against the documents in the context.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from eval.judges.judged import JUDGED
from eval.metrics.base import Metric, Observation, metric, metrics

_CITATION = re.compile(r"\s*\[\d+\]")
# metrics that read a case's ``reference`` (the judged ones that do are in eval.judges.judged)
REFERENCE_METRICS = {"rouge_l", "chrf", "string_similarity", "nonllm_context_recall"}


def needs_reference(name: str) -> bool:

    return name in REFERENCE_METRICS or (name in JUDGED and JUDGED[name].needs_reference)


def _answer(obs: Observation) -> str | None:
    if obs.behaviour in (None, "refused") or not obs.reference:
        return None
    return _CITATION.sub("", obs.answer).strip()


@functools.cache
def _collection(name: str, **params: Any) -> Any:
    from eval.judges.ragas_adapter import ragas

    ragas()
    from ragas.metrics import collections

    return getattr(collections, name)(**params)


def _collection_score(name: str, reference: str | None, answer: str) -> float:
    from eval.judges.ragas_adapter import run_sync

    return float(run_sync(_collection(name).ascore(reference=reference, response=answer)).value)


@functools.cache
def _legacy(name: str) -> Any:
    """One instance per ragas single-turn metric (they hold no per-sample state)."""
    from ragas import metrics as legacy

    return getattr(legacy, name)()


@functools.cache
def _rouge(language: str) -> Any:
    from rag._lazy import require

    rouge_scorer = require("rouge_score.rouge_scorer", pip="ragbench[ragas]")
    if language == "en":
        return rouge_scorer.RougeScorer(["rougeL"], use_stemmer=True)

    class Jieba:
        def tokenize(self, text: str) -> list[str]:
            import jieba

            return [t.lower() for t in jieba.lcut(text) if t.strip() and not re.fullmatch(r"\W+", t)]

    return rouge_scorer.RougeScorer(["rougeL"], tokenizer=Jieba())


@metric("rouge_l", higher_is_better=True, needs="answer",
        description="ROUGE-L F1 of the answer against the reference (jieba words for zh)")
def rouge_l(obs: Observation) -> float | None:
    answer = _answer(obs)
    if answer is None:
        return None
    return float(_rouge(obs.language).score(obs.reference, answer)["rougeL"].fmeasure)


@metric("chrf", higher_is_better=True, needs="answer",
        description="chrF of the answer against the reference, 0–1 (characters, any language)")
def chrf(obs: Observation) -> float | None:
    answer = _answer(obs)
    if answer is None:
        return None
    return _collection_score("CHRFScore", obs.reference, answer)


@metric("string_similarity", higher_is_better=True, needs="answer",
        description="normalised Levenshtein similarity of the answer to the reference (ragas NonLLMStringSimilarity)")
def string_similarity(obs: Observation) -> float | None:
    answer = _answer(obs)
    if answer is None:
        return None
    return _collection_score("NonLLMStringSimilarity", obs.reference, answer)


def _single_turn(cls: str, **fields: Any) -> float:
    """One ragas single-turn metric on one sample built from ``fields``."""
    from eval.judges.ragas_adapter import ragas, run_sync

    ragas()
    from ragas.dataset_schema import SingleTurnSample

    return float(run_sync(_legacy(cls).single_turn_ascore(SingleTurnSample(**fields))))


def _id_metric(cls: str, obs: Observation) -> float | None:
    if not obs.groups or obs.behaviour is None:
        return None
    retrieved = list(dict.fromkeys(obs.context_docs))
    if not retrieved:
        return 0.0
    return _single_turn(cls, retrieved_context_ids=retrieved, reference_context_ids=[d for g in obs.groups for d in g])


@metric("id_context_recall", higher_is_better=True, needs="behaviour", requires=("context_ids",),
        description="share of expected documents in the context (ragas IDBasedContextRecall)")
def id_context_recall(obs: Observation) -> float | None:
    return _id_metric("IDBasedContextRecall", obs)


@metric("id_context_precision", higher_is_better=True, needs="behaviour", requires=("context_ids",),
        description="share of the context's documents that are expected (ragas IDBasedContextPrecision)")
def id_context_precision(obs: Observation) -> float | None:
    return _id_metric("IDBasedContextPrecision", obs)


@metric("nonllm_context_recall", higher_is_better=True, needs="answer", requires=("context",),
        description="share of reference sentences matched by a context passage (ragas NonLLMContextRecall)")
def nonllm_context_recall(obs: Observation) -> float | None:
    if not obs.reference or obs.behaviour is None or not obs.context_texts:
        return None
    return _single_turn("NonLLMContextRecall", retrieved_contexts=obs.context_texts, reference_contexts=[obs.reference])


def _judged_factory(name: str, ragas_class: str, needs_context: bool) -> Any:
    def factory() -> Metric:
        return Metric(name, True, "judge", "mean", lambda obs: obs.judged.get(name),
                      f"judged by the configured LLM judge through ragas ({ragas_class})",
                      ("context",) if needs_context else ())

    return factory


def _register_judged() -> None:

    for name, spec in JUDGED.items():
        metrics.register(name)(_judged_factory(name, spec.ragas_class, spec.needs_context))


_register_judged()
