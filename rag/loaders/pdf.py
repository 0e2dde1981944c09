"""PDF through pypdf, with the page each piece of text came from."""

from __future__ import annotations

import io

from rag._lazy import require
from rag.errors import DocumentLoadError
from rag.loaders.base import Loaded, Loader, loaders


@loaders.register("pdf", version="1", extensions=(".pdf",))
def pdf() -> Loader:
    """Text page by page; ``page_starts`` records where each page begins in the text."""

    def load(data: bytes, source: str) -> Loaded:
        pypdf = require("pypdf", pip="pypdf")
        try:
            reader = pypdf.PdfReader(io.BytesIO(data))
            if reader.is_encrypted and not reader.decrypt(""):
                raise DocumentLoadError(f"{source}: encrypted PDF")
            pages = [(page.extract_text() or "").strip() for page in reader.pages]
            meta_title = reader.metadata.title if reader.metadata else None
        except DocumentLoadError:
            raise
        except Exception as exc:  # pypdf raises many types for damaged files
            raise DocumentLoadError(f"{source}: corrupt PDF ({type(exc).__name__}: {exc})") from exc
        if not any(pages):
            raise DocumentLoadError(f"{source}: PDF has no extractable text (scanned images?)")
        starts, parts, offset = [], [], 0
        for text in pages:
            starts.append(offset)
            parts.append(text)
            offset += len(text) + 2
        return Loaded(text="\n\n".join(parts), title=meta_title or None, page_starts=tuple(starts))

    return load
