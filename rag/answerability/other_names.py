"""A statement about another of the names the corpus lists together: "Which radio channel is used to call an animal
escape at Gullhaven Aquarium?" against "At Westmere Zoo all escape calls are made on radio channel 1", when the
handbook names its sites together ("three sites: Westmere Zoo, Gullhaven Aquarium and Brackenfold Wildlife Park").

The sentence holds the asked fact's type (a channel, a number) and every key term but the name, which stands elsewhere
in the sources, so the key-term support is high. But a handbook that lists its sites, tanks or teams together states
a fact for one of them by naming it: a statement that names another of them, and not the one asked about, states that
other one's fact.

In English the names are read by their capitals; in Chinese, a name is one of a group that a table's header or first
column, or one clause's list (初中部、高中部和国际部), writes with a shared last character, and the question writes it. Names listed together: two or more names of capitalised words
in one enumeration ("Westmere Zoo, Gullhaven Aquarium and Brackenfold Wildlife Park"; "the Ocean Tank, the Coral
Lagoon or the Rock Pool"), or the bold names that open the items of one list ("- **Westmere Zoo:** …"). Read per
corpus, once. The rule holds only when no statement of the top sources names the asked one beside a candidate of the
asked type: then some other statement may answer, and the rest of the evidence rule decides.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from rag.answerability.question_terms import asked_sentences
from rag.memo import PerCorpus
from rag.text import CJK, is_table_row, table_cells

_CAPITALISED = r"(?:[A-Z][a-z][A-Za-z'’-]*|[A-Z]{2,}[a-z]*)"
# (at most six words: a run of capitals read in linear time)
_NAME = rf"{_CAPITALISED}(?:\s+(?:of\s+|&\s+)?{_CAPITALISED}){{0,5}}"
_ARTICLE = r"(?:(?:at|in|on|for|from)\s+)?(?:the\s+)?"
# an enumeration of two names or more: "A, B and C", "A or B", "A and B" (each optionally with "the")
_LISTED = re.compile(rf"{_ARTICLE}({_NAME})((?:\s*,\s*{_ARTICLE}{_NAME})*\s*,?\s+(?:and|or)\s+{_ARTICLE}{_NAME})")
_ONE = re.compile(_NAME)
# the bold name that opens a list item: "- **Westmere Zoo:** staff use Gate C …"
_ITEM_LEAD = re.compile(rf"^\s*(?:[-*+]|\d+[.)])\s+\*\*({_NAME})\s*[:：]?\*\*\s*[:：]?", re.M)
# the last words of kinds written in title case ("Sick Leave", "Night Allowance"), which are no places
_KIND_ENDS = frozenset("leave allowance allowances pay rate rates fee fees policy policies training course courses "
                       "certificate certificates shift shifts scheme premium bonus award test check".split())
_GENERIC_ONE = frozenset("All Other Staff Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March "
                         "April May June July August September October November December The This That These Those".split())


def asked_names_zh(question: str, space: Any, allowed: Any) -> list[str]:
    """The Chinese names a visible chunk lists with others that ``question`` writes, longest first, none inside another."""
    names = sorted({name for pos, group in _groups(space) if allowed is None or allowed[pos]
                    for name in group if CJK.search(name) and name in question
                    and not re.search(rf"我(?:们)?(?:在|是){re.escape(name)}", question)}, key=lambda n: (-len(n), n))
    return [name for i, name in enumerate(names) if not any(name in longer for longer in names[:i])]


def _plain(name: str) -> str:
    return re.sub(r"^the ", "", " ".join(name.lower().split()))


def _a_place(name: str) -> bool:
    return not CJK.search(name) and name.split()[-1] not in _KIND_ENDS if name else False


def listed_together(text: str) -> list[frozenset[str]]:
    """The groups of names ``text`` lists together, each a set of names read plain (lower case)."""
    groups: list[frozenset[str]] = []
    for match in _LISTED.finditer(text):
        names = {_plain(n) for n in _ONE.findall(match.group(0)) if n not in _GENERIC_ONE}
        names = {n for n in names if _a_place(n)}
        if len(names) >= 2:
            groups.append(frozenset(names))
    leads = [_plain(m.group(1)) for m in _ITEM_LEAD.finditer(text) if m.group(1) not in _GENERIC_ONE
             and _a_place(_plain(m.group(1)))]
    if len(set(leads)) >= 2:
        groups.append(frozenset(leads))
    # a table's header cells that are names (the sites a rota gives a column each), and its first column's labels
    rows = [table_cells(line) for line in text.splitlines() if is_table_row(line) and not re.fullmatch(r"[\s|:-]+", line)]
    for cells in ([rows[0]] if rows else []) + [[row[0] for row in rows[1:] if row]]:
        names = {_plain(cell) for cell in cells if re.fullmatch(_NAME, cell.strip()) and cell.strip() not in _GENERIC_ONE
                 and _a_place(_plain(cell))}
        if len(names) >= 2:
            groups.append(frozenset(names))
        zh = _kin_zh([cell.strip() for cell in cells])
        if zh:
            groups.append(zh)
    # Chinese items listed in one clause: "初中部、高中部和国际部"
    for clause in re.split(r"[，。；：:;！？\n|]", text):
        if "、" in clause:
            items = re.split(r"、|和|及|与", clause)
            if len(items) < 3:
                continue
            # (the first and last items run into the clause: read them as long as the items between them)
            size = max(len(item) for item in items[1:-1])
            zh = _kin_zh([items[0][-size:], *items[1:-1], items[-1][:size]])
            if zh:
                groups.append(zh)
    return groups


# the last characters of the names of places and bodies (a 住宿费 and a 伙食补助费 are kinds, not places)
_ZH_PLACE_ENDS = frozenset("部店区校所馆园站厂院科处室队组场楼库司局村镇县市省港岛湾")


def _kin_zh(cells: list[str]) -> frozenset[str] | None:
    """The Chinese names of places or bodies among ``cells`` (two to six characters) that end in the character most of
    them end in, when two or more do: 初中部, 高中部, 国际部 (部); 南湖店, 桐乡店 (店)."""
    names = [cell for cell in cells if re.fullmatch(r"[\u4e00-\u9fff]{2,6}", cell) and cell[-1] in _ZH_PLACE_ENDS]
    ends = Counter(name[-1] for name in names)
    if not ends:
        return None
    end, count = ends.most_common(1)[0]
    return frozenset(name for name in names if name[-1] == end) if count >= 2 else None


def _corpus_groups(space: Any) -> list[tuple[int, frozenset[str]]]:
    return [(pos, group) for pos, chunk in enumerate(space.chunks) for group in listed_together(chunk.text)]


# Per corpus: the groups of names each chunk lists together, by the chunk's position
_groups: PerCorpus[list[tuple[int, frozenset[str]]]] = PerCorpus(_corpus_groups)


def siblings(name: str, space: Any, allowed: Any) -> frozenset[str]:
    """The names a chunk the asker may see lists together with ``name`` (read plain), without it."""
    plain = _plain(name)
    out: set[str] = set()
    for pos, group in _groups(space):
        # (the name said shorter: "Fernleigh Hall" for Fernleigh Hall Gallery)
        own = {member for member in group if member == plain or member.startswith(plain + " ")}
        if (allowed is None or allowed[pos]) and own:
            out |= group - own
    return frozenset(out)


_FOR_ALL = re.compile(r"\b(?:all|every|each|both)\s+(?:(?:of\s+)?(?:the|our)\s+)?(?:two\s+|three\s+|four\s+|five\s+)?"
                      r"(?:sites?|venues?|branches?|depots?|stores?|shops?|offices?|schools?|homes?|locations?|centres?|"
                      r"departments?|teams?|staff|employees|members)\b(?!\s+(?:bays?|rooms?|areas?|floors?|doors?|shelf|shelves|"
                      r"units?|cupboards?|box(?:es)?|cases?|windows?))|\beveryone\b|\bacross the (?:trust|company|service|"
                      r"group|council)\b|各(?:学部|部门|网点|门店|分店|校区|站点|院区|项目部|支公司|单位|店)|全校|全院|全公司|"
                      r"全体|所有(?:员工|人员|学部|门店|网点|部门)|均(?:须|应|按|为|可|在)", re.I)
# where the asker is ("As I work at Westmere Zoo, …", 我在初中部上班): a name of the asker's, not asked about
_ASKERS_OWN = re.compile(r"\b(?:I|we)\s+(?:work|am based|'m based|am|'m)\s+(?:at|in|for)\s+(?:the\s+)?$|我(?:们)?(?:在|是)$", re.I)


def asked_names(question: str) -> list[str]:
    """The names of capitalised words in the sentences that ask, not the word that opens a sentence."""
    names = []
    for sentence in re.split(r"(?<=[.?!])\s+", asked_sentences(question)):
        for match in _ONE.finditer(sentence):
            words = match.group().split()
            if match.start() == 0 or re.search(r"[.?!:;]['\"”’)]*\s*$", sentence[:match.start()]):
                words = words[1:]   # the word that opens a sentence is capitalised anyway
            while words and words[0] in ("of", "&"):
                words = words[1:]
            if _ASKERS_OWN.search(sentence[max(0, match.start() - 40):match.start()]):
                continue
            if words and not (len(words) == 1 and (words[0] in _GENERIC_ONE or len(words[0]) < 3)):
                names.append(" ".join(words))
    return names


def _holds(name: str, text: str) -> bool:
    if CJK.search(name):
        return name in text
    return re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![a-z])", text.lower()) is not None


def other_name(asked_names: Iterable[str], statement: str, statements: list[tuple[str, str]], space: Any, allowed: Any,
               answers: Callable[[str, str, str, str], bool], typed: str | None = None) -> tuple[str, str] | None:
    """(the asked name, the other name) when ``statement`` — the one that carries the asked fact's type — names another
    of the names listed with an asked name and not the asked one, and none of ``statements`` (the top sources'
    sentences, each with its header and its source's text) names the asked one and ``answers`` as well
    (``answers(said, source, name, statement)``: it holds a candidate of the asked type, and its source about as much of
    the question's other words as the statement does: "- Oakbank: Thursdays at 11:00" under "The fire alarm is tested
    every week:"). ``typed``: the statement's sentences that hold the candidate, which must name the asked one (the
    window's other sentence may name it in passing); the statement itself by default."""
    # "at all three sites", 各学部均, 全校: a statement for every one of them (read in its sentences, never its heading:
    # "各学部作息时间表 > …" titles a table of each one's own times)
    if _FOR_ALL.search((typed if typed is not None else statement).split("\n", 1)[-1]):
        return None
    for name in asked_names:
        if _holds(_plain(name), typed if typed is not None else statement):
            continue
        # (sorted: the siblings are a set, and the name the reason gives must not change from run to run)
        others = sorted(other for other in siblings(name, space, allowed) if _holds(other, statement))
        if not others:
            continue
        if any(_holds(_plain(name), said) and answers(said, source, name, statement) for said, source in statements):
            continue
        return name, others[0]
    return None
