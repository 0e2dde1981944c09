"""Markdown and plain text."""

from __future__ import annotations

import re

from rag.loaders.base import Loaded, Loader, decode, first_heading, loaders


@loaders.register("md", version="2", extensions=(".md", ".markdown"))
def markdown(*, join_wrapped: bool = True) -> Loader:
    """Markdown as a reader sees it: a paragraph or list item wrapped over several lines is one line (a soft line break
    is a space, and nothing between two Chinese characters), so a sentence is never cut where the author's editor
    wrapped it ("Hotels outside London are paid / up to £95 per night"). Headings, table rows, list items, quotes, code
    blocks and hard breaks (two trailing spaces, a backslash) keep their lines; emphasis keeps its asterisks (read as
    plain words it moved two dev answers to worse statements and none to better). The title is the first ``#`` heading.
    ``join_wrapped: false`` keeps the text as it is (version 1)."""

    def load(data: bytes, source: str) -> Loaded:
        text = decode(data, source)
        if join_wrapped:
            text = joined_soft_breaks(text)
        return Loaded(text=text, title=first_heading(text))

    return load


# a line that starts a block of its own: a heading, a table row, a list item, a quote, a fence, a rule, raw HTML, a
# footnote or link definition
_BLOCK = re.compile(r"^\s{0,3}(?:#{1,6}\s|\||[-*+•]\s|\d{1,3}[.)、]\s?|>|```|~~~|<|[-*_](?:\s*[-*_]){2,}\s*$|\[[^\]]+\]:)")
_CJK_END = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]$")
_CJK_START = re.compile(r"^[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def joined_soft_breaks(text: str) -> str:
    """``text`` with each wrapped paragraph or list item on one line (see :func:`markdown`); code blocks untouched."""
    out: list[str] = []
    fenced = False
    joinable = False   # whether the last line out may take the next one (a paragraph's or list item's text)
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
            out.append(line)
            joinable = False
            continue
        if fenced or not stripped:
            out.append(line)
            joinable = False
            continue
        if joinable and not _BLOCK.match(line) and not _BLOCK.match(stripped):
            last = out[-1].rstrip()
            out[-1] = last + ("" if _CJK_END.search(last) and _CJK_START.search(stripped) else " ") + stripped
        else:
            out.append(line)
        # (a hard break, a heading, a table row, a quote or raw HTML takes no line after it)
        joinable = not (line.endswith(("  ", "\\")) or stripped.startswith(("#", "|", ">", "<")) or stripped.endswith("|"))
    return "\n".join(out)


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
