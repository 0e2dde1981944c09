"""Code review (s47) of ``git diff 90fe53f..HEAD -- rag/``: rag.asked_field, rag.answerability.{row_words, pinned_rows,
unlisted_kinds, unnamed_rows, siblings, evidence}, rag.answer_types and rag.generators.extractive.

Each test states the right behaviour the review asked for; every finding was fixed in evidence v70 / extractive v44 but
one case of finding 3, pinned as an expected failure. The review's two quadratic loops (findings 8 and 9: a list of 6,000 items, a table
of 30,000 rows) were made linear and measured by hand (2.8 s → well under a second); no test here depends on timing.
"""

from __future__ import annotations

import pytest

from rag.answer_types import candidates
from rag.answerability.row_words import is_written, plain_spelling
from rag.answerability.siblings import unlisted_sibling
from rag.answerability.unlisted_kinds import unlisted_kind
from rag.answerability.unnamed_rows import unnamed_row
from rag.asked_field import asks_field


def zh_items(*pairs: tuple[str, str]) -> str:
    """A Chinese labelled list: "- 婚假：13天" …"""
    return "四、假期\n" + "\n".join(f"- {label}：{value}" for label, value in pairs)


# ---------------------------------------------------------------------------------------------------------------------
# Finding 1 — siblings.unlisted_sibling: the "said another way" escape (_said_another_way) is tested per label inside
# the loop, so a word that IS a listed item said another way (年休假 / 年假) is still refused against the first OTHER
# item of its kind (婚假), which shares nothing with it. The escape must hold when any listed item of the kind matches.

@pytest.mark.parametrize("question", ["年休假有几天？", "员工年休假有几天？"])
def test_finding1_a_listed_kind_said_another_way_is_no_sibling(question: str) -> None:
    text = zh_items(("婚假", "13天"), ("产假", "158天"), ("年假", "工作满1年的5天"), ("丧假", "3天"))
    assert unlisted_sibling(question, text, text) is None


# ---------------------------------------------------------------------------------------------------------------------
# Finding 2 — pinned_rows.crossed_labels: one question word that names labels in two label columns (night of "Night
# ferry" in the Sailing column and of "Night security" in the Role column) counts as two columns named, so a row the
# table holds is refused as a crossing no row holds.

CREW_ROLES = ("| Sailing | Role | Hours |\n|---|---|---|\n| Night ferry | Deckhand | 22:00–06:00 |\n"
              "| Day ferry | Night security | 20:00–08:00 |\n| Day ferry | Steward | 08:00–16:00 |")


def test_finding2_one_word_names_one_row_not_two_columns() -> None:
    assert unnamed_row("What are the hours for night security?", CREW_ROLES, CREW_ROLES) is None


# ---------------------------------------------------------------------------------------------------------------------
# Finding 3 — answer_types.candidates (v65): an English "who" statement now holds a person only when rag.holders knows
# the first name, or a body only when its last word is in _ORG's short list; a public body (Harbour Authority, NHS
# Trust, Coastguard Service), a company without a suffix, or a person whose first name is not in the list no longer
# answers "who", where every one did at 90fe53f.

@pytest.mark.parametrize("sentence", [
    "The terminal is maintained by the Harbour Authority.",
    "The terminal is maintained by the Northgate NHS Trust.",
    "The terminal is maintained by the Coastguard Service.",
    # left: a person whose first name no list holds. Reading any two capitalised words as a person (the review's fix)
    # cost two answerable "who" questions on negrej-en dev, so it was not kept
    pytest.param("The orchestra was founded by Chidi Okonkwo in 1990.", marks=pytest.mark.xfail(
        strict=True, reason="finding 3, left: a name whose first name gender-guesser does not hold answers no 'who'")),
])
def test_finding3_a_body_or_a_person_answers_who(sentence: str) -> None:
    assert candidates(sentence, "person", "Who maintains the terminal?")


# ---------------------------------------------------------------------------------------------------------------------
# Finding 4 — asked_field.asks_field: a field whose every word is a function word ("To", "From", "Who", "When") passes
# ``all(...)`` over an empty sequence, so every question "asks" it.

@pytest.mark.parametrize("field", ["To", "From", "Who", "When"])
def test_finding4_a_function_word_field_is_not_asked_by_any_question(field: str) -> None:
    assert asks_field("What time does the ferry leave Westhaven?", field) is False


# ---------------------------------------------------------------------------------------------------------------------
# Finding 5 — extractive field_first: a row whose asked field holds no value ("Extension: ") is put first, so the
# answer quotes an empty extension; a row only answers the field it holds.

def test_finding5_a_row_with_the_asked_field_empty_is_not_put_first() -> None:
    from rag.generators import generators
    from rag.types import Decision
    from tests.rag.helpers import env, item

    training = ("Courses are run at the Training Centre at Kingsmere depot. If you have fewer than 35 hours logged, tell "
                "the Training Centre straight away.")
    directory = ("| Post | Extension | Name | Depot |\n|---|---|---|---|\n| Training Centre Manager |  | Tom Ashworth | "
                 "Training Centre |\n| Payroll Clerk | 4100 | Ian Moss | Head office |")
    context = [item(1, training, "training"), item(2, directory, "directory", 0.5)]
    question = "What extension reaches the person who runs the training centre?"
    params = {"max_sentences": 1, "semantic_weight": 0}
    on = generators.build({"name": "extractive", "params": params})
    off = generators.build({"name": "extractive", "params": {**params, "field_first": False}})
    decision = Decision("answer", "t")
    assert on(question, context, decision, env([])).text == off(question, context, decision, env([])).text


# ---------------------------------------------------------------------------------------------------------------------
# Finding 6 — unlisted_kinds._gathered: the gathering phrase allows one word between "other" and the noun, joined by
# single spaces only, so "All other types of leave", "Any other kind of leave" and a line break after "other" gather
# nothing, and the asked kind is refused although the sources cover it.

LEAVE_RULES = "Annual leave and compassionate leave are approved by your line manager. "


@pytest.mark.parametrize("gathering", [
    "All other types of leave are approved by HR.",
    "Any other kind of leave is approved by HR.",
    "All other\nleave is approved by HR.",
])
def test_finding6_all_other_types_of_leave_gathers(gathering: str) -> None:
    assert unlisted_kind("Who approves paternity leave?", LEAVE_RULES + gathering) is None


# ---------------------------------------------------------------------------------------------------------------------
# Finding 7 — pinned_rows.unlisted_code: the labels' digit counts are taken from int(number) (Band 01 → 1 digit) and
# the question's from its text (Band 07 → 2), so a table of zero-padded codes never refuses a code it lacks.

BANDS = "| Band | Minimum |\n|---|---|\n| Band 01 | £20,000 |\n| Band 02 | £24,000 |\n| Band 03 | £28,000 |"


def test_finding7_a_zero_padded_code_the_table_lacks_is_refused() -> None:
    assert unnamed_row("What is the minimum for Band 07?", BANDS, BANDS) == ("Band 07", "Band 01")



# ---------------------------------------------------------------------------------------------------------------------
# Finding 10 — row_words.plain_spelling replaces every "oe" by "e" (meant for foetus, manoeuvre), so "shoes" is spelt
# "shes" and its form "she" is found in any source with the pronoun: a shoe allowance the sources never write counts as
# written, and the unlisted-kind rule lets it through.

SHOE_SOURCES = ("Uniform allowance is £100 a year. Tool allowance is £50. Laundry allowance is £3 a week. Ask your "
                "manager if she agrees.")


def test_finding10_the_pronoun_she_does_not_write_shoes() -> None:
    assert not is_written("shoes", plain_spelling("She starts at 9."))


def test_finding10_an_unwritten_shoe_allowance_is_an_unlisted_kind() -> None:
    assert unlisted_kind("How much is the shoe allowance?", SHOE_SOURCES) is not None
