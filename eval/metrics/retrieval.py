"""Retrieval metrics at the document level, equal to trec_eval on the same run.

OR-groups: each group of expected documents is one relevant unit, satisfied by the first of
its documents in the ranking; later documents of a satisfied group gain nothing. With
singleton groups (every BEIR qrel) this is exactly trec_eval's definition.
"""

from __future__ import annotations

import math

from pydantic import PositiveInt

from eval.metrics.base import Metric, Observation, metrics


def gains(obs: Observation, k: int) -> list[float]:
    """Gain at each of the first ``k`` ranks: the grade of a document that satisfies a group
    not yet satisfied, else 0."""
    group_of = {d: i for i, g in enumerate(obs.groups) for d in g}
    satisfied: set[int] = set()
    out = []
    for doc in obs.ranking[:k]:
        g = group_of.get(doc)
        if g is None or g in satisfied or obs.grades.get(doc, 1) <= 0:
            out.append(0.0)
            continue
        satisfied.add(g)
        out.append(float(obs.grades.get(doc, 1)))
    return out


def _ideal(obs: Observation, k: int) -> list[float]:
    best = sorted((max(obs.grades.get(d, 1) for d in g) for g in obs.groups), reverse=True)
    return [float(x) for x in best[:k] if x > 0]


def _cutoff(name: str, compute, higher: bool = True):  # noqa: ANN001, ANN202
    def factory(*, k: PositiveInt = 10) -> Metric:
        return Metric(f"{name}@{k}", higher, "retrieval", "mean", lambda obs: compute(obs, k) if obs.groups else None,
                      requires=("ranking",))

    factory.__doc__ = compute.__doc__
    return metrics.register(name)(factory)


def hit(obs: Observation, k: int) -> float:
    """1 when any expected document is in the top k (trec_eval success_k)."""
    return 1.0 if any(gains(obs, k)) else 0.0


def mrr(obs: Observation, k: int) -> float:
    """Reciprocal rank of the first expected document within the top k."""
    return next((1.0 / (i + 1) for i, g in enumerate(gains(obs, k)) if g), 0.0)


def recall(obs: Observation, k: int) -> float:
    """Share of expected groups satisfied in the top k (trec_eval recall_k)."""
    return sum(1 for g in gains(obs, k) if g) / len(obs.groups)


def precision(obs: Observation, k: int) -> float:
    """Relevant documents in the top k, divided by k (trec_eval P_k)."""
    return sum(1 for g in gains(obs, k) if g) / k


def ndcg(obs: Observation, k: int) -> float:
    """Graded nDCG with linear gains (trec_eval ndcg_cut_k)."""
    dcg = sum(g / math.log2(i + 2) for i, g in enumerate(gains(obs, k)))
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(_ideal(obs, k)))
    return dcg / idcg if idcg else 0.0


def average_precision(obs: Observation, k: int) -> float:
    """Average precision over the top k, divided by all expected groups (trec_eval map_cut_k)."""
    found, total = 0, 0.0
    for i, g in enumerate(gains(obs, k)):
        if g:
            found += 1
            total += found / (i + 1)
    return total / len(obs.groups)


for _name, _fn in (("hit", hit), ("mrr", mrr), ("recall", recall), ("precision", precision),
                   ("ndcg", ndcg), ("map", average_precision)):
    _cutoff(_name, _fn)
