"""The chunker registry and the helpers every chunker shares."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rag.registry import Registry
from rag.types import Chunk, Document

Chunker = Callable[[Document], list[Chunk]]
chunkers: Registry[Chunker] = Registry("chunker")


def header_line(doc: Document, path: Sequence[str]) -> str:
    """The context header: document title, then the heading path, ``" > "``-joined."""
    parts = list(path)
    if not parts or parts[0] != doc.title:
        parts.insert(0, doc.title)
    return " > ".join(p for p in parts if p)


def make_chunk(
    doc: Document,
    ord_: int,
    text: str,
    start: int,
    end: int,
    *,
    heading_path: Sequence[str] = (),
    parent_id: str | None = None,
    parent_text: str | None = None,
    id_prefix: str = "",
) -> Chunk:
    return Chunk(
        chunk_id=f"{doc.doc_id}#{id_prefix}{ord_}",
        doc_id=doc.doc_id,
        text=text,
        ord=ord_,
        start=start,
        end=end,
        title=doc.title,
        source=doc.source,
        heading_path=tuple(heading_path),
        page=doc.page_at(start),
        parent_id=parent_id,
        parent_text=parent_text,
        metadata=dict(doc.metadata),
    )
