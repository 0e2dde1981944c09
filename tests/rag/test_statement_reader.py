"""The extractive generator's ``reader`` (v52): a second embedder by corpus language that reads the question as a
query against each statement as a passage; its cosine, scaled to the span the context's statements cover, is averaged
with the corpus embedder's in a statement's semantic score."""

from __future__ import annotations

import numpy as np
import pytest

from rag.embedders import embedders
from rag.embedders.base import LazyModelEmbedder
from rag.embedders.reader import Reader
from rag.errors import ConfigError, UnknownComponentError
from rag.generators import generators
from rag.types import Decision
from tests.rag.helpers import chunk, env, item

TEXT = ("请假\n请假须提前三天在 OA 系统提交请假申请，请假期间的工作须交接清楚。\n\n"
        "三天以内由部门经理审批，超过三天还须人力资源部审批。")
QUESTION = "请假要找谁批？"
ANSWER = Decision("answer", "score", {})


def _approval_reader() -> object:
    """A reader that sees only whether a text is about who approves (审批, 批): what e5 does for the real sentences."""
    def encode(texts: list[str]) -> np.ndarray:
        return np.array([[1.0, 0.05] if "批" in t else [0.05, 1.0] for t in texts], dtype=np.float32)

    return LazyModelEmbedder("test-approval-reader", 2, lambda: (encode, encode))


@pytest.fixture(scope="module", autouse=True)
def _registered() -> None:
    if "test-approval-reader" not in embedders.names():
        embedders.register("test-approval-reader", version="1")(lambda: _approval_reader())


def quote(reader: object, language: str = "zh", text: str = TEXT, question: str = QUESTION) -> str:
    params = {"max_sentences": 1, "semantic_weight": 0.5, "number_bonus": 0.0}
    if reader is not None:
        params["reader"] = reader
    space = env([chunk("a#1", text), chunk("o#0", "停车场七点开放。")], language)
    return generators.build({"name": "extractive", "params": params})(
        question, [item(1, text, "a", title=text.split("\n")[0])], ANSWER, space).text


def test_the_reader_quotes_the_statement_that_means_the_question() -> None:
    # by words the first sentence wins (请假 three times); the reader reads who approves
    assert quote(None).startswith("请假须提前三天")
    assert quote({"zh": "test-approval-reader"}).startswith("三天以内由部门经理审批")
    # one reader for every language is a plain spec
    assert quote("test-approval-reader").startswith("三天以内由部门经理审批")


def test_a_reader_for_another_language_is_not_read() -> None:
    assert quote({"en": "test-approval-reader"}).startswith("请假须提前三天")
    assert quote({"zh": None}).startswith("请假须提前三天")
    # a language set to null reads none, though a default is given (found by a review: the default read it)
    assert quote({"zh": None, "default": "test-approval-reader"}).startswith("请假须提前三天")
    assert quote({"en": None, "default": "test-approval-reader"}).startswith("三天以内由部门经理审批")


def test_statements_that_share_nothing_with_the_question_are_still_refused() -> None:
    """Found by a review: the reader's cosines spread over [0, 1] lifted the best statement of any context over
    ``min_score``, so the generator never said it found nothing. The best statement scores what it scored without it."""
    unrelated = "园区\n停车场七点开放。\n\n班车八点发车。"
    question = "食堂的午餐几点供应？"
    plain = quote(None, text=unrelated, question=question)
    assert plain == quote({"zh": "test-approval-reader"}, text=unrelated, question=question)
    assert "停车" not in plain and "班车" not in plain   # the generator's refusal


def test_the_readers_cosine_is_scaled_to_the_statements_span() -> None:
    """Statements the reader scores alike (a span of zero) all get its full share: the corpus embedder and the words
    decide, as without a reader."""
    flat = "请假\n请假须提前三天在 OA 系统提交请假申请，请假期间的工作须交接清楚。\n\n病假须附医院证明。"
    assert quote({"zh": "test-approval-reader"}, text=flat) == quote(None, text=flat)


def test_a_context_without_statements_is_no_error() -> None:
    """Found by the shipped gate test's planted regressions: a context whose sources hold nothing to quote left the
    reader no cosines to scale (numpy's min of an empty array raised)."""
    params = {"max_sentences": 1, "reader": {"zh": "test-approval-reader"}}
    space = env([chunk("a#1", "请假")], "zh")
    generate = generators.build({"name": "extractive", "params": params})
    assert generate(QUESTION, [], ANSWER, space).text == generators.build("extractive")(QUESTION, [], ANSWER, space).text
    only_title = [item(1, "请假\n请假", "a", title="请假")]
    assert generate(QUESTION, only_title, ANSWER, space).text == \
        generators.build("extractive")(QUESTION, only_title, ANSWER, space).text


def test_a_bad_reader_names_its_field() -> None:
    with pytest.raises(UnknownComponentError, match=r"generator\.params\.reader\.zh"):
        generators.build({"name": "extractive", "params": {"reader": {"zh": "no-such-embedder"}}})
    with pytest.raises(UnknownComponentError, match=r"generator\.params\.reader\b"):
        generators.build({"name": "extractive", "params": {"reader": "no-such-embedder"}})
    # (found by a review: a language the mapping cannot hold, and a spec that is no embedder, named another field)
    with pytest.raises(ConfigError, match=r"generator\.params\.reader: .*\['ja'\]"):
        generators.build({"name": "extractive", "params": {"reader": {"zh": "e5", "ja": "e5"}}})
    with pytest.raises(ConfigError, match=r"generator\.params\.reader: not an embedder"):
        generators.build({"name": "extractive", "params": {"reader": ["e5"]}})


def test_the_reader_reads_question_as_query_and_statements_as_passages() -> None:
    seen: dict[str, list[str]] = {"query": [], "passage": []}

    def queries(texts: list[str]) -> np.ndarray:
        seen["query"] += texts
        return np.ones((len(texts), 2), dtype=np.float32)

    def passages(texts: list[str]) -> np.ndarray:
        seen["passage"] += texts
        return np.ones((len(texts), 2), dtype=np.float32)

    if "test-two-sided" not in embedders.names():
        embedders.register("test-two-sided", version="1")(
            lambda: LazyModelEmbedder("test-two-sided", 2, lambda: (passages, queries)))
    reader = Reader("test-two-sided", "generator.params.reader")
    space = env([chunk("a#1", TEXT)], "zh")
    assert reader.nearest(QUESTION, ["甲。", "乙。"], space) == (1.0, 0)
    assert seen == {"query": [QUESTION], "passage": ["甲。", "乙。"]}
