"""Amounts in a question and the ranges a rule states: does "一笔 3 万元的报销" fall under
"20,000 元以上" or "5,000 元及以下"; does "a 3,000 USD monitor" fall under "from 1,000 USD up to
10,000 USD"?

Policies state thresholds as ranges, in table rows and in sentences; a question names one
amount. Words alone cannot tell the rows apart (each says 元 and 审批人); the number can.

- :func:`quantities` — the amounts of a text with their unit: ``3 万元`` → (30000, cny),
  ``3,000 USD`` / ``$3,000`` → (3000, usd), ``5 days`` → (5, day).
- :func:`ranges` — the ranges a text states, each end included or not as its word says
  (``满 10 年不满 20 年`` holds 10 and not 20; ``超过 5,000 元`` not 5,000; ``以上`` / ``以下`` and a
  span ``A 至 B`` their amounts): ``5,000 元至 20,000 元``, ``20,000 元以上``, ``不超过 800 元``, ``from 1,000
  up to 10,000 USD``, ``above 10,000 USD``, ``up to 3 days``. A bound without a unit takes the
  other bound's (``5,000 至 20,000 元``).
- :func:`fits` — ``True`` when an amount of the question lies in a range of the statement with
  the same unit, ``False`` when the statement states ranges in that unit and none holds it,
  ``None`` when there is nothing to compare.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from rag.text import EN_NUMBER_WORDS, zh_number

# a number, never part of a clock time (9:00) or a version (2.3.1)
_NUMBER = r"(?<![\d:.])(?:\d{1,3}(?:[,，]\d{3})+|\d+)(?:\.\d+)?(?![\d:]|\.\d)"
_SCALE = {"万": 1e4, "千": 1e3, "百万": 1e6, "亿": 1e8, "k": 1e3, "thousand": 1e3, "million": 1e6}
_UNITS = {
    "cny": r"元|块|人民币|rmb|cny|yuan",
    "usd": r"美元|usd|dollars?|us\$",
    "eur": r"欧元|eur|euros?",
    "gbp": r"英镑|gbp|pounds?",
    "day": r"个?工作日|个?自然日|天|(?:business |working |calendar )?days?",   # not 日: 1 月 1 日 is a date
    "hour": r"个?小时|hours?|hrs?",
    "week": r"周|个?星期|weeks?",
    "month": r"个月|months?",
    "year": r"年|years?",
    "km": r"公里|千米|km|kilomet(?:er|re)s?",
    "percent": r"%|％|percent",
}
_PREFIX = {"$": "usd", "€": "eur", "£": "gbp", "¥": "cny", "￥": "cny"}
_UNIT_RE = "|".join(f"(?P<{name}>{pattern})" for name, pattern in _UNITS.items())
_QUANTITY = re.compile(
    rf"(?P<prefix>[$€£¥￥])?\s*(?P<value>{_NUMBER})\s*(?P<scale>百万|万|千|亿|k\b|thousand\b|million\b)?\s*"
    rf"(?:(?:{_UNIT_RE})(?![A-Za-z]))?", re.I)

# two bounds, then one: the pattern names the number positions it reads. A negated word is its
# own bound (不超过 is at most, "not less than" at least), never the word it contains.
_Q = r"[$€£¥￥]?\s*" + _NUMBER + r"\s*(?:百万|万|千|亿|k\b|thousand\b|million\b)?\s*(?:[^\d\s,，;；。.、]{0,8}?)"
_BETWEEN = re.compile(rf"(?:\bfrom\s+|\bbetween\s+)?(?P<a>{_Q})\s*(?:至|到|~|～|-|–|—|\bto\b|\bup to\b|\band\b)\s*"
                      rf"(?P<b>{_Q})", re.I)
# a bound either includes its amount (不超过 800 元, 以下, "up to", "at most") or stops short of it (不满 20 年,
# 低于, "less than", "under", "below"): Chinese rules read 以上 / 以下 / 以内 / 满 as including the amount and
# 不满 / 超过 as excluding it (民法典 第一千二百五十九条), and English "more than" / "less than" exclude it
# a negated word is its own bound, however the negation is written: 不超过, 不得超过, 不应超过, 未超过, 没有超过,
# "no more than", "must not be more than", "may not exceed" are at most; 不得低于, "shall not be less than" at least
_ZH_NEG = r"(?:不|未|没有?)(?:得|应|应当|能|可|宜|允许)?"
_EN_NEG = r"\b(?:no|not|never)\s+(?:be\s+)?"
_AT_MOST_WORDS = (rf"{_ZH_NEG}(?:超过|高于|多于)|最多|最高|上限为?|\bup to|{_EN_NEG}(?:more than|greater than|longer than|"
                  r"higher than|exceed(?:ing)?|in excess of)|\bnot exceeding|\bat most|\bwithin|\bmaximum of|\bmax\.?|"
                  r"\bless than or equal to|\bequal to or less than|≤|<=")
_SHORT_OF_WORDS = (r"(?<!不)(?<!不得)(?<!不应)(?<!不能)(?<!不可)(?<!不宜)(?<!未)(?<!没)(?:低于|少于)|不满|未满|没满|不足|不到|"
                   r"(?<!no )(?<!not )(?<!be )\b(?:less|fewer|lower|shorter) than(?! or equal)|\bbelow|\bunder|(?<![<≤])<(?!=)")
_AT_MOST_AFTER = r"及以下|或以下|以下|以内|之内|(?<=[日天周月年时元里米次人个件钟])内|\bor less|\bor below|\band below|\band under|\bor under"
_AT_LEAST_WORDS = (rf"{_ZH_NEG}(?:少于|低于)|(?<![不未没])满|至少|最少|{_EN_NEG}(?:less than|fewer than|lower than|shorter than|below)|"
                   r"\bat least|\bminimum of|\bgreater than or equal to|\bequal to or (?:more|greater) than|≥|>=")
_PAST_WORDS = (r"(?<!不)(?<!不得)(?<!不应)(?<!不能)(?<!不可)(?<!不宜)(?<!未)(?<!没)(?<!没有)(?:超过|高于|多于)|"
               r"(?<!no )(?<!not )(?<!be )\b(?:more|greater|higher|longer|older) than(?! or equal)|\bover|\babove|"
               r"(?<!not )(?<!never )\bexceed(?:s|ing)?|\bin excess of|(?<![>≥])>(?!=)")
_AT_LEAST_AFTER = r"及以上|或以上|以上|起|\bor more|\bor above|\band above|\band over|\+"
_INCLUDED = r"(?:（含）|\(含\))?"
_EXCLUDED = r"(?:（不含）|\(不含\))"
# each bound read both ways (the word before the amount, or after it), as separate patterns, so
# that one reading never hides the other ("1,000 and under" beside "under 5,000 USD")
_BOUNDS = [   # (pattern, a lower bound, the amount itself excluded)
    (re.compile(rf"(?:{_AT_MOST_WORDS})\s*(?P<a>{_Q})", re.I), False, False),
    (re.compile(rf"(?:{_SHORT_OF_WORDS})\s*(?P<a>{_Q})", re.I), False, True),
    # "5000 元以下（不含）", "5000 元（不含）以下": the amount is out
    (re.compile(rf"(?P<a>{_Q})\s*(?:{_EXCLUDED}\s*(?:{_AT_MOST_AFTER})|(?:{_AT_MOST_AFTER})\s*{_EXCLUDED})", re.I), False, True),
    (re.compile(rf"(?P<a>{_Q})\s*{_INCLUDED}\s*(?:{_AT_MOST_AFTER})", re.I), False, False),
    (re.compile(rf"(?:{_AT_LEAST_WORDS})\s*(?P<a>{_Q})", re.I), True, False),
    (re.compile(rf"(?:{_PAST_WORDS})\s*(?P<a>{_Q})", re.I), True, True),
    (re.compile(rf"(?P<a>{_Q})\s*(?:{_EXCLUDED}\s*(?:{_AT_LEAST_AFTER})|(?:{_AT_LEAST_AFTER})\s*{_EXCLUDED})", re.I), True, True),
    (re.compile(rf"(?P<a>{_Q})\s*{_INCLUDED}\s*(?:{_AT_LEAST_AFTER})", re.I), True, False),
]
# a bare 以上 after the amount (not 及以上 / 或以上): read as including it, unless the same text also bounds
# the amount from above with it included ("5,000 元及以下由部门经理审批；5,000 元以上由总监审批"), where it
# can only mean past it
_BARE_ABOVE = re.compile(rf"(?P<a>{_Q})\s*(?<![及或])以上", re.I)
_NUDGE = 1e-6


def _past(value: float, up: bool) -> float:
    """An amount a bound stops short of (不满 20 年) or asks past (超过 3 天), read just beside it: the
    same step on both sides, so "超过 3 天" in a question lies in "超过 3 天" in a rule and not in "3 天以内"."""
    step = _NUDGE * max(1.0, abs(value))
    return value + step if up else value - step


_CLAUSE = re.compile(r"[;；。\n]|,\s+(?=[A-Za-z])|(?<![A-Z])(?<!\b[a-z])\.\s+(?=[A-Z])")   # the fields of a table row, the clauses of a sentence


_UNIT_WORD = re.compile(rf"(?:{_UNIT_RE}|[$€£¥￥])", re.I)


def is_amount_word(token: str) -> bool:
    """A number or a unit: what an amount is written with, not what it is about."""
    return bool(re.fullmatch(r"[\d.,，]+", token) or _UNIT_WORD.fullmatch(token))


def _read(text: str) -> Iterator[tuple[re.Match[str], float, str | None]]:
    """Every amount in ``text``: where it stands, its value and its unit (``None`` when it has none)."""
    for m in _QUANTITY.finditer(text):
        value = float(re.sub(r"[,，]", "", m.group("value")))
        if m.group("scale"):
            value *= _SCALE[m.group("scale").lower()]
        unit = next((name for name in _UNITS if m.group(name)), None) or _PREFIX.get(m.group("prefix") or "")
        if unit == "year" and 1900 <= value <= 2100:
            continue   # a calendar year (2024 年), not a number of years
        yield m, value, unit


def quantities(text: str) -> list[tuple[float, str | None]]:
    """Every amount in ``text`` with its unit (``None`` when it has none)."""
    return [(value, unit) for _, value, unit in _read(text)]


def _at(text: str, m: re.Match[str], group: str) -> tuple[float, str | None] | None:
    """The amount that starts where ``group`` matched, read with the unit that follows it (the
    pattern's own group may stop short of the unit)."""
    start = m.start(group)
    found = quantities(text[start:start + 40])
    return found[0] if found else None


def ranges(text: str) -> list[tuple[float, float, str]]:
    """The ranges ``text`` states, as (low, high, unit); an end its word excludes (不满 20 年, "more than
    5,000 USD") lies just inside the amount. Only amounts with a unit
    make a range (a phone number, "steps 1 and 2" or "ISO 9001 and 27001" do not); a lower and
    an upper bound in one clause make one range ("5,000 元以上 20,000 元以下", "over 1,000 and
    under 5,000 USD"); where two readings overlap, the earlier wins."""
    found: list[tuple[float, float, str]] = []
    for clause in _CLAUSE.split(text):
        found += _clause_ranges(clause)
    bare = {(q[0], q[1]) for m in _BARE_ABOVE.finditer(text) if (q := _at(text, m, "a")) and q[1]}
    tops = {(hi, unit) for lo, hi, unit in found if math.isfinite(hi)}
    return [(_past(lo, True), hi, unit) if (lo, unit) in bare and (lo, unit) in tops else (lo, hi, unit)
            for lo, hi, unit in found]


def _clause_ranges(text: str) -> list[tuple[float, float, str]]:
    out: list[tuple[float, float, str]] = []
    taken: list[tuple[int, int]] = []
    for m in _BETWEEN.finditer(text):
        a, b = _at(text, m, "a"), _at(text, m, "b")
        unit = (a[1] or b[1]) if a and b else None
        if a and b and unit and a[0] <= b[0] and (a[1] == b[1] or a[1] is None or b[1] is None):
            out.append((a[0], b[0], unit))
            taken.append(m.span())
    bounds: list[tuple[int, int, float, bool, str | None]] = []   # start, end, value, is a lower bound, unit
    for pattern, low, excluded in _BOUNDS:
        for m in pattern.finditer(text):
            q = _at(text, m, "a")
            if q and not any(s < m.end() and m.start() < e for s, e in taken):
                value = _past(q[0], low) if excluded else q[0]
                bounds.append((m.start(), m.end(), value, low, q[1]))
    kept: list[tuple[int, int, float, bool, str | None]] = []
    # overlapping readings of one number ("over 1,000 and under"): the earlier, and of two from one place
    # the longer ("5000 元以下（不含）" over "5000 元以下")
    for bound in sorted(bounds, key=lambda b: (b[0], -b[1], b[2:])):
        if not kept or bound[0] >= kept[-1][1]:
            kept.append(bound)
    lows = [b for b in kept if b[3]]
    highs = [b for b in kept if not b[3]]
    for lo in lows:   # "5,000 元以上 20,000 元以下": one range, not two ("over 1,000 and under 5,000 USD": its unit)
        high = next((h for h in highs if h[2] >= lo[2] and (h[4] == lo[4] or None in (h[4], lo[4]))), None)
        if high is not None:
            highs.remove(high)
            unit = lo[4] or high[4]
            if unit:
                out.append((lo[2], high[2], unit))
        elif lo[4]:
            out.append((lo[2], math.inf, lo[4]))
    out += [(-math.inf, h[2], h[4]) for h in highs if h[4]]
    return out


# a question that asks past an amount ("请假超过 3 天", "more than 3 days") is not at that amount:
# "3 天以内" does not hold it, "3 天以上" does
# never a negated bound ("no more than", 未超过, 没有超过: at most, the amount included) or "carry over"
_NOT = r"(?<!不)(?<!未)(?<!没)(?<!没有)"
_EN_NOT = r"(?<!no )(?<!not )"
_PAST = re.compile(rf"(?:{_NOT}超过|{_NOT}多于|{_NOT}高于|{_EN_NOT}\bmore than|{_EN_NOT}\bgreater than|"
                   rf"(?<!carry )(?<!carried )(?<!hand )\bover|\babove|{_EN_NOT}\bexceed(?:s|ed|ing)?|\bin excess of|"
                   rf"{_EN_NOT}\blonger than)\s*$", re.I)
_SHORT_OF = re.compile(rf"(?:不到|不满|未满|没满|不足|{_NOT}少于|{_NOT}低于|{_EN_NOT}\bless than|{_EN_NOT}\bfewer than|\bunder|"
                       rf"\bbelow|{_EN_NOT}\bshorter than)\s*$", re.I)


# a question writes small numbers in words: "four months ago", "两个月"
_EN_NUMBER = {w: float(n) for w, n in EN_NUMBER_WORDS.items() if n <= 12}   # never "a": "days a week" is a rate
_TIME_UNIT = r"个?工作日|个?自然日|天|周|个?星期|个月|年|小时|(?:business |working |calendar )?days?|weeks?|months?|years?|hours?"
_WORDS = re.compile(rf"\b(?P<en>{'|'.join(sorted(_EN_NUMBER, key=len, reverse=True))})\s+(?P<u1>{_TIME_UNIT})\b"
                    rf"|(?<![一二两三四五六七八九十几第])(?P<zh>[一二两三四五六七八九十]{{1,3}})(?P<u2>{_TIME_UNIT})", re.I)
# time compared in days, so that "four months ago" falls past "older than 90 days"
# a month as policies count it (30 天, 90 天 for three months), and a year as twelve of them (12 个月
# is 1 年); "365 天" against "1 年" is the price
_DAYS = {"day": 1.0, "week": 7.0, "month": 30.0, "year": 360.0, "hour": 1 / 24}


def _nudged(value: float, before: str) -> float:
    """An amount the question asks past (超过 3 天) read just past it."""
    if _PAST.search(before):
        return _past(value, True)
    if _SHORT_OF.search(before):
        return _past(value, False)
    return value


# a span the question counts *per* ("远程办公一年最多能累计多少个工作日", "每周最多几天"): a rate's period, no amount
_PER_SPAN = re.compile(r"\s*(?:最多|最少|至多|至少|累计|一共|总共|共计)")


def _worded(question: str) -> list[tuple[float, str]]:
    out = []
    for m in _WORDS.finditer(question):
        if m.group("zh") and _PER_SPAN.match(question, m.end()):
            continue
        number = _EN_NUMBER[m.group("en").lower()] if m.group("en") else zh_number(m.group("zh"))
        value = None if number is None else float(number)
        unit = quantities(f"1 {m.group('u1') or m.group('u2')}")
        if value is not None and unit and unit[0][1]:
            out.append((_nudged(value, question[max(0, m.start() - 16):m.start()]), unit[0][1]))
    return out


def _in_days(value: float, unit: str) -> tuple[float, str]:
    return (value * _DAYS[unit], "day") if unit in _DAYS else (value, unit)


def asked_amounts(question: str) -> list[tuple[float, str]]:
    """The amounts a question names that have a unit: what :func:`fits` compares. An amount the
    question asks past (超过 3 天, "under 1,000 USD") is read just past it, so that of "3 天以内"
    and "3 天以上" only one holds it."""
    money = bool(_MONEY_WORDS.search(question))
    return [(_nudged(value, question[max(0, m.start() - 16):m.start()]), unit or "cny")
            for m, value, unit in _read(question)
            if unit is not None or (money and m.group("scale") in ("万", "亿") and _BARE_SUM_END.match(question, m.end()))
            ] + _worded(question)


# a Chinese sum written in 万 without 元 ("一笔 1.2 万的招待费报销", "月薪 4 万") is money when the question is
# about money
# …and only where nothing follows the sum that names what it counts (3 万名员工, 1 万步, 3 万日元, 2 万 5 千)
_BARE_SUM_END = re.compile(r"\s*(?:的|[，,。？?！!、；;）)]|$)")
_MONEY_WORDS = re.compile(r"报销|费|钱|预算|采购|付款|借款|工资|月薪|年薪|薪|金额|价|补贴|奖金")


def fits(question: str | list[tuple[float, str]], statement: str) -> bool | None:
    """Whether an amount the question names lies in a range the statement states (see the
    module docstring). ``question`` may be given as its :func:`asked_amounts`, read once for
    many statements."""
    asked = asked_amounts(question) if isinstance(question, str) else question
    if not asked:
        return None
    # spans of time compare in days ("four months" against "older than 90 days")
    asked = [_in_days(v, u) for v, u in asked]
    stated = [(lo * _DAYS[u], hi * _DAYS[u], "day") if u in _DAYS else (lo, hi, u) for lo, hi, u in ranges(statement)]
    comparable = [(lo, hi) for lo, hi, unit in stated for _, u in asked if unit == u]
    if not comparable:
        return None
    return any(lo <= v <= hi for v, u in asked for lo, hi, unit in stated if unit == u)
