"""Sentence splitting and greedy packing of units (sentences, table rows) into chunks.

A chunk's text is a contiguous slice of the document, so offsets and pages stay exact. The
one exception is a table continued in a later chunk: its header row is repeated in front,
because rows without their header lose their meaning.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rag.chunkers.blocks import Block, Heading, Paragraph, Span, Table
from rag.text import sentence_spans


@dataclass(frozen=True, slots=True)
class Unit:
    span: Span
    table: Table | None = None
    is_table_header: bool = False
    is_heading: bool = False

    @property
    def size(self) -> int:
        return self.span.end - self.span.start


@dataclass(frozen=True, slots=True)
class Piece:
    text: str
    start: int
    end: int


def sentences(text: str, span: Span) -> list[Span]:
    """Sentence spans inside ``span``, whitespace trimmed."""
    return [Span(s, e) for s, e in sentence_spans(text, span.start, span.end)]


def units_of(text: str, blocks: Iterable[Block], *, headings: bool = True) -> list[Unit]:
    units: list[Unit] = []
    for block in blocks:
        if isinstance(block, Heading):
            if headings and not block.inline_body:
                units.append(Unit(block.span, is_heading=True))
        elif isinstance(block, Paragraph):
            units.extend(Unit(s) for s in sentences(text, block.span))
        elif isinstance(block, Table):
            units.append(Unit(block.header, table=block, is_table_header=True))
            units.extend(Unit(row, table=block) for row in block.rows)
    return units


def _split_long(unit: Unit, max_chars: int) -> list[Unit]:
    """A sentence longer than a chunk is cut into windows; a table row never is."""
    if unit.size <= max_chars or unit.table is not None:
        return [unit]
    return [
        Unit(Span(s, min(s + max_chars, unit.span.end)))
        for s in range(unit.span.start, unit.span.end, max_chars)
    ]


def _prefix(text: str, units: list[Unit]) -> str:
    first = units[0]
    if first.table is not None and not first.is_table_header:
        header = first.table.header
        return text[header.start : header.end] + "\n"
    return ""


def pack(text: str, units: list[Unit], max_chars: int, overlap_chars: int = 0) -> list[Piece]:
    """Greedily fill chunks up to ``max_chars``; carry trailing sentences as overlap."""
    expanded = [u for unit in units for u in _split_long(unit, max_chars)]
    pieces: list[Piece] = []
    current: list[Unit] = []

    def size_of(group: list[Unit]) -> int:
        if not group:
            return 0
        return len(_prefix(text, group)) + group[-1].span.end - group[0].span.start

    def emit() -> None:
        start, end = current[0].span.start, current[-1].span.end
        pieces.append(Piece(_prefix(text, current) + text[start:end], start, end))

    for unit in expanded:
        if current and size_of([*current, unit]) > max_chars:
            if current[-1].is_table_header:
                # A header never ends a chunk: it moves on with its first row, even if
                # header and row together exceed the budget.
                header = current.pop()
                if current:
                    emit()
                current = [header, unit]
                continue
            emit()
            tail: list[Unit] = []
            for prev in reversed(current[1:]):
                if prev.table is not None or prev.is_heading:
                    break
                if size_of([prev, *tail, unit]) > max_chars or size_of([prev, *tail]) > overlap_chars:
                    break
                tail.insert(0, prev)
            current = tail
        current.append(unit)
    if current:
        emit()
    return pieces
