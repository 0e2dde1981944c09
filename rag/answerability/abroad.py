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

# ("our overseas office in Dublin" is a place of the company's, not travel abroad)
_ASKS = re.compile(r"\babroad\b|\boverseas\b(?!\s+(?:office|branch|site|team|subsidiary|staff|colleagues?|students?))|"
                   r"\binternationally\b|\bforeign (?:travel|trip|country|countries)\b|\binternational "
                   r"(?:travel|trip|conference|tour|flight)s?\b|境外|国外|出国|海外", re.I)
# (never a name's "International": Birmingham International, 浦东国际机场)
_WRITES = re.compile(r"\b(?:abroad|overseas|foreign|worldwide|non-UK|countries|out of the country|other country|outside (?:the )?"
                     r"(?:UK|United Kingdom|Britain|England|Scotland|Wales|country|EU|European Union|US|USA)|Europe|European|"
                     r"EU|Asia|America)\b|\binternational (?:travel|trips?|flights?|conferences?|rates?|journeys?)\b|"
                     r"境外|国外|出国|海外|国际(?:出差|差旅|航班|会议|旅行|行程)|港澳|澳门|香港|台湾|外籍|外国|外宾|留学|出境|"
                     r"美国|日本|韩国|新加坡|欧洲|英国|法国|德国|泰国|越南|澳大利亚|加拿大|俄罗斯", re.I)


def abroad_unspoken(question: str, sources: str) -> bool:
    """Whether ``question`` asks about going abroad and ``sources`` (the top sources, joined) never speak of it."""
    return _ASKS.search(question) is not None and _WRITES.search(sources) is None
