"""The occasion a question names: its year and its edition.

News questions name the occasion they ask about ("Who won the men's race at the 2024 Kelverton Marathon?",
"第十二届菊花文化节是哪天开幕的？", "鸿泰证券2023年的研发投入"), and the passages a search returns for them are about
the same event in other years ("The 2023 race was won by …", "第十一届…于2021年10月22日开幕"). Such a sentence holds
every key term but the year and a candidate of the asked type, so the key-term support counts it, and two of them
"give different values" for the same thing.

A sentence that names years, none of them the question's, states another year's fact; one that names an edition
(第十一届, "the 11th"), not the question's, another edition's. It is read with its source's title and heading path. A
sentence that names no year (or no edition) contradicts nothing: the year may stand earlier in the passage.

- The key-term support (:mod:`rag.answerability.asked_fact`) reads no window that names another occasion, and reads a
  packed source below the top ones whose title or heading names the asked occasion ("2023 版值班补贴规定里…" when the
  2025 version ranks first).
- Two statements that name different occasions do not conflict (:mod:`rag.answerability.levels`): 2022's profit and
  2023's are two facts, not a disagreement; and a statement about another occasion than the question's is no
  candidate for a conflict.

Years: four digits from 1900 to 2099 standing alone ("2024", "2024年", "2023-24" gives 2023 and 2024, "FY2024"), never
an amount ("2000 people", "2000元", "£2000", "2000 USD"). Editions:
第N届 (digits or Chinese numerals), and an English ordinal before "edition", "annual" or a capitalised name
("the 12th Fengze Festival"; never before a month: "12th March").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rag.types import ContextItem

_YEAR = re.compile(r"(?<![0-9０-９.,£$€¥])((?:19|20)\d{2})(?:\s*[-–/]\s*(\d{2})(?![0-9]))?(?![0-9]|[.,]\d)")
# …but not an amount: "2000 people", "2000元", "1950 metres", "2000 USD", "2000%"
_COUNTED = re.compile(
    r"\s*(?:[A-Z]{3}\b|[元人米个名家座辆吨户千万亿百件台次条项份位只张所间套块股%‰多余]"
    r"|(?:km|kg|mph|ft|cm|mm|m|t|lbs?|tonnes?|metres?|meters?|miles?|feet|hectares?|acres?|people|pounds?|dollars?"
    r"|euros?|yuan|persons?|votes?)\b"
    r"|(?!(?:was|is|has|as|this|its|his|plus|less|thus|across|always|perhaps|yes|us)\b)[a-z]+s\b)")
_ZH_NUMERALS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_EDITION = re.compile(r"第\s*([0-9]+|[零〇一二两三四五六七八九十百]+)\s*届")
_MONTHS = ("January February March April May June July August September October November December "
           "Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec").split()
_EN_EDITION = re.compile(r"\b(\d{1,3})(?:st|nd|rd|th)\s+(?:(edition|annual)\b|(?=(?:[A-Z][a-z]+)))")
_EN_WORDS = {w: n for n, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split(), 1)}
_EN_WORD_EDITION = re.compile(r"\b(" + "|".join(_EN_WORDS) + r")\s+(?:edition|annual)\b", re.I)


def _zh_number(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    total, current = 0, 0
    for ch in text:
        if ch in _ZH_NUMERALS:
            current = _ZH_NUMERALS[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        elif ch == "百":
            total += (current or 1) * 100
            current = 0
        else:
            return None
    return total + current


@dataclass(frozen=True)
class Occasion:
    years: frozenset[int]
    editions: frozenset[int]

    def __bool__(self) -> bool:
        return bool(self.years or self.editions)

    def names(self, asked: Occasion) -> bool:
        """This text names one of the years (or editions) the question asks about."""
        return bool(self.years & asked.years or self.editions & asked.editions)

    def other_than(self, asked: Occasion) -> bool:
        """This text names years (or editions), and none of them is one the question asks about."""
        return bool((asked.years and self.years and asked.years.isdisjoint(self.years))
                    or (asked.editions and self.editions and asked.editions.isdisjoint(self.editions)))


def occasion_of(text: str) -> Occasion:
    years: set[int] = set()
    for match in _YEAR.finditer(text):
        if _COUNTED.match(text, match.end()):
            continue
        first = int(match.group(1))
        years.add(first)
        if match.group(2) is not None:            # a season, "2023-24": both years, when the second follows the first
            second = first // 100 * 100 + int(match.group(2))
            if second == first + 1:
                years.add(second)
    editions: set[int] = set()
    for match in _ZH_EDITION.finditer(text):
        number = _zh_number(match.group(1))
        if number:
            editions.add(number)
    for match in _EN_EDITION.finditer(text):
        after = text[match.end():match.end() + 10]
        if match.group(2) or not any(after.startswith(m) for m in _MONTHS):
            editions.add(int(match.group(1)))
    for match in _EN_WORD_EDITION.finditer(text):
        editions.add(_EN_WORDS[match.group(1).lower()])
    return Occasion(frozenset(years), frozenset(editions))


def sources_naming(question: str, items: list[ContextItem]) -> list[ContextItem]:
    """The ``items`` whose title or heading path names the occasion the question asks about."""
    asked = occasion_of(question)
    if not asked:
        return []
    from rag.answerability.asked_fact import header_of

    return [item for item in items if occasion_of(header_of(item)).names(asked)]
