"""A span of time the sources never write: "1969年9月至1970年4月，吴双战担任什么职务？" against a career that writes
"1967年4月至1969年9月任陆军排长" and then moves on to 1971; "From March 1998 to May 2000, which post did she hold?".

A question pinned to a span is on topic wherever the career or the history is told, and the neighbouring spans
share its start or its end, so the key-term support is high. But the fact for the span is stated with the span: a
sentence that writes both its start and its end. Refused when the question names a span by month and no sentence of
the top sources writes both its start and its end (or a sentence starts something at its start and it or the next
sentence writes its end).

Chinese: 1969年9月至1970年4月, 1996年2月至4月 (the end takes the start's year). English: "from September 1969 to April
1970", "between March 1998 and May 2000". A span of years alone is never read: "between 1998 and 2000" may ask what
happened within it ("Was it built between 1998 and 2000?"), which a sentence with one year answers.
"""

from __future__ import annotations

import re

from rag.answer_types import EN_MONTHS

Date = tuple[int, int]   # (year, month)

_TO = r"\s*(?:至|到|—|–|-|~|～|－)\s*"
_ZH_SPAN = re.compile(rf"((?:19|20)\d\d)\s*年\s*(\d{{1,2}})\s*月(?:份)?{_TO}(?:((?:19|20)\d\d)\s*年\s*)?(\d{{1,2}})\s*月")
_ZH_DATE = re.compile(r"(?:((?:19|20)\d\d)\s*年\s*)?(\d{1,2})\s*月")
_EN_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_EN_MONTH = rf"{EN_MONTHS}\.?"
_EN_SPAN = re.compile(rf"\b(?:from|between)\s+({_EN_MONTH})\s+((?:19|20)\d\d)\s+(?:to|and|until|till|through)\s+"
                      rf"({_EN_MONTH})\s+((?:19|20)\d\d)\b", re.I)
_EN_DATE = re.compile(rf"\b({_EN_MONTH})\s+(?:\d{{1,2}},?\s+)?((?:19|20)\d\d)\b", re.I)
_SENTENCE = re.compile(r"[。；;！？!?\n]+|(?<=[a-z0-9)])\.\s+(?=[A-Z])")


def _month(name: str) -> int:
    return _EN_MONTHS.index(name[:3].lower()) + 1


def asked_span(question: str) -> tuple[Date, Date] | None:
    """The span of months ``question`` names, as its start and its end."""
    start = end = None
    if chinese := _ZH_SPAN.search(question):
        start_year, start_month, end_year, end_month = chinese.groups()
        start, end = (int(start_year), int(start_month)), (int(end_year or start_year), int(end_month))
    elif english := _EN_SPAN.search(question):
        start = (int(english.group(2)), _month(english.group(1)))
        end = (int(english.group(4)), _month(english.group(3)))
    if start is None or end is None or not start < end or not (1 <= start[1] <= 12 and 1 <= end[1] <= 12):
        return None
    return start, end


_DOTTED = re.compile(r"(?<!\d)((?:19|20)\d\d)\s*[.．/-]\s*(\d{1,2})(?![\d.．/-]\d)")
_TO_BEFORE = re.compile(r"(?:至|到|—|–|-|~|～|－|\bto|\buntil)\s*$", re.I)


def _dates(sentence: str) -> set[Date]:
    """The months a sentence writes ("1969年9月", "September 1969", "1969.09"); a Chinese month without a year takes the
    year written before it ("1996年2月至4月")."""
    dates = {(int(m.group(2)), _month(m.group(1))) for m in _EN_DATE.finditer(sentence)}
    dates |= {(int(m.group(1)), int(m.group(2))) for m in _DOTTED.finditer(sentence) if 1 <= int(m.group(2)) <= 12}
    year = None
    for month in _ZH_DATE.finditer(sentence):
        year = int(month.group(1)) if month.group(1) else year
        if year is not None and 1 <= int(month.group(2)) <= 12:
            dates.add((year, int(month.group(2))))
    return dates


def span_unwritten(question: str, sources: str) -> tuple[Date, Date] | None:
    """The span when ``question`` names a span of months and no sentence of ``sources`` (the top sources, joined)
    writes both its start and its end."""
    span = asked_span(question)
    if span is None:
        return None
    sentences = _SENTENCE.split(sources)
    dates = [_dates(sentence) for sentence in sentences]   # (each sentence read once)
    if any(set(span) <= said for said in dates):
        return None
    # …or a sentence that starts a post at the start, and that sentence or the next writes the end: "1969年9月任连长。
    # 1970年4月调任营长。" (never a start written as the end of another span: "1967年4月至1969年9月任排长")
    start, end = span
    for i, sentence in enumerate(sentences):
        if _starts(sentence, start) and any(end in said for said in dates[i:i + 2]):
            return None
    return span


def _starts(sentence: str, date: Date) -> bool:
    """Whether ``sentence`` writes ``date`` where a span begins (not right after 至, "to")."""
    year, month = date
    for found in re.finditer(rf"{year}\s*年\s*0?{month}\s*月|{year}\s*[.．/-]\s*0?{month}(?!\d)", sentence):
        if not _TO_BEFORE.search(sentence[:found.start()]):
            return True
    return False
