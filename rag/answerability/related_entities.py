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

_RELATED_ZH = re.compile(
    r"(?:同为|同属|同样(?:作为|是))[^，。；]{1,20}?的|"
    r"(?:同城|同行业|同省|同市|同区|邻近|相邻|毗邻|隔壁|邻市|邻省|友商|竞争对手|竞品|另一家)(?:的|之)?"
    r"(?:上市公司|公司|企业|城市|地区|球队|学校|医院|银行|券商|车企|房企|品牌)?|"
    r"与[^，。；]{1,20}?(?:同期|相邻|毗邻|齐名|同城|同为|同属|类似|一样|相似)[^，。；]{0,20}?的")
_RELATED_EN = re.compile(
    r"\b(?i:rivals?|competitors?)\s+[A-Z]|,\s*which (?:competes|compete) with\b|,\s*(?:a|the|its|their) (?:main |major |"
    r"biggest |closest |local |chief )?(?:rival|competitor)s? (?:of|to)\b|\b(?:a|the) (?:main |major |biggest |closest |"
    r"local |chief )?rival (?:of|to) [A-Z]")
_ASKS_RELATED = re.compile(r"同城|同行业|相邻|邻近|竞争对手|同类|rival|competitor|neighbour|neighbor", re.I)
# where the phrase that introduces a sentence's subject starts: its first characters (after "2023年，"), or in English
# its first words ("Hollins & Pyke, which competes with …")
_OPENING = {"zh": 12, "en": 80}


def about_related(sentence: str) -> bool:
    """Whether ``sentence`` opens on a phrase that relates its subject to another entity (同城的 X, 与 Q 相邻的 X, "rival
    X", "X, which competes with Q")."""
    zh = re.search(r"[\u4e00-\u9fff]", sentence) is not None
    found = (_RELATED_ZH if zh else _RELATED_EN).search(sentence)
    return found is not None and found.start() < _OPENING["zh" if zh else "en"]


def related_only(question: str, sentences: list[str], has_candidate: Callable[[str], bool]) -> bool:
    """Whether every sentence of the window ``sentences`` that holds a candidate of the asked type (``has_candidate``)
    states a related entity's fact — and one does; never when the question itself asks about a related entity."""
    if _ASKS_RELATED.search(question):
        return False
    typed = [s for s in sentences if has_candidate(s)]
    return bool(typed) and all(about_related(s) for s in typed)
