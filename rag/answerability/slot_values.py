"""The asked slot's noun, held by a value of its kind.

"黄鳍紫鱼的身体是什么颜色的？" is answered by "体呈淡蓝红色", "西贡商业信用银行的英文名是什么？" by the Latin name in brackets,
"蔡敏就读于哪些学校？" by a list of schools: a sentence that states the asked fact writes the *value*, not the noun that
names the slot (颜色, 英文名, 学校). Dropping the noun from the key terms lifts every window alike — the windows left
in a paragraph whose answering sentence was cut as much as the one that answers. So the noun is held only by a window
that writes a value of its kind: a colour, a Latin-script name, a school's name, an award, a post, a place.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rag.answer_types import has_candidate

_ZH_COLOUR = re.compile(r"(?<![角特出景脸神声气本物])(?:[红橙黄绿青蓝紫黑白灰褐棕粉金银赤橘米]|咖啡|卡其|藏青)色|"
                        r"(?:红|黄|绿|蓝|紫|黑|白|灰)(?:相间|斑)")
_EN_COLOUR = re.compile(r"\b(?:red|orange|yellow|green|blue|purple|violet|black|white|grey|gray|brown|pink|silver|golden|"
                        r"gold|navy|maroon|burgundy|teal|turquoise|lilac|beige|cream|khaki|olive|crimson|scarlet|amber|"
                        r"lime|cyan|magenta|mauve)(?:ish)?\b", re.I)
_LATIN_NAME = re.compile(r"[A-Za-z][A-Za-z'’.-]+(?:\s+[A-Za-z][A-Za-z'’.-]+)*")
_ZH_SCHOOL = re.compile(r"[\u4e00-\u9fff]{2,}(?:学校|大学|学院|中学|小学|国小|国中|女中|高中|音乐院|研究院|军校|书院)")
_EN_SCHOOL = re.compile(r"\b(?:[A-Z][\w'’-]+\s+)+(?:University|College|School|Academy|Institute|Conservatory)\b|"
                        r"\b(?:University|College|School|Academy|Institute) of (?:[A-Z][\w'’-]+\s*)+")
_ZH_AWARD = re.compile(r"[\u4e00-\u9fff]{1,}奖(?![金励惩])|冠军|亚军|季军|金牌|银牌|铜牌|第[一二三四五六七八九十0-9]+名")
_EN_AWARD = re.compile(r"\b(?:[A-Z][\w'’-]+\s+)+(?:Award|Prize|Medal|Trophy|Cup)\b|\b(?:champion|runner-up|gold|silver|bronze)\b")
_ZH_POST = re.compile(r"[\u4e00-\u9fff]{0,6}(?:总裁|董事|主席|总理|部长|局长|厅长|市长|省长|校长|院长|社长|会长|总监|经理|主任|"
                      r"书记|委员|顾问|大使|教授|将军|总督|司令|代表|议员|总编|首席[\u4e00-\u9fff]{1,4})")

# (the nouns that name a slot, what holds it): Chinese after 什么 / 哪些 / 哪个 or before 是什么 / 为何; English after
# what / which
_ZH_SLOTS: list[tuple[str, Callable[[str, str], bool]]] = [
    ("颜色|色彩|体色|毛色|花色", lambda text, q: bool(_ZH_COLOUR.search(text))),
    ("英文名称|英文名字|英文名|英语名称|英语名|英文全称|外文名|拉丁名|拉丁学名|英文简称|英文缩写",
     lambda text, q: any(len(m.group()) >= 3 for m in _LATIN_NAME.finditer(text))),
    ("学校|大学|学院|中学|小学", lambda text, q: bool(_ZH_SCHOOL.search(text))),
    ("奖项|奖|荣誉|名次", lambda text, q: bool(_ZH_AWARD.search(text))),
    ("地区|省市|省份|城市|国家|地方|区域", lambda text, q: has_candidate(text, "place", q)),
]
_EN_SLOTS: list[tuple[str, Callable[[str, str], bool]]] = [
    ("colours?|colors?", lambda text, q: bool(_EN_COLOUR.search(text))),
    ("schools?|universit(?:y|ies)|colleges?", lambda text, q: bool(_EN_SCHOOL.search(text))),
    ("awards?|prizes?|medals?", lambda text, q: bool(_EN_AWARD.search(text))),
    ("regions?|countries|country|provinces?|cities|city|states?", lambda text, q: has_candidate(text, "place", q)),
]
_ZH_ASK_BEFORE = r"(?:什么样的?|什么|哪|何种|怎样的)"   # (a classifier may follow: 哪些, 哪一所, 哪几个)
_ZH_ASK_AFTER = r"(?:是什么|是哪|为何|叫什么|有哪些|是啥|为什么)"


def slot_nouns(question: str) -> list[tuple[str, Callable[[str], bool]]]:
    """The nouns of ``question`` that name the asked slot, each with the test a text passes when it writes a value of
    that slot's kind."""
    found: list[tuple[str, Callable[[str], bool]]] = []
    if re.search(r"[\u4e00-\u9fff]", question):
        for nouns, holds in _ZH_SLOTS:
            pattern = re.compile(rf"{_ZH_ASK_BEFORE}[个些所家种类位座条项一几]{{0,2}}({nouns})|({nouns})(?:的)?{_ZH_ASK_AFTER}")
            for m in pattern.finditer(question):
                found.append((m.group(1) or m.group(2), lambda text, h=holds: h(text, question)))
    else:
        for nouns, holds in _EN_SLOTS:
            pattern = re.compile(rf"\b(?:what|which)\s+(?:\w+\s+)?({nouns})\b", re.I)
            for m in pattern.finditer(question):
                found.append((m.group(1).lower(), lambda text, h=holds: h(text, question)))
    return found


def slot_held(term: str, slots: list[tuple[str, Callable[[str], bool]]], text: str) -> bool:
    """Whether ``term`` (a key term of the question) names an asked slot that ``text`` writes a value of."""
    lowered = term.lower()
    return any((lowered in noun or noun in lowered) and holds(text) for noun, holds in slots)
