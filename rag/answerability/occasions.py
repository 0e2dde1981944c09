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
  packed source below the top ones whose title or heading names the asked occasion (its ``sources_naming``: "2023
  版值班补贴规定里…" when the 2025 version ranks first).
- Two statements that name different occasions do not conflict (:mod:`rag.answerability.levels`): 2022's profit and
  2023's are two facts, not a disagreement; and a statement about another occasion than the question's is no
  candidate for a conflict. For a date asked the year is the value: two dates in different years still conflict.

Years: four digits from 1900 to 2099 standing alone ("2024", "2024年", "the 2023-24 season" gives 2023 and 2024; also
二〇二三年 and full-width digits), never an amount ("2000 people", "2000元", "£2000", "2000 USD", "2000平方米"), a label
("Room 2024", "FY2024", "flight CA1987", "邮编2000"), a street or a phone number ("1998 Main Street", "Call
2024-5678"), a decade ("the 1990s"), a dateline ("ELLERBY, 18 January 2024 —") or the year a figure is compared with
("较2022年增长15%", "up from £1.5 billion in 2023"). A window that dates its fact from its writing ("last year", 去年,
今年) names no year; a question's year that only bounds its fact ("since 2010", "2010年以来") is none. Editions: 第N届
(digits or Chinese numerals), and an English ordinal before "edition", "annual" or a capitalised name ("the 12th
Fengze Festival"; never before a month, a street, a floor or a century). One mark that matches the question's is
enough: "第十二届…自2023年12月起筹备" is the asked 2024 festival by its edition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rag.text import sentence_spans, zh_number

_YEAR = re.compile(r"(?<![0-9.,£$€¥#A-Za-z])(?<![0-9][-–])((?:19|20)\d{2})"
                   r"(?:\s*[-–/]\s*((?:19|20)?\d{2})(?![0-9]|[-–/]\d))?"
                   r"(?=\.\d{1,2}\.\d{1,2}(?!\d)|(?![0-9]|[.,]\d|s\b|\s*[-–]\s*\d{3}))")
# …but not an amount ("2000 people", "2000元", "1950 metres", "2000 USD", "2000%"), nor a street number
_COUNTED = re.compile(
    r"\s*(?:(?:USD|GBP|EUR|CNY|RMB|JPY|HKD|AUD|CAD|INR)\b|MW|GW|KW|HP"
    r"|[元人米个名家座辆吨户千万亿百件台次条项份位只张所间套块股%‰多余号路街巷楼]|平方|公[里顷斤]|亩|[美港日欧]元|英镑"
    r"|(?:km|kg|mph|ft|cm|mm|m|t|hp|mw|kw|gw|sq|square|lbs?|tonnes?|metres?|meters?|miles?|feet|hectares?|acres?|"
    r"people|pounds?|dollars?|euros?|yen|yuan|pence|persons?|votes?|street|st|road|rd|avenue|ave|lane|drive)\b"
    r"|(?:[A-Z][a-z]+\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Drive|Way|Boulevard)\b)")
# …and a number before a noun after a word of quantity: "about 2000 homes", "more than 1500 runners", "some 2000 staff"
_QUANTITY = re.compile(r"\b(?:about|around|over|some|nearly|almost|approximately|roughly|than|to|up to|at least|of|"
                       r"just|only)\s*$", re.I)
_COUNTED_NOUN = re.compile(r"\s+[a-z]")
# a number after these is a label, not a year: "Room 2024", "No. 1998", "tel 2024 5678", "ZIP 2000", "邮编2000"
_LABEL_LEAD = re.compile(r"(?:\b(?:room|no\.?|number|tel|phone|call|zip|postcode|code|flight|order|unit|suite|windows|"
                         r"version|ref|rs|inr|iso|junction)[.:]?|邮编|电话|编号|房间)\s*$", re.I)
# …and one a comparison wraps: "与2022年相比"
_COMPARED_AFTER = re.compile(r"\s*年?\s*(?:相比|相较|比较)")
# a year after these is what the fact is compared with, not its occasion: "较2022年增长15%", "up from £1.5 billion in
# 2023", "compared with 2022"
_COMPARED = re.compile(r"(?:[较比]|相比|相较|同比|环比|\b(?:than|compared (?:with|to)|up from|down from|versus|vs\.?)"
                       r"(?:(?:[^.;。；]|\.(?=\d)){0,40}?\bin)?)\s*$", re.I)
# a window that says "last year" / 去年 dates its fact from when it was written: its years are no occasion
_RELATIVE = re.compile(r"\b(?:last|next|this) year\b|\ba year ago\b|去年|前年|明年|今年", re.I)
# the year a question only bounds its fact by: "since 2010", "before 2015", "2010年以来"
_BOUND_BEFORE = re.compile(r"\b(?:since|after|before|until|till|prior to)\s*$", re.I)
_BOUND_AFTER = re.compile(r"\s*年?\s*(?:以来|之后|以后|之前|以前|至今)")
# an English dateline: "ELLERBY, 18 January 2024 —"
_DATELINE = re.compile(r"^[A-Z][A-Z .'-]+,\s*(?:\d{1,2}\s+[A-Z][a-z]+|[A-Z][a-z]+\s+\d{1,2},?)\s+(?:19|20)\d{2}\s*[—–-]",
                       re.M)
_ZH_DIGITS = str.maketrans("〇零一二三四五六七八九", "00123456789")
_ZH_YEAR = re.compile(r"[〇零一二三四五六七八九]{4}(?=年)")
_ZH_EDITION = re.compile(r"第\s*([0-9]+|[零〇一二两三四五六七八九十百]+)\s*届")
_MONTHS = frozenset("january february march april may june july august september october november december "
                    "jan feb mar apr jun jul aug sep sept oct nov dec".split())
# an ordinal before a capitalised word names an edition ("the 12th Fengze Festival"), never a street, a floor or a century
_EN_EDITION = re.compile(r"\b(\d{1,3})(?:st|nd|rd|th)\s+(?:(edition|annual)\b|(?=([A-Z][a-z]+)))")
_NOT_EDITION = frozenset("street avenue road lane floor century district division birthday ward battalion regiment "
                         "brigade corps army fleet".split())
_EN_WORDS = {w: n for n, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split(), 1)}
_EN_WORD_EDITION = re.compile(r"\b(" + "|".join(_EN_WORDS) + r")\s+(?:edition|annual)\b", re.I)


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
        """This text names years (or editions), and none of them — nor any of its other marks — is one the
        question asks about: "第十二届…自2023年12月起筹备" is the asked 2024 festival by its edition."""
        disjoint = (asked.years and self.years and asked.years.isdisjoint(self.years)) \
            or (asked.editions and self.editions and asked.editions.isdisjoint(self.editions))
        return bool(disjoint) and not self.names(asked)


def _plain(text: str) -> str:
    """Full-width digits as ASCII, and a year in Chinese numerals (二〇二三年) in digits."""
    text = text.translate({c: c - 0xFEE0 for c in range(0xFF10, 0xFF1A)})
    return _ZH_YEAR.sub(lambda m: m.group().translate(_ZH_DIGITS), text)


def _years(text: str, *, bounds: bool = False) -> set[int]:
    years: set[int] = set()
    for match in _YEAR.finditer(text):
        before = text[max(0, match.start() - 60):match.start()]
        if _LABEL_LEAD.search(before) or _COMPARED.search(before) or _COMPARED_AFTER.match(text, match.end()):
            continue
        if _COUNTED.match(text, match.end()) or (_QUANTITY.search(before) and _COUNTED_NOUN.match(text, match.end())):
            continue
        if bounds and (_BOUND_BEFORE.search(before) or _BOUND_AFTER.match(text, match.end())):
            continue
        first = int(match.group(1))
        years.add(first)
        if match.group(2) is not None:            # a season or a span: "2023-24", "2022-2025", "1999-00"
            second = int(match.group(2)) if len(match.group(2)) == 4 else first // 100 * 100 + int(match.group(2))
            if second < first:
                second += 100
            if first < second <= first + 10:
                years.update(range(first + 1, second + 1))
    return years


def _editions(text: str) -> set[int]:
    editions: set[int] = set()
    for match in _ZH_EDITION.finditer(text):
        number = zh_number(match.group(1))
        if number:
            editions.add(number)
    for match in _EN_EDITION.finditer(text):
        word = (match.group(3) or "").lower()
        if match.group(2) or (word not in _MONTHS and word not in _NOT_EDITION):
            editions.add(int(match.group(1)))
    for match in _EN_WORD_EDITION.finditer(text):
        editions.add(_EN_WORDS[match.group(1).lower()])
    return editions


def occasion_of(text: str, *, question: bool = False) -> Occasion:
    """The years and editions ``text`` names. A sentence that dates its fact from when it was written ("last year",
    去年) names no year, though the window's other sentences and its title still do; nor does a dateline ("ELLERBY,
    18 January 2024 —"); a question's year that only bounds its fact ("since 2010", "2010年以来") is none
    (``question``)."""
    text = _DATELINE.sub(" ", _plain(text))
    if question:
        return Occasion(frozenset(_years(text, bounds=True)), frozenset(_editions(text)))
    years: set[int] = set()
    for start, end in sentence_spans(text):   # (each line too: a title, a heading path)
        if not _RELATIVE.search(sentence := text[start:end]):
            years |= _years(sentence)
    return Occasion(frozenset(years), frozenset(_editions(text)))

