"""Evidence levels: conflict between two current sources, background below the threshold, and
the replies every generator gives for them."""

from __future__ import annotations

from rag.answerability import answerability
from rag.answerability.levels import values_in
from rag.generators import generators
from rag.types import ContextItem, Decision
from tests.rag.helpers import chunk, env

HOURS = "Opening hours > Gym\nThe gym opens at 7:00 on weekdays."


def ctx(number: int, doc: str, text: str, title: str) -> ContextItem:
    return ContextItem(number, f"{doc}#0", doc, title, (), text, 1.0 / number, len(text))


def space_for(items: list[ContextItem], **meta: dict) -> object:
    return env([chunk(i.chunk_id, i.text, doc=i.doc_id, metadata=meta.get(i.doc_id, {})) for i in items])


# semantic off and a loose threshold: only the conflict check decides between answer and conflict
LOOSE = {"name": "evidence", "params": {"answer_at": 0.0, "partial_coverage": 0.0, "conflict_margin": 1.0,
                                        "conflict_similarity": -1.0, "refuse_unknown_names": False}}


def test_values_are_numbers_and_times_not_years_or_clause_numbers() -> None:
    assert values_in("第八条 2024 年起伙食补助每天 100 元，8:30 签到") == frozenset({"100", "8:30"})
    assert values_in("up to 1,000 USD from 9:05") == frozenset({"1000", "9:05"})
    assert values_in("no numbers here") == frozenset()


def test_two_current_sources_with_different_values_conflict() -> None:
    items = [ctx(1, "hr", "The gym opens at 7:00 on weekdays.", "HR benefits"),
             ctx(2, "news", "The gym opens at 8:00 on weekdays.", "Newsletter")]
    decide = answerability.build(LOOSE)
    decision = decide("When does the gym open on weekdays?", items, space_for(items))
    assert decision.action == "conflict" and decision.level == "conflict"
    assert {n for n, _ in decision.evidence} == {1, 2}
    reply = generators.build("extractive")("When does the gym open?", items, decision, space_for(items))
    assert reply.text.startswith("The sources disagree") and "7:00" in reply.text and "8:00" in reply.text
    # the same values, or a withdrawn (outdated) source, or three levels: no conflict
    same = [items[0], ctx(2, "news", "The gym opens at 7:00 on weekdays.", "Newsletter")]
    assert decide("When does the gym open on weekdays?", same, space_for(same)).action == "answer"
    outdated = space_for(items, news={"withdrawn": True})
    assert decide("When does the gym open on weekdays?", items, outdated).action == "answer"
    three = answerability.build({**LOOSE, "params": {**LOOSE["params"], "levels": 3}})
    assert three("When does the gym open on weekdays?", items, space_for(items)).action == "answer"


def test_background_sits_between_background_at_and_answer_at() -> None:
    items = [ctx(1, "hr", "The gym opens at 7:00 on weekdays.", "HR benefits")]
    params = {"semantic": False, "coverage_weight": 1.0, "partial_coverage": 0.0, "refuse_unknown_names": False}
    banded = answerability.build({"name": "evidence", "params": {**params, "answer_at": 0.9, "background_at": 0.2}})
    decision = banded("Which towels does the gym lend?", items, space_for(items))   # gym: 1 of 3 terms
    assert decision.action == "background" and decision.level == "background"
    reply = generators.build("extractive")("Which towels?", items, decision, space_for(items))
    assert "do not answer it" in reply.text and "HR benefits [1]" in reply.text
    off = answerability.build({"name": "evidence", "params": {**params, "answer_at": 0.9}})
    assert off("Which towels does the gym lend?", items, space_for(items)).action == "refuse"


def test_the_answer_says_which_version_it_used() -> None:
    items = [ctx(1, "new", "The meal allowance is 55 USD per day.", "Expense Policy (2024)")]
    space = space_for(items, new={"supersedes": ["old"], "version": "2024"})
    text = generators.build("extractive")("What is the meal allowance per day?", items, Decision("answer", "t"), space).text
    assert "55 USD" in text and "(per the current version: Expense Policy (2024), 2024)" in text
