"""Answerability calibration by k-fold cross-validation (``ragbench calibrate``).

The evidence answerability answers when ``semantic + dense_weight · best_dense +
coverage_weight · coverage + type_weight · answer_type ≥ answer_at``
(rag/answerability/evidence.py; ``answer_type`` is the asked-fact signal). Its parameters were
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from eval.config import RunConfig
from eval.fit.folds import cross_validate as folds_cv
from eval.fit.folds import deal
from eval.fit.separation import Separation, format_separations, separations
from eval.metrics.stats import clustered_upper
from eval.suites import Suite
from rag.errors import InputError
from rag.registry import ComponentSpec
from rag.types import BEHAVIOUR_OF, DECLINES, DECLINING

DENSE_WEIGHTS = (0.0, 0.5, 1.0)
COVERAGE_WEIGHTS = (0.25, 0.0, 0.5, 1.0)
TYPE_WEIGHTS = (0.0, 0.5, 1.0, 2.0, 4.0)   # 0 first: the asked-fact signal must earn its place on dev


@dataclass(frozen=True)
class Signals:
    case_id: str
    split: str | None
    expect_refuse: bool
    hard_refuse: bool          # refused whatever the threshold
    semantic: float
    dense: float
    coverage: float
    answer_type: float = 0.0
    suite: str = ""            # pooled fits weigh each suite equally
    typed: bool = False        # the question asks for a typed fact (a number, a date, a name …)
    support: float = 1.0       # the best share of its key terms one sentence window holds
    # the scatter check does not read the whole question: a reference question (its words stand in
    # two documents) or one split into parts (each part is decided on its own)
    no_scatter: bool = False
    # asked in another language than the corpus's: decided on meaning alone (semantic against
    # ``cross_answer_at``), never by the weights and threshold fitted on the others
    cross: bool = False
    prose: bool = False        # its sources are running prose (what a prose-scoped scatter check reads)
    meaning: float = 1.0       # the best cosine of a sentence of its answer's source (1.0: not read, never refused)
    paraphrase: float = -1.0   # the best cosine of a sentence of the top sources (-1: not read, never rescued)
    group: str = ""            # the document its answer comes from: questions of one document are not independent

    def read_by_scatter(self, scope: str = "all") -> bool:
        """Whether the scatter check reads this case: a question read whole, in the check's ``scope`` ("prose": only
        where the sources are running prose), whatever its coverage."""
        return not self.no_scatter and (scope == "all" or self.prose)

    def read_by_meaning(self) -> bool:
        """Whether the meaning check reads this case: a question read whole whose sources are running prose."""
        return not self.no_scatter and self.prose


@dataclass(frozen=True)
class Params:
    answer_at: float
    dense_weight: float
    coverage_weight: float
    type_weight: float = 0.0
    cross_at: float | None = None   # cross_answer_at; None: a question in another language is refused
    paraphrase_at: float | None = None   # a question under the bar answered when a sentence of the top sources means it


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
    per_suite: dict[str, dict[str, Scores]] = field(default_factory=dict)   # pooled fits: each suite's share
    gate: GateFit | None = None   # with --answer-type: the config's rule gated by the asked fact
    scatter: GateFit | None = None   # with --answer-type: the config's rule with the scatter check
    cross_cases: int = 0   # dev questions asked in another language (what cross_answer_at is fit on)
    scatter_scope: str = "all"   # which cases the scatter check reads ("prose": a running-prose top source)
    max_false_refusal: float | None = None   # the scatter fit's false-refusal budget per suite
    budget_confidence: float | None = None   # the budget held by this one-sided bound, questions grouped by document
    meaning: GateFit | None = None   # with --answer-type and a meaning_embedder: the config's rule with the meaning check
    paraphrase: GateFit | None = None   # … and with questions under the bar answered by a sentence that means them
    separation: list[Separation] = field(default_factory=list)   # how each signal orders the dev cases


@dataclass
class GateFit:
    """A check added to the config's own rule, fitted on dev: ``type_at`` for the asked-fact gate
    (a typed question is refused when its answer_type is below it), or ``scatter_at`` and
    ``scatter_coverage`` for the scatter check (a question whose words the sources hold, but no
    sentence window together, is refused)."""

    chosen: dict[str, Any]   # a check's parameters (None: no check)
    in_sample: Scores
    cross_validated: Scores
    test: Scores | None
    per_suite: dict[str, dict[str, Scores]] = field(default_factory=dict)


def score_of(s: Signals, p: Params) -> float:
    return s.semantic + p.dense_weight * s.dense + p.coverage_weight * s.coverage + p.type_weight * s.answer_type


def refusals(signals: list[Signals], p: Params) -> list[bool]:
    """What the rule with parameters ``p`` refuses: a hard refusal, or a score under the threshold
    (for a question in another language, its meaning under ``cross_at``, or every one without it)."""
    return [s.hard_refuse or (cross_refused(s, p.cross_at) if s.cross else
                              score_of(s, p) < p.answer_at and not rescued(s, p.paraphrase_at))
            for s in signals]


def rescued(s: Signals, paraphrase_at: float | None) -> bool:
    """A question under the bar that a sentence of the top sources means (evidence v90)."""
    return paraphrase_at is not None and s.paraphrase >= paraphrase_at


def cross_refused(s: Signals, cross_at: float | None) -> bool:
    return cross_at is None or s.semantic < cross_at


def threshold_cuts(values: list[float]) -> list[float]:
    """The thresholds a score may be cut at over its sorted observed values: just below the
    smallest (everything passes), the midpoints between neighbours, and just above the largest;
    ``[0.0]`` when there are none."""
    if not values:
        return [0.0]
    return [values[0] - 0.01] + [(a + b) / 2 for a, b in itertools.pairwise(values)] + [values[-1] + 0.01]


def fit_cross(signals: list[Signals]) -> float | None:
    """``cross_answer_at``: the cut on meaning (semantic) that maximises :func:`objective` over the
    questions asked in another language, in the middle of the widest run of optimal cuts; None
    when there are none to fit on, or not both to answer and to refuse."""
    cases = [s for s in signals if s.cross]
    if not cases or all(s.expect_refuse for s in cases) or not any(s.expect_refuse for s in cases):
        return None
    values = sorted({round(s.semantic, 6) for s in cases if not s.hard_refuse})
    if not values:
        return None
    cuts = threshold_cuts(values)
    keyed = [objective_of(cases, [s.hard_refuse or s.semantic < c for s in cases]) for c in cuts]
    return middle_of_best(cuts, keyed)


def evaluate(signals: list[Signals], p: Params) -> Scores:
    return outcome(signals, refusals(signals, p))


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


def objective(signals: list[Signals], p: Params) -> tuple[float, float]:
    """What a fit maximises: balanced accuracy — the mean over suites when several are pooled,
    so that a large suite cannot outvote a small one — then fewer false answers."""
    return objective_of(signals, refusals(signals, p))


def gated_refusals(signals: list[Signals], base: Params, type_at: float) -> list[bool]:
    return [refused or (s.typed and s.answer_type < type_at) for s, refused in zip(signals, refusals(signals, base),
                                                                                      strict=True)]


SCATTER_COVERAGES = (0.6, 0.5, 0.7, 0.8)   # the first wins ties


def check_cuts(values: list[float]) -> list[float]:
    """The thresholds a check may take over sorted observed values: 0 (it never refuses), the
    midpoints between neighbours, and just above the largest (it refuses every case)."""
    return [0.0] + [(a + b) / 2 for a, b in itertools.pairwise(values)] + ([values[-1] + 0.01] if values else [])


def scattered_refusals(signals: list[Signals], base: Params, scatter_at: float, coverage: float,
                       scope: str = "all") -> list[bool]:
    """What ``base`` with the scatter check refuses; with ``scope`` "prose", the check reads only
    the cases whose sources are running prose."""
    return [refused or (s.read_by_scatter(scope) and s.coverage >= coverage
                        and s.support < scatter_at)
            for s, refused in zip(signals, refusals(signals, base), strict=True)]


def loses_no_suite(signals: list[Signals], refused: list[bool], floor: dict[str, int]) -> bool:
    """Whether decisions ``refused`` keep every suite's number of correct decisions at ``floor`` or above."""
    return all(n >= floor[k] for k, n in correct_per_suite(signals, refused).items())


def correct_per_suite(signals: list[Signals], refused: list[bool]) -> dict[str, int]:
    out: dict[str, int] = {}
    for s, r in zip(signals, refused, strict=True):
        out[s.suite] = out.get(s.suite, 0) + (r == s.expect_refuse)
    return out


def budget_check(signals: list[Signals], base: list[bool], budget: float | None,
                 confidence: float | None = None) -> Callable[[list[bool]], bool]:
    """Whether decisions keep every suite's false refusal within ``budget`` (None: no budget), or at
    most at what ``base`` already refuses: a suite the check refuses nothing more in is not held to
    it. Each suite's cases and its base rate are read once, for all the cuts checked.

    With ``confidence`` it is the rate's one-sided upper bound at that confidence that must stay within the
    budget, the questions of one document counted as one cluster (:func:`eval.metrics.stats.clustered_upper`):
    a cut fitted to the edge of a budget on dev exceeds it on unseen questions about half the time, and more
    often when dev holds few documents."""
    if budget is None:
        return lambda refused: True

    def bound_of(cases: list[Signals], refused: list[bool], confidence: float) -> float:
        answerable = [(r, s.group or s.case_id) for s, r in zip(cases, refused, strict=True) if not s.expect_refuse]
        return clustered_upper([r for r, _ in answerable], [g for _, g in answerable], confidence)

    suites = []
    for name in sorted({s.suite for s in signals}):
        mine = [i for i, s in enumerate(signals) if s.suite == name]
        cases = [signals[i] for i in mine]
        suites.append((mine, cases, outcome(cases, [base[i] for i in mine]).false_refusal))

    def within(refused: list[bool]) -> bool:
        # a suite is within the budget when the check refuses no more of its answerable questions than ``base`` does,
        # or when its false refusal (its bound, with a confidence) is within the budget — never by comparing two bounds,
        # which are not monotone in the refusals (each re-reads the design effect)
        for mine, cases, before in suites:
            now = [refused[i] for i in mine]
            rate = outcome(cases, now).false_refusal
            if math.isnan(rate) or rate <= before + 1e-12:
                continue
            if (rate if confidence is None else bound_of(cases, now, confidence)) > budget + 1e-12:
                return False
        return True

    return within


def fit_scatter(signals: list[Signals], base: Params, scope: str = "all",
                max_false_refusal: float | None = None, confidence: float | None = None) -> dict[str, float]:
    """``scatter_at`` (a cut between two observed supports; 0: the check never refuses) and
    ``scatter_coverage`` (from :data:`SCATTER_COVERAGES`) for ``base`` with the scatter check,
    maximising :func:`objective` as :func:`fit_gate` does, **among the cuts that lower no suite's
    number of correct decisions** (a suite may trade a case for a case, never lose on balance):
    with suites pooled, a check may not buy one suite's refusals with another's answers
    (a knowledge base's colloquial questions hold few of the sources' words together; a reading-
    comprehension set's questions were written from them). With ``max_false_refusal`` only the cuts
    that keep every suite's false refusal within it (or at ``base``'s, when that is higher) count: the
    check then buys the most negative rejection that budget allows, where balanced accuracy alone
    would trade a refused answer for each refused noise (``confidence``: held by an upper bound, :func:`budget_check`)."""
    cuts = check_cuts(sorted({round(s.support, 6) for s in signals}))
    before = refusals(signals, base)
    floor = correct_per_suite(signals, before)
    within_budget = budget_check(signals, before, max_false_refusal, confidence)
    best: tuple[tuple[float, float], dict[str, float]] | None = None
    for coverage in SCATTER_COVERAGES:
        decided = [scattered_refusals(signals, base, t, coverage, scope) for t in cuts]
        kept = [t == 0.0 or (loses_no_suite(signals, d, floor) and within_budget(d))
                for t, d in zip(cuts, decided, strict=True)]
        keyed = [objective_of(signals, d) if ok else (-math.inf, -math.inf) for d, ok in zip(decided, kept, strict=True)]
        chosen = {"scatter_at": middle_of_best(cuts, keyed), "scatter_coverage": coverage}
        if best is None or max(keyed) > best[0]:
            best = (max(keyed), chosen)
    assert best is not None
    return best[1]


def meant_refusals(signals: list[Signals], before: list[bool], meaning_at: float,
                   rescued_by: list[bool] | None = None) -> list[bool]:
    """What decisions ``before`` (the config's own rule, its scatter check included) refuse with the meaning
    check added: a question whose sources are running prose, none of whose answer's source's sentences reaches
    ``meaning_at`` (0: the check never refuses). A question a paraphrase let through (``rescued_by``) is answered
    from the paraphrase's source, which means it at its ``paraphrase`` cosine."""
    rescued_by = rescued_by or [False] * len(signals)
    return [refused or (s.read_by_meaning() and (s.paraphrase if saved else s.meaning) < meaning_at)
            for s, refused, saved in zip(signals, before, rescued_by, strict=True)]


def fit_meaning(signals: list[Signals], before: list[bool], max_false_refusal: float | None = None,
                confidence: float | None = None) -> float:
    """``meaning_at`` for the config's own rule (decisions ``before``) with the meaning check: the cut between two
    observed meanings of prose cases that maximises :func:`objective`, among the cuts that lower no suite's
    number of correct decisions and, with ``max_false_refusal``, keep every suite's false refusal within it
    (as :func:`fit_scatter`); 0 when none does better on dev than no check."""
    cuts = check_cuts(sorted({round(s.meaning, 6) for s in signals if s.read_by_meaning() and s.meaning < 1.0}))
    floor = correct_per_suite(signals, before)
    within_budget = budget_check(signals, before, max_false_refusal, confidence)
    decided = [meant_refusals(signals, before, t) for t in cuts]
    keyed = [objective_of(signals, d) if t == 0.0 or (loses_no_suite(signals, d, floor) and within_budget(d))
             else (-math.inf, -math.inf) for t, d in zip(cuts, decided, strict=True)]
    # (a cut that refuses on dev only what the rule refuses already buys nothing: no check, not one in the middle
    # of the cuts that change nothing, which could refuse unseen questions for no gain seen)
    return 0.0 if keyed[0] == max(keyed) else middle_of_best(cuts, keyed)


def fit_paraphrase(signals: list[Signals], base: Params, after: Callable[[list[Signals], Params], list[bool]]) -> float | None:
    """``paraphrase_at`` for ``base`` (the config's own rule without a rescue; ``after``: cases, parameters → what the rule
    with those parameters decides, its scatter and meaning checks applied to what passes): the cut between two observed
    paraphrase cosines of the questions ``base`` refuses by their score that maximises :func:`objective` among the cuts
    that lower no suite's number of correct decisions; None (no rescue) when none does better on dev than none."""
    below = [s for s, r in zip(signals, refusals(signals, base), strict=True)
             if r and not s.hard_refuse and not s.cross and s.paraphrase > -1.0]
    values = sorted({round(s.paraphrase, 6) for s in below})
    if not values:
        return None
    cuts = [values[0] - 0.01] + [(a + b) / 2 for a, b in itertools.pairwise(values)]
    none = after(signals, base)
    floor = correct_per_suite(signals, none)
    decided = [after(signals, replace(base, paraphrase_at=t)) for t in cuts]
    keyed = [objective_of(signals, d) if loses_no_suite(signals, d, floor) else (-math.inf, -math.inf) for d in decided]
    if not keyed or max(keyed) <= objective_of(signals, none):
        return None
    return middle_of_best(cuts, keyed)


def fit_gate(signals: list[Signals], base: Params) -> float:
    """``type_at`` for ``base`` gated by the asked fact: the cut between two observed answer_type
    values that maximises :func:`objective` (each suite weighing the same; then fewer false
    answers), in the middle of the widest run of optimal cuts."""
    values = sorted({round(s.answer_type, 6) for s in signals if s.typed})
    if not values:
        return 0.0
    cuts = check_cuts(values)
    keyed = [objective_of(signals, gated_refusals(signals, base, t)) for t in cuts]
    return middle_of_best(cuts, keyed)


def middle_of_best(cuts: list[float], keyed: list[tuple[float, float]]) -> float:
    """The cut in the middle of the widest contiguous run of cuts that reach the best objective,
    so that a threshold does not sit on the edge of the cases it was fit on."""
    top = max(keyed)
    runs, start = [], None
    for i, k in enumerate([*keyed, None]):
        if k == top and start is None:
            start = i
        elif k != top and start is not None:
            runs.append((start, i - 1))
            start = None
    lo, hi = max(runs, key=lambda r: (cuts[r[1]] - cuts[r[0]], -r[0]))
    return round((cuts[lo] + cuts[hi]) / 2, 4)


def objective_of(signals: list[Signals], refused: list[bool]) -> tuple[float, float]:
    """:func:`objective` of given decisions (rounded, so that equal objectives compare equal)."""
    suites = sorted({s.suite for s in signals})
    results = [outcome([s for s in signals if s.suite == n], [r for s, r in zip(signals, refused, strict=True)
                                                              if s.suite == n]) for n in suites]
    balanced = [r.balanced for r in results if not math.isnan(r.balanced)]
    false_answer = [r.false_answer for r in results if not math.isnan(r.false_answer)]
    return (round(sum(balanced) / len(balanced), 12) if balanced else math.nan,
            round(-(sum(false_answer) / len(false_answer)), 12) if false_answer else 0.0)


def objectives(signals: list[Signals], p: Params, cuts: list[float]) -> list[tuple[float, float]]:
    """:func:`objective` at every threshold in ``cuts`` at once (the weights of ``p``): the same
    numbers, computed as one matrix instead of one pass per cut."""
    score = np.array([score_of(s, p) for s in signals])
    hard = np.array([s.hard_refuse for s in signals], dtype=bool)
    expect = np.array([s.expect_refuse for s in signals], dtype=bool)
    refused = hard[None, :] | (score[None, :] < np.asarray(cuts)[:, None])       # cuts × cases
    suite = np.array([s.suite for s in signals])
    balanced, false_answer = [], []
    for name in sorted(set(suite.tolist())):
        mine = suite == name
        rates = []
        answers, refusals = mine & ~expect, mine & expect
        if answers.any():
            rates.append((refused & answers).sum(axis=1) / answers.sum())
        if refusals.any():
            fa = (~refused & refusals).sum(axis=1) / refusals.sum()
            rates.append(fa)
            false_answer.append(fa)
        if rates:
            balanced.append(1.0 - np.mean(rates, axis=0))
    b = np.mean(balanced, axis=0) if balanced else np.full(len(cuts), math.nan)
    f = -np.mean(false_answer, axis=0) if false_answer else np.zeros(len(cuts))
    return [(float(x), float(y)) for x, y in zip(b.round(12), f.round(12), strict=True)]


def fit(signals: list[Signals], type_weights: tuple[float, ...] = (0.0,)) -> Params:
    """Weights from the grid; the threshold in the middle of the widest run of cuts that reach
    the best objective, so that it does not sit on the edge of the cases it was fit on.
    ``type_weights``: the asked-fact weights to try (only 0 unless the signal was read). The
    questions asked in another language are left out of it and fit ``cross_at`` on their own."""
    best: tuple[tuple[float, float], Params] | None = None
    cross_at = fit_cross(signals)
    signals = [s for s in signals if not s.cross]   # the weights are for questions in the corpus's language
    soft = [s for s in signals if not s.hard_refuse]
    for tw, dw, cw in itertools.product(type_weights, DENSE_WEIGHTS, COVERAGE_WEIGHTS):
        scores = sorted({round(score_of(s, Params(0, dw, cw, tw)), 6) for s in soft})
        cuts = threshold_cuts(scores)
        keyed = objectives(signals, Params(0, dw, cw, tw), cuts)
        top = max(keyed)
        p = Params(middle_of_best(cuts, keyed), dw, cw, tw, cross_at)
        if best is None or top > best[0]:
            best = (top, p)
    assert best is not None
    return best[1]


def folds_of(signals: list[Signals], k: int) -> list[list[int]]:
    """The shared fold rule (:mod:`eval.fit.folds`), stratified by expected behaviour: a fold
    without cases to refuse could not score a threshold; and by language, so that every fold's
    training part has questions in another language of both kinds to fit ``cross_at`` on."""
    return deal(signals, k, key=lambda s: f"{s.suite}/{s.case_id}",
                stratum=lambda s: (s.suite, s.cross, not s.expect_refuse))


def cross_validated_refusals(signals: list[Signals], k: int, type_weights: tuple[float, ...] = (0.0,)) -> list[bool]:
    """Each fold refused or answered by parameters fit on the other folds."""
    refused = [False] * len(signals)

    def held_out(p: Params, held: list[int]) -> None:
        for i, r in zip(held, refusals([signals[i] for i in held], p), strict=True):
            refused[i] = r

    folds_cv(folds_of(signals, k), len(signals), lambda rest: fit([signals[i] for i in rest], type_weights), held_out)
    return refused


def cross_validate(signals: list[Signals], k: int, type_weights: tuple[float, ...] = (0.0,)) -> Scores:
    """Each fold refused or answered by parameters fit on the other folds; pooled."""
    return outcome(signals, cross_validated_refusals(signals, k, type_weights))


def collect(prepared: Any, suite: Suite, answer_type: bool = False) -> list[Signals]:
    """Run the pipeline over every case once, answering everything that no hard rule refuses,
    and read the evidence signals off each decision (with ``answer_type``, the asked-fact
    signal too, whatever the config says)."""
    config = prepared.config
    if config.answerability.name != "evidence":
        raise InputError(f"calibrate fits the 'evidence' answerability; this config uses "
                         f"{config.answerability.name!r}", field="answerability")
    params = {**config.answerability.params, "answer_at": -1e9, "dense_weight": 1e-9, "coverage_weight": 0.0,
              "type_weight": 0.0, "type_at": None, "scatter_at": None, "cross_answer_at": -1e9,
              "reader": None}   # (the fit is the rule's own: a reader model, if configured, reads after it)
    if config.answerability.params.get("meaning_embedder") is not None:
        params["meaning_at"] = -1.0   # the meaning signal read in every language, never refusing
        params["read_paraphrase"] = True   # and the paraphrase signal, on every case
    if answer_type or config.answerability.params.get("scatter_at") is not None:
        params["answer_type"] = True   # the asked-fact signals (support, answer_type) are read
    probe = config.model_copy(update={"answerability": config.answerability.model_copy(update={"params": params}),
                                      "generator": ComponentSpec(name="extractive"), "chat_model": None})  # no model calls
    pipeline = prepared.with_config(probe).pipeline_for(suite)
    out = []
    for case in suite.cases:
        retrieval = pipeline.retrieve(case.question, suite.identity(case.as_),
                                      history=[t.model_dump() for t in case.history])
        frame = pipeline.answer(retrieval)
        sig = frame.decision.signals
        facts = retrieval.env.facts
        out.append(Signals(case.id, case.split, case.expect in DECLINES, BEHAVIOUR_OF[frame.decision.action] in DECLINING,
                           float(sig.get("semantic", 0.0)), float(sig.get("best_dense", 0.0)),
                           float(sig.get("coverage", 0.0)), float(sig.get("answer_type", 0.0)), suite.name,
                           bool(sig.get("typed", 0.0)), float(sig.get("support", 1.0)),
                           facts.get("question_type") == "reference" or len(facts.get("sub_queries", [])) >= 2,
                           bool(sig.get("cross_lingual", 0.0)), bool(sig.get("prose", 0.0)),
                           float(sig.get("meaning", 1.0)), float(sig.get("paraphrase", -1.0)),
                           document_of(case, retrieval.candidates)))
    return out


def document_of(case: Any, candidates: Sequence[Any] = ()) -> str:
    """The document a case's answer comes from (its first expected group, sorted): the cluster its question belongs
    to when a budget is held by an upper bound. A question with none (one to refuse) belongs to the document it was
    read from, the top-ranked of its ``candidates`` — the cut paragraph whose questions are all refused together —
    else to itself alone."""
    if not case.expected_docs:
        return f"read:{candidates[0].chunk.doc_id}" if candidates else f"case:{case.id}"
    first = case.expected_docs[0]
    return "doc:" + "|".join(sorted(first if isinstance(first, list) else [first]))


def configured(config: RunConfig, language: str) -> Params:
    from rag.by_language import by_language, by_language_or_none

    p = config.answerability.params
    return Params(float(by_language(p.get("answer_at", 0.48), language)),
                  float(by_language(p.get("dense_weight", 0.0), language)),
                  float(by_language(p.get("coverage_weight", 0.25), language)),
                  float(by_language(p.get("type_weight", 0.0), language)) if p.get("answer_type") else 0.0,
                  by_language_or_none(p.get("cross_answer_at"), language),
                  by_language_or_none(p.get("paraphrase_at"), language) if p.get("meaning_embedder") is not None else None)


def configured_meaning(config: RunConfig, language: str) -> float | None:
    """The config's own meaning check's cut (``meaning_at``), if it has one for ``language``."""
    from rag.by_language import by_language_or_none

    p = config.answerability.params
    return by_language_or_none(p.get("meaning_at"), language) if p.get("meaning_embedder") is not None else None


def configured_scatter(config: RunConfig, language: str) -> dict[str, float] | None:
    """The config's own scatter check (``scatter_at``, ``scatter_coverage``), if it has one."""
    from rag.by_language import by_language

    p = config.answerability.params
    if p.get("scatter_at") is None:
        return None
    return {"scatter_at": float(by_language(p["scatter_at"], language)),
            "scatter_coverage": float(by_language(p.get("scatter_coverage", 0.6), language))}


def scatter_scope(config: RunConfig) -> str:
    """Which cases the config's scatter check reads: "all", or "prose" (sources in running prose)."""
    return str(config.answerability.params.get("scatter_scope", "all"))


def calibrate(prepared: Any, suite_name: str | list[str], folds: int = 5, answer_type: bool = False,
              max_false_refusal: float | None = None, budget_confidence: float | None = None,
              dev_only: bool = False) -> Calibration:
    """Fit the suite's evidence answerability on its dev cases (``prepared``: the config ready
    to run, its learned fusion fitted on dev first). With ``answer_type``, the asked-fact
    weight is fitted too (from :data:`TYPE_WEIGHTS`, 0 included). Several suites (of one
    language) are **pooled**: one parameter set, fitted on all their dev cases with each suite
    weighing the same, and each suite's cross-validated and test figures reported. ``max_false_refusal``
    bounds each suite's dev false refusal under the scatter and meaning checks (:func:`fit_scatter`), with
    ``budget_confidence`` by its upper bound at that confidence (:func:`budget_check`)."""
    names = [suite_name] if isinstance(suite_name, str) else list(suite_name)
    suites = {s.name: s for s in prepared.suites()}
    check_suites(list(suites.values()), names, prepared.path)
    languages = {suites[n].language for n in names}
    if len(languages) > 1:
        raise InputError(f"a pooled fit needs suites of one language (got {sorted(languages)}): one threshold per "
                         "language", field="--suite")
    signals = [s for n in names for s in collect(prepared, suites[n], answer_type)]
    type_weights = TYPE_WEIGHTS if answer_type else (0.0,)
    dev = [s for s in signals if s.split in ("dev", None)] if any(s.split == "dev" for s in signals) else \
        [s for s in signals if s.split != "test"]
    # (dev_only: the test split's figures are not computed, so a fit cannot be read against them before it is chosen)
    test = [] if dev_only else [s for s in signals if s.split == "test"]
    if len(dev) < 2 * folds:
        raise InputError(f"{'+'.join(names)} has {len(dev)} dev cases; {folds}-fold cross-validation needs at least "
                         f"{2 * folds}", field="--folds")
    params = fit(dev, type_weights)
    language = languages.pop()
    mine = configured(prepared.config, language)
    own_scatter = configured_scatter(prepared.config, language)
    scope = scatter_scope(prepared.config)

    own_meaning = configured_meaning(prepared.config, language)
    # the checks are fitted in the order the pipeline reads them and each with the ones before it: the scatter check and
    # the meaning check for the rule without a rescue, the rescue for the rule with the config's own two checks
    unrescued = replace(mine, paraphrase_at=None)
    reads_meaning = answer_type and prepared.config.answerability.params.get("meaning_embedder") is not None
    passing = Params(-math.inf, 0.0, 0.0, cross_at=-math.inf)   # refuses only what a hard rule refuses

    def after_scatter(cases: list[Signals], refused: list[bool]) -> list[bool]:
        """``refused`` with the config's own scatter check applied to what passes."""
        if own_scatter is None:
            return refused
        hits = scattered_refusals(cases, passing, own_scatter["scatter_at"], own_scatter["scatter_coverage"], scope)
        return [r or h for r, h in zip(refused, hits, strict=True)]

    def after(cases: list[Signals], p: Params) -> list[bool]:
        """What the rule with parameters ``p`` decides, the config's own scatter and meaning checks applied to what
        passes (a question a paraphrase let through read for meaning in the paraphrase's source)."""
        refused = after_scatter(cases, refusals(cases, p))
        if own_meaning is None:
            return refused
        without_rescue = refusals(cases, replace(p, paraphrase_at=None))
        return meant_refusals(cases, refused, own_meaning,
                              [was and not now for was, now in zip(without_rescue, refusals(cases, p), strict=True)])

    def as_configured(cases: list[Signals]) -> list[bool]:
        return after(cases, mine)

    default = {"dev": outcome(dev, as_configured(dev))} | ({"test": outcome(test, as_configured(test))} if test else {})
    refused = cross_validated_refusals(dev, folds, type_weights)
    gate = fit_check(dev, test, folds, names, lambda cases: {"type_at": fit_gate(cases, mine)},
                     lambda cases, c: gated_refusals(cases, mine, c["type_at"])) if answer_type else None
    scatter = fit_check(dev, test, folds, names, lambda cases: fit_scatter(cases, unrescued, scope, max_false_refusal,
                                                                                  budget_confidence),
                        lambda cases, c: scattered_refusals(cases, unrescued, c["scatter_at"], c["scatter_coverage"],
                                                            scope)) \
        if answer_type else None
    meaning = fit_check(dev, test, folds, names,
                        lambda cases: {"meaning_at": fit_meaning(cases, after_scatter(cases, refusals(cases, unrescued)),
                                                                 max_false_refusal, budget_confidence)},
                        lambda cases, c: meant_refusals(cases, after_scatter(cases, refusals(cases, unrescued)),
                                                        c["meaning_at"])) \
        if reads_meaning else None
    paraphrase = fit_check(dev, test, folds, names,
                           lambda cases: {"paraphrase_at": fit_paraphrase(cases, unrescued, after)},
                           lambda cases, c: after(cases, replace(unrescued, paraphrase_at=c["paraphrase_at"]))) \
        if reads_meaning else None
    per_suite = each_suite(names, dev, refused, test, {"held-out test": lambda cases: refusals(cases, params),
                                                       "config as it is, test": as_configured})
    return Calibration("+".join(names), language, folds, params, evaluate(dev, params), outcome(dev, refused),
                       evaluate(test, params) if test else None, default, per_suite, gate, scatter,
                       sum(s.cross for s in dev), scope, max_false_refusal, budget_confidence, meaning, paraphrase,
                       separations(dev, scope))


def each_suite(names: list[str], dev: list[Signals], cv_refused: list[bool], test: list[Signals],
               on_test: dict[str, Any]) -> dict[str, dict[str, Scores]]:
    """A pooled fit's share in each suite: its cross-validated dev figures, and what each rule
    of ``on_test`` (label → the refusals it makes) does on its test cases. Empty for one suite."""
    out: dict[str, dict[str, Scores]] = {}
    for name in names if len(names) > 1 else []:
        mine = [i for i, s in enumerate(dev) if s.suite == name]
        out[name] = {"cross-validated (dev)": outcome([dev[i] for i in mine], [cv_refused[i] for i in mine])}
        mine_test = [s for s in test if s.suite == name]
        if mine_test:
            out[name] |= {label: outcome(mine_test, decide(mine_test)) for label, decide in on_test.items()}
    return out


def fit_check(dev: list[Signals], test: list[Signals], folds: int, names: list[str],
              fit_on: Any, decide: Any) -> GateFit:
    """Fit a check added to the config's own rule on dev (``fit_on``: cases → its parameters;
    ``decide``: cases, parameters → refusals), cross-validate it the same way, and score it once
    on test."""
    chosen = fit_on(dev)
    refused = [False] * len(dev)

    def held_out(c: dict[str, float], held: list[int]) -> None:
        for i, r in zip(held, decide([dev[i] for i in held], c), strict=True):
            refused[i] = r

    folds_cv(folds_of(dev, folds), len(dev), lambda rest: fit_on([dev[i] for i in rest]), held_out)
    per_suite = each_suite(names, dev, refused, test, {"held-out test": lambda cases: decide(cases, chosen)})
    return GateFit(chosen, outcome(dev, decide(dev, chosen)), outcome(dev, refused),
                   outcome(test, decide(test, chosen)) if test else None, per_suite)


def check_suites(suites: list[Suite], names: list[str], config_path: Any) -> None:
    """Every suite named is in the config and has answers to refuse."""
    by_name = {s.name: s for s in suites}
    for name in names:
        if name not in by_name:
            raise InputError(f"no suite named {name!r} in {config_path} (suites: {', '.join(by_name)})",
                             field="--suite")
        if by_name[name].mode != "full":
            raise InputError(f"suite {name} is retrieval-only: nothing to refuse", field="--suite")


def budget_said(c: Calibration) -> str:
    if c.max_false_refusal is None:
        return ""
    if c.budget_confidence is None:
        return f"; each suite's dev false refusal within {c.max_false_refusal}"
    return (f"; each suite's dev false refusal within {c.max_false_refusal} at {c.budget_confidence:.0%} confidence, "
            "its questions grouped by document")


def format_calibration(c: Calibration) -> str:
    lines = [f"{c.suite} ({c.language}): evidence answerability fit on {c.in_sample.n} dev case(s), "
             f"{c.folds}-fold cross-validation",
             f"  {'':<44}{'refusal acc':>8}{'false refusal':>14}{'false answer':>13}{'n':>6}",
             f"  {'fit, in-sample (dev)':<44}{c.in_sample.row()}",
             f"  {'fit, cross-validated (dev)':<44}{c.cross_validated.row()}"]
    if c.test:
        lines.append(f"  {'fit, held-out test':<44}{c.test.row()}")
    for split, scores in c.default.items():
        lines.append(f"  {'config as it is, ' + split:<44}{scores.row()}")
    for name, rows in c.per_suite.items():
        for what, scores in rows.items():
            lines.append(f"  {name + ', ' + what:<44}{scores.row()}")
    p = c.params
    lines.append(f"  chosen: answer_at {p.answer_at}, dense_weight {p.dense_weight}, "
                 f"coverage_weight {p.coverage_weight}" + (f", type_weight {p.type_weight}" if p.type_weight else "")
                 + (f", cross_answer_at {p.cross_at} (questions in another language: "
                    f"{c.cross_cases} dev)" if p.cross_at is not None else ""))
    checks = [(c.gate, "gated", "the config's own rule gated by the asked fact (a typed question refused below "
                                "type_at):", "(answer_type: true)"),
              (c.scatter, "scatter", "the config's own rule with the scatter check (refused when the sources hold "
                                     "scatter_coverage of the words, no sentence window scatter_at"
                                     + ("; only when the sources are running prose" if c.scatter_scope == "prose" else "")
                                     + budget_said(c) + "):", ""),
              (c.meaning, "meaning", "the config's own rule, its scatter check included, with the meaning check "
                                     "(refused when the sources are running prose and no sentence of the answer's "
                                     "source reaches meaning_at" + budget_said(c) + "):", ""),
              (c.paraphrase, "paraphrase", "the config's own rule, its scatter and meaning checks included, with "
                                           "questions under the bar answered when a sentence of the top sources "
                                           "reaches paraphrase_at (None: no rescue):", "")]
    for g, label, title, note in checks:
        if g is None:
            continue
        lines.append(f"  {title}")
        lines.append(f"  {label + ', in-sample (dev)':<44}{g.in_sample.row()}")
        lines.append(f"  {label + ', cross-validated (dev)':<44}{g.cross_validated.row()}")
        if g.test:
            lines.append(f"  {label + ', held-out test':<44}{g.test.row()}")
        for name, rows in g.per_suite.items():
            for what, scores in rows.items():
                lines.append(f"  {name + f', {label}, ' + what:<44}{scores.row()}")
        lines.append("  chosen: " + ", ".join(f"{k} {v}" for k, v in g.chosen.items()) + (f" {note}" if note else ""))
    return "\n".join(lines + format_separations(c.separation))


def snippet(c: Calibration) -> str:
    p, lang = c.params, c.language
    return (f"# ragbench calibrate --suite {c.suite}: fit on {c.in_sample.n} dev cases; cross-validated refusal "
            f"accuracy {c.cross_validated.refusal_accuracy:.3f}\n"
            "answerability:\n  name: evidence\n  params:\n"
            f"    answer_at: {{{lang}: {p.answer_at}}}\n"
            f"    dense_weight: {{{lang}: {p.dense_weight}}}\n"
            f"    coverage_weight: {{{lang}: {p.coverage_weight}}}\n"
            + (f"    answer_type: true\n    type_weight: {{{lang}: {p.type_weight}}}\n" if p.type_weight else "")
            + (f"    cross_answer_at: {{{lang}: {p.cross_at}}}\n" if p.cross_at is not None else
               "    # cross_answer_at: not fitted (no dev questions in another language both to answer and to\n"
               "    # refuse): keep the config's own, or every question in another language is refused\n")
            + (f"    # the scatter check, fitted for the config's own rule (not for the weights above)\n"
               f"    scatter_at: {{{lang}: {c.scatter.chosen['scatter_at']}}}\n"
               f"    scatter_coverage: {c.scatter.chosen['scatter_coverage']}\n"
               + ("    scatter_scope: prose\n" if c.scatter_scope == "prose" else "")
               if c.scatter is not None and c.scatter.chosen["scatter_at"] > 0 else "")
            + (f"    # the meaning check, fitted for the config's own rule with its own scatter check\n"
               f"    meaning_at: {{{lang}: {c.meaning.chosen['meaning_at']}}}\n"
               if c.meaning is not None and c.meaning.chosen["meaning_at"] > 0 else "")
            + (f"    # answered under the bar when a sentence of the top sources means the question\n"
               f"    paraphrase_at: {{{lang}: {c.paraphrase.chosen['paraphrase_at']}}}\n"
               if c.paraphrase is not None and c.paraphrase.chosen["paraphrase_at"] is not None else ""))
