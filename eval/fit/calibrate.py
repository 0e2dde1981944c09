"""Answerability calibration by k-fold cross-validation (``ragbench calibrate``).

The evidence answerability answers when ``semantic + dense_weight · best_dense +
coverage_weight · coverage ≥ answer_at`` (rag/answerability/evidence.py). Its parameters were
once chosen by hand on the same cases that were then reported. Here they are fit honestly:

1. The pipeline runs once over the suite's **dev** cases (all cases when none is marked) with
   a threshold that answers everything, so that every case records its signals and whether a
   hard rule (an unknown name, a missing code, nothing retrieved) refuses it regardless.
2. A fit chooses the weights from a small grid and the threshold between two observed scores,
   maximising balanced accuracy — the mean of the answer cases answered and the refuse cases
   refused — so that a suite with few refuse cases cannot buy accuracy by answering them all
   (ties: fewer false answers, then the earlier grid point).
3. K-fold cross-validation (the shared fold rule of :mod:`eval.fit.folds`, stratified by
   expected behaviour) repeats the fit on K−1 folds and scores the held-out fold, so the
   figures say how the rule does on questions it was not fit on. The **test** cases, if any,
   are scored once with the parameters fit on all dev cases.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from eval.config import RunConfig
from eval.fit.folds import cross_validate as folds_cv
from eval.fit.folds import deal
from eval.suites import Suite
from rag.errors import InputError
from rag.registry import ComponentSpec
from rag.types import BEHAVIOUR_OF, DECLINES, DECLINING

DENSE_WEIGHTS = (0.0, 0.5, 1.0)
COVERAGE_WEIGHTS = (0.25, 0.0, 0.5, 1.0)


@dataclass(frozen=True)
class Signals:
    case_id: str
    split: str | None
    expect_refuse: bool
    hard_refuse: bool          # refused whatever the threshold
    semantic: float
    dense: float
    coverage: float


@dataclass(frozen=True)
class Params:
    answer_at: float
    dense_weight: float
    coverage_weight: float


@dataclass(frozen=True)
class Scores:
    n: int
    refusal_accuracy: float
    false_refusal: float       # answer cases refused / answer cases
    false_answer: float        # refuse cases answered / refuse cases

    @property
    def balanced(self) -> float:
        """Balanced accuracy: 1 − the mean of the false-refusal and false-answer rates."""
        rates = [r for r in (self.false_refusal, self.false_answer) if not math.isnan(r)]
        return 1.0 - sum(rates) / len(rates) if rates else math.nan

    def row(self) -> str:
        return f"{self.refusal_accuracy:>8.3f}{self.false_refusal:>14.3f}{self.false_answer:>13.3f}{self.n:>6}"


@dataclass
class Calibration:
    suite: str
    language: str
    folds: int
    params: Params
    in_sample: Scores
    cross_validated: Scores
    test: Scores | None
    default: dict[str, Scores] = field(default_factory=dict)   # the config's own parameters


def score_of(s: Signals, p: Params) -> float:
    return s.semantic + p.dense_weight * s.dense + p.coverage_weight * s.coverage


def evaluate(signals: list[Signals], p: Params) -> Scores:
    return outcome(signals, [s.hard_refuse or score_of(s, p) < p.answer_at for s in signals])


def outcome(signals: list[Signals], refused_list: list[bool]) -> Scores:
    """Refusal accuracy, false refusal and false answer of these decisions."""
    refused = np.array(refused_list, dtype=bool)
    expect = np.array([s.expect_refuse for s in signals], dtype=bool)
    answer_cases, refuse_cases = (~expect).sum(), expect.sum()
    return Scores(
        n=len(signals),
        refusal_accuracy=float((refused == expect).mean()) if len(signals) else math.nan,
        false_refusal=float((refused & ~expect).sum() / answer_cases) if answer_cases else math.nan,
        false_answer=float((~refused & expect).sum() / refuse_cases) if refuse_cases else math.nan,
    )


def fit(signals: list[Signals]) -> Params:
    """Weights from the grid; the threshold in the middle of the widest run of cuts that reach
    the best objective, so that it does not sit on the edge of the cases it was fit on."""
    best: tuple[tuple[float, float], Params] | None = None
    soft = [s for s in signals if not s.hard_refuse]
    for dw, cw in itertools.product(DENSE_WEIGHTS, COVERAGE_WEIGHTS):
        scores = sorted({round(score_of(s, Params(0, dw, cw)), 6) for s in soft})
        cuts = [scores[0] - 0.01] + [(a + b) / 2 for a, b in itertools.pairwise(scores)] + [scores[-1] + 0.01] \
            if scores else [0.0]
        keyed = []
        for t in cuts:
            result = evaluate(signals, Params(t, dw, cw))
            keyed.append((result.balanced, -(result.false_answer if not math.isnan(result.false_answer) else 0)))
        top = max(keyed)
        runs, start = [], None   # contiguous runs of optimal cuts
        for i, k in enumerate([*keyed, None]):
            if k == top and start is None:
                start = i
            elif k != top and start is not None:
                runs.append((start, i - 1))
                start = None
        lo, hi = max(runs, key=lambda r: (cuts[r[1]] - cuts[r[0]], -r[0]))
        p = Params(round((cuts[lo] + cuts[hi]) / 2, 4), dw, cw)
        if best is None or top > best[0]:
            best = (top, p)
    assert best is not None
    return best[1]


def folds_of(signals: list[Signals], k: int) -> list[list[int]]:
    """The shared fold rule (:mod:`eval.fit.folds`), stratified by expected behaviour: a fold
    without cases to refuse could not score a threshold."""
    return deal(signals, k, key=lambda s: s.case_id, stratum=lambda s: not s.expect_refuse)


def cross_validate(signals: list[Signals], k: int) -> Scores:
    """Each fold refused or answered by parameters fit on the other folds; pooled."""
    refused = [False] * len(signals)

    def held_out(p: Params, held: list[int]) -> None:
        for i in held:
            refused[i] = signals[i].hard_refuse or score_of(signals[i], p) < p.answer_at

    folds_cv(folds_of(signals, k), len(signals), lambda rest: fit([signals[i] for i in rest]), held_out)
    return outcome(signals, refused)


def collect(prepared: Any, suite: Suite) -> list[Signals]:
    """Run the pipeline over every case once, answering everything that no hard rule refuses,
    and read the evidence signals off each decision."""
    config = prepared.config
    if config.answerability.name != "evidence":
        raise InputError(f"calibrate fits the 'evidence' answerability; this config uses "
                         f"{config.answerability.name!r}", field="answerability")
    params = {**config.answerability.params, "answer_at": -1e9, "dense_weight": 1e-9, "coverage_weight": 0.0}
    probe = config.model_copy(update={"answerability": config.answerability.model_copy(update={"params": params}),
                                      "generator": ComponentSpec(name="extractive"), "chat_model": None})  # no model calls
    pipeline = prepared.with_config(probe).pipeline_for(suite)
    out = []
    for case in suite.cases:
        frame = pipeline.answer(pipeline.retrieve(case.question, suite.identity(case.as_),
                                                  history=[t.model_dump() for t in case.history]))
        sig = frame.decision.signals
        out.append(Signals(case.id, case.split, case.expect in DECLINES, BEHAVIOUR_OF[frame.decision.action] in DECLINING,
                           float(sig.get("semantic", 0.0)), float(sig.get("best_dense", 0.0)),
                           float(sig.get("coverage", 0.0))))
    return out


def configured(config: RunConfig, language: str) -> Params:
    from rag.answerability.evidence import by_language

    p = config.answerability.params
    return Params(float(by_language(p.get("answer_at", 0.48), language)),
                  float(by_language(p.get("dense_weight", 0.0), language)),
                  float(by_language(p.get("coverage_weight", 0.25), language)))


def calibrate(prepared: Any, suite_name: str, folds: int = 5) -> Calibration:
    """Fit the suite's evidence answerability on its dev cases (``prepared``: the config ready
    to run, its learned fusion fitted on dev first)."""
    suites = {s.name: s for s in prepared.suites()}
    check_suites(list(suites.values()), [suite_name], prepared.path)
    suite = suites[suite_name]
    signals = collect(prepared, suite)
    dev = [s for s in signals if s.split in ("dev", None)] if any(s.split == "dev" for s in signals) else \
        [s for s in signals if s.split != "test"]
    test = [s for s in signals if s.split == "test"]
    if len(dev) < 2 * folds:
        raise InputError(f"{suite_name} has {len(dev)} dev cases; {folds}-fold cross-validation needs at least "
                         f"{2 * folds}", field="--folds")
    params = fit(dev)
    mine = configured(prepared.config, suite.language)
    default = {"dev": evaluate(dev, mine)} | ({"test": evaluate(test, mine)} if test else {})
    return Calibration(suite_name, suite.language, folds, params, evaluate(dev, params), cross_validate(dev, folds),
                       evaluate(test, params) if test else None, default)


def check_suites(suites: list[Suite], names: list[str], config_path: Any) -> None:
    """Every suite named is in the config and has answers to refuse."""
    by_name = {s.name: s for s in suites}
    for name in names:
        if name not in by_name:
            raise InputError(f"no suite named {name!r} in {config_path} (suites: {', '.join(by_name)})",
                             field="--suite")
        if by_name[name].mode != "full":
            raise InputError(f"suite {name} is retrieval-only: nothing to refuse", field="--suite")


def format_calibration(c: Calibration) -> str:
    lines = [f"{c.suite} ({c.language}): evidence answerability fit on {c.in_sample.n} dev case(s), "
             f"{c.folds}-fold cross-validation",
             f"  {'':<30}{'refusal acc':>8}{'false refusal':>14}{'false answer':>13}{'n':>6}",
             f"  {'fit, in-sample (dev)':<30}{c.in_sample.row()}",
             f"  {'fit, cross-validated (dev)':<30}{c.cross_validated.row()}"]
    if c.test:
        lines.append(f"  {'fit, held-out test':<30}{c.test.row()}")
    for split, scores in c.default.items():
        lines.append(f"  {'config as it is, ' + split:<30}{scores.row()}")
    p = c.params
    lines.append(f"  chosen: answer_at {p.answer_at}, dense_weight {p.dense_weight}, "
                 f"coverage_weight {p.coverage_weight}")
    return "\n".join(lines)


def snippet(c: Calibration) -> str:
    p, lang = c.params, c.language
    return (f"# ragbench calibrate --suite {c.suite}: fit on {c.in_sample.n} dev cases; cross-validated refusal "
            f"accuracy {c.cross_validated.refusal_accuracy:.3f}\n"
            "answerability:\n  name: evidence\n  params:\n"
            f"    answer_at: {{{lang}: {p.answer_at}}}\n"
            f"    dense_weight: {{{lang}: {p.dense_weight}}}\n"
            f"    coverage_weight: {{{lang}: {p.coverage_weight}}}\n")
