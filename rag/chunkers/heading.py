"""Heading-aware chunking: chunks never cross a section, and carry their heading path."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from pydantic import PositiveInt

from rag.chunkers.base import Chunker, chunkers, header_line, make_chunk
from rag.chunkers.blocks import Block, Heading, parse_blocks
from rag.chunkers.packing import Piece, pack, units_of
from rag.chunkers.sentence import check_overlap
from rag.types import Chunk, Document


@dataclass
class Section:
    path: tuple[str, ...]
    blocks: list[Block] = field(default_factory=list)


def sections(blocks: list[Block]) -> Iterator[Section]:
    """Group blocks under their heading path; a heading closes every deeper or equal level."""
    stack: list[Heading] = []
    current = Section(())
    for block in blocks:
        if isinstance(block, Heading):
            if current.blocks:
                yield current
            while stack and stack[-1].level >= block.level:
                stack.pop()
            stack.append(block)
            current = Section(tuple(h.title for h in stack), [block])
        else:
            current.blocks.append(block)
    if current.blocks:
        yield current


def section_pieces(
    doc: Document, section: Section, max_chars: int, overlap_chars: int, context_header: bool
) -> list[Piece]:
    """Pack one section. With a context header the heading line itself is left out of the
    body, since the header already names it."""
    header = header_line(doc, section.path) + "\n" if context_header else ""
    units = units_of(doc.text, section.blocks, headings=not context_header)
    if not units:
        return []
    budget = max(max_chars - len(header), max_chars // 2)
    return [
        Piece(header + p.text, p.start, p.end)
        for p in pack(doc.text, units, budget, min(overlap_chars, budget - 1))
    ]


@chunkers.register("heading_aware", version="5")
def heading_aware(
    *, max_chars: PositiveInt = 800, overlap_chars: int = 0, context_header: bool = True
) -> Chunker:
    """Split at Markdown and Chinese headings, then pack sentences within each section.

    Every chunk records its heading path; ``context_header`` prepends
    ``title > heading > sub-heading`` to the chunk text, which helps both BM25 and dense
    retrieval find a passage whose own words never name its topic.
    (Version 2: a full stop after an abbreviation, an initial or a list number — "Dr. Patel", "e.g. a",
    "John H. McArthur" — ends no sentence, so no chunk is cut there; :func:`rag.text.sentence_spans`. Version 3: a capital letter that labels
    the noun before it — "Building B. Staff must …" — ends one. Version 4: a line longer than 2,000 characters is
    read in a window around each full stop, which keeps the time linear. Version 5: nothing inside a title in 《》, as in
    《卡拉OK.LIVE！‧台北‧我》, ends a sentence.)
    """
    check_overlap(max_chars, overlap_chars)

    def chunk(doc: Document) -> list[Chunk]:
        out: list[Chunk] = []
        for section in sections(parse_blocks(doc.text)):
            for piece in section_pieces(doc, section, max_chars, overlap_chars, context_header):
                out.append(make_chunk(doc, len(out), piece.text, piece.start, piece.end,
                                      heading_path=section.path))
        return out

    return chunk
