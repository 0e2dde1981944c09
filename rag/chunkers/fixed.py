"""Fixed-size character windows: the naive baseline every other chunker is measured against."""

from __future__ import annotations

from pydantic import PositiveInt

from rag.chunkers.base import Chunker, chunkers, make_chunk
from rag.errors import ConfigError
from rag.types import Chunk, Document


@chunkers.register("fixed", version="1")
def fixed(*, max_chars: PositiveInt = 500, overlap_chars: int = 0) -> Chunker:
    """Windows of ``max_chars`` characters, each starting ``max_chars - overlap_chars`` after
    the previous one. Ignores sentences, headings and tables on purpose."""
    if not 0 <= overlap_chars < max_chars:
        raise ConfigError("overlap_chars must be at least 0 and less than max_chars",
                          field="chunker.params.overlap_chars")
    step = max_chars - overlap_chars

    def chunk(doc: Document) -> list[Chunk]:
        out = []
        for start in range(0, len(doc.text), step):
            end = min(start + max_chars, len(doc.text))
            piece = doc.text[start:end]
            if piece.strip():
                out.append(make_chunk(doc, len(out), piece, start, end))
            if end == len(doc.text):
                break
        return out

    return chunk


@chunkers.register("whole", version="1")
def whole() -> Chunker:
    """One chunk per document: for corpora of short passages (BEIR abstracts, FAQs)."""
    return lambda doc: [make_chunk(doc, 0, doc.text, 0, len(doc.text))]
