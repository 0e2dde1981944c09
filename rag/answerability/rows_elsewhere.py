"""A row another table lists: "What colour uniform do kennel assistants wear?" against a uniform table of Veterinary
surgeon, Registered veterinary nurse and Receptionist, when the rota table lists Kennel assistant beside the same posts.

Two tables that share two row labels or more list rows of one kind (posts, shifts, stores). A row the question names in
full in one of them, which the table holding the asked fact leaves out, is a row that table does not cover: its value for
the vets or the receptionists does not answer for the kennel assistants. The other table may be anywhere in the corpus
the asker may see, not only among the top sources: the uniform table's retrieval need not bring the rota.

Never where the asked table has a row that gathers others ("All other staff", 其他岗位) or the question names one of its
rows (the other words then set the scene: "I'm a kennel assistant. What colour do receptionists wear?"), nor for a row
whose label holds, or is held by, one of the asked table's labels ("Veterinary surgeon (second on-call)" is the
Veterinary surgeon row), nor a Chinese row sharing a character with one of them but its kind (护士 beside 护理人员 may be
the row said another way).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from rag.answerability.row_words import WORD, asking_sentence, stem
from rag.answerability.siblings import LABEL_PARTS
from rag.answerability.unnamed_rows import table_rows
from rag.memo import PerCorpus
from rag.text import CALENDAR, CJK, EN_FUNCTION_WORDS

_GATHERS = re.compile(r"\b(?:other|others|all|any|every|rest|everyone|staff)\b|以上|以下|其他|其它|其余|所有|全部|全体|各类|一般|普通",
                      re.I)
_BRACKETS = re.compile(r"[(（][^)）]*[)）]")
# a source that states its fact for everyone covers every post ("All staff must wear uniform", 全体员工)
_FOR_EVERYONE = re.compile(r"\b(?:all|every)\s+(?:members?\s+of\s+)?(?:staff|employees?|colleagues?|workers?|team members?)\b|"
                           r"\beveryone\b|所有员工|全体员工|全体人员|所有人员|每位员工|每名员工|全员", re.I)
_CALENDAR_ROW = re.compile(rf"(?i:{CALENDAR})s?")
_SHARED = 2      # labels two tables must share to list rows of one kind
_MIN_ROWS = 2    # rows a table needs to have a kind at all


def row_labels(text: str) -> list[str]:
    """The labels of the rows of the tables (and labelled lists) of ``text``, each read plain: without what its brackets
    add, lower-cased, one label per listed part ("收银员、理货员" gives both)."""
    labels: list[str] = []
    for cells, _ in table_rows(text)[0]:
        for cell in cells[:1]:
            for part in LABEL_PARTS.split(_BRACKETS.sub(" ", cell)) if CJK.search(cell) else [_BRACKETS.sub(" ", cell)]:
                plain = " ".join(part.lower().split())
                if plain and plain not in labels and re.search(r"[a-z\u4e00-\u9fff]", plain):
                    labels.append(plain)
    return labels


# Per corpus: the row labels of each chunk holding a table of two rows or more, by the chunk's position
corpus_tables: PerCorpus[list[tuple[int, tuple[str, ...]]]] = PerCorpus(
    lambda space: [(pos, tuple(labels)) for pos, chunk in enumerate(space.chunks)
                   if len(labels := row_labels(chunk.text)) >= _MIN_ROWS])


def visible_tables(space: Any, allowed: Any) -> list[tuple[str, ...]]:
    """The row labels of the corpus's tables the asker may see (``allowed``: a mask by chunk position, or None)."""
    return [labels for pos, labels in corpus_tables(space) if allowed is None or allowed[pos]]


def _words(text: str) -> set[str]:
    return {stem(w) for w in WORD.findall(text) if w.lower() not in EN_FUNCTION_WORDS}


def _names(question: str, label: str, chinese: bool) -> bool:
    """Whether the question names the row ``label`` in full: every word of an English label (a word's five-letter
    stem: assistants of assistant), the whole of a Chinese one."""
    if chinese:
        return len(label) >= 2 and label in question
    words = _words(label)
    return bool(words) and words <= _words(question)


def row_elsewhere(question: str, text: str, tables: Iterable[tuple[str, ...]], document: str = "") -> tuple[str, str] | None:
    """(the row the question names, a row of the asked table) when ``text`` — the source holding the asked fact — holds a
    table that another of ``tables`` (row labels, :func:`visible_tables`) shares two labels with, and the question (in
    English its asking sentence, or the asker's own post: "I'm the new kennel assistant") names a row of that other table
    this one leaves out, and none of this one's; None otherwise. English and Chinese. ``document``: the other top
    sources of the asked source's document (a table the chunker split), which must not write the row either; nor may the
    asked source, in prose beside its table or in a label's brackets, nor state its fact for everyone ("All staff …")."""
    chinese = bool(CJK.search(question))
    mine = row_labels(text)
    if len(mine) < _MIN_ROWS or any(_GATHERS.search(label) for label in mine) or _FOR_EVERYONE.search(text) \
            or any(_names(question, label, chinese) for label in mine):
        return None
    if chinese:
        asked = question   # (a Chinese scene often names the row asked: "我推荐表弟来店里当传菜员，推荐奖多少？")
    else:
        own, asking = asking_sentence(question)
        asked = f"{own} {asking}"
    if chinese and any(len(label) >= 3 and label[:-1] in question for label in mine):
        return None   # (营业 of 营业员 names the row)
    if not chinese:
        told = {w for label in mine for w in _words(label)} - _shared_words(mine)
        if told & _words(question):
            return None   # a word that tells one of its rows from the others ("registered" of Registered nurse)
    listed = set(mine)
    written = f"{text}\n{document}"
    written_words = _words(written) if not chinese else set()
    for labels in tables:
        if len(listed.intersection(labels)) < _SHARED:
            continue
        for label in labels:
            if label in listed or _GATHERS.search(label) or any(label in m or m in label for m in listed) \
                    or (chinese and any(set(label[:-1]) & set(m[:-1]) for m in listed)):
                continue   # (护士 beside 护理人员 may be the row said another way)
            if _CALENDAR_ROW.fullmatch(label) or not _names(asked, label, chinese):
                continue   # (a day a range row holds: "Monday to Friday")
            # (a row the source writes anywhere: in prose beside its table, a label's brackets, a split table's next chunk)
            if (label in written) if chinese else (_words(label) <= written_words):
                continue
            return label, mine[0]
    return None


def _shared_words(labels: list[str]) -> set[str]:
    """Words every label of a table holds (nurse of Registered nurse and Student nurse): they name no one row."""
    sets = [_words(label) for label in labels]
    return set.intersection(*sets) if sets else set()
