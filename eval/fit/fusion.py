"""Fit ``fusion: learned`` on a split's golden cases (``ragbench fit-fusion``, or
:func:`eval.prepare.prepare` for a config whose learned fusion names no model yet).

Each case of the fit split is retrieved by the config's own retrievers (through the candidate
cache, so a fit after a run costs no search), every candidate becomes a feature row
(:func:`rag.fusion.learned.features`), labelled with its document's relevance grade. The model
is cross-validated on the same split (5 folds by question, :mod:`eval.fit.folds`) so its report carries an honest dev
figure, then fitted on all of it and stored as JSON under ``<workdir>/cache/fusion/`` — keyed by
the retrieval config, the cases and their labels, the model kind and its settings. The cases of
any other split are never read.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np

from eval.config import RunConfig
from eval.fit.folds import RULE, deal
from eval.fit.folds import cross_validate as folds_cv
from eval.metrics.base import Observation
from eval.metrics.retrieval import ndcg
from rag.config import ComponentSpec
from rag.errors import ConfigError, InputError
from rag.fusion.learned import FEATURES_FORMAT, LearnedModel, check_kind, feature_names, features
from rag.store import stable_hash, write_json_atomic

FOLDS = 5
LAMBDAMART = {"objective": "lambdarank", "learning_rate": 0.05, "num_leaves": 15, "min_data_in_leaf": 20,
              "feature_fraction": 0.8, "lambdarank_truncation_level": 20, "num_iterations": 300,
              "deterministic": True, "force_row_wise": True, "num_threads": 1, "seed": 7, "verbose": -1}
LOGISTIC = {"C": 1.0, "max_iter": 2000, "class_weight": "balanced"}
# config fields that cannot change which candidates the retrievers return
NOT_RETRIEVAL = {"name", "description", "fusion", "reranker", "generator", "verifier", "answerability",
                 "context", "top_k", "metrics", "gate", "concurrency", "judge", "splits", "target",
                 "workdir"}


class Rows:
    """Feature rows of every case, grouped by question."""

    def __init__(self) -> None:
        self.x: list[np.ndarray] = []
        self.y: list[np.ndarray] = []
        self.docs: list[list[str]] = []
        self.cases: list[Any] = []

    def stacked(self, which: list[int]) -> tuple[np.ndarray, np.ndarray, list[int]]:
        return (np.vstack([self.x[i] for i in which]), np.concatenate([self.y[i] for i in which]),
                [len(self.y[i]) for i in which])

    def digest(self) -> str:
        h = hashlib.sha256()
        for x, y in zip(self.x, self.y, strict=True):
            h.update(np.ascontiguousarray(x).tobytes())
            h.update(np.ascontiguousarray(y).tobytes())
        return h.hexdigest()[:20]


def fit_key(config: RunConfig, cases: list[tuple[str, Any]], kind: str, split: str) -> str:
    retrieval = {k: v for k, v in config.model_dump(mode="json").items() if k not in NOT_RETRIEVAL}
    labels = [(suite, c.id, c.question, sorted(c.relevance.items()), [list(g) for g in c.groups],
               c.as_, [t.model_dump() for t in c.history]) for suite, c in cases]
    settings = LAMBDAMART if kind == "lambdamart" else LOGISTIC
    names = feature_names([spec.name for spec in config.retrievers])
    return stable_hash({"format": FEATURES_FORMAT, "features": names, "retrieval": retrieval, "labels": labels, "kind": kind,
                        "settings": settings, "split": split, "folds": FOLDS, "fold_rule": RULE})


def collect(prepared: Any) -> tuple[Rows, list[str]]:
    """Retrieve every case of the fit split's suites and turn each retriever's candidates — as
    the pipeline recorded them for the fusion stage (``Retrieval.lists``) — into labelled
    feature rows. ``prepared``: the config prepared on the fit split with a plain fusion."""
    config = prepared.config
    retrievers = [spec.name for spec in config.retrievers]
    if len(retrievers) < 2:
        raise ConfigError("fusion: learned needs two or more retrievers", field="fusion")
    parts = prepared.parts()
    rows = Rows()
    for suite in prepared.suites():
        pipeline = prepared.pipeline_for(suite, parts)
        for case in suite.cases:
            if not case.groups:
                continue
            retrieval = pipeline.retrieve(case.question, suite.identity(case.as_),
                                          history=[t.model_dump() for t in case.history])
            cands, x = features(retrieval.lists, retrievers)
            relevant = {d: max(case.grade(d), 1) for g in case.groups for d in g if case.grade(d) > 0}
            docs = [c.chunk.doc_id for c in cands]
            rows.x.append(x)
            rows.y.append(np.array([relevant.get(d, 0) for d in docs], dtype=np.float64))
            rows.docs.append(docs)
            rows.cases.append(case)
    parts.close()   # the lists searched here are in the file for the run that follows
    return rows, retrievers


def train(kind: str, x: np.ndarray, y: np.ndarray, groups: list[int]) -> dict[str, Any]:
    """The stored form of a model fitted on these rows."""
    if kind == "lambdamart":
        import lightgbm  # lazy: extra `learned`

        params = {k: v for k, v in LAMBDAMART.items() if k != "num_iterations"}
        booster = lightgbm.train(params, lightgbm.Dataset(x, label=y, group=groups),
                                 num_boost_round=LAMBDAMART["num_iterations"])
        return {"model": booster.model_to_string(),
                "importance": [float(v) for v in booster.feature_importance("gain")]}
    from sklearn.linear_model import LogisticRegression  # lazy: extra `learned`

    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    clf = LogisticRegression(**LOGISTIC).fit((x - mean) / scale, (y > 0).astype(int))
    coef = clf.coef_[0]
    return {"model": {"mean": mean.tolist(), "scale": scale.tolist(), "coef": coef.tolist(),
                      "intercept": float(clf.intercept_[0])},
            "importance": [float(abs(c)) for c in coef]}


def ndcg_of(case: Any, docs: list[str], scores: np.ndarray, k: int = 10) -> float:
    """nDCG@k of the document ranking these scores give (each document at its best chunk)."""
    order = sorted(range(len(docs)), key=lambda i: (-scores[i], i))
    ranking = list(dict.fromkeys(docs[i] for i in order))
    return ndcg(Observation(groups=case.groups, grades=dict(case.relevance), ranking=ranking), k)


def cross_validate(kind: str, rows: Rows) -> tuple[float, list[float]]:
    """Mean nDCG@10 over folds by question (:mod:`eval.fit.folds`: no strata — every case is a
    ranking), each fold scored by a model fitted on the other folds' cases that have a relevant
    candidate."""
    per_case = [0.0] * len(rows.cases)
    folds = deal(rows.cases, FOLDS, key=lambda c: c.id)

    def fit(rest: list[int]) -> LearnedModel | None:
        keep = [i for i in rest if rows.y[i].any()]
        return LearnedModel(kind, train(kind, *rows.stacked(keep))["model"]) if keep else None   # once per fold

    def score(scorer: LearnedModel | None, held: list[int]) -> None:
        for i in held:
            if scorer is not None and len(rows.docs[i]):
                per_case[i] = ndcg_of(rows.cases[i], rows.docs[i], scorer.score(rows.x[i]))

    folds_cv(folds, len(rows.cases), fit, score)
    return float(np.mean(per_case)), per_case


def fit_fusion(prepared: Any, *, kind: str = "lambdamart", refit: bool = False) -> tuple[Path, dict[str, Any]]:
    """The stored model for ``prepared`` — a config prepared on its fit split alone — reused
    when its key matches, else fitted. The cases of any other split are never read."""
    check_kind(kind)
    config, say = prepared.config, prepared.say
    (split,) = prepared.splits
    suites = prepared.suites()
    cases = [(s.name, c) for s in suites for c in s.cases if c.groups]
    if not cases:
        raise InputError(f"no case of split {split!r} has expected documents to learn from", field="fusion.params.fit_split")
    key = fit_key(config, cases, kind, split)
    path = prepared.workspace.cache("fusion") / f"{kind}-{key}.json"
    if path.is_file() and not refit:
        return path, json.loads(path.read_text(encoding="utf-8"))
    say(f"fusion: fitting {kind} on split {split!r}")
    rows, retrievers = collect(prepared.with_config(config.model_copy(update={"reranker": ComponentSpec(name="none")})))
    cv, _ = cross_validate(kind, rows)
    keep = [i for i, y in enumerate(rows.y) if y.any()]
    x, y, groups = rows.stacked(keep)
    stored = train(kind, x, y, groups)
    names = feature_names(retrievers)
    data = {"format": FEATURES_FORMAT, "kind": kind, "key": key, "retrievers": retrievers, "features": names,
            "split": split, "settings": LAMBDAMART if kind == "lambdamart" else LOGISTIC,
            "trained_on": {"cases": len(cases), "cases_with_a_relevant_candidate": len(keep), "rows": int(len(y)),
                           "positives": int((y > 0).sum()), "data_sha": rows.digest(),
                           "suites": sorted({s for s, _ in cases})},
            "cv": {"folds": FOLDS, "rule": RULE, "ndcg@10": round(cv, 4)},
            "importance": dict(sorted(zip(names, stored["importance"], strict=True), key=lambda kv: -kv[1])),
            "model": stored["model"]}
    write_json_atomic(path, data)
    say(f"fusion: {kind} fitted on {len(cases)} case(s), {len(y)} rows; {FOLDS}-fold cv nDCG@10 on {split} "
        f"{cv:.4f} → {path}")
    return path, data
