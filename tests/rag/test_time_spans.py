"""A span of months the sources never write (rag.answerability.time_spans, evidence v79)."""

from __future__ import annotations

import pytest

from rag.answerability.time_spans import asked_span, span_unwritten

CAREER = ("1967年4月至1969年9月任陆军排长。1970年4月至1971年3月任连长。"
          "1993年4月至1996年2月任武警部队参谋长。1996年4月至1999年12月任武警部队副司令员。")
CAREER_EN = ("From June 1994 to March 1998 she was deputy mayor. From May 2000 to April 2004 she led the council. "
             "She retired in 2009.")


@pytest.mark.parametrize(("question", "span"), [
    ("1969年9月至1970年4月，吴双战担任什么职务？", ((1969, 9), (1970, 4))),
    ("1996年2月至4月，吴双战担任什么职务？", ((1996, 2), (1996, 4))),
    ("2001年3月到2003年1月期间他在哪里工作？", ((2001, 3), (2003, 1))),
    ("From March 1998 to May 2000, which post did she hold?", ((1998, 3), (2000, 5))),
    ("What did she do between Sept. 1994 and June 1996?", ((1994, 9), (1996, 6))),
    ("1998年至2000年，他担任什么职务？", None),          # years alone are never read
    ("Was it built between 1998 and 2000?", None),
    ("1970年4月至1969年9月，他担任什么职务？", None),    # no span: the end before the start
    ("2024年13月至14月？", None),
])
def test_asked_span(question: str, span: object) -> None:
    assert asked_span(question) == span


@pytest.mark.parametrize(("question", "sources", "refused"), [
    ("1969年9月至1970年4月，吴双战担任什么职务？", CAREER, True),       # 1969年9月 ends one post, 1970年4月 starts the next
    ("1996年2月至4月，吴双战担任什么职务？", CAREER, True),
    ("1970年4月至1971年3月，吴双战担任什么职务？", CAREER, False),
    ("1993年4月至1996年2月，吴双战担任什么职务？", CAREER, False),
    ("1996年2月至4月，他担任什么职务？", "1996年2月至4月任集团军代理军长。", False),   # the end takes the start's year
    ("From March 1998 to May 2000, which post did she hold?", CAREER_EN, True),
    ("From June 1994 to March 1998, which post did she hold?", CAREER_EN, False),
    ("Between May 2000 and April 2004, what did she lead?", CAREER_EN, False),
    ("1998年至2000年，他担任什么职务？", CAREER, False),                  # no span of months asked
])
def test_span_unwritten(question: str, sources: str, refused: bool) -> None:
    assert (span_unwritten(question, sources) is not None) is refused
