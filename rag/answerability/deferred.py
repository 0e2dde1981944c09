"""A fact the sources hand to another document: "How many weeks of paid paternity leave does the Trust give?" when the
leave policy says "Maternity, paternity, adoption and shared parental leave are covered by the separate Family Leave
Policy" and the corpus holds no such policy; "调度员的月岗位工资是多少？" when the allowance standard says "岗位工资…见
人力资源部管理的薪酬等级表，不在本标准内" and the asker may not see that table.

The handing-over sentence holds the question's rarest key term (paternity, 岗位工资), and the statement that carries
the asked fact's type (a row of compassionate leave, a night-shift allowance) does not: it states another thing's
figure. Refused unless the document handed to is one the asker may see (its title stands in a visible chunk's title),
where retrieval may find the answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_DOCUMENT = r"(?:policy|procedure|handbook|guide|guidance|scheme|document|agreement|plan|code|rules|schedule|table)"
_DEFER_EN = re.compile(
    rf"\b(?:covered|set out|explained|described|dealt with|detailed|handled|given|listed)\s+(?:by|in)\s+(?:the\s+|a\s+|our\s+)?"
    rf"separate\s+(?:[\w'’-]+\s+){{0,4}}?{_DOCUMENT}s?\b|\bsee the separate\s+(?:[\w'’-]+\s+){{0,4}}?{_DOCUMENT}s?\b|"
    rf"\b(?:in|by|under) (?:a|the) separate\s+(?:[\w'’-]+\s+){{0,4}}?{_DOCUMENT}s?\b", re.I)
_DEFER_ZH = re.compile(r"另行(?:规定|制定|发文)|不在本(?:标准|办法|制度|规定|手册|细则)(?:内|中|范围)|"
                       r"见[^，。；\n]{0,20}?《[^》]{2,30}》|按(?:照)?《[^》]{2,30}》(?:[^，。；\n]{0,6})?(?:执行|办理)")
# the document handed to: "the separate Family Leave Policy", 《薪酬管理办法》
_HANDED_EN = re.compile(r"separate\s+((?:[A-Z][\w'’-]*\s+){1,5}(?i:policy|procedure|handbook|guide|scheme|agreement|plan)|"
                        r"Code of [A-Z][\w'’-]*)")
_HANDED_ZH = re.compile(r"《([^》]{2,30})》")


def handed_to(sentence: str) -> str | None:
    """The title of the document ``sentence`` hands its subject to, or "" when it hands it on without a title (其他
    薪酬标准另行规定); None when it hands nothing on."""
    if not (_DEFER_EN.search(sentence) or _DEFER_ZH.search(sentence)):
        return None
    named = _HANDED_EN.search(sentence) or _HANDED_ZH.search(sentence)
    return named.group(1).strip() if named else ""


def deferred(statements: list[str], typed: str, rarest: str, holds: Callable[[str, str], bool],
             visible_title: Callable[[str], bool], share: Callable[[str], float] | None = None) -> str | None:
    """The handing-over sentence when one of ``statements`` (the top sources' sentences) holds the ``rarest`` key term
    the sources hold and hands its subject to a document the asker may not see, and ``typed`` — the statement that
    carries the asked fact's type, with its header — does not hold that term (``holds(term, text)``). With ``share`` (the
    question's key-term weight a text holds), the handing-over sentence must carry more of the question than the typed
    statement: "Basic pay for porters is in the separate Facilities Pay Agreement" hands on another subject of the
    porters than their night shift allowance."""
    if not rarest or holds(rarest, typed):
        return None
    for sentence in statements:
        title = handed_to(sentence)
        if title is None or not holds(rarest, sentence):
            continue
        if title and visible_title(title):
            continue
        if share is not None and share(sentence) <= share(typed):
            continue
        return sentence
    return None
