"""Travel abroad the sources never speak of: "What is the daily subsistence allowance when travelling abroad on hospital
business?" against an expenses policy whose rates are all for the UK; "出国开会的话，住宿费每晚的报销上限是多少？" against
a table of 一类城市 and 二类城市.

A domestic rate does not answer for travel abroad, and the sources that hold the rate are on topic (hotel, per diem,
住宿费), so the key-term support is high. Refused when the question asks about going abroad and no top source writes
abroad, overseas, international, a foreign region or 境外, 国外, 出国, 海外, 港澳台 — the words a rule for travel abroad
is written with. On the dev suites every such question was one to refuse (8 of 8).
"""

from __future__ import annotations

import re

_ASKS = re.compile(r"\b(?:abroad|overseas|internationally|foreign (?:travel|trip|country|countries))\b|\binternational "
                   r"(?:travel|trip|conference|tour|flight)s?\b|境外|国外|出国|海外", re.I)
_WRITES = re.compile(r"\b(?:abroad|overseas|international|foreign|worldwide|non-UK|outside (?:the )?(?:UK|United Kingdom|"
                     r"country|EU|European Union|US|USA)|Europe|European|EU|Asia|America)\b|境外|国外|出国|海外|国际(?!部|象棋)|港澳|澳门|"
                     r"香港|台湾|外籍|出境", re.I)


def abroad_unspoken(question: str, sources: str) -> bool:
    """Whether ``question`` asks about going abroad and ``sources`` (the top sources, joined) never speak of it."""
    return _ASKS.search(question) is not None and _WRITES.search(sources) is None
