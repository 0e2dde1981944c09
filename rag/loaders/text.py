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


@loaders.register("txt", version="1", extensions=(".txt",))
def plain_text() -> Loader:
    """Plain text; the title comes from the sidecar or the file name."""

    def load(data: bytes, source: str) -> Loaded:
        return Loaded(text=decode(data, source))

    return load
