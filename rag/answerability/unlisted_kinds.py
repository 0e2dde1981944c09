"""A kind the sources list, but not the one asked: "How many days of paternity leave do drivers get?" against sources
that write annual leave, compassionate leave and paid leave and never paternity; "sabbatical leave" the same.

The row rules (:mod:`rag.answerability.siblings`, :mod:`rag.answerability.unnamed_rows`) read a table or a labelled
list. Handbooks also name their kinds in running text ("Annual leave … Compassionate leave is up to 5 days"), and the
leave question then finds a sentence about another kind. So this rule reads the asking sentence's noun pairs: a
specific noun (wordfreq Zipf ≤ ``SPECIFIC_AT_EN``, the row rule's bar) right before a noun that the top sources write
after two other words or more (annual leave, compassionate leave), when no top source writes the specific noun in any
form, names a kind of that noun the sources leave out. English only (a Chinese kind is its word's last character, which
the sibling rule reads).

Never a unit or a span of time ("32 gig laptops", "leftover days": a count, not a kind), nor a noun after a number.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rag.answerability.row_words import (
    asking_sentence,
    is_specific,
    is_written,
    plain_spelling,
    word_forms,
)
from rag.text import CJK, EN_FUNCTION_WORDS

# (a word starts after a space, never after a hyphen: "co-operative take" holds no "operative")
_PAIR = re.compile(r"(?=(?<![\w'’-])([A-Za-z][A-Za-z'’-]*)\s+([A-Za-z][A-Za-z'’-]*)\b)")
# a count's unit or a span of time says how much, not which kind
_MEASURES = frozenset("day days week weeks month months year years hour hours minute minutes second seconds time times "
                      "night nights mile miles pound pounds dollar dollars euro euros percent gig gigs gb mb pence "
                      "penny cent cents".split())
_KINDS_AT = 2   # other words the sources write before the noun: it is a kind they tell apart
# nouns of people: a post before them ("deckhand staff", "agency crew") names who, and the sources' rule for all staff
# covers them
_PEOPLE = frozenset("staff crew crews employee employees worker workers people person persons team teams colleague "
                    "colleagues member members".split())


def _gathered(noun: str, spelt: str) -> bool:
    """Whether the sources gather the kinds they do not list: "all other leave", "any other allowance"."""
    forms = "|".join(re.escape(form) for form in word_forms(noun))
    return re.search(rf"\b(?:all|any|every)\s+other\s+(?:(?:types?|kinds?|forms?|sorts?)\s+of\s+)?(?:[a-z'’-]+\s+){{0,2}}?"
                     rf"(?:{forms})s?\b", spelt) is not None


def unlisted_kind(question: str, sources: str, bridged: Callable[[str], bool] | None = None) -> tuple[str, list[str]] | None:
    """("paternity leave", the kinds the sources write: ["annual leave", "compassionate leave", …]) when the asking
    sentence of ``question`` names a specific kind of a noun that ``sources`` (every top source's text) write only
    with other words before it; None otherwise. Never where the sources gather the rest ("all other leave"), for a
    noun of people ("deckhand staff": the sources' "all staff" covers them), nor for a word ``bridged`` says a source
    word stands for (the evidence rule's paraphrase bridge: bereavement for compassionate)."""
    if CJK.search(question):
        return None
    spelt = plain_spelling(sources)
    _, asking = asking_sentence(question)
    for found in _PAIR.finditer(asking):
        word, noun = found.group(1), found.group(2)
        lowered = noun.lower()
        if lowered in EN_FUNCTION_WORDS or lowered in _MEASURES or lowered in _PEOPLE or word.lower() in EN_FUNCTION_WORDS \
                or len(word) < 3:
            continue
        if re.search(r"\d\s*$", asking[:found.start()]) or not is_specific(word, False) or is_written(word, spelt) \
                or not is_written(noun, spelt):
            continue
        kinds = _kinds_of(lowered, spelt)
        if len(kinds) >= _KINDS_AT and not _gathered(lowered, spelt) and not (bridged and bridged(word)):
            return f"{word} {noun}", [f"{kind} {lowered}" for kind in kinds]
    return None


def _kinds_of(noun: str, spelt: str) -> list[str]:
    """The words ``spelt`` (sources spelt as :func:`plain_spelling` spells them) writes right before ``noun`` in any of its
    forms: content words only, in order of first appearance."""
    from lemminflect import getAllLemmas

    kinds: list[str] = []
    forms = "|".join(re.escape(form) for form in word_forms(noun))
    for found in re.finditer(rf"\b([a-z][a-z'’-]*)\s+(?:{forms})s?\b", spelt):
        kind = found.group(1)
        if kind not in EN_FUNCTION_WORDS and kind != "other" and len(kind) > 2 and kind not in kinds \
                and set(getAllLemmas(kind)) != {"VERB"}:   # ("take leave", "book leave": a doing, not a kind)
            kinds.append(kind)
    return kinds
