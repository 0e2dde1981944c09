"""A kind the sources list, but not the one asked: "How many days of paternity leave do drivers get?" against sources
that write annual leave, compassionate leave and paid leave and never paternity; "sabbatical leave" the same.

The row rules (:mod:`rag.answerability.siblings`, :mod:`rag.answerability.unnamed_rows`) read a table or a labelled
list. Handbooks also name their kinds in running text ("Annual leave … Compassionate leave is up to 5 days"), and the
leave question then finds a sentence about another kind. So this rule reads the asking sentence's noun pairs: a
specific noun (wordfreq Zipf ≤ ``SPECIFIC_AT_EN``, the row rule's bar) right before a noun that the top sources write
after two other words or more (annual leave, compassionate leave), when no top source writes the specific noun in any
form, names a kind of that noun the sources leave out.

In Chinese (:func:`unlisted_kind_zh`) a kind is a word's ending: "理货员每月有多少住房补贴？" where the sources write
作业补贴, 夜班补贴 and 早班补贴 and never 住房; 会务费 beside 住宿费 and 考试费; 探亲假 beside 事假, 产假 and 丧假 in
running text, where the sibling rule (a table's or a list's rows) does not read.

Never a unit or a span of time ("32 gig laptops", "leftover days": a count, not a kind), nor a noun after a number.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rag.answerability.row_words import (
    asking_clauses,
    asking_sentence,
    is_specific,
    is_written,
    plain_spelling,
    word_forms,
)
from rag.text import CJK, EN_FUNCTION_WORDS, zh_tagged

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
        return unlisted_kind_zh(question, sources)
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


_CJK_WORD = re.compile(r"^[\u4e00-\u9fff]+$")
# one-character endings that name a kind (假 of 事假, 费 of 住宿费, 证 of 上岗证); a two-character ending must be a noun
# (补贴, 工资, 津贴)
_ZH_KIND_CHARS = frozenset("假费服证卡奖金店班")
# a word for the plain kind (普通员工) names the row a rule leaves unnamed; a word that asks (多长时间) names no kind
_ZH_NO_KIND = re.compile(r"普通|一般|其他|其它|其余|通常|常规|多少|几|什么|哪|多长|多久")
_ZH_JOINS = frozenset("nvabt")   # a word before a bare ending that makes a kind with it (夜班 补贴, 高温 补贴)
_ZH_DOINGS = frozenset("免收缴交付扣退报花自公预垫")   # a doing before the ending (免费, 收费, 自费): how, not which cost


def unlisted_kind_zh(question: str, sources: str) -> tuple[str, list[str]] | None:
    """(住房补贴, [作业补贴, 夜班补贴, …]) when a noun of the clauses that ask, of three characters or more, ends in a kind
    (a noun of two characters, or 假, 费, 证 …) that ``sources`` write after two other words or more, while they write
    neither the noun nor what it puts before its kind (住房); None otherwise. Never a plain kind (普通员工), nor a word
    that asks."""
    kinds: dict[str, set[str]] | None = None
    for word, flag in zh_tagged("，".join(asking_clauses(question)) or question):
        if len(word) < 3 or flag[:1] != "n" or not _CJK_WORD.match(word) or word in sources or _ZH_NO_KIND.search(word):
            continue
        for size in (2, 1):
            ending, before = word[-size:], word[:-size]
            if len(before) >= 2 and before in sources:
                break   # (住房 written: the noun may be said another way, whatever its ending)
            if len(before) < 2 or (size == 1 and ending not in _ZH_KIND_CHARS) \
                    or (size == 2 and not all(f[:1] == "n" for _, f in zh_tagged(ending))):
                continue
            kinds = _zh_kinds(sources) if kinds is None else kinds
            # (never a doing with the ending: 免费, 收费, 自费 say how it is paid, not which cost)
            others = sorted(other for other in kinds.get(ending, ()) if other != word and len(other) > size
                            and other[:-size] not in _ZH_DOINGS)
            if len(others) >= _KINDS_AT and not _gathers_zh(ending, sources):
                return word, others
    return None


def _zh_kinds(sources: str) -> dict[str, set[str]]:
    """The words ``sources`` write by their ending (one or two characters): jieba's words that end in it (年休假, 住宿费)
    and a bare ending with the word before it (夜班 补贴)."""
    tagged = zh_tagged(sources)
    out: dict[str, set[str]] = {}
    for at, (word, _) in enumerate(tagged):
        if not _CJK_WORD.match(word):
            continue
        for size in (1, 2):
            if len(word) > size:
                out.setdefault(word[-size:], set()).add(word)
        before, flag = tagged[at - 1] if at else ("", "")
        if before and _CJK_WORD.match(before) and flag[:1] in _ZH_JOINS:
            out.setdefault(word, set()).add(before + word)
    return out


def _gathers_zh(ending: str, sources: str) -> bool:
    """Whether a statement of the sources gathers the kinds they do not list ("其他费用凭票实报", "其余假期按国家规定执行"); a
    heading that names a section of other kinds ("二、其他假别", "休假 > 其他假别") lists them and gathers nothing."""
    gather = re.compile(rf"(?:其他|其它|其余|以外的?)[\u4e00-\u9fff]{{0,4}}?{re.escape(ending)}")
    return any(gather.search(line) for line in sources.split("\n")
               if not (line.lstrip().startswith("#") or " > " in line or _ZH_HEADING_LINE.match(line)))


_ZH_HEADING_LINE = re.compile(r"^\s*(?:[一二三四五六七八九十]{1,3}、|第[一二三四五六七八九十\d]{1,3}[章节条])\S{0,12}\s*$")
