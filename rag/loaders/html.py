"""HTML pages: visible text with headings and tables kept as structure."""

from __future__ import annotations

import re
from typing import Any

from rag._lazy import require
from rag.loaders.base import Loaded, Loader, decode, loaders

# Never text a reader sees. Hidden-by-CSS text is kept on purpose: the poison scan must see
# instructions that a page hides from people but a naive pipeline would still index.
_DROP = {"script", "style", "head", "svg", "noscript", "template", "iframe", "object", "canvas"}
_BLOCK = {
    "p", "div", "section", "article", "main", "header", "footer", "nav", "aside", "ul", "ol",
    "dl", "dt", "dd", "blockquote", "pre", "figure", "figcaption", "form", "address", "hr",
}
_SPACE = re.compile(r"[ \t\r\f\v]+")


def _cell(tag: Any) -> str:
    return _SPACE.sub(" ", tag.get_text(" ", strip=True)).replace("|", "\\|")


def _table(table: Any, out: list[str]) -> None:
    rows = [r for r in table.find_all("tr") if r.find_parent("table") is table]
    lines: list[str] = []
    for i, row in enumerate(rows):
        cells = [c for c in row.find_all(["th", "td"]) if c.find_parent("tr") is row]
        if not cells:
            continue
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
        if i == 0:
            lines.append("|" + "---|" * len(cells))
    out.append("\n\n" + "\n".join(lines) + "\n\n")


def _render(node: Any, out: list[str]) -> None:
    bs4 = require("bs4", pip="beautifulsoup4")
    for child in node.children:
        if isinstance(child, bs4.Comment | bs4.Doctype | bs4.ProcessingInstruction):
            continue
        if isinstance(child, bs4.NavigableString):
            out.append(_SPACE.sub(" ", str(child)))
            continue
        name = child.name
        if name in _DROP:
            continue
        if name in {"h1", "h2", "h3", "h4", "h5", "h6"}:
            out.append(f"\n\n{'#' * int(name[1])} {_SPACE.sub(' ', child.get_text(' ', strip=True))}\n\n")
        elif name == "table":
            _table(child, out)
        elif name == "br":
            out.append("\n")
        elif name == "li":
            out.append("\n- ")
            _render(child, out)
            out.append("\n")
        elif name in _BLOCK:
            out.append("\n\n")
            _render(child, out)
            out.append("\n\n")
        else:
            _render(child, out)


def html_to_text(markup: str) -> tuple[str, str | None]:
    """Markdown-flavoured text of a page, and its title."""
    bs4 = require("bs4", pip="beautifulsoup4")
    soup = bs4.BeautifulSoup(markup, "html.parser")
    title_tag = soup.find("title")
    title = title_tag.get_text(strip=True) if title_tag else None
    if not title:
        h1 = soup.find("h1")
        title = h1.get_text(" ", strip=True) if h1 else None
    out: list[str] = []
    _render(soup.body or soup, out)
    lines = [line.strip() for line in "".join(out).split("\n")]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
    return text, title or None


@loaders.register("html", version="1", extensions=(".html", ".htm"))
def html() -> Loader:
    """Visible text of an HTML page; script, style, head and svg are removed."""

    def load(data: bytes, source: str) -> Loaded:
        text, title = html_to_text(decode(data, source))
        return Loaded(text=text, title=title)

    return load
