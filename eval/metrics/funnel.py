"""The stage funnel: where recall is lost on the way from the retrievers to the citations.

Per case, the share of expected OR-groups that still have a document at each stage:

- ``recall@retrieve`` — in any retriever's list, at its full depth;
- ``recall@fuse`` — within top-k of the fused list (what top-k would hold with no reranker);
- ``recall@rerank`` — within top-k of the reranked list;
- ``recall@top_k`` — in the top-k handed to the context builder;
- ``recall@context`` — in the packed context.

k is the cut the pipeline used for the question, as its fates record it (``classify`` may set
it by question type), never the config's ``top_k``; a retrieval-only case made no cut, so its
``recall@top_k`` is not measurable. Where the stages only filter (no reranker promoting a
document into the top-k), each is at most the one before. ``rerank_gain`` is the mean change in the expected documents' rank from the fused
list to the reranked one (positive: the reranker promoted them).
"""

from __future__ import annotations

from eval.metrics.base import Observation, metric

STAGES = {"retrieve": ("retrieve", None), "fuse": ("fused", "k"), "rerank": ("reranked", "k"),
          "top_k": ("top_k", None), "context": ("context", None)}


def _recall(obs: Observation, stage: str) -> float | None:
    if not obs.groups or not obs.fates:
        return None
    if stage == "top_k" and not all(f.get("cut", True) for f in obs.fates.values()):
        return None   # retrieval only: no cut was made
    key, cut = STAGES[stage]

    def present(doc: str) -> bool:
        fate = obs.fates.get(doc)
        rank = fate["ranks"].get(key) if fate else None
        return rank is not None and (cut is None or (fate.get("k") is not None and rank <= fate["k"]))

    return sum(1 for g in obs.groups if any(present(d) for d in g)) / len(obs.groups)


def _register(stage: str) -> None:
    @metric(f"recall@{stage}", higher_is_better=True, needs="behaviour" if stage == "context" else "retrieval",
            requires=("stages",),
            description=f"share of expected groups still present at the {stage} stage")
    def compute(obs: Observation) -> float | None:
        return _recall(obs, stage)


for _stage in STAGES:
    _register(_stage)


@metric("rerank_gain", higher_is_better=True, needs="retrieval", requires=("stages",),
        description="mean rank change of the expected documents from the fused to the reranked list")
def rerank_gain(obs: Observation) -> float | None:
    gains = [f["ranks"]["fused"] - f["ranks"]["reranked"] for f in obs.fates.values()
             if f["ranks"].get("fused") and f["ranks"].get("reranked")]
    return sum(gains) / len(gains) if gains else None
