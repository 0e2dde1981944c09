"""An offline generator that answers with the context sentences that best match the question.

It never writes a word of its own, so it cannot follow an instruction planted in a document;
as defence in depth it also skips any sentence the poison rules flag. A table row is quoted
with its header, so "500 元/晚" arrives as "职级: 普通员工; 一线城市: 500 元/晚".
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pydantic import PositiveInt

from rag.generators import PARTIAL, Generation, Generator, generators, refusal
from rag.poison import RULES
from rag.text import is_table_row, is_table_separator, sentence_spans, table_cells
from rag.types import ContextItem, Decision, QueryEnv


@dataclass(frozen=True, slots=True)
class Unit:
    number: int
    text: str
    order: int
    is_row: bool = False


def _body(item: ContextItem) -> str:
    """The item's text without the ``title > heading`` context header."""
    first, _, rest = item.text.partition("\n")
    if rest and (first == item.title or first.startswith(f"{item.title} > ")):
        return rest
    return item.text


def units_of(item: ContextItem) -> list[Unit]:
    body = _body(item)
    out: list[Unit] = []
    header: list[str] | None = None
    for line in body.split("\n"):
        if is_table_row(line):
            if is_table_separator(line):
                continue
            cells = table_cells(line)
            if header is None:
                header = cells
                continue
            pairs = [f"{h}: {v}" if h else v for h, v in zip(header, cells, strict=False)]
            out.append(Unit(item.number, "; ".join(pairs), len(out), is_row=True))
            continue
        header = None
        for s, e in sentence_spans(line):
            out.append(Unit(item.number, line[s:e], len(out)))
    return [u for u in out if not any(rule.search(u.text) for rule in RULES.values())]


@generators.register("extractive", version="1")
def extractive(*, max_sentences: PositiveInt = 2, min_score: float = 0.2, keep_ratio: float = 0.75) -> Generator:
    """Scores every sentence and table row by the IDF-weighted share of the question's terms
    it contains; answers with the best (and up to ``max_sentences`` within ``keep_ratio`` of
    it), each followed by its ``[n]``. Below ``min_score`` it says it found nothing."""

    def generate(question: str, context: list[ContextItem], decision: Decision, env: QueryEnv) -> Generation:
        lang = "en" if env.language == "en" else "zh"
        if decision.action == "refuse" or not context:
            return Generation(refusal(env.language))
        tokenize = env.space.tokenize
        units = [u for item in context for u in units_of(item)]
        unit_terms = [set(tokenize(u.text)) for u in units]
        q_terms = set(tokenize(question))
        df = {t: sum(t in ts for ts in unit_terms) for t in q_terms}
        idf = {t: math.log(1 + len(units) / df[t]) for t in q_terms if df[t]}
        total = sum(idf.values())
        if not total:
            return Generation(refusal(env.language))
        scored = sorted(
            ((sum(idf.get(t, 0.0) for t in ts & q_terms) / total, u) for u, ts in zip(units, unit_terms, strict=True)),
            key=lambda p: (-p[0], p[1].number, p[1].order),
        )
        best = scored[0][0]
        if best < min_score:
            return Generation(refusal(env.language))
        picked = [u for s, u in scored[:max_sentences] if s >= keep_ratio * best]
        picked.sort(key=lambda u: (u.number, u.order))
        joiner = " " if lang == "en" or any(u.is_row for u in picked) else ""
        text = joiner.join(f"{u.text} [{u.number}]" for u in picked)
        return Generation(PARTIAL[lang] + text if decision.action == "partial" else text)

    return generate
