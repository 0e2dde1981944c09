"""Parent-child chunking: retrieve on small chunks, answer from their whole section."""

from __future__ import annotations

from pydantic import PositiveInt

from rag.chunkers.base import Chunker, chunkers, header_line, make_chunk
from rag.chunkers.blocks import parse_blocks
from rag.chunkers.heading import section_pieces, sections
from rag.chunkers.packing import pack, units_of
from rag.chunkers.sentence import check_overlap
from rag.errors import ConfigError
from rag.types import Chunk, Document


@chunkers.register("parent_child", version="5")
def parent_child(
    *,
    parent_chars: PositiveInt = 2000,
    child_chars: PositiveInt = 300,
    child_overlap_chars: int = 50,
    context_header: bool = True,
) -> Chunker:
    """Parents are heading sections (packed up to ``parent_chars``); children are sentence
    chunks of ``child_chars`` inside one parent. Only children are indexed; each carries its
    parent's id and text for the context builder to expand.
    Version 2: a full stop after an abbreviation, an initial or a list number ends no sentence (version 3: a label
    letter, "Building B.", ends one; version 5: nothing inside a title in 《》 ends one)
    (:func:`rag.text.sentence_spans`)."""
    check_overlap(child_chars, child_overlap_chars)
    if child_chars >= parent_chars:
        raise ConfigError("child_chars must be smaller than parent_chars",
                          field="chunker.params.child_chars")

    def chunk(doc: Document) -> list[Chunk]:
        out: list[Chunk] = []
        parent_no = 0
        for section in sections(parse_blocks(doc.text)):
            header = header_line(doc, section.path) + "\n" if context_header else ""
            for parent in section_pieces(doc, section, parent_chars, 0, context_header):
                parent_id = f"{doc.doc_id}#p{parent_no}"
                parent_no += 1
                units = [
                    u for u in units_of(doc.text, section.blocks, headings=not context_header)
                    if u.span.start >= parent.start and u.span.end <= parent.end
                ]
                for child in pack(doc.text, units, child_chars, child_overlap_chars):
                    out.append(make_chunk(
                        doc, len(out), header + child.text, child.start, child.end,
                        heading_path=section.path, parent_id=parent_id, parent_text=parent.text,
                    ))
        return out

    return chunk
