"""Evidence-based answerability: term coverage, optionally a dense score floor."""

from __future__ import annotations

import math
import re
from collections import Counter

from rag.answerability import Answerability, answerability
from rag.types import ContextItem, Decision, QueryEnv

_CJK = re.compile(r"[\u3400-\u9fff]")
_DIGIT = re.compile(r"\d")

# Question scaffolding: words that say *that* something is asked, not *what*.
QUESTION_WORDS = {
    "en": "what how much many which who whom when where why does do did can could should would "
          "is are was were will tell me please i we my our there any get allowed need",
    "zh": "什么 多少 怎么 怎样 怎么样 如何 哪些 哪个 哪里 哪儿 是否 可以 能否 能不能 能 会 需要 要 "
          "吗 呢 吧 请问 一下 我 我们 你 您 是 有 没有 几 谁 为什么 多久 多长 时间 之内 以内 最多 "
          "最少 至少 大概 一般 应该 得 该 去 想 知道 哪天 几号 啥",
}


def content_terms(question: str, env: QueryEnv) -> set[str]:
    scaffolding = set(env.space.tokenize(QUESTION_WORDS["en"] + " " + QUESTION_WORDS["zh"]))
    return {t for t in env.space.tokenize(question) if t not in scaffolding}


class TermWeights:
    """IDF of each term over the whole corpus, computed once per corpus. A term the corpus
    never uses weighs most: it is the part of the question the documents cannot answer."""

    def __init__(self) -> None:
        self._by_space: dict[int, tuple[int, Counter[str]]] = {}

    def __call__(self, env: QueryEnv, terms: set[str]) -> dict[str, float]:
        key = id(env.space)
        if key not in self._by_space:
            df: Counter[str] = Counter()
            for chunk in env.space.chunks:
                df.update(set(env.space.tokenize(chunk.text)))
            self._by_space[key] = (len(env.space.chunks), df)
        n, df = self._by_space[key]
        return {t: math.log((n + 1) / (df.get(t, 0) + 0.5)) for t in terms}


@answerability.register("evidence", version="3")
def evidence(
    *,
    answer_coverage: float = 0.5,
    partial_coverage: float = 0.4,
    consider: int = 3,
    idf_weighted: bool = False,
    require_specifics: bool = True,
    dense_answer: float | None = None,
) -> Answerability:
    """Coverage is the share of the question's content terms (question words removed) that
    occur in the top ``consider`` sources (``idf_weighted`` weighs each term by its IDF over
    the corpus). A *specific* term — one with a digit, like ``P6``, ``2024`` or ``VPN-809`` —
    must occur, or the answer would be about something else. Answer at ``answer_coverage``
    or when a source's dense score reaches ``dense_answer``; partial at
    ``partial_coverage``; else refuse. Nothing retrieved always means refuse, and no model
    is called."""
    weights_of = TermWeights()

    def decide(question: str, context: list[ContextItem], env: QueryEnv) -> Decision:
        if not context:
            return Decision("refuse", "nothing retrieved that the asker may see", {"coverage": 0.0})
        terms = content_terms(question, env)
        top = sorted(context, key=lambda c: -c.score)[:consider]
        found: set[str] = set()
        for item in top:
            found |= set(env.space.tokenize(item.text))
        # Chinese words segment differently in questions and documents (住 / 住宿, 报 / 报销):
        # a CJK term also counts when it occurs inside the sources' text.
        joined = "\n".join(item.text for item in top)
        found |= {t for t in terms if _CJK.search(t) and t in joined}
        weights = weights_of(env, terms) if idf_weighted else dict.fromkeys(terms, 1.0)
        total = sum(weights.values())
        coverage = sum(w for t, w in weights.items() if t in found) / total if total else 1.0
        best_dense = max((c.scores.get("dense", float("-inf")) for c in context), default=float("-inf"))
        signals = {"coverage": round(coverage, 4), "terms": float(len(terms))}
        if best_dense != float("-inf"):
            signals["best_dense"] = round(best_dense, 4)
        missing = sorted(terms - found, key=lambda t: -weights.get(t, 0))
        specifics = sorted(t for t in terms - found if _DIGIT.search(t)) if require_specifics else []
        if specifics:
            return Decision("refuse", f"the sources never mention {specifics[:5]}", signals)
        if coverage >= answer_coverage:
            return Decision("answer", f"sources cover {coverage:.0%} of the question's terms", signals)
        if dense_answer is not None and best_dense >= dense_answer:
            return Decision("answer", f"a source's dense score {best_dense:.2f} ≥ {dense_answer}", signals)
        if coverage >= partial_coverage:
            return Decision("partial", f"sources cover {coverage:.0%}; missing {missing[:5]}", signals)
        return Decision("refuse", f"sources cover only {coverage:.0%}; missing {missing[:5]}", signals)

    return decide


@answerability.register("always", version="1")
def always() -> Answerability:
    """Answer whenever anything was retrieved (to measure what answerability is worth)."""

    def decide(question: str, context: list[ContextItem], env: QueryEnv) -> Decision:
        if not context:
            return Decision("refuse", "nothing retrieved that the asker may see")
        return Decision("answer", "always answers when there is context")

    return decide
