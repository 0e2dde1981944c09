"""The refusal ledger: which check of the gate refused what (``ragbench triage``'s first table)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from scipy.stats import beta

from eval.cli import main
from eval.metrics.base import Observation
from eval.metrics.behaviour import false_answer, false_refusal
from eval.report.triage import format_triage
from eval.runs.checkpoint import read_cases
from eval.runs.log import CaseRecord
from eval.runs.runner import run_config as run
from eval.triage.refusals import ANSWER_STEP, UNNAMED, format_ledger, refusal_ledger, refusing_check
from rag.types import Decision


def case(expect: str, behaviour: str | None, action: str | None = None, check: str | None = None, *,
         suite: str = "s", split: str | None = "dev", n: int = 0) -> CaseRecord:
    decision = {} if action is None else {"action": action, "reason": "r", **({"check": check} if check else {})}
    return CaseRecord(suite=suite, case_id=f"{expect}-{behaviour}-{action}-{check}-{n}", question="q", expect=expect,
                      behaviour=behaviour, decision=decision, split=split)


def sample() -> list[CaseRecord]:
    out = [case("refuse", "refused", "refuse", "scatter", n=i) for i in range(3)]
    out += [case("refuse", "answered", "answer", n=9)]
    out += [case("answer", "refused", "refuse", "scatter", n=10)]
    out += [case("answer", "refused", "refuse", "meaning", n=i) for i in range(2)]
    out += [case("answer", "answered", "answer", n=i) for i in range(4)]
    out += [case("refuse", "background", "background", n=20)]            # declined by the background level
    out += [case("answer", "refused", "answer", n=21)]                   # the generator declined: the answer step
    out += [case("refuse", "refused", "refuse", None, n=22)]             # a decision that names no check
    out += [case("refuse", "refused", None, n=23)]                       # no decision at all (a user's service)
    out += [case("answer", None, "refuse", "score", n=24)]               # not observed: left out
    return out


def test_counts_by_check_hand_computed() -> None:
    (ledger,) = refusal_ledger(sample())
    assert (ledger.suite, ledger.split, ledger.must_decline, ledger.answerable) == ("s", "dev", 7, 8)
    rows = {row.check: (row.right, row.wrong) for row in ledger.rows}
    assert rows == {"scatter": (3, 1), "meaning": (0, 2), "background": (1, 0), ANSWER_STEP: (0, 1), UNNAMED: (2, 0)}
    # most false refusals first, then most refusals earned
    assert [row.check for row in ledger.rows] == ["meaning", "scatter", ANSWER_STEP, UNNAMED, "background"]
    assert (ledger.refused_right, ledger.refused_wrong) == (6, 4)
    assert ledger.base_rate == pytest.approx(7 / 15)


def test_each_share_right_has_its_clopper_pearson_interval() -> None:
    rows = {row.check: row for row in refusal_ledger(sample())[0].rows}
    scatter = rows["scatter"]
    assert scatter.share_right == pytest.approx(0.75)
    assert scatter.low == pytest.approx(beta.ppf(0.025, 3, 2), abs=1e-4)
    assert scatter.high == pytest.approx(beta.ppf(0.975, 4, 1), abs=1e-4)
    # all wrong: never above the exact bound; all right: never certain from two cases
    assert rows["meaning"].low == 0.0 and rows["meaning"].high == pytest.approx(beta.ppf(0.975, 1, 2), abs=1e-4)
    assert rows[UNNAMED].high == 1.0 and rows[UNNAMED].low == pytest.approx(beta.ppf(0.025, 2, 1), abs=1e-4)
    assert rows[UNNAMED].low < 0.2


def test_totals_are_the_suites_negative_rejection_and_false_refusal() -> None:
    cases = sample()
    (ledger,) = refusal_ledger(cases)
    obs = [Observation(groups=[], grades={}, ranking=[], expect=c.expect, behaviour=c.behaviour) for c in cases]
    fr = [v for o in obs if (v := false_refusal(o)) is not None]
    fa = [v for o in obs if (v := false_answer(o)) is not None]
    assert ledger.refused_wrong / ledger.answerable == pytest.approx(sum(fr) / len(fr))
    assert 1 - ledger.refused_right / ledger.must_decline == pytest.approx(sum(fa) / len(fa))


def test_suites_and_splits_are_kept_apart_and_the_worst_suite_keeps_its_line() -> None:
    cases = [case("refuse", "refused", "refuse", "score", suite="a", split="dev"),
             case("answer", "refused", "refuse", "score", suite="a", split="test"),
             case("answer", "answered", "answer", suite="b"),
             case("refuse", "answered", "answer", suite="c")]
    ledgers = refusal_ledger(cases)
    assert [(x.suite, x.split, x.refused_right, x.refused_wrong) for x in ledgers] == [
        ("a", "dev", 1, 0), ("a", "test", 0, 1), ("b", "dev", 0, 0), ("c", "dev", 0, 0)]
    printed = format_ledger(ledgers)
    assert "  a [dev]: 1 of 1 to decline refused, 0 of 0 answerable refused; the suite's share to decline 1.00" \
        in printed
    # a suite whose every case to decline was answered is the worst line, never left out; one with none to decline
    # and no refusal has nothing to say
    assert "  c [dev]: 0 of 1 to decline refused, 0 of 0 answerable refused; the suite's share to decline 1.00" \
        in printed
    assert not any(line.lstrip().startswith("b") for line in printed)
    assert format_ledger(refusal_ledger([cases[2]])) == []
    assert format_ledger(refusal_ledger([cases[3]]))[1].startswith("  c [dev]: 0 of 1 to decline refused")


def test_cases_in_error_are_left_out_as_the_metrics_leave_them() -> None:
    broken = case("answer", "refused", "refuse", "score", n=99).model_copy(update={"error": "EndpointError: down"})
    (ledger,) = refusal_ledger([*sample(), broken])
    assert (ledger.must_decline, ledger.answerable, ledger.refused_wrong) == (7, 8, 4)


@pytest.mark.parametrize(("decision", "check"), [
    ({"action": "refuse", "check": "event_unsaid"}, "event_unsaid"),
    ({"action": "refuse", "check": ""}, UNNAMED),
    ({"action": "refuse", "check": 7}, UNNAMED),                       # a hostile record: never trusted as a name
    ({"action": "refuse", "check": "score\n\x1b[31mrefused"}, UNNAMED),   # a newline and a terminal escape
    ({"action": "refuse", "check": "<b>x</b>"}, UNNAMED),
    ({"action": "refuse", "check": "x" * 41}, UNNAMED),
    ({"action": "refuse", "check": "my_rule (v2)"}, "my_rule (v2)"),
    ({"action": "partial"}, ANSWER_STEP),
    ({}, UNNAMED),
])
def test_what_made_a_refusal(decision: dict, check: str) -> None:
    record = CaseRecord(suite="s", case_id="c", question="q", expect="refuse", behaviour="refused", decision=decision)
    assert refusing_check(record) == check


def test_a_decision_records_its_check_only_when_it_names_one() -> None:
    assert "check" not in Decision("answer", "ok").as_record()
    assert Decision("refuse", "no", check="scatter").as_record()["check"] == "scatter"


def test_the_triage_text_leads_with_the_ledger() -> None:
    text = format_triage(SimpleNamespace(run_id="r"), sample(), [], refusal_ledger(sample()))
    assert text.splitlines()[2].startswith("refusals by check")
    assert "    meaning         0 / 2    0.00 [0.00, 0.84]" in text   # (check names padded to "answer step")


def test_the_pipeline_names_each_refusing_check(project: Path, capsys) -> None:
    """A real run of the reference pipeline: every refusal names the check that made it (the score cut, the unknown-name
    rule, the router), and triage counts them in its text and on its page."""
    with (project / "suite" / "cases.jsonl").open("a", encoding="utf-8") as cases:
        cases.write('\n{"id": "zebra", "question": "Do quantum zebras juggle xylophones?", "expect": "refuse"}')
    run_dir, _ = run(project / "config.yaml", ["router=rules", "answerability.params.answer_at=9"],
                     out_root=project / "runs", progress=False)
    refused = {r.case_id: r.decision for r in read_cases(run_dir) if (r.decision or {}).get("action") == "refuse"}
    assert refused["zebra"]["check"] == "router"
    assert refused["hotel"]["check"] == "score" and refused["picnic"]["check"]
    assert all(decision.get("check") for decision in refused.values())
    assert main(["triage", str(run_dir)]) == 0
    printed = capsys.readouterr().out
    assert "refusals by check" in printed and "    score " in printed and "    router " in printed
    page = (run_dir / "triage.html").read_text(encoding="utf-8")
    assert "Refusals by check" in page and "<code>router</code>" in page
