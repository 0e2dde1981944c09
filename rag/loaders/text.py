"""Markdown and plain text."""

from __future__ import annotations

from rag.loaders.base import Loaded, Loader, decode, first_heading, loaders


@loaders.register("md", version="1", extensions=(".md", ".markdown"))
def markdown() -> Loader:
    """Markdown as it is; the title is the first ``#`` heading."""

    def load(data: bytes, source: str) -> Loaded:
        text = decode(data, source)
        return Loaded(text=text, title=first_heading(text))

    return load


@loaders.register("txt", version="2", extensions=(".txt",))
def plain_text(*, title_chars: int = 60) -> Loader:
    """Plain text; a short first line that does not end a sentence is the title (else the
    sidecar's title or the file name)."""

    def load(data: bytes, source: str) -> Loaded:
        text = decode(data, source)
        first = text.strip().split("\n", 1)[0].strip()
        is_title = 0 < len(first) <= title_chars and first[-1] not in "。.!?！？；;:："
        return Loaded(text=text, title=first if is_title and "\n" in text.strip() else None)

    return load
