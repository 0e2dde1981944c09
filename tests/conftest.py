"""Shared fixtures: real files (PDF, DOCX, GB18030 text) built inside the tests."""

from __future__ import annotations

import io
from pathlib import Path

import pytest


def make_pdf(pages: list[str], title: str | None = None) -> bytes:
    from fpdf import FPDF

    pdf = FPDF()
    if title:
        pdf.set_title(title)
    pdf.set_font("Helvetica", size=12)
    for text in pages:
        pdf.add_page()
        pdf.multi_cell(0, 8, text)
    return bytes(pdf.output())


def make_docx(blocks: list[tuple[str, object]], title: str | None = None) -> bytes:
    """``blocks``: ("h1", text) / ("p", text) / ("table", [[cells], ...]) in order."""
    import docx

    document = docx.Document()
    if title:
        document.core_properties.title = title
    for kind, value in blocks:
        if kind.startswith("h"):
            document.add_heading(str(value), level=int(kind[1]))
        elif kind == "p":
            document.add_paragraph(str(value))
        elif kind == "table":
            rows = list(value)  # type: ignore[arg-type]
            table = document.add_table(rows=len(rows), cols=len(rows[0]))
            for r, row in enumerate(rows):
                for c, cell in enumerate(row):
                    table.cell(r, c).text = cell
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


@pytest.fixture
def write(tmp_path: Path):
    """write("a/b.md", "text" or bytes) -> Path, under a temporary corpus folder."""
    root = tmp_path / "corpus"
    root.mkdir()

    def _write(rel: str, content: str | bytes, encoding: str = "utf-8") -> Path:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            path.write_bytes(content.encode(encoding))
        else:
            path.write_bytes(content)
        return path

    _write.root = root  # type: ignore[attr-defined]
    return _write
