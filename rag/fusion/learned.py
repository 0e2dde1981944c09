"""``fusion: learned``: a small ranking model over each retriever's scores and ranks.

The model is fitted by ``ragbench fit-fusion`` (or by a run, on the split its params name) on
golden cases with relevance labels, and stored as a JSON artefact keyed by its training data;
this module only computes the features and applies a stored model. Two kinds:

- ``lambdamart``: LightGBM's LambdaMART (``objective: lambdarank``), a listwise ranker;
- ``logistic``: scikit-learn's logistic regression, kept here as standardised coefficients,
  so applying it needs numpy only.

Features per retriever (variants of a question merged: best score, best rank): whether the
chunk is in the list, its raw score, its min-max and z-score within the list, log rank,
reciprocal rank (60 + rank), and two per-list figures that tell the model how confident the
list is (its top score and the z-gap between its first two scores); plus the number of lists
the chunk is in and its length (log of its characters, rounded to 0.1 so that a model learns a
length prior, not one document's identity).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np

from rag.errors import ConfigError
from rag.fusion.base import Fusion, RankedLists, fusions, join, retriever_of
from rag.types import Candidate

FEATURES_FORMAT = 1
KINDS = ("lambdamart", "logistic")
PER_RETRIEVER = ("present", "score", "minmax", "zscore", "log_rank", "rrf", "list_top", "list_gap")


def check_kind(kind: Any) -> str:
    if kind not in KINDS:
        raise ConfigError(f"fusion kind {kind!r}: choose {' or '.join(KINDS)}", field="fusion.params.kind")
    return kind


def feature_names(retrievers: list[str]) -> list[str]:
    return [f"{r}.{f}" for r in retrievers for f in PER_RETRIEVER] + ["lists", "log_chars"]


def merged(lists: RankedLists) -> dict[str, dict[str, tuple[float, int]]]:
    """Per retriever, chunk id → (best score, best rank) over its query variants."""
    out: dict[str, dict[str, tuple[float, int]]] = {}
    for name, ranked in lists.items():
        table = out.setdefault(retriever_of(name), {})
        for rank, cand in enumerate(ranked, start=1):
            old = table.get(cand.chunk_id)
            table[cand.chunk_id] = (cand.score, rank) if old is None else (max(old[0], cand.score), min(old[1], rank))
    return out


def features(lists: RankedLists, retrievers: list[str]) -> tuple[list[Candidate], np.ndarray]:
    """The candidates (every chunk of any list, in first-seen order) and their feature rows."""
    chunks: dict[str, Any] = {}
    for ranked in lists.values():
        for cand in ranked:
            chunks.setdefault(cand.chunk_id, cand.chunk)
    ids = list(chunks)
    row = {cid: i for i, cid in enumerate(ids)}
    by_retriever = merged(lists)
    x = np.zeros((len(ids), len(PER_RETRIEVER) * len(retrievers) + 2), dtype=np.float64)
    x[:, -1] = [round(math.log1p(len(chunks[cid].text)), 1) for cid in ids]
    for j, name in enumerate(retrievers):
        col = j * len(PER_RETRIEVER)
        table = by_retriever.get(name, {})
        if not table:
            x[:, col + 4] = math.log(1 + 1000)   # absent everywhere: the worst rank
            continue
        scores = np.array([s for s, _ in table.values()])
        lo, hi, mean, std = scores.min(), scores.max(), scores.mean(), scores.std() or 1.0
        ordered = np.sort(scores)[::-1]
        gap = (ordered[0] - ordered[1]) / std if len(ordered) > 1 else 0.0
        depth = max(r for _, r in table.values())
        x[:, col + 1] = lo
        x[:, col + 2] = 0.0
        x[:, col + 3] = (lo - mean) / std
        x[:, col + 4] = math.log(depth + 1)
        x[:, col + 6] = ordered[0]
        x[:, col + 7] = gap
        for cid, (score, rank) in table.items():
            i = row[cid]
            x[i, col] = 1.0
            x[i, col + 1] = score
            x[i, col + 2] = (score - lo) / (hi - lo) if hi > lo else 1.0
            x[i, col + 3] = (score - mean) / std
            x[i, col + 4] = math.log(rank)
            x[i, col + 5] = 1.0 / (60 + rank)
        x[:, -2] += x[:, col]
    return [Candidate(chunks[cid], 0.0, {}) for cid in ids], x


class LearnedModel:
    """A fitted model's scorer: ``kind`` and the stored ``model`` (LightGBM's text, or
    standardised logistic coefficients). The fit scores its cross-validation folds with it, and
    the fusion one loaded from a JSON artefact."""

    def __init__(self, kind: str, model: Any, retrievers: list[str] | None = None) -> None:
        self.kind, self.retrievers = check_kind(kind), list(retrievers or [])
        if kind == "lambdamart":
            import lightgbm  # lazy: extra `learned`

            self._booster = lightgbm.Booster(model_str=model)
        else:
            self._mean, self._scale = np.array(model["mean"]), np.array(model["scale"])
            self._coef, self._intercept = np.array(model["coef"]), float(model["intercept"])

    @classmethod
    def load(cls, path: Path) -> LearnedModel:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError(f"no fitted fusion model at {path}; fit one with `ragbench fit-fusion`",
                              field="fusion.params.model") from None
        except (OSError, ValueError) as exc:
            raise ConfigError(f"{path}: not a fusion model ({exc})", field="fusion.params.model") from None
        if data.get("format") != FEATURES_FORMAT:
            raise ConfigError(f"{path}: fusion model format {data.get('format')!r}, this ragbench reads "
                              f"{FEATURES_FORMAT}; fit it again", field="fusion.params.model")
        if data.get("kind") not in KINDS:
            raise ConfigError(f"{path}: unknown fusion model kind {data.get('kind')!r}", field="fusion.params.model")
        return cls(data["kind"], data["model"], data["retrievers"])

    def score(self, x: np.ndarray) -> np.ndarray:
        if self.kind == "lambdamart":
            return np.asarray(self._booster.predict(x, num_threads=1), dtype=np.float64)
        return ((x - self._mean) / self._scale) @ self._coef + self._intercept


@fusions.register("learned", version="1")
def learned(*, model: str | None = None, fit_split: str = "dev", kind: str = "lambdamart") -> Fusion:
    """Scores every candidate with the fitted model at ``model`` (a JSON artefact). A run whose
    config leaves ``model`` out fits one first on its suites' ``fit_split`` (``kind``:
    ``lambdamart`` or ``logistic``) and fills the path in. Ties break by best rank in any list,
    then chunk id."""
    check_kind(kind)
    del fit_split   # used by the fit, recorded in the config
    if not model:
        raise ConfigError("fusion: learned has no fitted model yet: run it through `ragbench run`, or fit "
                          "one with `ragbench fit-fusion CONFIG` and name it in fusion.params.model",
                          field="fusion.params.model")
    fitted = LearnedModel.load(Path(model))

    def fuse(lists: RankedLists) -> list[Candidate]:
        cands, x = features(lists, fitted.retrievers)
        if not cands:
            return []
        model_score = dict(zip((c.chunk_id for c in cands), fitted.score(x), strict=True))
        # the shared join merges each chunk's source scores and orders by best rank, then chunk
        # id (all contributions 0); a stable sort by the model's score keeps that as tie-break
        joined = join(lists, {name: [0.0] * len(ranked) for name, ranked in lists.items()})
        for cand in joined:
            cand.score = round(float(model_score[cand.chunk_id]), 10)
            cand.scores["fused"] = cand.score
        return sorted(joined, key=lambda c: -c.score)

    return fuse
