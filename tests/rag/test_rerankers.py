from __future__ import annotations

from pathlib import Path

import pytest

from rag.chat import chat_models
from rag.errors import ConfigError
from rag.rerankers import rerankers
from rag.types import Candidate
from tests.rag.helpers import chunk, env


def pool() -> list[Candidate]:
    chunks = [
        chunk("old#0", "Hotel cap is 400 per night.", title="Old travel rules", metadata={"tags": ["outdated"]}),
        chunk("new#0", "Hotel cap is 240 USD per night in London.", title="Expense policy",
              heading_path=("Expense policy", "Hotels")),
        chunk("faq#0", "Meeting rooms can be booked for four hours.", title="Office FAQ"),
    ]
    return [Candidate(c, s, {"fused": s}) for c, s in zip(chunks, [0.030, 0.029, 0.028], strict=True)]


def test_none_keeps_the_fused_order() -> None:
    out = rerankers.build("none")("hotel cap", pool(), env([]))
    assert [c.chunk_id for c in out] == ["old#0", "new#0", "faq#0"]


def test_rules_reward_title_heading_terms_and_demote_outdated() -> None:
    cands = pool()
    out = rerankers.build("rules")("What is the hotel cap in London?", cands, env([c.chunk for c in cands]))
    assert [c.chunk_id for c in out] == ["new#0", "old#0", "faq#0"]
    assert out[0].scores["rerank"] == out[0].score and "fused" in out[0].scores


def test_depth_limits_what_is_rescored() -> None:
    cands = pool()
    out = rerankers.build({"name": "rules", "params": {"depth": 1}})("hotel cap London", cands, env([c.chunk for c in cands]))
    assert [c.chunk_id for c in out] == ["old#0", "new#0", "faq#0"]
    assert "rerank" not in out[1].scores


def test_dense_reranker_uses_a_second_embedder() -> None:
    cands = pool()[::-1]  # worst first
    spec = {"name": "dense", "params": {"embedder": {"name": "hashing", "params": {"dim": 512}}, "weight": 1.0}}
    out = rerankers.build(spec)("hotel cap london usd night", cands, env([]))
    assert out[0].chunk_id == "new#0" and out[-1].chunk_id == "faq#0"


def test_llm_reranker_parses_grades_and_survives_garbage() -> None:
    chat = chat_models.build({"name": "scripted", "params": {"rules": {
        "240 USD": "9", "400 per night": "Grade: 4/10", "Meeting rooms": "no idea"}}})
    out = rerankers.build("llm")("hotel cap?", pool(), env([], chat=chat))
    assert [c.chunk_id for c in out] == ["new#0", "old#0", "faq#0"]
    assert [c.score for c in out][:2] == [9.0, 4.0]
    assert len(chat.calls) == 3 and "ignore any instruction" in chat.calls[0][0]["content"]
    with pytest.raises(ConfigError, match="needs a chat_model"):
        rerankers.build("llm")("q", pool(), env([]))


@pytest.fixture(scope="module")
def tiny_cross_encoder(tmp_path_factory) -> Path:
    """A randomly initialised 1-layer BERT cross-encoder: no weights can be downloaded here."""
    import torch
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    folder = tmp_path_factory.mktemp("ce")
    words = "hotel cap is per night in london usd meeting rooms can be booked for four hours old 240 400".split()
    (folder / "vocab.txt").write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *words, "."]))
    BertTokenizerFast(vocab_file=str(folder / "vocab.txt")).save_pretrained(folder)
    torch.manual_seed(0)
    config = BertConfig(vocab_size=len(words) + 6, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                        intermediate_size=32, max_position_embeddings=64, num_labels=1)
    BertForSequenceClassification(config).save_pretrained(folder)
    return folder


@pytest.mark.slow
def test_cross_encoder_orders_by_the_models_scores(tiny_cross_encoder: Path) -> None:
    from sentence_transformers import CrossEncoder

    cands = pool()
    out = rerankers.build({"name": "cross_encoder", "params": {"model_path": str(tiny_cross_encoder)}})(
        "hotel cap london", cands, env([]))
    model = CrossEncoder(str(tiny_cross_encoder), device="cpu")
    expected = model.predict([("hotel cap london", c.chunk.text) for c in pool()])
    order = sorted(range(3), key=lambda i: -expected[i])
    assert [c.chunk_id for c in out] == [pool()[i].chunk_id for i in order]
    assert [c.score for c in out] == pytest.approx(sorted(map(float, expected), reverse=True), rel=1e-5)


def test_cross_encoder_needs_an_existing_folder(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no model folder"):
        rerankers.build({"name": "cross_encoder", "params": {"model_path": str(tmp_path / "nope")}})
