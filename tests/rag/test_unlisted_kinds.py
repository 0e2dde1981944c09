"""A kind the sources list, but not the one asked (rag.answerability.unlisted_kinds, evidence v61)."""

from __future__ import annotations

import pytest

from rag.answerability.unlisted_kinds import unlisted_kind

LEAVE = ("Annual leave is 28 days, bank holidays included. Compassionate leave is up to 5 days of paid leave on the death "
         "of a close relative. Book leave in the app at least 14 days ahead.")
TRAINING = "Fire training is yearly. Manual handling training is every 3 years. First aid training lasts 6 hours."


@pytest.mark.parametrize(("question", "sources", "asked"), [
    ("How many days of paternity leave do drivers get?", LEAVE, "paternity leave"),
    ("How many days of paid paternity leave do ground staff get?", LEAVE, "paternity leave"),   # a word between
    ("How many weeks of sabbatical leave can staff take after 10 years of service?", LEAVE, "sabbatical leave"),
    ("Hi. Quick one: how often is asbestos training renewed?", TRAINING, "asbestos training"),
    ("What colour is the fleece jacket?", "Rain jacket and hi-vis jacket are issued.", "fleece jacket"),
])
def test_a_specific_kind_the_sources_leave_out_is_caught(question: str, sources: str, asked: str) -> None:
    found = unlisted_kind(question, sources)
    assert found is not None and found[0] == asked and len(found[1]) >= 2


@pytest.mark.parametrize(("question", "sources"), [
    ("How many days of annual leave do I get?", LEAVE),                       # a kind the sources write
    ("How many days of paternity leave do I get?", LEAVE + " Paternity pay is 2 weeks."),   # written elsewhere
    ("How many days of paternity leave do I get?", "Annual leave is 28 days."),   # one kind: nothing told apart
    ("Do we get the beefy 32 gig laptops like the engineers do?", "Company laptops and lost laptops go to IT."),
    ("How many leftover days can I carry over?", "Working days and unused days carry over."),   # a span, not a kind
    ("What colour is the fleece jacket?", "A rain jacket is issued."),        # one kind of jacket
    ("年假有几天？", LEAVE),                                                    # Chinese is the sibling rule's
    # a word after a hyphen is part of its compound, which the sources write unhyphenated
    ("Who runs the co-operative housing?", "Cooperative housing and collections housing differ."),
    ("Where does ghost-lace moss grow?", "Ghostlace moss grows by streams; white moss on walls."),
    ("", LEAVE),
])
def test_a_kind_the_sources_write_or_a_measure_is_left(question: str, sources: str) -> None:
    assert unlisted_kind(question, sources) is None


def test_evidence_refuses_an_unlisted_kind_and_says_why() -> None:
    from rag.answerability import answerability
    from tests.rag.helpers import chunk, env, item

    space = env([chunk("leave#0", LEAVE)], language="en")
    decide = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0,
                                                                   "answer_at": 0.0, "answer_type": True}})
    decision = decide("How many days of paternity leave do drivers get?", [item(1, LEAVE, "leave")], space)
    assert decision.action == "refuse" and "paternity leave" in decision.reason
    assert decision.signals.get("unlisted_kind") == 1.0
    assert decide("How many days of annual leave do drivers get?", [item(1, LEAVE, "leave")], space).action != "refuse"
