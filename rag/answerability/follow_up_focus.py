"""Whether the sources hold what a follow-up names (the evidence rule's ``require_focus``, signal ``focus_missing``).

What a follow-up names: the evidence of what it was asked after is none for it. A later turn's
("what about gym memberships?", "那夫妻房呢？") needs every one of its words in the sources (since version 40:
"夫妻房" is not held by the 房型 of the rows for single rooms); a part of the message
("请假最晚得提前多久在 OA 上提？那去火星出差呢？", asked as the part before it with 去火星出差 swapped
in) every one, since the rest of the part is the other part's evidence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rag.answer_types import has_candidate
from rag.answerability.question_terms import content_terms, goes_to
from rag.measures import NO_AMOUNT_NEEDED
from rag.text import CJK as _CJK
from rag.text import (
    EN_NUMBER_WORDS,
    SAME_DAYS,
    days_written_in,
    numbered_label_in,
    numbered_labels,
    statements,
    zh_number,
)
from rag.types import QueryEnv

# "one" stands for the noun a follow-up was asked after ("And a middle one?")
_ONE = re.compile(r"\b(?:one|ones)\b", re.I)
# a word that names the default kind of something ("普通员工", "regular staff"): a rule's plain column is theirs
_DEFAULT_KIND = re.compile(r"普通|一般|\b(?:ordinary|regular|normal|usual)\b", re.I)
# the head that names people in general ("part-time staff", 女员工): the word before it names who, and sources call
# them employees, staff, 职工 or 员工 alike
_PEOPLE = re.compile(r"员工|职工|人员|\b(?:staff|employees?|workers?|people|colleagues?|members? of staff)\b", re.I)

# a count a follow-up writes in words, which the sources write in figures ("once I've done five years" / "5 years",
# "满五年" / "满5年")
_EN_NUMBERS = {word: str(n) for word, n in EN_NUMBER_WORDS.items()}
# (a count: a numeral before a unit or a classifier, never the 一 of 统一 or 一般)
_ZH_NUMBER = re.compile(r"(?:[一二两三四五六七八九]?十[一二三四五六七八九]?|[零〇一二两三四五六七八九])(?=[年月天日周个次岁元人倍级名位小])")


def _zh_value(numeral: str) -> str:
    return "0" if numeral in ("零", "〇") else str(zh_number(numeral))


def figures_written(term: str, focus: str, joined: str) -> bool:
    """Whether the sources (``joined``) write ``term``, a count in words, in figures with what it counts: "five" of
    "five years" as "5 years" or "5-year", 五年 as 5年 — never the 5 of "5 weeks", of 25 or of 2025年."""
    figures = in_figures(term)
    if figures == term:
        return False
    if _CJK.search(term):
        return re.search(rf"(?<![\d.,]){re.escape(figures)}", joined) is not None
    counted = re.search(rf"\b{re.escape(term)}\W+([a-z]+)", focus.lower())
    unit = rf"\W{{0,3}}{re.escape(counted.group(1)[:4])}" if counted else r"(?![\d.,])"
    return re.search(rf"(?<![\d.,]){figures}(?![\d.,]){unit}", joined.lower()) is not None


def in_figures(term: str) -> str:
    """``term`` with a count written in words written in figures: "five" → "5", "五年" → "5年", "十五天" → "15天";
    any other term as it is."""
    if term in _EN_NUMBERS:
        return _EN_NUMBERS[term]
    if _CJK.search(term):
        return _ZH_NUMBER.sub(lambda m: _zh_value(m.group()), term)
    return term


def _held_otherwise(term: str, focus: str, joined: str, words: set[str]) -> bool:
    """Whether the sources (``joined``, tokens ``words``) hold a focus term another way than as written: a word for part
    of the week by its days ("周末也一样吗？" by "周六、周日…", "休息日…"), a count in words by its figures."""
    return any(day in words for day in SAME_DAYS.get(term, ())) or days_written_in(term, joined) \
        or figures_written(term, focus, joined)


def _goes_there(question: str, focus: str, env: QueryEnv) -> bool:
    """Whether the focus is a place the asker goes, which a rule of its kind covers ("Hotel outside London"), as in a
    first question."""
    return env.language == "en" and focus[:1].isupper() and " " not in focus.strip() and goes_to(question, focus.strip())


def focus_terms(focus: str, env: QueryEnv) -> set[str]:
    """The content terms of what a follow-up names."""
    # (a word that names the default kind — 普通员工, "regular staff" — leaves the kind, which a source may not name:
    # its table's plain column is theirs)
    # (a numbered label in the plural is the label: "Year 11s")
    # ("one" stands for the noun it was asked after: "And a middle one?" asks the middle duty)
    return content_terms(re.sub(r"(?<=\d)s\b", "", _PEOPLE.sub(" ", _DEFAULT_KIND.sub(" ", _ONE.sub(" ", focus)))), env)


_ITEM = re.compile(r"^\s*(?:[-*•+]|\d{1,2}[.)、])\s*")


def focus_apart(question: str, focus: str, top: list[Any], env: QueryEnv) -> bool:
    """Whether no statement of the top sources holds what the follow-up names (every one of its words) together with
    something else the standalone ``question`` asks about that the sources write: "And the maintenance team?" after
    "What colour tunic do registered nurses wear?" is held by "The fire alarm is tested every week by the maintenance
    team", which says nothing of tunics. A statement is read with the two before it, a table row with its header and
    the two sentences that lead into its table, a list item with the line that leads into its list, each with its
    source's title and headings. False where a word of the focus is held by a day of the week, a figure, a numbered
    label's range or a rule for the places the asker goes (what :func:`focus_unheld` also reads), or where the question
    asks nothing else the sources write (its asking nouns — rules, 规定 — no answer repeats)."""
    named = focus_terms(focus, env)
    if not named or not top:
        return False
    joined = "\n".join(item.text for item in top)
    tokenize = env.space.tokenize
    words = set(tokenize(joined))
    # (held another way than as written: the rule of focus_unheld reads these, and so no statement need write them)
    if numbered_labels(focus) or any(_held_otherwise(t, focus, joined, words) for t in named) \
            or _goes_there(question, focus, env):
        return False
    rest = {t for t in content_terms(question, env) - named if t in words or (_CJK.search(t) and t in joined)}
    if not rest:
        return False
    wanted = named | rest
    cjk = {t for t in wanted if _CJK.search(t)}

    def held(text: str) -> frozenset[str]:   # the wanted terms a text holds, read once per statement
        found = set(tokenize(text)) & wanted
        return frozenset(found | {t for t in cjk if t in text})

    literal = False
    for item in top:
        head = held(" ".join([item.title or "", *map(str, getattr(item, "heading_path", ()) or ())]))
        said = statements(item.text)
        terms = [held(text) for text, _ in said]
        for i, around in _read_in_context(said):
            window = head | terms[i] | frozenset().union(*(terms[j] for j in around))
            if named <= window:
                literal = True
                if window & rest:
                    return False
    return literal


def _read_in_context(said: list[tuple[str, bool]], first_row: bool = False) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Each statement of a source (``said``: text, and whether it is a table row) with the statements it is read with:
    a sentence with the two before it; a table row with the two sentences that lead into its table (and, with
    ``first_row``, the table's first row: a caption above its header row may push the header down); a list item with
    the line that leads into its list (", as follows:", "驾驶员：")."""
    lead: tuple[int, ...] = ()        # the sentences before a table
    leads_list: tuple[int, ...] = ()  # the line before a list
    before: tuple[int, ...] = ()      # the two statements before a sentence
    last: tuple[int, ...] = ()
    first, was_row = -1, False
    for i, (text, row) in enumerate(said):
        is_item = not row and _ITEM.match(text) is not None
        first = (first if was_row else i) if row else -1
        was_row = row
        yield i, (lead + ((first,) if first_row else ()) if row else leads_list if is_item else before)
        if not row and not is_item:
            # (two sentences back: "The maintenance team works from the depot. They are issued workwear. Their tunics
            # are grey."; "Staff book hotels through the travel desk. Nightly limits by grade:" + its rows)
            lead = before = last + (i,)
            last = (i,)
            leads_list = (i,) if text.rstrip().endswith((":", "：")) else leads_list
        elif not row:
            before = last + (i,)
            last = (i,)


def focus_untyped(question: str, focus: str, top: list[Any], env: QueryEnv) -> bool:
    """Whether no statement of the top sources that states a figure names what the follow-up swapped in (every one of
    its words) — read, as :func:`focus_apart` reads it, with the two statements before it, a table row with the two
    sentences that lead into its table, a list item with the line that leads into its list, each with its source's
    title and headings: "那签约营销员呢？" after "专员级员工每月通讯补贴多少？" is not answered by the other grades' allowance
    rows, though a sentence about the sales agents' attendance names them. False where the focus is held another way
    than as written (days, figures, a numbered label's range, a rule for the places the asker goes) or where no
    statement states a figure. For a question that asks a number; a figure is a digit (a table's unit may stand
    before it), a Chinese numeral before a classifier, a count in words, or a statement that no amount is due. A focus
    term counts where the statement writes it shorter or longer (本科 for 本科生, "Veterinary surgeon" for vets). Off in
    the default (evidence v116: a review found answerable follow-ups whose statement states no figure — 实报实销, "Not
    eligible" — or leads into its list without a colon, or heads a section of a table)."""
    named = focus_terms(focus, env)
    if not named or not top or numbered_labels(focus) or _goes_there(question, focus, env):
        return False
    tokenize = env.space.tokenize

    def holds(text: str) -> bool:
        # (a word the statement writes shorter or longer counts: 本科 for 本科生, "Veterinary surgeon" for vets)
        words = set(tokenize(text))
        return all(t in words or (_CJK.search(t) and (t in text or len(t) >= 3 and t[:2] in text))
                   or (len(t) >= 3 and not _CJK.search(t) and any(w.startswith(t) for w in words)) for t in named) \
            or any(_held_otherwise(t, focus, text, words) for t in named)

    figures = False
    for item in top:
        head = " ".join([item.title or "", *map(str, getattr(item, "heading_path", ()) or ())])
        said = statements(item.text)
        for i, around in _read_in_context(said, first_row=True):
            text = said[i][0]
            # (a figure: digits, a count in words, or a statement that no amount is due — "paid by the team budget")
            if _FIGURE.search(text) or NO_AMOUNT_NEEDED.search(text) or has_candidate(text, "number", question):
                figures = True
                if holds("\n".join([head, *(said[j][0] for j in around), text])):
                    return False
    return figures


_FIGURE = re.compile(r"\d|[一二两三四五六七八九十百千万]+[个名位次年天日月周岁元块项倍人套件张份成]")


def focus_unheld(question: str, focus: str, part_focus: str, joined: str, found: set[str], env: QueryEnv) -> bool:
    """Whether the top sources (``joined``, whose index terms are ``found``) leave out what the follow-up ``focus``
    names; ``part_focus``: the focus of a part of the message (then every word counts, and no place is exempt)."""
    named = focus_terms(focus, env)
    # (the number of a numbered label a range holds: "Year 11" in "Years 10–11")
    numbered = numbered_labels(focus)
    written = {label for label in numbered if numbered_label_in(*label, joined)}
    ranged = {str(number) for _, number in written}
    held = {t for t in named if t in found or t in ranged or (_CJK.search(t) and t in joined)
            or _held_otherwise(t, focus, joined, found)}
    elsewhere = not part_focus and _goes_there(question, focus, env)
    # (a label numbered within its kind is held where the sources write it, or a range or list holding it: "What
    # about Year 10?" is not held by the "Year 11" row and a 10 elsewhere; "Years 10–11" holds it)
    unnumbered = [label for label in numbered if label not in written]
    return bool((named and not elsewhere and held != named) or unnumbered)
