"""``ragbench calibrate``: the fit, the folds and the command, on hand-made signals and the tiny suite."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import yaml

from eval.cli import main
from eval.fit.calibrate import Params, Signals, cross_validate, evaluate, fit, folds_of


def sig(i: int, refuse: bool, semantic: float, hard: bool = False, split: str | None = "dev") -> Signals:
    return Signals(f"c{i}", split, refuse, hard, semantic, 0.0, 0.0)


def test_fit_separates_by_the_middle_of_the_widest_gap() -> None:
    signals = [sig(0, False, 0.9), sig(1, False, 0.8), sig(2, False, 0.7), sig(3, True, 0.3), sig(4, True, 0.2)]
    p = fit(signals)
    assert p.coverage_weight == 0.25 and p.dense_weight == 0.0   # the first grid point that separates
    assert 0.3 < p.answer_at - 0.0 < 0.7
    assert evaluate(signals, p).refusal_accuracy == 1.0


def test_balanced_accuracy_does_not_answer_the_rare_refusals_away() -> None:
    # 8 answer cases, 2 refuse cases that score in the middle of the answer cases
    signals = [sig(i, False, s) for i, s in enumerate([0.9, 0.85, 0.8, 0.75, 0.7, 0.5, 0.45, 0.4])]
    signals += [sig(8, True, 0.6), sig(9, True, 0.62)]
    p = fit(signals)
    scores = evaluate(signals, p)
    assert scores.false_answer == 0.0            # plain accuracy would answer both (8/10 vs 7/10)
    assert scores.false_refusal == 3 / 8


def test_hard_refusals_stay_refused_whatever_the_threshold() -> None:
    signals = [sig(0, True, 0.99, hard=True), sig(1, False, 0.5), sig(2, True, 0.1)]
    assert evaluate(signals, Params(-1.0, 0.0, 0.0)).false_answer == 0.5


def test_folds_are_stratified_and_cover_every_case_once() -> None:
    signals = [sig(i, i % 4 == 0, 0.5) for i in range(20)]
    folds = folds_of(signals, 5)
    assert sorted(i for f in folds for i in f) == list(range(20))
    assert all(sum(signals[i].expect_refuse for i in f) == 1 for f in folds)


def test_cross_validation_is_no_better_than_in_sample_on_overlapping_classes() -> None:
    signals = [sig(i, i % 3 == 0, 0.3 + 0.05 * ((i * 7) % 11)) for i in range(30)]
    cv = cross_validate(signals, 5)
    assert cv.n == 30 and cv.refusal_accuracy <= evaluate(signals, fit(signals)).refusal_accuracy


def test_calibrate_command_prints_in_sample_and_cross_validated_and_writes_a_snippet(project: Path, capsys) -> None:
    out = project / "answerability.yaml"
    assert main(["calibrate", str(project / "config.yaml"), "--suite", "tiny", "--folds", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "fit, in-sample (dev)" in printed and "fit, cross-validated (dev)" in printed
    snippet = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert snippet["answerability"]["name"] == "evidence" and "en" in snippet["answerability"]["params"]["answer_at"]


def test_calibrate_needs_enough_dev_cases(project: Path, capsys) -> None:
    assert main(["calibrate", str(project / "config.yaml"), "--suite", "tiny", "--folds", "5"]) == 2
    assert "needs at least 10" in capsys.readouterr().err


def test_a_pooled_fit_weighs_each_suite_the_same_and_the_matrix_objective_equals_the_loop() -> None:
    """A big suite must not outvote a small one: 40 cases of 'big' separate at 0.5, 6 of 'small'
    only at 0.8; the pooled objective is the mean of the two balanced accuracies, so the fit
    keeps 'small' right. ``objectives`` (all cuts at once) equals ``objective`` cut by cut."""
    from eval.fit.calibrate import objective, objectives

    big = [Signals(f"b{i}", "dev", i % 2 == 0, False, 0.3 if i % 2 == 0 else 0.9, 0, 0, suite="big") for i in range(40)]
    small = [Signals(f"s{i}", "dev", i < 3, False, [0.7, 0.75, 0.72, 0.9, 0.95, 0.92][i], 0, 0, suite="small")
             for i in range(6)]
    p = fit(big + small)
    assert evaluate(small, p).refusal_accuracy == 1.0 and evaluate(big, p).refusal_accuracy == 1.0
    cuts = [0.1, 0.5, 0.74, 0.8, 1.0]
    loop = [objective(big + small, Params(c, 0.0, 0.25)) for c in cuts]
    matrix = objectives(big + small, Params(0.0, 0.0, 0.25), cuts)
    assert [round(a, 9) for a, _ in loop] == [round(a, 9) for a, _ in matrix]


def test_the_asked_fact_weight_is_fitted_only_when_it_helps_on_dev() -> None:
    """The answer-type signal separates these cases and the evidence score does not: with the
    signal offered, the fit gives it weight; offered nothing, it stays 0."""
    signals = [Signals(f"c{i}", "dev", i % 2 == 0, False, 0.5, 0, 0, answer_type=0.2 if i % 2 == 0 else 0.9)
               for i in range(20)]
    assert fit(signals).type_weight == 0.0 and evaluate(signals, fit(signals)).refusal_accuracy == 0.5
    p = fit(signals, (0.0, 0.5, 1.0))
    assert p.type_weight > 0 and evaluate(signals, p).refusal_accuracy == 1.0


def test_the_asked_fact_gate_is_fitted_on_dev_and_leaves_untyped_questions_alone() -> None:
    """The config's own rule answers all of these; typed questions whose answer_type is low must
    be refused, so the fitted type_at falls between the two groups; an untyped question with a
    low answer_type is never refused by the gate."""
    from eval.fit.calibrate import fit_gate, gated_refusals

    base = Params(0.1, 0.0, 0.0)
    typed = [Signals(f"t{i}", "dev", i % 2 == 0, False, 0.5, 0, 0, answer_type=0.2 if i % 2 == 0 else 0.8,
                     typed=True) for i in range(20)]
    untyped = [Signals("u", "dev", False, False, 0.5, 0, 0, answer_type=0.1, typed=False)]
    t = fit_gate(typed + untyped, base)
    assert 0.2 < t < 0.8
    refused = gated_refusals(typed + untyped, base, t)
    assert refused[:20] == [s.expect_refuse for s in typed] and refused[20] is False


def test_calibrate_answer_type_prints_the_gated_fit(project: Path, capsys) -> None:
    assert main(["calibrate", str(project / "config.yaml"), "--suite", "tiny", "--folds", "2", "--answer-type"]) == 0
    printed = capsys.readouterr().out
    assert "gated, cross-validated (dev)" in printed and "chosen: type_at" in printed


def test_a_pooled_fit_of_two_languages_is_refused_in_one_line(project: Path, capsys) -> None:
    """One threshold per language: pooling an English and a Chinese suite is an input error."""
    zh = project / "zh"
    (zh / "docs").mkdir(parents=True)
    (zh / "docs" / "a.md").write_text("# 住宿\n\n上海住宿每晚上限 500 元。", encoding="utf-8")
    (zh / "cases.jsonl").write_text('{"id": "q", "question": "上海住宿上限是多少？", "expected_docs": ["a"]}',
                                    encoding="utf-8")
    (zh / "suite.yaml").write_text("name: zh\nlanguage: zh\ncorpus: docs\ncases: cases.jsonl\n", encoding="utf-8")
    config = (project / "config.yaml").read_text(encoding="utf-8")
    (project / "config.yaml").write_text(config.replace("suites: ['", f"suites: ['{zh / 'suite.yaml'}', '"),
                                         encoding="utf-8")
    code = main(["calibrate", str(project / "config.yaml"), "--suite", "tiny", "--suite", "zh", "--pool"])
    err = capsys.readouterr().err
    assert code == 2 and "one language" in err and "Traceback" not in err


def test_the_scatter_check_is_fitted_without_costing_any_pooled_suite_a_case() -> None:
    """Suite ``rc`` (questions written from the text): its must-refuse cases hold the words but
    not together (support 0.3), its answerable ones together (0.8). Suite ``kb`` (colloquial):
    two answerable cases with support 0.35 and 0.5, which the best unconstrained cut (0.55)
    would refuse. The fit keeps every kb case and still refuses rc's scattered ones."""
    from eval.fit.calibrate import correct_per_suite, fit_scatter, refusals, scattered_refusals

    base = Params(0.1, 0.0, 0.0)
    rc = [Signals(f"r{i}", "dev", i % 2 == 0, False, 0.5, 0, 0.9, suite="rc",
                  support=0.3 if i % 2 == 0 else 0.8) for i in range(40)]
    kb = [Signals("k1", "dev", False, False, 0.5, 0, 0.9, suite="kb", support=0.35),
          Signals("k2", "dev", False, False, 0.5, 0, 0.9, suite="kb", support=0.5),
          Signals("k3", "dev", True, False, 0.5, 0, 0.9, suite="kb", support=0.2),
          Signals("k4", "dev", False, False, 0.5, 0, 0.9, suite="kb", support=0.9)]
    chosen = fit_scatter(rc + kb, base)
    refused = scattered_refusals(rc + kb, base, chosen["scatter_at"], chosen["scatter_coverage"])
    before = correct_per_suite(rc + kb, refusals(rc + kb, base))
    after = correct_per_suite(rc + kb, refused)
    assert after["kb"] >= before["kb"] and after["rc"] == 40
    assert 0.2 < chosen["scatter_at"] < 0.35
    low = [Signals("c", "dev", True, False, 0.5, 0, 0.3, suite="rc", support=0.1)]
    assert scattered_refusals(low, base, 0.5, 0.6) == [False]   # too few of its words held: not "scattered"


def test_calibrate_prints_the_scatter_fit(project: Path, capsys) -> None:
    assert main(["calibrate", str(project / "config.yaml"), "--suite", "tiny", "--folds", "2", "--answer-type"]) == 0
    printed = capsys.readouterr().out
    assert "scatter, cross-validated (dev)" in printed and "chosen: scatter_at" in printed


def test_the_scatter_check_leaves_reference_and_split_questions_alone_as_it_does_at_run_time() -> None:
    from eval.fit.calibrate import scattered_refusals

    base = Params(0.1, 0.0, 0.0)
    whole = Signals("w", "dev", True, False, 0.5, 0, 0.9, support=0.1)
    parted = Signals("p", "dev", True, False, 0.5, 0, 0.9, support=0.1, no_scatter=True)
    assert scattered_refusals([whole, parted], base, 0.5, 0.6) == [True, False]


def test_a_prose_scoped_scatter_fit_reads_prose_cases_and_keeps_within_a_false_refusal_budget() -> None:
    """Suite ``rc`` (prose): must-refuse cases at support 0.3 or 0.5, answerable ones at 0.45 and
    0.9; suite ``kb`` (structured) has scattered answerable cases that the prose scope never reads.
    Unbudgeted, the fit refuses at 0.55 (all rc must-refuse, and the 0.45 answers: false refusal
    0.2); within a budget of 0.1 it stops below 0.45."""
    from eval.fit.calibrate import fit_scatter, outcome, scattered_refusals

    base = Params(0.1, 0.0, 0.0)
    rc = [Signals(f"r{i}", "dev", i % 2 == 0, False, 0.5, 0, 0.9, suite="rc", prose=True,
                  support=(0.3 if i % 4 == 0 else 0.5) if i % 2 == 0 else (0.45 if i % 10 == 1 else 0.9))
          for i in range(40)]
    kb = [Signals(f"k{i}", "dev", i == 0, False, 0.5, 0, 0.9, suite="kb", support=0.2) for i in range(5)]
    free = fit_scatter(rc + kb, base, "prose")
    assert 0.5 < free["scatter_at"] <= 0.9
    refused = scattered_refusals(rc + kb, base, free["scatter_at"], free["scatter_coverage"], "prose")
    assert refused[-5:] == [False] * 5   # kb is not prose: never read
    assert outcome(rc, refused[:40]).false_refusal == 0.2
    held = fit_scatter(rc + kb, base, "prose", max_false_refusal=0.1)
    assert 0.3 < held["scatter_at"] < 0.45
    refused = scattered_refusals(rc, base, held["scatter_at"], held["scatter_coverage"], "prose")
    assert outcome(rc, refused).false_refusal == 0.0 and outcome(rc, refused).false_answer == 0.5


def test_calibrate_rejects_a_false_refusal_budget_outside_zero_to_one(project: Path, capsys) -> None:
    code = main(["calibrate", str(project / "config.yaml"), "--suite", "tiny", "--answer-type",
                 "--max-false-refusal", "1.5"])
    err = capsys.readouterr().err
    assert code == 2 and "--max-false-refusal" in err and "Traceback" not in err


def test_the_false_refusal_budget_holds_no_suite_the_check_leaves_alone() -> None:
    """kb already refuses 1 of 4 answerable cases (0.25) and is never prose: a budget of 0.1
    must not switch the check off for the prose suite on its account."""
    from eval.fit.calibrate import fit_scatter

    base = Params(0.5, 0.0, 0.0)
    rc = [Signals(f"r{i}", "dev", i % 2 == 0, False, 0.6, 0, 0.9, suite="rc", prose=True,
                  support=0.3 if i % 2 == 0 else 0.9) for i in range(20)]
    kb = [Signals("k0", "dev", False, False, 0.1, 0, 0.9, suite="kb", support=0.2)] + \
         [Signals(f"k{i}", "dev", False, False, 0.6, 0, 0.9, suite="kb", support=0.2) for i in range(1, 4)] + \
         [Signals("k4", "dev", True, False, 0.1, 0, 0.9, suite="kb", support=0.2)]
    chosen = fit_scatter(rc + kb, base, "prose", max_false_refusal=0.1)
    assert 0.3 < chosen["scatter_at"] <= 0.9


def test_a_false_refusal_budget_without_answer_type_is_an_input_error(project: Path, capsys) -> None:
    code = main(["calibrate", str(project / "config.yaml"), "--suite", "tiny", "--max-false-refusal", "0.1"])
    err = capsys.readouterr().err
    assert code == 2 and "--answer-type" in err and "Traceback" not in err



def test_the_meaning_check_is_fitted_on_prose_cases_within_a_false_refusal_budget() -> None:
    """Suite ``rc`` (prose): must-refuse cases whose answer's source means the question at 0.80 or 0.86,
    answerable ones at 0.85 (two) and 0.95; suite ``kb`` (structured) has answerable cases at 0.5 that the check
    never reads. Unbudgeted, the best cut (0.9) refuses every must-refuse case and the two at 0.85; within a
    false-refusal budget of 0.1 it stops below 0.85. A case the base rule refuses stays refused; a case whose
    meaning was not read (1.0) is never refused."""
    from eval.fit.calibrate import fit_meaning, meant_refusals, outcome

    rc = [Signals(f"r{i}", "dev", i % 2 == 0, False, 0.5, 0, 0.9, suite="rc", prose=True,
                  meaning=(0.80 if i % 4 == 0 else 0.86) if i % 2 == 0 else (0.85 if i in (1, 3) else 0.95))
          for i in range(40)]
    kb = [Signals(f"k{i}", "dev", i == 0, False, 0.5, 0, 0.9, suite="kb", meaning=0.5) for i in range(5)]
    before = [False] * 45
    free = fit_meaning(rc + kb, before)
    assert 0.86 < free <= 0.95
    refused = meant_refusals(rc + kb, before, free)
    assert refused[-5:] == [False] * 5   # not prose: never read
    assert outcome(rc, refused[:40]).false_refusal == 0.1 and outcome(rc, refused[:40]).false_answer == 0.0
    held = fit_meaning(rc + kb, before, max_false_refusal=0.05)
    assert 0.80 < held < 0.85
    assert outcome(rc, meant_refusals(rc, before[:40], held)).false_answer == 0.5
    unread = Signals("u", "dev", True, False, 0.5, 0, 0.9, prose=True)
    saved = Signals("s", "dev", False, False, 0.5, 0, 0.9, prose=True, meaning=0.1, paraphrase=0.95)
    # a question a paraphrase let through is read in the paraphrase's source
    assert meant_refusals([saved], [False], 0.9, [True]) == [False] and meant_refusals([saved], [False], 0.9) == [True]
    split = Signals("p", "dev", True, False, 0.5, 0, 0.9, prose=True, meaning=0.1, no_scatter=True)
    assert meant_refusals([unread, split], [False, False], 0.9) == [False, False]
    assert meant_refusals([unread], [True], 0.9) == [True]
    nothing = [Signals("n", "dev", False, False, 0.5, 0, 0.9, prose=True, meaning=0.3),
               Signals("o", "dev", False, False, 0.5, 0, 0.9, prose=True, meaning=0.85),
               Signals("m", "dev", True, False, 0.5, 0, 0.9, prose=True, meaning=0.9)]
    assert fit_meaning(nothing, [False] * 3) == 0.0   # every cut costs more answers than it refuses noise
    already = [Signals("a", "dev", True, False, 0.5, 0, 0.9, prose=True, meaning=0.2),
               Signals("b", "dev", False, False, 0.5, 0, 0.9, prose=True, meaning=0.9)]
    assert fit_meaning(already, [True, False]) == 0.0   # the low cuts refuse only what is refused already


def test_the_paraphrase_rescue_is_fitted_among_the_questions_under_the_bar() -> None:
    """Evidence v90: suite ``kb`` has answerable questions under the bar (score 0.4 < 0.5) whose top sources hold a
    sentence meaning them at 0.88 or 0.90, must-refuse ones under the bar at 0.80 and 0.83, and a must-refuse one a hard
    rule refuses at 0.95. The fit answers the first and leaves the second refused: a cut between 0.83 and 0.88. A rule
    applied after the rescue (``after``) still refuses what it refuses. With no answerable question to rescue, none."""
    from eval.fit.calibrate import fit_paraphrase, refusals

    base = Params(0.5, 0.0, 0.0)
    kb = ([Signals(f"a{i}", "dev", False, False, 0.4, 0, 0.5, suite="kb", paraphrase=0.88 + 0.02 * (i % 2)) for i in range(6)]
          + [Signals(f"r{i}", "dev", True, False, 0.4, 0, 0.5, suite="kb", paraphrase=0.80 + 0.03 * (i % 2)) for i in range(6)]
          + [Signals("h", "dev", True, True, 0.4, 0, 0.5, suite="kb", paraphrase=0.95),
             Signals("ok", "dev", False, False, 0.9, 0, 0.5, suite="kb", paraphrase=0.6)])
    nothing_after = lambda cases, p: refusals(cases, p)   # noqa: E731
    cut = fit_paraphrase(kb, base, nothing_after)
    assert cut is not None and 0.83 < cut < 0.88
    decided = refusals(kb, replace(base, paraphrase_at=cut))
    assert decided[:6] == [False] * 6 and decided[6:13] == [True] * 7 and decided[13] is False
    assert refusals(kb[:1], replace(base, paraphrase_at=None)) == [True]   # no cut: the bar alone
    refuse_all = lambda cases, p: [True] * len(cases)   # noqa: E731
    assert fit_paraphrase(kb, base, refuse_all) is None   # a later check refuses them anyway: nothing gained
    only_noise = [s for s in kb if s.expect_refuse]
    assert fit_paraphrase(only_noise, base, nothing_after) is None


def test_calibrate_reads_the_meaning_signals_when_the_config_has_a_meaning_embedder(project: Path, capsys) -> None:
    assert main(["calibrate", str(project / "config.yaml"), "--suite", "tiny", "--folds", "2", "--answer-type",
                 "-P", "answerability.params.meaning_embedder=hashing"]) == 0
    printed = capsys.readouterr().out
    assert "meaning, cross-validated (dev)" in printed and "chosen: meaning_at" in printed
    assert "paraphrase, cross-validated (dev)" in printed and "chosen: paraphrase_at" in printed


def test_dev_only_computes_and_prints_no_test_figure(project: Path, capsys) -> None:
    cases_file = project / "suite" / "cases.jsonl"
    cases = [json.loads(line) for line in cases_file.read_text(encoding="utf-8").splitlines()]
    for case in cases:   # two cases on the test split, the rest on dev
        case["split"] = "test" if case["id"] in ("widget", "picnic") else "dev"
    cases_file.write_text("\n".join(json.dumps(c) for c in cases), encoding="utf-8")
    args = ["calibrate", str(project / "config.yaml"), "--suite", "tiny", "--folds", "2", "--answer-type"]
    assert main(args) == 0
    assert "test" in capsys.readouterr().out   # the held-out lines, by default
    assert main([*args, "--dev-only"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert [line for line in printed if "test" in line] == ["  (--dev-only: the test split's figures were not computed)"]
    assert any("cross-validated (dev)" in line for line in printed)
