"""How a source is written: running prose, structured, or plain.

In running prose (a news story, an encyclopaedia article, a reading-comprehension passage) one
sentence states one fact with its subject and predicate, and every sentence is about the title; in
a structured document a heading, a table header or a list's lead-in carries part of a fact away
from the line that states it. The evidence rule's scatter check
(:mod:`rag.answerability.asked_fact`) and the extractive generator read prose that way.
"""

from __future__ import annotations

import re

from rag.text import is_table_row, strip_header
from rag.types import ContextItem

# a line that structures a document: a heading (# …), a list item (-, *, •, —, 1. / 1) / 1） / 1、,
# ①, (2) / （二）, a) / B., 一、, 第五条, 第一，, Article 3), a bold line standing as a heading
# (**Eligibility**), or a question-and-answer entry (Q: / 问：)
_STRUCTURE = re.compile(
    r"\s*(#{1,6}\s|[-*+•·—–]\s|\d{1,3}(?:[.．](?!\d)|[)）、])|[\u2460-\u2473]|[(（]\s*[\da-zA-Z一二三四五六七八九十]{1,3}\s*[)）]|"
    r"[a-z][)]\s|[A-Z][.)]\s|[一二三四五六七八九十]+\s*、|第\s*[\d一二三四五六七八九十百]+\s*[条章节款项]|"
    r"第[一二三四五六七八九十]+[，,、]|(?:article|section|clause)\s+\d|(?:q|a|问|答)\s*[:：]|"
    r"(?:\*\*|__)[^*_]+(?:\*\*|__)$)", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[。！？!?]+[”’」』）)\"']*|\.(?=\s|$)")   # never ；, which joins a list's items
_OPENS_WITH_QUESTION = re.compile(r"^[^。！？!?]*?[?？]")                  # an FAQ entry's question
PROSE_SENTENCES = 2   # running prose: at least this many sentences to a line, on average


def _sentences(line: str) -> int:
    return sum(1 for part in _SENTENCE_END.split(line) if part and part.strip(" \t\r\"'”’」』）)"))


def form_of(item: ContextItem) -> str:
    """How a source is written: ``structured`` (a heading below its title, a table row, a list item
    or its lead-in — a line ending in a colon, with lines after it —, a question-and-answer entry), ``prose`` (paragraphs
    of :data:`PROSE_SENTENCES` sentences or more to a line, on average; a title line repeated in
    the text is not counted), or ``plain`` (short lines, neither)."""
    if len(item.heading_path) > 1:
        return "structured"
    named = {item.title.strip(), *(h.strip() for h in item.heading_path)}   # a title line repeated in the text
    lines = [line.strip() for line in strip_header(item.text, item.title).split("\n")]
    lines = [line for line in lines if line and line not in named]
    leads_in = any(line.endswith((":", "：")) for line in lines[:-1])   # a lead-in, with what it leads to below
    if leads_in or any(is_table_row(line) or _STRUCTURE.match(line) or _OPENS_WITH_QUESTION.match(line)
                       for line in lines):
        return "structured"
    if lines and sum(_sentences(line) for line in lines) >= PROSE_SENTENCES * len(lines):
        return "prose"
    return "plain"


def is_prose(item: ContextItem) -> bool:
    """Whether a source is running prose (:func:`form_of`): a news story, an encyclopaedia article, a
    reading-comprehension passage. In prose one sentence states one fact with its subject and
    predicate; in a structured document a heading, a table header or a list's lead-in carries part
    of the fact away from the line that states it."""
    return form_of(item) == "prose"
