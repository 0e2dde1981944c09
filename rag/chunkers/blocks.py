"""Structure of a document's text: headings, paragraphs and tables, with character offsets.

Headings are Markdown ``#`` lines and the Chinese forms ``第X章 / 第X节 / 第X条 / 一、 /
（一）``. Markdown levels are 1–6; Chinese heading kinds nest below them, ranked by the order in
which a document first uses them (a regulation that opens with 第一章 and then uses 第一条
nests articles under chapters; a memo that uses 一、 then （一） nests those).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_NUM = r"[一二三四五六七八九十百千零〇两\d]+"
_MD_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_ZH_ALWAYS = [("zhang", re.compile(rf"^第{_NUM}章")), ("jie", re.compile(rf"^第{_NUM}节"))]
_ZH_ARTICLE = re.compile(rf"^(第{_NUM}条)\s*(.*)$")
_ZH_SHORT = [
    ("yi", re.compile(r"^[一二三四五六七八九十]+[、.．]")),
    ("paren", re.compile(r"^[（(][一二三四五六七八九十]+[）)]")),
]
_SENTENCE_END = re.compile(r"[。！？；!?;]$")
_TABLE_ROW = re.compile(r"^\s*\|")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{3,}")
SHORT_HEADING = 40


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    title: str
    span: Span
    inline_body: bool = False  # 第X条 followed by its text on the same line


@dataclass(frozen=True, slots=True)
class Paragraph:
    span: Span


@dataclass(slots=True)
class Table:
    header: Span
    rows: list[Span] = field(default_factory=list)


Block = Heading | Paragraph | Table


def _lines(text: str) -> list[tuple[str, int, int]]:
    out, pos = [], 0
    for line in text.split("\n"):
        out.append((line, pos, pos + len(line)))
        pos += len(line) + 1
    return out


class _ZhLevels:
    def __init__(self) -> None:
        self.order: list[str] = []

    def level(self, kind: str) -> int:
        if kind not in self.order:
            self.order.append(kind)
        return 7 + self.order.index(kind)


def _heading(line: str, start: int, end: int, zh: _ZhLevels) -> Heading | None:
    stripped = line.strip()
    lead = len(line) - len(line.lstrip())
    span = Span(start + lead, end)
    md = _MD_HEADING.match(stripped)
    if md:
        return Heading(len(md.group(1)), md.group(2).strip(), span)
    for kind, pattern in _ZH_ALWAYS:
        if pattern.match(stripped) and len(stripped) <= SHORT_HEADING:
            return Heading(zh.level(kind), stripped, span)
    article = _ZH_ARTICLE.match(stripped)
    if article:
        marker, rest = article.groups()
        if len(stripped) <= SHORT_HEADING and not _SENTENCE_END.search(stripped):
            return Heading(zh.level("tiao"), stripped, span)
        label = re.split(r"[：:，,。]", rest, maxsplit=1)[0] if re.search(r"[：:]", rest[:16]) else ""
        title = f"{marker} {label}".strip() if label and len(label) <= 16 else marker
        return Heading(zh.level("tiao"), title, span, inline_body=True)
    for kind, pattern in _ZH_SHORT:
        if pattern.match(stripped) and len(stripped) <= SHORT_HEADING and not _SENTENCE_END.search(stripped):
            return Heading(zh.level(kind), stripped, span)
    return None


def parse_blocks(text: str) -> list[Block]:
    """Split text into headings, paragraphs (runs of non-blank lines) and tables."""
    blocks: list[Block] = []
    zh = _ZhLevels()
    para_start: int | None = None
    para_end = 0
    table: Table | None = None

    def close_paragraph() -> None:
        nonlocal para_start
        if para_start is not None:
            blocks.append(Paragraph(Span(para_start, para_end)))
            para_start = None

    lines = _lines(text)
    i = 0
    while i < len(lines):
        line, start, end = lines[i]
        if _TABLE_ROW.match(line):
            close_paragraph()
            if table is None:
                header_end = end
                if i + 1 < len(lines) and _TABLE_SEP.match(lines[i + 1][0]):
                    header_end = lines[i + 1][2]
                    i += 1
                table = Table(Span(start, header_end))
                blocks.append(table)
            else:
                table.rows.append(Span(start, end))
            i += 1
            continue
        table = None
        if not line.strip():
            close_paragraph()
            i += 1
            continue
        heading = _heading(line, start, end, zh)
        if heading is not None:
            close_paragraph()
            blocks.append(heading)
            if heading.inline_body:
                blocks.append(Paragraph(heading.span))
            i += 1
            continue
        if para_start is None:
            para_start = start + len(line) - len(line.lstrip())
        para_end = end
        i += 1
    close_paragraph()
    return blocks
