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


def related_only(question: str, sentences: list[str], has_candidate: Callable[[str], bool]) -> bool:
    """Whether every sentence of the window ``sentences`` that holds a candidate of the asked type (``has_candidate``)
    states a related entity's fact — and one does; never when the question itself asks about a related entity."""
    if _ASKS_RELATED.search(question):
        return False
    typed = [s for s in sentences if has_candidate(s)]
    return bool(typed) and all(about_related(s, question) for s in typed)
