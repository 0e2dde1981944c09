"""The field a question asks for by name (rag.asked_field) and the extractive generator's use of it."""

from __future__ import annotations

import pytest

from rag.asked_field import asked_words, asks_field, fields_of


@pytest.mark.parametrize(("question", "words"), [
    ("what extension reaches the person who runs the training centre?", {"extension", "reache"}),
    ("What's the phone number of the depot?", {"phone", "number"}),
    ("Which form do I fill in?", {"form"}),
    ("What is my employee number?", {"employee", "number"}),
    ("How long is the break?", set()),
])
def test_the_words_a_question_asks_after_what_or_which(question: str, words: set[str]) -> None:
    assert asked_words(question) == words


@pytest.mark.parametrize(("question", "field", "asked"), [
    ("what extension reaches the training centre?", "Extension", True),
    ("What's the phone number of the depot?", "Phone number", True),
    ("What is the extension for the payroll clerk?", "Name", False),
    ("Which form do I fill in?", "Form", True),
    ("安全科长的分机是多少？", "分机", True),
    ("安全科长的分机号是多少？", "分机", True),
    ("报修打哪个分机？", "分机", True),
    ("分机在哪里能查到？", "分机", False),               # asks where, not the field's value
    ("安全科长是谁？", "分机", False),
    ("what extension reaches the training centre?", "分机", False),
    ("安全科长的分机是多少？", "Extension", False),
])
def test_a_field_asked_by_name(question: str, field: str, asked: bool) -> None:
    assert asks_field(question, field) is asked


def test_the_fields_of_a_quoted_row() -> None:
    row = "Post: Training Centre Manager; Name: Tom Ashworth; Extension: 3200"
    assert fields_of(row) == [("Post", "Training Centre Manager"), ("Name", "Tom Ashworth"), ("Extension", "3200")]
    assert fields_of("A sentence with no fields.") == []


def test_the_generator_quotes_the_row_whose_field_is_asked() -> None:
    from rag.generators import generators
    from rag.types import Decision
    from tests.rag.helpers import env, item

    training = ("Courses are run at the Training Centre at Kingsmere depot. If you have fewer than 35 hours logged, tell "
                "the Training Centre straight away.")
    directory = ("| Post | Name | Depot | Extension |\n|---|---|---|---|\n| Training Centre Manager | Tom Ashworth | "
                 "Training Centre | 3200 |\n| Payroll Clerk | Ian Moss | Head office | 4100 |")
    context = [item(1, training, "training"), item(2, directory, "directory", 0.5)]
    question = "What extension reaches the person who runs the training centre?"
    params = {"max_sentences": 1, "semantic_weight": 0}
    answer = generators.build({"name": "extractive", "params": params})(question, context, Decision("answer", "t"), env([]))
    assert "3200" in answer.text and "4100" not in answer.text
    without = generators.build({"name": "extractive", "params": {**params, "field_first": False}})
    assert "3200" not in without(question, context, Decision("answer", "t"), env([])).text
