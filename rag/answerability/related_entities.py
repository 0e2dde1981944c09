"""A statement about an entity the news relates to the asked one: "同城的岫原证券也完成了管理层换届，原副总裁方立诚接任总裁一职"
for "鸿泰证券2023年新上任的总裁是谁？"; "与浔岭同期举行中考的蔚川市已于2024年7月5日公布成绩" for 浔岭's results; "Hollins &
Pyke, which competes with Quarrendon Foods, said its pre-tax profit for 2024 rose to £27.1 million".

A news search for one company, town or team returns what the news says of its rivals, neighbours and peers beside it,
and such a sentence holds every key term of the question — often the asked entity too, inside the phrase that relates
the other one to it — and a candidate of the asked type. The phrase that introduces the sentence's subject says whose
fact it is: 同城的 X, 同为…企业的 X, 同行业上市公司 X, 与 Q 相邻的 X, "rival X", "X, which competes with Q" (never 相比 /
"compared with", whose subject is as often the asked entity: "相比去年，今年年假增加2天"). The
support (:mod:`rag.answerability.asked_fact`) does not read a window whose sentences with a candidate of the asked
type all open on such a phrase, unless the question relates an entity itself ("同城的哪家券商…", "Which rival …").

Closed sets of phrases, read near a sentence's opening (its first clause or two), not learned.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rag.text import two_char_pieces

_BODY = r"(?:上市公司|公司|企业|城市|地区|球队|学校|医院|银行|券商|车企|房企|品牌)"
_RELATED_ZH = re.compile(
    r"(?:同为|同属|同样(?:作为|是|位于))[^，。；]{1,20}?的|"
    # a peer named by what it shares (同城的 X, 同行业上市公司 X): the phrase ends on 的 or on the kind of body, never
    # on a word of its own (同城出差, 毗邻地铁, 邻近春节, 竞品分析)
    rf"(?:同城|同行业|同业|同省|同市|同区|邻近|相邻|毗邻|隔壁|邻市|邻省|另一家)(?:的{_BODY}?|{_BODY})|"
    rf"(?:竞争对手|主要对手|老对手|友商)(?:的)?{_BODY}?|"
    # "与 Q 同期…的 X": Q must be what the question asks about (never 与去年同期相比)
    r"与(?P<q>[^，。；]{1,20}?)(?:同期|相邻|毗邻|齐名|同城|同为|同属|类似|一样|相似)(?!相比|相较|比较)[^，。；]{0,20}?的")
_RELATED_EN = re.compile(
    r"^(?:(?i:rival|competitor|neighbouring|neighboring|fellow)s?\s+(?:[a-z]+\s+){0,2}[A-Z])|"
    r",\s*which (?:competes|compete) with (?P<q>[^,.;]+)|"
    r",\s*(?P<q3>[A-Z][\w&'’ -]*?)['’]s? (?:main |major |biggest |closest |local |chief )?(?:rival|competitor),|"
    r"\b(?:a|the|its|their) (?:main |major |biggest |closest |local |chief )?(?:rival|competitor)s? (?:of|to) (?P<q2>[^,.;]+)")
_ASKS_RELATED = re.compile(r"同城|同行业|相邻|邻近|竞争对手|同类|rival|competitor|neighbour|neighbor", re.I)
# where the phrase that introduces a sentence's subject starts: its first characters (after "2023年，"), or in English
# its first words ("Hollins & Pyke, which competes with …")
_OPENING = {"zh": 12, "en": 80}
_DATE_LEAD = re.compile(r"[\s\d０-９年月日号上中下旬初底，,:：—-]+(?=\S)")


def about_related(sentence: str, question: str = "") -> bool:
    """Whether ``sentence`` opens on a phrase that relates its subject to another entity than the one ``question`` asks
    about (同城的 X, 与 Q 相邻的 X, "Rival X", "X, which competes with Q"): never when what opens the sentence before
    the phrase is the asked one ("鸿泰证券超越竞争对手岫原证券", "Ashdown overtook rival …"), and for a phrase that names
    Q (与 Q 同期, "which competes with Q", "a rival to Q"), only when Q is what the question asks about."""
    zh = re.search(r"[\u4e00-\u9fff]", sentence) is not None
    found = (_RELATED_ZH if zh else _RELATED_EN).search(sentence)
    dated = _DATE_LEAD.match(sentence)   # (read after a leading date: "2023年12月31日，同城的…")
    if found is None or found.start() - (dated.end() if dated else 0) >= _OPENING["zh" if zh else "en"]:
        return False
    if not question:
        return True
    if _shares_words(sentence[:found.start()], question, zh) and not re.fullmatch(r"[\s\d年月日，,—-]*", sentence[:found.start()]):
        return False
    named = next((g for g in found.groups() if g), None)
    return named is None or _shares_words(named, question, zh)


def _shares_words(text: str, question: str, zh: bool) -> bool:
    """``text`` writes a word of ``question``: a two-character piece of a Chinese one, a capitalised English word."""
    if zh:
        return any(p in question for p in two_char_pieces(text) if re.fullmatch(r"[\u4e00-\u9fff]{2}", p))
    return any(w in question for w in re.findall(r"[A-Z][\w&'’-]+", text))


# a sentence that says what its subject is to the asked one: "Stourwell is the country's second-largest building society
# and a major rival to Pelham Bank", "岫原证券是鸿泰证券的主要竞争对手"
_DECLARED_EN = re.compile(r"^(?:The\s+)?(?P<x>[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+(?:is|was|has been|has long been|"
                          r"remains)\b[^.;]{0,80}?\b(?:a|an|the|its|their|one of the)\s+(?:[\w'’-]+\s+){0,3}?"
                          r"(?:rival|competitor)s?\s+(?:of|to)\s+(?P<q>[^,.;]+)")
_DECLARED_ZH = re.compile(r"^(?P<x>[\u4e00-\u9fffA-Za-z0-9]{2,15}?)(?:是|为|系|一直是)[^。；]{0,20}?"
                          r"(?P<q>[\u4e00-\u9fffA-Za-z0-9]{2,12}?)的(?:主要|最大|直接|老|有力)?(?:竞争对手|对手)")


def declared_related(sentences: list[str], question: str) -> set[str]:
    """How the window's sentences open that are about an entity another sentence of it calls a rival of the asked one
    (its first word, or its first two characters): "Stourwell" for "Stourwell Building Society posted a pre-tax profit
    of £410 million for 2022" beside "Stourwell is … a major rival to Pelham Bank" — never the asked entity itself."""
    names = set()
    for sentence in sentences:
        zh = re.search(r"[\u4e00-\u9fff]", sentence) is not None
        text = sentence[d.end():] if zh and (d := _DATE_LEAD.match(sentence)) else sentence.lstrip()
        if (m := (_DECLARED_ZH if zh else _DECLARED_EN).match(text)) is None:
            continue
        # each named by its first word or two characters (岫原证券 shares 证券, a kind, with 鸿泰证券; Corran Bank "Bank"
        # with Pelham Bank)
        name, rival = ((m.group("x")[:2], m.group("q")[:2]) if zh
                       else (m.group("x").split()[0], re.sub(r"^the\s+", "", m.group("q"), flags=re.I).split()[0]))
        if rival in question and name not in question:
            names.add(name)
    return names


def _opens_with(sentence: str, names: set[str]) -> bool:
    text = sentence[d.end():] if (d := _DATE_LEAD.match(sentence)) else sentence.lstrip()
    return any(text.startswith(name) and not re.match(r"[A-Za-z]", text[len(name):len(name) + 1])
               for name in names)


def related_only(question: str, sentences: list[str], has_candidate: Callable[[str], bool]) -> bool:
    """Whether every sentence of the window ``sentences`` that holds a candidate of the asked type (``has_candidate``)
    states a related entity's fact — it opens on a phrase relating its subject to the asked one, or (v113) on the
    entity another sentence of the window calls the asked one's rival — and one does; never when the question itself
    asks about a related entity."""
    if _ASKS_RELATED.search(question):
        return False
    typed = [s for s in sentences if has_candidate(s)]
    declared = declared_related(sentences, question)
    return bool(typed) and all(about_related(s, question) or _opens_with(s, declared) for s in typed)
