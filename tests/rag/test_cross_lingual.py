"""A question asked in another language than the corpus's: the router lets it through, the
evidence rule decides on meaning alone (``cross_answer_at``), the extractive generator quotes the
statement closest in meaning, and calibrate fits the threshold on such dev questions only."""

from __future__ import annotations

import numpy as np
import pytest

from rag.answerability import answerability
from rag.generators import generators
from rag.text import in_another_language
from rag.types import Decision, QueryEnv
from tests.rag.helpers import Space, chunk, item

# a toy bilingual embedder: each concept is one axis, named in both languages
CONCEPTS = [("lunch", "午餐"), ("canteen", "食堂"), ("gym", "健身"), ("leave", "年假"), ("approve", "审批"),
            ("time", "时间")]


class BilingualSpace(Space):
    def embed_queries(self, texts: list[str]) -> np.ndarray:
        out = np.full((len(texts), len(CONCEPTS) + 1), 0.0)
        for i, text in enumerate(texts):
            low = text.lower()
            for j, names in enumerate(CONCEPTS):
                out[i, j] = sum(low.count(n) for n in names)
            out[i, -1] = 0.3   # nothing in common still leaves a small cosine
        return out / np.linalg.norm(out, axis=1, keepdims=True)

    embed_passages = embed_queries


ZH = ["食堂午餐供应时间为 11:30 至 13:30。", "请假 3 天以内由直属经理审批。", "年假可以顺延至次年 3 月 31 日。"]
CONTEXT = [item(i + 1, text, f"d{i}") for i, text in enumerate(ZH)]


def zh_env() -> QueryEnv:
    return QueryEnv(BilingualSpace([chunk(f"d{i}#1", t) for i, t in enumerate(ZH)], "zh"))


@pytest.mark.parametrize("question, corpus, expected", [
    ("What time does the canteen serve lunch?", "zh", True),
    ("VPN-809 OA?", "zh", False),                 # codes and acronyms belong to no language
    ("VPN 809 报错怎么办？", "zh", False),
    ("Hello", "zh", False),                      # one word is not a question in a language
    ("每年有多少天年假？", "en", True),
    ("What is the cap in London?", "en", False),
    ("What time does the canteen serve lunch?", "mixed", False),
    # the language the question is mainly written in: a courtesy or a term in the other does not
    # switch it, full-width letters are letters, and a quoted title is not the question's language
    ("Where is the Berlin office located? 谢谢", "en", False),
    ("Berlin 办公室在哪里？", "en", True),
    ("How many days of 年假 do I get?", "zh", True),
    ("Ｈｏｗ ｍａｎｙ ｄａｙｓ ｏｆ ｌｅａｖｅ？", "zh", True),
    ("《Travel Policy》里住宿标准是多少？", "zh", False),
])
def test_a_question_in_another_language(question: str, corpus: str, expected: bool) -> None:
    assert in_another_language(question, corpus) is expected


def test_without_a_threshold_a_question_in_another_language_is_refused_as_before() -> None:
    decision = answerability.build("evidence")("What time does the canteen serve lunch?", CONTEXT, zh_env())
    assert decision.action == "refuse" and decision.signals["cross_lingual"] == 1.0
    assert "cross_answer_at" in decision.reason


def test_with_a_threshold_meaning_decides() -> None:
    decide = answerability.build({"name": "evidence", "params": {"cross_answer_at": {"zh": 0.8}}})
    env = zh_env()
    answered = decide("What time does the canteen serve lunch?", CONTEXT, env)
    assert answered.action == "answer" and answered.signals["semantic"] >= 0.8
    refused = decide("Is there a gym in the office building?", CONTEXT, env)
    assert refused.action == "refuse" and refused.signals["semantic"] < 0.8
    # the same question in the corpus's language is judged by its words, as ever
    assert "cross_lingual" not in decide("食堂午餐几点供应？", CONTEXT, env).signals
    # an English corpus has no threshold in this mapping: refused, not an error
    en = QueryEnv(BilingualSpace([chunk("e#1", "Lunch is served from 11:30.")], "en"))
    assert decide("食堂午餐几点供应？", [item(1, "Lunch is served from 11:30.")], en).action == "refuse"


def test_a_code_must_still_stand_in_the_sources() -> None:
    decide = answerability.build({"name": "evidence", "params": {"cross_answer_at": 0.0}})
    decision = decide("What does error VPN-999 at lunch time mean?", CONTEXT, zh_env())
    assert decision.action == "refuse" and decision.signals["missing_codes"] == 1.0


def test_a_name_in_the_corpus_script_must_stand_in_some_document() -> None:
    decide = answerability.build({"name": "evidence", "params": {"cross_answer_at": 0.0}})
    en_text = "Lunch is served in the London canteen from 11:30."
    en = QueryEnv(BilingualSpace([chunk("e#1", en_text)], "en"))
    berlin = decide("Berlin 食堂午餐几点供应？", [item(1, en_text)], en)
    assert berlin.action == "refuse" and berlin.signals["unknown_names"] == 1.0
    assert decide("London 食堂午餐几点供应？", [item(1, en_text)], en).action == "answer"


def test_two_sources_that_disagree_are_a_conflict_in_another_language_too() -> None:
    texts = ["食堂午餐补贴每餐 15 元。", "食堂午餐补贴每餐 25 元。"]
    env = QueryEnv(BilingualSpace([chunk(f"d{i}#1", t, doc=f"d{i}") for i, t in enumerate(texts)], "zh"))
    context = [item(i + 1, t, f"d{i}") for i, t in enumerate(texts)]
    decide = answerability.build({"name": "evidence", "params": {"cross_answer_at": 0.5}})
    decision = decide("How much is the canteen lunch subsidy?", context, env)
    assert decision.action == "conflict" and {n for n, _ in decision.evidence} == {1, 2}


def test_extractive_quotes_the_statement_closest_in_meaning() -> None:
    gen = generators.build({"name": "extractive", "params": {"max_sentences": 1}})
    env = zh_env()
    out = gen("Who has to approve my leave?", CONTEXT, Decision("answer", "test"), env)
    assert out.text.startswith("请假 3 天以内由直属经理审批") and "[2]" in out.text
    # no bonus for a digit in another language: the closest in meaning wins over a number
    numbers = [item(1, "年假可以顺延至次年 3 月 31 日。", "a"), item(2, "食堂午餐由食堂供应。", "b")]
    lunch = gen("How many lunches does the canteen serve?", numbers, Decision("answer", "test"), env)
    assert lunch.text.startswith("食堂午餐由食堂供应")
    # in the corpus's language, no shared word still means nothing found
    assert gen("健身房在哪？", CONTEXT, Decision("answer", "test"), env).text == generators.build(
        "extractive")("健身房在哪？", [], Decision("refuse", "x"), env).text


def test_a_statement_that_asks_is_never_quoted() -> None:
    faq = [item(1, "How do I book a meeting room? Use the Rooms tab; a booking lasts at most four hours.", "faq")]
    env = QueryEnv(Space([chunk("faq#1", faq[0].text)], "en"))
    out = generators.build("extractive")("How do I book a meeting room?", faq, Decision("answer", "test"), env)
    assert "?" not in out.text and "Rooms tab" in out.text


def test_calibrate_fits_cross_answer_at_on_those_questions_only() -> None:
    from eval.fit.calibrate import Params, Signals, fit, fit_cross, refusals

    def sig(i: int, refuse: bool, semantic: float, cross: bool, coverage: float = 0.8) -> Signals:
        return Signals(f"c{i}", "dev", refuse, False, semantic, 0.0, coverage, suite="s", cross=cross)

    cross = [sig(1, False, 0.55, True), sig(2, False, 0.40, True), sig(3, True, 0.21, True), sig(4, True, 0.18, True)]
    # the cuts: 0.17 (0.01 below the lowest), the midpoints 0.195, 0.305, 0.475, and 0.56; only
    # 0.305 answers both answerable questions and refuses both others
    assert fit_cross(cross) == 0.305
    assert fit_cross([s for s in cross if not s.expect_refuse]) is None   # nothing to refuse: no fit
    assert fit_cross([]) is None
    same = [sig(10 + i, i % 2 == 0, 0.2 + 0.1 * i, False, coverage=0.1 * i) for i in range(6)]
    p = fit(same + cross)
    assert p.cross_at == 0.305
    assert fit(same) == Params(p.answer_at, p.dense_weight, p.coverage_weight, p.type_weight, None)
    # without a threshold every question in another language is refused; with one, by meaning
    assert refusals(cross, Params(0.0, 0.0, 0.0)) == [True] * 4
    assert refusals(cross, Params(9.0, 0.0, 0.0, cross_at=0.3)) == [False, False, True, True]


def test_calibrate_folds_give_every_training_part_questions_in_another_language() -> None:
    from eval.fit.calibrate import Signals, folds_of

    cases = [Signals(f"c{i}", "dev", i % 2 == 0, False, 0.5, 0.0, 0.5, suite="s", cross=i < 10) for i in range(40)]
    for fold in folds_of(cases, 5):
        rest = [c for i, c in enumerate(cases) if i not in fold]
        assert {c.expect_refuse for c in rest if c.cross} == {True, False}


def test_the_snippet_says_when_no_cross_answer_at_was_fitted() -> None:
    from eval.fit.calibrate import Calibration, Params, Scores, snippet

    scores = Scores(10, 0.9, 0.1, 0.1)
    fitted = Calibration("s", "zh", 5, Params(0.5, 0.0, 0.25, cross_at=0.38), scores, scores, None)
    assert "cross_answer_at: {zh: 0.38}" in snippet(fitted)
    unfitted = Calibration("s", "zh", 5, Params(0.5, 0.0, 0.25), scores, scores, None)
    assert "# cross_answer_at: not fitted" in snippet(unfitted)


class CountingEmbedder:
    """The toy bilingual embedder, counting the passages it embeds."""

    id, dim = "toy", len(CONCEPTS) + 1

    def __init__(self) -> None:
        self.passages = 0
        self.space = BilingualSpace([], "zh")

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self.space.embed_queries(texts)

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        self.passages += len(texts)
        return self.space.embed_queries(texts)


def test_the_cross_lingual_space_searches_the_corpus_under_its_own_embedder() -> None:
    from rag.cross_lingual import CrossLingualSpace

    corpus = Space([chunk(f"d{i}#1", t) for i, t in enumerate(ZH)], "zh")   # hashing: reads no English
    embedder = CountingEmbedder()
    view = CrossLingualSpace(corpus, embedder)
    assert view.chunks is corpus.chunks and view.language == "zh" and view.tokenize("年假") == corpus.tokenize("年假")
    query = view.embed_queries(["When can unused annual leave be used until?"])[0]
    assert view.dense_search(query, 1)[0].chunk_id == "d2#1"
    mask = np.array([True, True, False])   # what the asker may not see is never found
    assert all(h.chunk_id != "d2#1" for h in view.dense_search(query, 3, mask))
    view.dense_search(query, 3)
    assert embedder.passages == len(ZH)   # the chunks are embedded once


def test_the_pipeline_hands_a_question_in_another_language_the_cross_lingual_space(write, tmp_path) -> None:
    from rag.config import PerLanguage
    from rag.cross_lingual import CrossLingualSpace
    from rag.indexing import Indexer
    from rag.pipeline import Pipeline
    from rag.registry import ComponentSpec
    from tests.rag.test_pipeline import CONFIG, EMPLOYEE

    write("travel.md", "# 差旅办法\n\n第四条 出差伙食补助每天100元。")
    config = CONFIG.model_copy(update={"cross_embedder": PerLanguage(zh=ComponentSpec(name="hashing", params={"dim": 64}))})
    idx, _ = Indexer(tmp_path / "work").ensure("kb", tmp_path / "corpus", config, "zh")
    p = Pipeline(config, idx)
    asked = p.retrieve("What is the daily meal allowance?", EMPLOYEE)
    assert isinstance(asked.env.space, CrossLingualSpace) and asked.env.facts["another_language"] is True
    # one view per opened corpus, whichever pipeline asks: its chunk vectors are computed once
    assert Pipeline(config, idx).retrieve("What is the daily meal allowance?", EMPLOYEE).env.space is asked.env.space
    same = p.retrieve("出差伙食补助每天多少钱？", EMPLOYEE)
    assert same.env.space is idx and same.env.facts["another_language"] is False
    plain = Pipeline(CONFIG, idx)   # without a cross_embedder: the corpus's own embedder
    assert plain.retrieve("What is the daily meal allowance?", EMPLOYEE).env.space is idx


def test_the_space_follows_the_question_as_rewritten_from_the_conversation(write, tmp_path) -> None:
    from rag.config import PerLanguage
    from rag.cross_lingual import CrossLingualSpace
    from rag.indexing import Indexer
    from rag.pipeline import Pipeline
    from rag.registry import ComponentSpec
    from tests.rag.test_pipeline import CONFIG, EMPLOYEE

    write("leave.md", "# Leave policy\n\nFull-time employees receive 25 days of paid annual leave per year.")
    config = CONFIG.model_copy(update={"cross_embedder": PerLanguage(en=ComponentSpec(name="hashing", params={"dim": 64})),
                                       "query_transforms": [ComponentSpec(name="followup")]})
    idx, _ = Indexer(tmp_path / "work").ensure("kb", tmp_path / "corpus", config, "en")
    p = Pipeline(config, idx)
    asked = p.retrieve("and for contractors?", EMPLOYEE, history=[{"role": "user", "content": "每年有多少天带薪年假？"}])
    assert asked.question != "and for contractors?"   # made standalone from the Chinese turn
    across = in_another_language(asked.question, "en")
    assert across   # "contractors 每年有多少天带薪年假？": mainly Chinese, though asked in English
    assert asked.env.facts["another_language"] is across
    assert isinstance(asked.env.space, CrossLingualSpace) is across


def test_what_the_pipeline_recorded_wins_over_reading_the_question_again() -> None:
    from rag.text import asked_in_another_language

    env = zh_env()
    assert asked_in_another_language("What time is lunch?", env) is True   # nothing recorded: read
    env.facts["another_language"] = False   # the pipeline read the question as rewritten
    assert asked_in_another_language("What time is lunch?", env) is False
    decide = answerability.build({"name": "evidence", "params": {"cross_answer_at": 0.0}})
    assert "cross_lingual" not in decide("What time is lunch?", CONTEXT, env).signals
