"""A part of the subject the sources never write: "大果西番莲的根部有什么作用？" against an entry that describes the
plant's fruit and where it is grown but never its roots; "What is special about the Brennock Blue's rind?".

A question about one part or attribute of its subject ("X 的 Y 有什么作用 / 特点", "what are the Y of X like?") is on
topic wherever X is described: the subject's name is its rarest term, so the key-term support is high whichever part a
sentence describes. But the answer describes Y, and writes it. Refused when the question asks what a named part is like
or does (有什么 / 是什么 + an asking noun: 特点, 作用, 用途, 功能 …) and the source the best window stands in never
writes the part; a part of one character, or one that is itself an asking noun (流程, 内容), is not read.
"""

from __future__ import annotations

import re

_ASKING = r"(?:特点|特征|特色|作用|用途|功效|功能|意义|好处|坏处|危害|习性|样子|外观|形态|结构|区别)"
_ZH = re.compile(rf"的([\u4e00-\u9fff]{{2,6}}?)(?:都|又|还|主要|一般|通常)?(?:有|是|具有|起|起到|发挥)(?:什么|哪些|何种|怎样的|怎么样的)"
                 rf"(?:样的)?{_ASKING}")
_EN = re.compile(r"\bwhat (?:is|are) (?:special|distinctive|unusual) about (?:the |its |their )?([a-z][a-z-]+)(?: of| in)\b|"
                 r"\bwhat (?:is|are) (?:the |its |their )?([a-z][a-z-]+) (?:of|in) (?:the |a |an )?[A-Z][\w'-]*[^?]* (?:used|like) for\b",
                 re.I)


def asked_attribute(question: str, asking_nouns: frozenset[str] = frozenset()) -> str | None:
    """The part or attribute of its subject ``question`` asks what it is like or does ("根部" of "大果西番莲的根部有
    什么作用？"); None when it asks none, or the part is itself an asking noun."""
    found = _ZH.search(question) or _EN.search(question)
    if found is None:
        return None
    part = next(g for g in found.groups() if g).split("的")[-1]   # 员工的福利: 福利
    return None if len(part) < 2 or part in asking_nouns or part.lower() in asking_nouns else part


def attribute_unwritten(question: str, source: str, asking_nouns: frozenset[str] = frozenset()) -> str | None:
    """The asked part when ``source`` (the text of the source that holds the best window) never writes it."""
    part = asked_attribute(question, asking_nouns)
    if part is None:
        return None
    said = source.lower()
    # a part written in another form: 根 for 根部, 叶 for 叶子, "leaves" for "leaf"
    forms = {part.lower(), re.sub(r"(?<=[\u4e00-\u9fff])[部子儿片]$", "", part), re.sub(r"(?:f|ves|s|es)$", "", part.lower())}
    return None if any(form and form in said for form in forms) else part
