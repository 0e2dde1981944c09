"""Sentence ends: a full stop ends a sentence, except after an abbreviation, an initial or a list number."""

import pytest

from rag.text import sentence_spans, statements


def sentences(text: str) -> list[str]:
    return [text[s:e] for s, e in sentence_spans(text)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Mr. Smith met Dr. Jones in the U.S. on Jan. 5. He left.",
     ["Mr. Smith met Dr. Jones in the U.S. on Jan. 5.", "He left."]),
    ("Bring e.g. a laptop. Then wait.", ["Bring e.g. a laptop.", "Then wait."]),
    ("3. Submit the claim within 3 months. Late claims are not paid.",
     ["3. Submit the claim within 3 months.", "Late claims are not paid."]),
    ("The grant was 3.5 per cent. It rose.", ["The grant was 3.5 per cent.", "It rose."]),
    # an English name inside a Chinese sentence keeps its initial (CMRC 2018: the answer was cut at "H.")
    ("基金会现任董事会主席是约翰·麦克阿瑟（John H. McArthur）教授。他曾任院长。",
     ["基金会现任董事会主席是约翰·麦克阿瑟（John H. McArthur）教授。", "他曾任院长。"]),
    ("这个计划由William and Flora Hewlett Foundation、Andrew W. Mellon Foundation共同主持。",
     ["这个计划由William and Flora Hewlett Foundation、Andrew W. Mellon Foundation共同主持。"]),
])
def test_a_full_stop_ends_a_sentence_unless_it_ends_an_abbreviation(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_the_other_ends_still_hold() -> None:
    # Chinese ends, line breaks, ? and ! — and a plain full stop before a capital
    assert sentences("先报备。再出发！要带证件吗？\nStaff park in Car Park C. A permit must be shown.") == [
        "先报备。", "再出发！", "要带证件吗？", "Staff park in Car Park C.", "A permit must be shown."]
    # a span inside the text, as the callers read a part of a chunk
    text = "Intro line.\nDr. Patel signs it. Keep a copy."
    start = text.index("Dr.")
    assert [text[s:e] for s, e in sentence_spans(text, start)] == ["Dr. Patel signs it.", "Keep a copy."]


def test_statements_read_a_row_whole() -> None:
    text = "| Role | Colour |\n|---|---|\n| Dr. on call | Navy |\nWear it. Always."
    assert statements(text) == [("Role: Dr. on call; Colour: Navy", True), ("Wear it.", False), ("Always.", False)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Park in Block C. A permit is needed.", ["Park in Block C.", "A permit is needed."]),
    ("Take Plan B. It costs less.", ["Take Plan B.", "It costs less."]),
    ("Music by W. A. Mozart. The rest.", ["Music by W. A. Mozart.", "The rest."]),
    ("Ask John H. McArthur first.", ["Ask John H. McArthur first."]),
])
def test_a_capital_letter_ends_a_sentence_before_a_function_word(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_a_long_line_is_read_in_windows_with_the_same_ends() -> None:
    # a line past 2,000 characters is read around each stop (pysbd's time grows faster than the line)
    unit = "Staff park in Car Park C. Dr. Patel signs the permit. "
    text = unit * 60
    assert len(text) > 2000
    said = sentences(text)
    assert len(said) == 120 and said[:2] == ["Staff park in Car Park C.", "Dr. Patel signs the permit."]


@pytest.mark.parametrize("text, expected", [
    ("《卡拉OK.LIVE！‧台北‧我》创造了记录。它很受欢迎！",
     ["《卡拉OK.LIVE！‧台北‧我》创造了记录。", "它很受欢迎！"]),
    ("他写了《你好！》。后来又写了《再见？朋友》", ["他写了《你好！》。", "后来又写了《再见？朋友》"]),
    ("参加过《桃之阵!》的演出。", ["参加过《桃之阵!》的演出。"]),
    # an unclosed mark, or one that runs past a line or 40 characters, guards nothing
    ("然后《未闭合！后面的文字。", ["然后《未闭合！", "后面的文字。"]),
    ("《第一行！\n第二行》。", ["《第一行！", "第二行》。"]),
])
def test_nothing_inside_a_title_in_book_marks_ends_a_sentence(text: str, expected: list[str]) -> None:
    assert [text[s:e] for s, e in sentence_spans(text)] == expected
    assert [t for t, _ in statements(text)] == expected
