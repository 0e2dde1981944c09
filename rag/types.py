"""The contracts every stage of the pipeline speaks.

Stages depend on this module and never on each other's internals. Everything here is plain
data: frozen dataclasses that serialise to JSON through ``to_dict`` / ``from_dict``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = [
    "Chunk",
    "Document",
    "LoadIssue",
    "Quarantined",
    "SearchHit",
]


@dataclass(frozen=True, slots=True)
class Document:
    """One source document after loading and cleaning.

    ``text`` is Markdown-flavoured plain text: headings as ``#`` lines and tables as ``|``
    rows, whatever the source format, so every chunker sees one structure.
    ``page_starts`` holds the character offset where each page begins (PDF only).
    """

    doc_id: str
    text: str
    title: str
    source: str
    metadata: dict[str, Any] = field(default_factory=dict)
    page_starts: tuple[int, ...] = ()

    def page_at(self, offset: int) -> int | None:
        """1-based page number of a character offset, or None when the source has no pages."""
        if not self.page_starts:
            return None
        page = 0
        for i, start in enumerate(self.page_starts):
            if start <= offset:
                page = i
            else:
                break
        return page + 1

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Document:
        return cls(**{**data, "page_starts": tuple(data.get("page_starts", ()))})


@dataclass(frozen=True, slots=True)
class Chunk:
    """A retrievable unit of a document.

    ``text`` is what gets embedded and indexed (it may start with a heading-path header);
    ``start``/``end`` locate the covered span in the document's text. Parent-child chunkers
    set ``parent_id`` and ``parent_text`` so the context builder can expand a hit.
    ``metadata`` carries the document's access labels, so retrievers can filter on them.
    """

    chunk_id: str
    doc_id: str
    text: str
    ord: int
    start: int
    end: int
    title: str = ""
    source: str = ""
    heading_path: tuple[str, ...] = ()
    page: int | None = None
    parent_id: str | None = None
    parent_text: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Chunk:
        return cls(**{**data, "heading_path": tuple(data.get("heading_path", ()))})


@dataclass(frozen=True, slots=True)
class LoadIssue:
    """A corpus file that was skipped, and why (unsupported, corrupt, empty, undecodable)."""

    source: str
    reason: str


@dataclass(frozen=True, slots=True)
class Quarantined:
    """A document kept out of the index because it carries instructions aimed at the model."""

    doc_id: str
    source: str
    reason: str
    excerpt: str


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One scored chunk returned by an index."""

    chunk_id: str
    score: float
