"""Fusion against hand-computed values (ranx style)."""

from __future__ import annotations

import pytest

from rag.errors import ConfigError, InputError
from rag.fusion import fusions, normalisers
from tests.rag.helpers import cands


def scores(fused) -> dict[str, float]:
    return {c.chunk_id: c.score for c in fused}


def test_rrf_hand_computed() -> None:
    lists = {"dense": cands(("x", 0.9), ("y", 0.8), ("z", 0.1)), "bm25": cands(("y", 12.0), ("w", 3.0))}
    fused = fusions.build({"name": "rrf", "params": {"k": 60}})(lists)
    assert [c.chunk_id for c in fused] == ["y", "x", "w", "z"]
    assert scores(fused) == pytest.approx({"y": 1 / 62 + 1 / 61, "x": 1 / 61, "w": 1 / 62, "z": 1 / 63})
    y = fused[0]
    assert y.scores["fused"] == pytest.approx(1 / 62 + 1 / 61)


def test_fusion_joins_by_id_not_position() -> None:
    a = cands(("p", 3.0), ("q", 2.0), ("r", 1.0))
    b = cands(("r", 3.0), ("q", 2.0), ("p", 1.0))
    fused = fusions.build("rrf")({"a": a, "b": b})
    assert scores(fused) == pytest.approx({"p": 1 / 61 + 1 / 63, "q": 2 / 62, "r": 1 / 63 + 1 / 61})
    # p and r tie exactly; the tie breaks by best rank (both 1) then by id
    assert [c.chunk_id for c in fused] == ["p", "r", "q"]


def test_weighted_rrf_weights_by_retriever_across_variants() -> None:
    lists = {"dense": cands(("x", 1.0)), "dense#1": cands(("y", 1.0)), "bm25": cands(("y", 1.0))}
    fused = fusions.build({"name": "weighted_rrf", "params": {"k": 10, "weights": {"dense": 2.0, "bm25": 0.5}}})(lists)
    assert scores(fused) == pytest.approx({"x": 2 / 11, "y": 2 / 11 + 0.5 / 11})


def test_convex_minmax_hand_computed() -> None:
    lists = {"dense": cands(("a", 0.9), ("b", 0.5), ("c", 0.1), key="dense"),
             "bm25": cands(("c", 10.0), ("a", 5.0), key="bm25")}
    fused = fusions.build({"name": "convex", "params": {"weights": {"dense": 0.7, "bm25": 0.3}}})(lists)
    # dense minmax: a 1, b 0.5, c 0 ; bm25 minmax: c 1, a 0
    assert scores(fused) == pytest.approx({"a": 0.7, "b": 0.35, "c": 0.3})
    assert fused[0].scores == pytest.approx({"dense": 0.9, "bm25": 5.0, "fused": 0.7})


def test_convex_with_equal_scores_and_single_lists_never_divides_by_zero() -> None:
    fuse = fusions.build("convex")
    assert scores(fuse({"dense": cands(("a", 0.4), ("b", 0.4))})) == {"a": 1.0, "b": 1.0}
    assert scores(fuse({"dense": cands(("a", 0.4))})) == {"a": 1.0}
    assert fuse({}) == [] and fuse({"dense": [], "bm25": []}) == []
    z = fusions.build({"name": "convex", "params": {"normalise": "zscore"}})
    assert scores(z({"dense": cands(("a", 2.0), ("b", 2.0))})) == {"a": 0.0, "b": 0.0}


def test_normalisers_hand_computed() -> None:
    assert normalisers.build("minmax")([1.0, 3.0, 2.0]) == [0.0, 1.0, 0.5]
    assert normalisers.build("zscore")([1.0, 3.0]) == [-1.0, 1.0]
    assert normalisers.build("none")([5.0]) == [5.0]


@pytest.mark.parametrize("name", ["rrf", "weighted_rrf", "convex"])
def test_every_fusion_handles_empty_and_single_lists(name: str) -> None:
    fuse = fusions.build(name)
    assert fuse({}) == []
    assert [c.chunk_id for c in fuse({"dense": cands(("a", 0.2), ("b", 0.1))})] == ["a", "b"]


def test_negative_weights_and_unknown_normaliser_are_config_errors() -> None:
    with pytest.raises(ConfigError):
        fusions.build({"name": "convex", "params": {"weights": {"dense": -1}}})
    with pytest.raises(InputError, match="did you mean .minmax."):
        fusions.build({"name": "convex", "params": {"normalise": "minmx"}})
