"""Word documents through python-docx: paragraphs and tables in document order."""

from __future__ import annotations

import io
import re
from typing import Any

from rag._lazy import require
from rag.errors import DocumentLoadError
from rag.loaders.base import Loaded, Loader, loaders

_HEADING_STYLE = re.compile(r"^(?:heading|标题)\s*(\d)$", re.IGNORECASE)


def _paragraph(par: Any) -> str:
    text = par.text.strip()
    if not text:
        return ""
    style = (par.style.name if par.style is not None else "") or ""
    match = _HEADING_STYLE.match(style)
    if match:
        return "#" * int(match.group(1)) + " " + text
    if style.lower() == "title":
        return "# " + text
    if style.lower().startswith("list"):
        return "- " + text
    return text


def _table(table: Any) -> str:
    lines = []
    for i, row in enumerate(table.rows):
        cells, seen = [], set()
        for cell in row.cells:  # a merged cell is returned once per grid column it spans
            if id(cell._tc) in seen:
                continue
            seen.add(id(cell._tc))
            cells.append(" ".join(cell.text.split()).replace("|", "\\|"))
        lines.append("| " + " | ".join(cells) + " |")
        if i == 0:
            lines.append("|" + "---|" * len(cells))
    return "\n".join(lines)


MAX_UNZIPPED_BYTES = 64 * 1024 * 1024   # a DOCX decompressed, every part counted
MAX_RATIO = 100                          # a part larger than 1 MB that deflated more than this is a bomb


def check_expansion(data: bytes, source: str) -> None:
    """Refuse a zip bomb before parsing it: the sizes its directory declares are read, nothing
    is decompressed. Every part counts, whatever its name (the main document may be any part the
    package's relationships point at)."""
    import zipfile

    try:
        members = zipfile.ZipFile(io.BytesIO(data)).infolist()
    except zipfile.BadZipFile as exc:
        raise DocumentLoadError(f"{source}: corrupt DOCX (not a zip archive)") from exc
    total = sum(m.file_size for m in members)
    packed = [m for m in members if m.file_size > 2**20 and m.file_size > MAX_RATIO * max(m.compress_size, 1)]
    if total > MAX_UNZIPPED_BYTES or packed:
        raise DocumentLoadError(f"{source}: DOCX expands to {total / 2**20:.0f} MB (limit "
                                f"{MAX_UNZIPPED_BYTES // 2**20} MB, and no part may deflate more than {MAX_RATIO}×)")


@loaders.register("docx", version="1", extensions=(".docx",))
def docx() -> Loader:
    """Headings (by style) become ``#`` lines; tables become ``|`` rows, first row the header."""

    def load(data: bytes, source: str) -> Loaded:
        docx_mod = require("docx", pip="python-docx")
        table_cls = require("docx.table", pip="python-docx").Table
        check_expansion(data, source)
        try:
            document = docx_mod.Document(io.BytesIO(data))
        except Exception as exc:  # zipfile.BadZipFile, KeyError, lxml errors
            raise DocumentLoadError(f"{source}: corrupt DOCX ({type(exc).__name__}: {exc})") from exc
        blocks = []
        for block in document.iter_inner_content():
            rendered = _table(block) if isinstance(block, table_cls) else _paragraph(block)
            if rendered:
                blocks.append(rendered)
        title = document.core_properties.title or next(
            (b.lstrip("#").strip() for b in blocks if b.startswith("#")), None
        )
        return Loaded(text="\n\n".join(blocks), title=title or None)

    return load
