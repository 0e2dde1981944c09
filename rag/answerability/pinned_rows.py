"""Rows the question names, or a kind of row it names, that the table does not hold together: a code no row has
("Grade 8" beside Grade 3, 4 and 5), two label columns that no row holds together ("the night security shift at
Holmsound terminal"), a row pinned to a value only another row holds ("the duty allocator at Holt Bridge"), and a word
before the kind the first column names that no label or source writes ("a night duty", "the Westbury depot").
Readings of :func:`rag.answerability.unnamed_rows.unnamed_row` (evidence v59–v70), English but for the codes (P9 beside
P6, P7 is read in a Chinese question too).
"""

from __future__ import annotations

import re

from rag.answerability.row_words import (
    NUMBERED,
    SHORT_CELL,
    WORD,
    content_words,
    first_label,
    is_separator_line,
    is_written,
    naming_words,
    plain_spelling,
    stem,
    word_forms,
)
from rag.text import CALENDAR, EN_FUNCTION_WORDS, is_table_row, numbered_label_in, table_cells


def crossed_labels(asking: str, rows: list[tuple[list[str], list[str]]]) -> tuple[str, str] | None:
    """(a word, a label) when the question's asking sentence names rows in two label columns and no row holds both:
    "the night security shift at Holmsound terminal" against a Location | Shift table whose Night security row is
    Westhaven terminal's. Never a yes-or-no question ("Is the meal allowance taxable?" is answered no by its row).
    None otherwise."""
    if _YES_NO.match(asking):
        return None
    asked = content_words(asking)
    hits: dict[int, dict[int, int]] = {}
    naming: dict[int, set[str]] = {}
    for at, (labels, _) in enumerate(rows):
        for column, label in enumerate(labels):
            if hit := asked & naming_words([label]):
                hits.setdefault(column, {})[at] = len(hit)
                naming.setdefault(column, set()).update(hit)
    # (of a column, the rows the question names best: "the Assistant Site Manager" names that row by two words, not the
    # Site Manager's or the Duty manager desk's by one)
    by_column = {column: {at for at, n in held.items() if n == best} for column, held in hits.items()
                 for best in [max(held.values())]}
    # (a column counts only when some word names its rows alone: "night" of "Night ferry" and "Night security" names
    # one thing, not two columns)
    by_column = {column: held for column, held in by_column.items()
                 if not any(other != column and naming[column] <= naming[other] for other in naming)}
    if len(by_column) < 2 or set.intersection(*by_column.values()):
        return None
    words = {column: sorted(naming[column])[0] for column in by_column}
    column = max(by_column)
    said = next((w for w in WORD.findall(asking) if stem(w) == words[column]), words[column])   # as the question writes it
    return said, rows[min(by_column[column])][0][column]


_YES_NO = re.compile(r"\s*(?:is|are|was|were|do|does|did|can|could|may|might|will|would|should|shall|must|has|have|had)"
                     r"\b", re.I)


_CODE = re.compile(r"^([A-Za-z]+)\s*(\d+)$")


def unlisted_code(question: str, rows: list[tuple[list[str], list[str]]], sources: str) -> tuple[str, str] | None:
    """(the question's code, a row's code) when two rows or more are labelled by one word and a number each (Grade 4,
    Grade 5; P6, P7), every numbered label is such a code (never a range: "Grade 6 and above", "P8 及以上", "Years
    7–9"), and the question writes the word with a number no label has ("What is the salary range for Grade 8?") —
    as many digits as the labels' (P60, a tax form, is no pay band beside P1–P5) — that no top source writes or holds in
    a range ("Zones 4 to 6 are charged at the Zone 3 fare", "Masters are Grade 8")."""
    codes = [(_CODE.match(labels[0].strip()), labels[0].strip()) for labels, _ in rows if labels]
    found = [(m.group(1).lower(), int(m.group(2)), label, len(m.group(2))) for m, label in codes if m]
    if len(found) < 2 or len(found) < sum(bool(NUMBERED.search(" ".join(labels))) for labels, _ in rows):
        return None
    kinds = {kind for kind, _, _, _ in found}
    if len(kinds) != 1:
        return None
    kind = kinds.pop()
    listed = {number for _, number, _, _ in found}
    digits = {width for _, _, _, width in found}   # as the labels write them ("Band 01" has two)
    for asked in re.finditer(rf"(?<![A-Za-z]){re.escape(kind)}\s*(\d+)(?!\d)", question, re.I):
        number = int(asked.group(1))
        if number not in listed and len(asked.group(1)) in digits and not numbered_label_in(kind, number, sources):
            return asked.group(0), found[0][2]
    return None


def pinned_value(asking: str, rows: list[tuple[list[str], list[str]]], named: list[int]) -> tuple[str, str] | None:
    """(a proper name of the question, the label of a row it names) when the question names rows by label and also a
    value — a short cell of capitalised words, all of them in the question ("Holt Bridge") — that another row holds in a
    column where every named row holds a different one: "the duty allocator at Holt Bridge" against a directory whose
    duty allocators sit at Ashby Road and Kingsmere, and whose Holt Bridge row is its depot manager. Never a place the
    asker is calling or coming from ("… if I'm calling from Holt Bridge"). None otherwise."""
    mine = {cell.strip().lower() for at in named for cell in rows[at][0] + rows[at][1]}
    named_rows = set(named)
    said = set(WORD.findall(asking))   # (a value is looked for only when its first word is the question's)
    for other, (_, cells) in enumerate(rows):
        if other in named_rows:
            continue
        for column, cell in enumerate(cells):
            value = cell.strip()
            words = WORD.findall(value)
            if not words or words[0] not in said or len(words) > SHORT_CELL or value.lower() in mine \
                    or not all(w[:1].isupper() for w in words) \
                    or any(sum(ch.isupper() for ch in w) >= 2 or _WHEN.fullmatch(w) for w in words):
                continue   # (a value of capitalised words: a place or a name; never an acronym, a day or a month)
            found = re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", asking)
            if found is None or re.search(r"\bfrom\s+(?:the\s+)?$", asking[:found.start()], re.I):
                continue
            if all(column < len(rows[at][1]) and rows[at][1][column].strip() for at in named):
                labels = rows[named[0]][0]
                return words[0], labels[0] if labels and labels[0].strip() else first_label(rows)
    return None


# a word before a kind of row that points at a row rather than names one ("the next duty", "my home depot")
_POINTS = frozenset("same other another next previous last first nearest own home current new usual normal typical "
                    "standard regular main particular relevant respective whole entire single".split())

# a day, a holiday or a season says when a row is worked, not which ("a weekend shift" is an early or a late one)
_WHEN = re.compile(rf"{CALENDAR}s?|weekends?|weekdays?|(?:bank )?holidays?|Christmas|Xmas|Easter|Boxing|New Year|"
                   r"summer|winter|spring|autumn|seasonal", re.I)


def kind_before_header(asking: str, text: str, sources: str) -> str | None:
    """A word the asking sentence puts before the kind of row a table's first column names, that no row's label and
    nothing else in ``text`` writes: "a night duty" against a Duty column of Early, Middle, Late and Split; "the
    Westbury depot" against a Depot column of Ashby Road, Kingsmere and Holt Bridge (Westbury being a town another
    source names). The word is a noun and only a noun (night; never swap, meeting, staff, full or extra, which also
    do or describe) that no top source writes, or a capitalised name (Westbury) the table's source does not write.
    None when no such word: "the bus depot" (the source writes bus), "the next duty", "the longest duty" (a word that
    compares or points), "a Christmas shift" (a day or a season says when)."""
    from lemminflect import getAllLemmas

    spelt, spelt_sources = plain_spelling(text), plain_spelling(sources)
    for kind in first_headers(text):
        words = WORD.findall(re.sub(r"\(s\)|\(es\)", "", kind))
        if not 0 < len(words) <= 2 or len(words[-1]) < 3:
            continue
        singulars = {form for form in word_forms(words[-1]) if len(form) >= 3}
        nouns = "|".join(sorted({re.escape(s) + ending for s in singulars for ending in ("", "s", "es")}
                                | {re.escape(s[:-1]) + "ies" for s in singulars if s.endswith("y")}, key=lambda noun: (-len(noun), noun)))
        for found in re.finditer(rf"\b([A-Za-z][A-Za-z'’-]*)\s+(?:{nouns})\b", asking, re.I):
            word = found.group(1)
            lowered = word.lower()
            if len(word) < 3 or lowered in EN_FUNCTION_WORDS or lowered in _POINTS or is_written(word, spelt) \
                    or _WHEN.fullmatch(word) or sum(ch.isupper() for ch in word) >= 2:
                continue   # (an acronym — HCA — is the name rule's)
            lemmas = getAllLemmas(lowered)
            if set(lemmas) == {"NOUN"} and not is_written(word, spelt_sources):
                return word
            if not lemmas and word[:1].isupper() and found.start():
                return word
    return None


def first_headers(text: str) -> list[str]:
    """The header of the first column of each table of ``text`` that has a header row (Duty, Depot, Role)."""
    lines = text.split("\n")
    return [table_cells(line)[0] for at, line in enumerate(lines[:-1])
            if is_table_row(line) and not is_separator_line(line) and is_separator_line(lines[at + 1])]
