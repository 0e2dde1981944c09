"""The asked slot's noun, held by a value of its kind.

"黄鳍紫鱼的身体是什么颜色的？" is answered by "体呈淡蓝红色", "西贡商业信用银行的英文名是什么？" by the Latin name in brackets,
"蔡敏就读于哪些学校？" by a list of schools: a sentence that states the asked fact writes the *value*, not the noun that
names the slot (颜色, 英文名, 学校). Dropping the noun from the key terms lifts every window alike — the windows left
in a paragraph whose answering sentence was cut as much as the one that answers. So the noun is held only by a window
that writes a value of its kind the question does not already write: a colour, a Latin-script name, a school's name, an
award, a place's name.

The noun must be what is asked: after 什么 / 哪 (a classifier between: 哪些, 哪所) or before 是什么 / 是哪 / 叫什么 /
有哪些, a whole word of the question (哪个国家队 asks a team, 什么大学生 a student), never the tail of a name
(金鸡奖有哪些奖项 asks 奖项, not 奖), nor a time, a reason or another noun (学校是什么时候成立的, 颜色为何会变化,
国家有哪些义务); in English after
what / which with a verb or the question mark next ("What colour is …", "Which university did …"), never a modifier
("What college fees …", "What colour blindness test …").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rag.text import zh_tagged, zh_tagged_spans

_CJK = re.compile(r"[\u4e00-\u9fff]")

# ── values ─────────────────────────────────────────────────────────────────────────────────
_ZH_COLOUR = re.compile(r"(?:[鲜暗淡乌深浅]?(?:[红橙黄绿青蓝紫黑白灰褐棕粉金银赤橘米]|咖啡|卡其|藏青)色|[鲜暗淡乌深浅][红黄绿蓝紫黑白灰褐]|"
                        r"乌黑|雪白|金黄|通红|碧绿|火红)"
                        r"(?!食品|收入|地带|星期|污染|旅游|恐怖|革命|经典|政权|通道|预警|警报|文化|经济|产业|能源|建筑|出行|记忆)")
_EN_COLOUR = re.compile(r"\b(?:red|redd?ish|orange|yellow(?:ish)?|green(?:ish)?|blue|bluish|purple|violet|black|white|grey|"
                        r"gray|brown(?:ish)?|pink|silver|golden|gold|navy|maroon|burgundy|teal|turquoise|lilac|beige|khaki|"
                        r"crimson|scarlet|magenta|mauve)\b"
                        r"(?!\s+(?:tape|light|lights|card|list|belt|carpet|collar|paper|flag|friday|box|hole|market|"
                        r"economy|energy|screen|lining|medal|standard))")   # (lower case: "Black Friday", "Gordon Brown")
_LATIN_WORD = re.compile(r"(?<![A-Za-z])[A-Z][A-Za-z'’.&-]{2,40}")
_NO_NAME = frozenset("PDF GDP CEO CFO CTO CPU GPU USB APP IOS ISO DNA RNA HIV GPS LED LCD URL HTML HTTP WWW ATM VIP NGO "
                     "THE AND FOR WITH".split())
_ZH_SCHOOL = re.compile(r"([\u4e00-\u9fff]{2,12}?)(?:学校|大学|学院|中学|小学|国小|国中|女中|高中|高校|音乐院|研究院|军校|书院)(?![生])")
_SCHOOL_NO_LEAD = re.compile(r"[在上到进入考所该这那一名获读的了是和与及或等个后前时]$")
_EN_SCHOOL = re.compile(r"\b(?:[A-Z][\w'’-]{1,30}\s+){1,6}(?:University|College|School|Academy|Institute|Conservatory)\b|"
                        r"\b(?:University|College|School|Academy|Institute) of (?:[A-Z][\w'’-]{1,30}\s*){1,6}")
_ZH_AWARD = re.compile(r"([\u4e00-\u9fff]{2,10}?)奖(?![学金励惩状品券杯台])|"
                       r"(?:冠军|亚军|季军|金牌|银牌|铜牌)(?![\u4e00-\u9fff])|第[一二三四五六七八九十0-9]{1,3}名(?![\u4e00-\u9fff])")
_AWARD_NO_LEAD = re.compile(r"[获颁领夸抽嘉褒得无的了是这那该此其中有]$")
_EN_AWARD = re.compile(r"\b(?:[A-Z][\w'’-]{1,30}\s+){1,6}(?:Award|Prize|Medal|Trophy|Cup)\b|"
                       r"\b(?:gold|silver|bronze) medal\b|\brunner-up\b")


def _unasked(matches: list[str], question: str) -> bool:
    """Whether a value found is one the question does not already write (NBA in "NBA的英文全称是什么？")."""
    return any(m and m not in question for m in matches)


def _written(pattern: re.Pattern[str], lead: re.Pattern[str] | None = None) -> Callable[[str, str], bool]:
    """The test that a text writes a match of ``pattern`` the question does not, and, with ``lead``, whose first group
    (the words before a school's or an award's kind) does not end on a word that leaves it no name (在学校, 获奖)."""
    def holds(text: str, question: str) -> bool:
        return _unasked([m.group().strip() for m in pattern.finditer(text)
                         if lead is None or m.group(1) is None or not lead.search(m.group(1))], question)
    return holds


def _latin_name(text: str, question: str) -> bool:
    names = [m.group().rstrip(".'’-") for m in _LATIN_WORD.finditer(text)]
    return _unasked([n for n in names if len(n) >= 3 and n.upper() not in _NO_NAME], question)


def _zh_place(noun: str) -> Callable[[str, str], bool]:
    def holds(text: str, question: str) -> bool:   # a place's name as jieba tags it, never one holding the noun itself
        return _unasked([w for w, flag in zh_tagged(text) if flag == "ns" and len(w) >= 2 and noun not in w], question)
    return holds


# ── slots ──────────────────────────────────────────────────────────────────────────────────
_ZH_SLOTS: list[tuple[str, Callable[[str], Callable[[str, str], bool]]]] = [
    ("颜色|色彩|体色|毛色|花色|肤色|羽色", lambda noun: _written(_ZH_COLOUR)),
    ("英文名称|英文名字|英文全名|英文全称|英文名|英语名称|英语名字|英语名|外文名称|外文名|拉丁学名|拉丁名|英文简称|英文缩写",
     lambda noun: _latin_name),
    ("学校|大学|学院|中学|小学|高校|高中", lambda noun: _written(_ZH_SCHOOL, _SCHOOL_NO_LEAD)),
    ("奖项|荣誉|名次", lambda noun: _written(_ZH_AWARD, _AWARD_NO_LEAD)),
    ("地区|省市|省份|城市|国家|区域", _zh_place),
]
_EN_SLOTS: list[tuple[str, Callable[[str, str], bool]]] = [
    ("colours?|colors?", _written(_EN_COLOUR)),
    ("schools?|universit(?:y|ies)|colleges?", _written(_EN_SCHOOL)),
    ("awards?|prizes?|medals?", _written(_EN_AWARD)),
]
_ZH_ASK_BEFORE = r"(?:什么样的?|什么|哪|何种|怎样的)[个些所家种类位座条项一几]{0,2}"
# (…at the question's end or its clause's: "国家有哪些义务？" asks the duties)
_ZH_ASK_AFTER = r"(?:的)?(?:是什么|是哪[个些种一所家]*|叫什么|有哪些|是啥)(?:呢|啊)?(?=[？?。！!，,；;]|$)"
_EN_VERB_NEXT = (r"(?=\s+(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|must|may)\b|\s*\?)")
_ZH_ASKING = [(re.compile(rf"{_ZH_ASK_BEFORE}({nouns})|(?<![\u4e00-\u9fff])({nouns}){_ZH_ASK_AFTER}|"
                          rf"(?<=的)({nouns}){_ZH_ASK_AFTER}"), kind) for nouns, kind in _ZH_SLOTS]
_EN_ASKING = [(re.compile(rf"\b(?:what|which)\s+(?:\w+\s+)?({nouns}){_EN_VERB_NEXT}|\bthe ({nouns}) of\b", re.I), holds)
              for nouns, holds in _EN_SLOTS]


def _whole_word(question: str, start: int, end: int) -> bool:
    """Whether jieba cuts ``question[start:end]`` out as words of its own (哪个国家队: 国家队 is one word)."""
    spans = zh_tagged_spans(question)
    return any(s == start for s, _, _, _ in spans) and any(e == end for _, e, _, _ in spans)


def slot_nouns(question: str) -> list[tuple[str, Callable[[str], bool]]]:
    """The nouns of ``question`` that name the asked slot, each with the test a text passes when it writes a value of
    that slot's kind (one the question does not write)."""
    found: list[tuple[str, Callable[[str], bool]]] = []
    if _CJK.search(question):
        for pattern, kind in _ZH_ASKING:
            for m in pattern.finditer(question):
                group = next(g for g in (1, 2, 3) if m.group(g))
                if _whole_word(question, m.start(group), m.end(group)):
                    noun, holds = m.group(group), kind(m.group(group))
                    found.append((noun, lambda text, h=holds: h(text, question)))
    else:
        for pattern, holds in _EN_ASKING:
            for m in pattern.finditer(question):
                found.append(((m.group(1) or m.group(2)).lower(), lambda text, h=holds: h(text, question)))
    return found


def slot_held(term: str, slots: list[tuple[str, Callable[[str], bool]]], text: str) -> bool:
    """Whether ``term`` (a key term of the question, the slot noun or a piece of it: 英文 of 英文名) names an asked slot
    that ``text`` writes a value of."""
    lowered = term.lower()
    return bool(lowered) and any(lowered in noun and holds(text) for noun, holds in slots)
