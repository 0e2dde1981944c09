from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rag.indexes import dense_indexes, sparse_indexes, top_k
from rag.tokenizers import tokenizers


def test_top_k_orders_breaks_ties_by_position_and_masks() -> None:
    ids = ["a", "b", "c", "d"]
    scores = np.array([0.5, 0.9, 0.5, 0.1])
    assert [(h.chunk_id, h.score) for h in top_k(ids, scores, 3)] == [("b", 0.9), ("a", 0.5), ("c", 0.5)]
    allowed = np.array([True, False, True, True])
    assert [h.chunk_id for h in top_k(ids, scores, 10, allowed)] == ["a", "c", "d"]
    assert [h.chunk_id for h in top_k(ids, np.array([0, 2, 0, 1.0]), 10, drop_zero=True)] == ["b", "d"]
    assert top_k(ids, scores, 0) == []


@pytest.fixture(scope="module")
def random_vectors():
    rng = np.random.default_rng(7)
    vecs = rng.normal(size=(300, 32)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    return [f"c{i}" for i in range(300)], vecs


@pytest.mark.parametrize("name", ["exact", "chroma"])
def test_dense_backends_agree_with_brute_force(name: str, tmp_path: Path, random_vectors) -> None:
    ids, vecs = random_vectors
    backend = dense_indexes.build({"name": name})
    backend.build(tmp_path, ids, vecs, [{"pos_label": i % 3} for i in range(len(ids))])
    searcher = backend.open(tmp_path, ids)
    query = vecs[5] + 0.1 * vecs[9]
    query /= np.linalg.norm(query)  # embedders return unit vectors
    truth = np.argsort(-(vecs @ query))[:10]
    hits = searcher.search(query, 10)
    assert [h.chunk_id for h in hits] == [ids[i] for i in truth]
    assert hits[0].score == pytest.approx(float(vecs[truth[0]] @ query), abs=1e-4)
    allowed = np.zeros(len(ids), dtype=bool)
    allowed[100:150] = True
    masked = searcher.search(query, 5, allowed)
    assert len(masked) == 5 and all(100 <= int(h.chunk_id[1:]) < 150 for h in masked)
    assert searcher.search(query, 5, np.zeros(len(ids), dtype=bool)) == []


DOCS = [
    "the hotel cap in london is 240 usd per night",
    "meal allowance while travelling is 55 usd per day",
    "restart the database replica after a failover",
    "hotel bookings need a receipt and the hotel invoice",
    "",
]


@pytest.mark.parametrize("name", ["bm25s", "rank_bm25"])
def test_sparse_backends_rank_term_matches_and_respect_masks(name: str, tmp_path: Path) -> None:
    tok = tokenizers.build("english")
    ids = [f"d{i}" for i in range(len(DOCS))]
    backend = sparse_indexes.build(name)
    backend.build(tmp_path, ids, [tok(d) for d in DOCS])
    searcher = backend.open(tmp_path, ids)
    hits = searcher.search(tok("hotel in London"), 10)
    assert [h.chunk_id for h in hits][:2] == ["d0", "d3"]
    assert all(h.score > 0 for h in hits) and "d2" not in [h.chunk_id for h in hits]
    allowed = np.array([False, True, True, True, True])
    assert [h.chunk_id for h in searcher.search(tok("hotel in London"), 10, allowed)] == ["d3"]
    assert searcher.search(tok("zebra"), 10) == []


def test_bm25s_robertson_equals_rank_bm25_okapi_up_to_a_constant(tmp_path: Path) -> None:
    """Differential test: same k1/b, same IDF (rare terms, so no negative-IDF flooring);
    bm25s leaves out Okapi's constant (k1 + 1) factor, so scores differ by exactly that."""
    tok = tokenizers.build("english")
    rng = np.random.default_rng(3)
    vocab = [f"w{i}" for i in range(400)]
    docs = [" ".join(rng.choice(vocab, size=rng.integers(5, 30))) for _ in range(80)]
    ids = [f"d{i}" for i in range(len(docs))]
    specs = {"bm25s": {"name": "bm25s", "params": {"method": "robertson", "k1": 1.2, "b": 0.75}},
             "rank_bm25": {"name": "rank_bm25", "params": {"k1": 1.2, "b": 0.75}}}
    searchers = {}
    for name, spec in specs.items():
        backend = sparse_indexes.build(spec)
        (tmp_path / name).mkdir()
        backend.build(tmp_path / name, ids, [tok(d) for d in docs])
        searchers[name] = backend.open(tmp_path / name, ids)
    for query in ("w1 w2", "w7", "w3 w30 w39 w100"):
        a = searchers["bm25s"].search(tok(query), 10)
        b = searchers["rank_bm25"].search(tok(query), 10)
        assert [h.chunk_id for h in a] == [h.chunk_id for h in b], query
        np.testing.assert_allclose([h.score * 2.2 for h in a], [h.score for h in b], rtol=1e-4)


def test_tokenizers() -> None:
    en = tokenizers.build("english")
    assert en("The Hotels were booked; ERR-4107 in v2.3") == [
        "hotel", "book", "err", "4107", "err-4107", "v2", "3", "v2.3"]
    zh = tokenizers.build("jieba")
    tokens = zh("差旅费报销的上限是多少？Hotels")
    assert "差旅" in tokens and "报销" in tokens and "hotel" in tokens
    assert "的" not in tokens and "？" not in tokens
