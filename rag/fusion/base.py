"""Fusion registry and the join every fusion method shares."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rag.registry import Registry
from rag.types import Candidate

RankedLists = Mapping[str, list[Candidate]]
Fusion = Callable[[RankedLists], list[Candidate]]
Normaliser = Callable[[list[float]], list[float]]

fusions: Registry[Fusion] = Registry("fusion")
normalisers: Registry[Normaliser] = Registry("normaliser")


def retriever_of(list_name: str) -> str:
    """``dense#1`` → ``dense``: weights are per retriever, whatever the query variant."""
    return list_name.split("#", 1)[0]


def join(lists: RankedLists, contributions: Mapping[str, list[float]]) -> list[Candidate]:
    """Sum each list's ``contributions[name][rank - 1]`` per chunk id across lists, keep every
    source score, and sort by fused score, then best rank, then chunk id (deterministic)."""
    fused: dict[str, Candidate] = {}
    best_rank: dict[str, int] = {}
    for name, ranked in lists.items():
        adds = contributions[name]
        for rank, cand in enumerate(ranked, start=1):
            cid = cand.chunk.chunk_id
            entry = fused.get(cid)
            if entry is None:
                fused[cid] = Candidate(cand.chunk, 0.0 + adds[rank - 1], dict(cand.scores))
                best_rank[cid] = rank
                continue
            if rank < best_rank[cid]:
                best_rank[cid] = rank
            kept = entry.scores
            for key, value in cand.scores.items():
                # a chunk found by several variants keeps its best score per retriever
                if key not in kept or value > kept[key]:
                    kept[key] = value
            entry.score += adds[rank - 1]
    out = sorted(fused.values(), key=lambda c: (-c.score, best_rank[c.chunk.chunk_id], c.chunk.chunk_id))
    for c in out:
        c.scores["fused"] = c.score
    return out


def check_weights(weights: Mapping[str, float]) -> None:
    from rag.errors import ConfigError

    bad = {k: v for k, v in weights.items() if v < 0}
    if bad:
        raise ConfigError(f"fusion weights must be ≥ 0, got {bad}", field="fusion.params.weights")
