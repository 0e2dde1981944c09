"""Amounts in a question and the ranges a rule states: does "一笔 3 万元的报销" fall under
"20,000 元以上" or "5,000 元及以下"; does "a 3,000 USD monitor" fall under "from 1,000 USD up to
10,000 USD"?

Policies state thresholds as ranges, in table rows and in sentences; a question names one
amount. Words alone cannot tell the rows apart (each says 元 and 审批人); the number can.

- :func:`quantities` — the amounts of a text with their unit: ``3 万元`` → (30000, cny),
  ``3,000 USD`` / ``$3,000`` → (3000, usd), ``5 days`` → (5, day).
- :func:`ranges` — the ranges a text states, both ends inclusive (a threshold's strictness is
  not worth guessing): ``5,000 元至 20,000 元``, ``20,000 元以上``, ``不超过 800 元``, ``from 1,000
  up to 10,000 USD``, ``above 10,000 USD``, ``up to 3 days``. A bound without a unit takes the
  other bound's (``5,000 至 20,000 元``).
- :func:`fits` — ``True`` when an amount of the question lies in a range of the statement with
  the same unit (or a range without one), ``False`` when the statement states ranges in that
  unit and none holds it, ``None`` when there is nothing to compare.
"""

from __future__ import annotations

import math
import re

# a number, never part of a clock time (9:00) or a version (2.3.1)
_NUMBER = r"(?<![\d:.])(?:\d{1,3}(?:[,，]\d{3})+|\d+)(?:\.\d+)?(?![\d:]|\.\d)"
_SCALE = {"万": 1e4, "千": 1e3, "百万": 1e6, "亿": 1e8, "k": 1e3, "thousand": 1e3, "million": 1e6}
_UNITS = {
    "cny": r"元|块|人民币|rmb|cny|yuan",
    "usd": r"美元|usd|dollars?|us\$",
    "eur": r"欧元|eur|euros?",
    "gbp": r"英镑|gbp|pounds?",
    "day": r"个?工作日|个?自然日|天|日|(?:business |working |calendar )?days?",
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

# two bounds, then one: the pattern names the number positions it reads
_Q = r"[$€£¥￥]?\s*" + _NUMBER + r"\s*(?:百万|万|千|亿|k\b|thousand\b|million\b)?\s*(?:[^\d\s,，;；。.、]{0,8}?)"
_BETWEEN = re.compile(rf"(?:from\s+|between\s+)?(?P<a>{_Q})\s*(?:至|到|~|～|-|–|—|to|up to|and)\s*(?P<b>{_Q})", re.I)
_AT_MOST = re.compile(rf"(?:不超过|不高于|不多于|低于|少于|最多|最高|上限为?|up to|no more than|not more than|at most|"
                      rf"less than|below|under|maximum of|max\.?)\s*(?P<a>{_Q})|(?P<b>{_Q})\s*(?:（含）|\(含\))?\s*"
                      rf"(?:及以下|或以下|以下|以内|之内|or less|or below|and below|and under|or under)", re.I)
_AT_LEAST = re.compile(rf"(?:超过|高于|多于|不少于|不低于|至少|最少|more than|over|above|exceeding|at least|from)\s*"
                       rf"(?P<a>{_Q})|(?P<b>{_Q})\s*(?:（含）|\(含\))?\s*(?:及以上|或以上|以上|起|or more|or above|"
                       rf"and above|and over|\+)", re.I)


def quantities(text: str) -> list[tuple[float, str | None]]:
    """Every amount in ``text`` with its unit (``None`` when it has none)."""
    out = []
    for m in _QUANTITY.finditer(text):
        value = float(re.sub(r"[,，]", "", m.group("value")))
        if m.group("scale"):
            value *= _SCALE[m.group("scale").lower()]
        unit = next((name for name in _UNITS if m.group(name)), None) or _PREFIX.get(m.group("prefix") or "")
        if unit == "year" and 1900 <= value <= 2100:
            continue   # a calendar year (2024 年), not a number of years
        out.append((value, unit))
    return out


def _at(text: str, m: re.Match[str], group: str) -> tuple[float, str | None] | None:
    """The amount that starts where ``group`` matched, read with the unit that follows it (the
    pattern's own group may stop short of the unit)."""
    start = m.start(group)
    found = quantities(text[start:start + 40])
    return found[0] if found else None


def ranges(text: str) -> list[tuple[float, float, str | None]]:
    """The ranges ``text`` states, as (low, high, unit), ends included."""
    out: list[tuple[float, float, str | None]] = []
    rest = text
    for m in _BETWEEN.finditer(text):
        a, b = _at(text, m, "a"), _at(text, m, "b")
        if a and b and a[0] <= b[0] and (a[1] == b[1] or a[1] is None or b[1] is None):
            out.append((a[0], b[0], a[1] or b[1]))
            rest = rest.replace(m.group(), " ")
    for pattern, low in ((_AT_MOST, False), (_AT_LEAST, True)):
        for m in pattern.finditer(rest):
            q = _at(rest, m, "a" if m.group("a") else "b")
            if q:
                out.append((q[0], math.inf, q[1]) if low else (-math.inf, q[0], q[1]))
    return out


def fits(question: str, statement: str) -> bool | None:
    """Whether an amount the question names lies in a range the statement states (see the
    module docstring)."""
    asked = [(v, u) for v, u in quantities(question) if u is not None]
    if not asked:
        return None
    stated = ranges(statement)
    comparable = [(lo, hi) for lo, hi, unit in stated for _, u in asked if unit in (u, None)]
    if not comparable:
        return None
    return any(lo <= v <= hi for v, u in asked for lo, hi, unit in stated if unit in (u, None))
