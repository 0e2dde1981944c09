"""Sentence-aware chunking with overlap (Chinese 。！？； and English sentence ends)."""

from __future__ import annotations

from pydantic import PositiveInt

from rag.chunkers.base import Chunker, chunkers, make_chunk
from rag.chunkers.blocks import parse_blocks
from rag.chunkers.packing import pack, units_of
from rag.errors import ConfigError
from rag.types import Chunk, Document


def check_overlap(max_chars: int, overlap_chars: int) -> None:
    if not 0 <= overlap_chars < max_chars:
        raise ConfigError("overlap_chars must be at least 0 and less than max_chars",
                          field="chunker.params.overlap_chars")


@chunkers.register("sentence", version="5")
def sentence(*, max_chars: PositiveInt = 500, overlap_chars: int = 100) -> Chunker:
    """Pack whole sentences up to ``max_chars``; the next chunk repeats trailing sentences
    up to ``overlap_chars``. Tables split only between rows, repeating their header.
    Version 2: a full stop after an abbreviation, an initial or a list number ends no sentence (version 3: a label
    letter, "Building B.", ends one; version 5: nothing inside a title in 《》 ends one)
    (:func:`rag.text.sentence_spans`)."""
    check_overlap(max_chars, overlap_chars)

    def chunk(doc: Document) -> list[Chunk]:
        units = units_of(doc.text, parse_blocks(doc.text))
        pieces = pack(doc.text, units, max_chars, overlap_chars)
        return [make_chunk(doc, i, p.text, p.start, p.end) for i, p in enumerate(pieces)]

    return chunk
