"""The field a question asks for by name: "what extension reaches the Training Centre?" asks a directory row's
Extension; "哪个分机" / "分机号是多少" its 分机. A table row, quoted as "Post: Training Centre Manager; …; Extension:
3200", whose field is the one asked and whose values name something of the question answers it, however few of the
question's other words the row holds (a directory row shares little with the sentence it answers).
"""

from __future__ import annotations

import re

from rag.text import CJK, EN_FUNCTION_WORDS

# "what extension", "which form", "what's the phone number", "what is my employee number"
_ASKS_EN = re.compile(r"\b(?:what|which)(?:['’]s|\s+is|\s+are|\s+was)?\s+(?:(?:the|my|his|her|their|your|our|its)\s+)?"
                      r"([a-z][a-z-]+)(?:\s+([a-z][a-z-]+))?", re.I)
# a field of a Chinese row asked: "分机是多少", "分机号是多少", "电话是什么", "哪个分机", "什么颜色"
# (never 几点, 什么时候, 哪里: "工资什么时候发？" asks a date, "分机号哪里能查到？" a place)
_ASKS_ZH_AFTER = r"(?:号码?|电话)?(?:是|为)?(?:多少|几(?![点时])|什么(?!时候|时间|地方)|哪(?![里儿]))"
_ASKS_ZH_BEFORE = r"(?:哪个|哪一个|哪|什么)"
_FIELD_SEP = "; "


def _plural_less(word: str) -> str:
    return word.lower().removesuffix("s")


def asked_words(question: str) -> frozenset[str]:
    """The English words a question asks for after its "what" or "which" (extension; phone, number), stemmed; never a
    count ("the number of buses", "what number of drivers")."""
    return frozenset(_plural_less(word) for found in _ASKS_EN.finditer(question)
                     if not (found.group(1).lower() in _COUNTS and (found.group(2) or "").lower() == "of")
                     for word in found.groups() if word and word.lower() not in EN_FUNCTION_WORDS)


_COUNTS = frozenset({"number", "amount", "total", "count", "quantity"})


def fields_of(row: str) -> list[tuple[str, str]]:
    """(field, value) of each cell of a row as quoted: "Post: Duty Allocator; Extension: 2120"."""
    return [(field.strip(), value.strip()) for field, sep, value in (cell.partition(": ") for cell in row.split(_FIELD_SEP))
            if sep and field.strip()]


def asks_field(question: str, field: str, asked: frozenset[str] | None = None) -> bool:
    """Whether ``question`` asks for ``field`` by name: an English field whose words it asks after "what" or "which"; a
    Chinese field of two characters or more that it asks as "分机是多少" or "哪个分机"."""
    if CJK.search(field):
        if len(field) < 2 or not CJK.search(question):
            return False
        name = re.escape(field)
        return re.search(rf"{name}{_ASKS_ZH_AFTER}|{_ASKS_ZH_BEFORE}{name}", question) is not None
    words = [word for word in re.findall(r"[A-Za-z][A-Za-z-]+", field) if word.lower() not in EN_FUNCTION_WORDS]
    asked = asked if asked is not None else asked_words(question)
    # every word of the field is asked ("Phone number"; never "Start time" for "what break time"), and a field of
    # function words alone ("To", "From") is asked by none
    return bool(words) and all(_plural_less(word) in asked for word in words)
