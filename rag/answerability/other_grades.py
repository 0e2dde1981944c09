"""A grade the sources never write: "考下二级建造师证书，公司一次性奖励多少钱？" when the reward table lists 一级建造师 only,
"三线值班接到电话后要在多少分钟内赶到医院？" beside 二线值班, "初级核保资格多久复审一次？" beside 中级核保资格.

The grade is one character or two, and the rest of the name stands in the sources with another grade, so the key-term
support is high: 建造师, 奖励 and the amount all stand in the row of the other grade. But a grade names a row of its own:
what the sources state for 一级 does not answer for 二级.

Chinese only (an English grade is a code, "Level 3", "Grade 8": :func:`rag.answerability.pinned_rows.unlisted_code`).
Grades: a numeral before 级, 线, 类, 档, 等 or 星 (一级, 二线, 3 类), and 初级, 中级, 高级, 特级. Refused when the top
sources write the name with another grade and no chunk the asker may see writes it with the asked one.
"""

from __future__ import annotations

import re
from typing import Any

from rag.text import numbered_label_in, zh_number

_GRADE = re.compile(r"(?<![一二三四五六七八九十\d第])(?:[一二三四五六七八九]|[1-9])\s*(?:级|线|类|档|等|星)|初级|中级|高级|特级")
_NAME = re.compile(r"[\u4e00-\u9fff]{2,8}")
_MIN_NAME = 2


def _compact(text: str) -> str:
    return re.sub(r"[\s*_`]+", "", text)


def _in_a_range(grade: str, head: str, text: str) -> bool:
    """Whether ``text`` holds the numbered grade of ``head`` in a list or a range ("一至三类城市", "二、三类城市")."""
    numbered = re.fullmatch(r"([一二三四五六七八九]|[1-9])(.)", grade)
    if numbered is None:
        return False
    number = zh_number(numbered.group(1))
    return number is not None and numbered_label_in(numbered.group(2) + head, number, text)


def other_grade(question: str, sources: str, written: Any) -> tuple[str, str] | None:
    """(the graded name asked, the graded name the sources write) when ``question`` names a name with a grade
    ("二级建造师") that ``sources`` (the top sources, joined) write only with other grades ("一级建造师") and that
    ``written(text)`` — whether a chunk the asker may see writes ``text`` — says no chunk writes."""
    said = _compact(sources)
    for grade in _GRADE.finditer(question):
        name = _NAME.match(question, grade.end())
        if name is None:
            continue
        asked_grade = _compact(grade.group())
        # the longest head of what follows the grade that the sources write after another grade
        for end in range(len(name.group()), _MIN_NAME - 1, -1):
            head = name.group()[:end]
            others = [m.group() for m in re.finditer(rf"(?:{_GRADE.pattern}){re.escape(head)}", said)
                      if _compact(_GRADE.match(m.group()).group()) != asked_grade]  # type: ignore[union-attr]
            if others:
                asked = f"{asked_grade}{head}"
                # (the grade with the name's first words is written: "高级教师二档" asks a band of 高级教师, which the
                # sources list, whatever 二级教师二档 they also write)
                if any(f"{asked_grade}{head[:k]}" in said or written(f"{asked_grade}{head[:k]}")
                       for k in range(_MIN_NAME, len(head) + 1)) or _in_a_range(asked_grade, head, said):
                    break
                return asked, others[0]
    return None
