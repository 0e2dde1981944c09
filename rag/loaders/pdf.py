"""PDF through pypdf, with the page each piece of text came from."""

from __future__ import annotations

import io

from rag._lazy import require
from rag.errors import DocumentLoadError
from rag.loaders.base import Loaded, Loader, loaders

_TERMINAL = tuple("。！？；：.!?;:")


def unwrap(page: str, ratio: float = 0.8) -> str:
    """Join lines that the PDF layout wrapped: a line at least ``ratio`` of the page's longest
    line that does not end a sentence continues on the next line (without a space between
    CJK characters). Short lines, such as headings, stay on their own."""
    lines = [ln.strip() for ln in page.split("\n")]
    longest = max((len(ln) for ln in lines), default=0)
    out: list[str] = []
    for line in lines:
        if out and out[-1] and line and len(out[-1]) >= ratio * longest and not out[-1].endswith(_TERMINAL):
            cjk = "\u3400" <= out[-1][-1] <= "\u9fff" or "\u3400" <= line[0] <= "\u9fff"
            out[-1] = out[-1] + ("" if cjk else " ") + line
        else:
            out.append(line)
    return "\n".join(out)


MAX_PAGES = 2000


@loaders.register("pdf", version="2", extensions=(".pdf",))
def pdf(*, unwrap_lines: bool = True) -> Loader:
    """Text page by page; ``page_starts`` records where each page begins in the text.
    ``unwrap_lines`` rejoins sentences that the page layout broke across lines."""

    def load(data: bytes, source: str) -> Loaded:
        pypdf = require("pypdf", pip="pypdf")
        try:
            reader = pypdf.PdfReader(io.BytesIO(data))
            if reader.is_encrypted and not reader.decrypt(""):
                raise DocumentLoadError(f"{source}: encrypted PDF")
            if len(reader.pages) > MAX_PAGES:
                raise DocumentLoadError(f"{source}: PDF has {len(reader.pages)} pages (limit {MAX_PAGES})")
            pages = [(page.extract_text() or "").strip() for page in reader.pages]
            if unwrap_lines:
                pages = [unwrap(p) for p in pages]
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
