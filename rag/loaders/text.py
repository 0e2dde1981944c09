"""Markdown and plain text."""

from __future__ import annotations

import re

from rag.loaders.base import Loaded, Loader, decode, first_heading, loaders


@loaders.register("md", version="3", extensions=(".md", ".markdown"))
def markdown(*, join_wrapped: bool = True) -> Loader:
    """Markdown as a reader sees it: a paragraph or list item wrapped over several lines is one line (a soft line break
    is a space, and nothing between two Chinese characters), so a sentence is never cut where the author's editor
    wrapped it ("Hotels outside London are paid / up to £95 per night"). Headings, table rows, list items, quotes, code
    blocks and hard breaks (two trailing spaces, a backslash) keep their lines; emphasis keeps its asterisks (read as
    plain words it moved two dev answers to worse statements and none to better). The title is the first ``#`` heading.
    ``join_wrapped: false`` keeps the text as it is (version 1). Version 3 keeps front matter, setext underlines, rules,
    tables without outer pipes, indented code, Chinese numbered headings, articles (第二条) and label lines (婚假：3天) as
    their own lines, and joins in linear time."""

    def load(data: bytes, source: str) -> Loaded:
        text = decode(data, source)
        if join_wrapped:
            text = joined_soft_breaks(text)
        return Loaded(text=text, title=first_heading(text))

    return load


# a line that starts a block of its own: a heading, a list item ("- ", "2. ", "3、", "(a) ", "（一）"), a Chinese numbered
# heading or article (一、, 第二条), a label with a Chinese colon (婚假：3天), a quote, a fence, raw HTML, a footnote or
# link definition (never "3.5 hours" or "2024 年", which continue a sentence)
_BLOCK = re.compile(r"^\s{0,3}(?:#{1,6}\s|[-*+•]\s|\d{1,3}[.)]\s|\d{1,3}、|[(（](?:[a-zA-Z]|\d{1,2}|[一二三四五六七八九十]{1,3})[)）]|"
                    r"[一二三四五六七八九十百]{1,3}、|第[一二三四五六七八九十百零\d]{1,4}[条章节款部分]|[\u4e00-\u9fff]{1,10}[：:]|"
                    r">|```|~~~|<|\[[^\]]+\]:)")
# a Chinese numbered heading (一、适用范围, 第二章 总则): a title, which takes no line after it
_ZH_HEADING = re.compile(r"^\s*(?:[一二三四五六七八九十百]{1,3}、|第[一二三四五六七八九十百零\d]{1,4}[章节部分])[^。；;！？!?，,]{0,30}$")
_RULE = re.compile(r"^\s{0,3}(?:(?:[-*_]\s*){3,}|=+)\s*$")   # a thematic break, or a setext heading's underline
_CJK_END = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]$")
_CJK_START = re.compile(r"^[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def joined_soft_breaks(text: str) -> str:
    """``text`` with each wrapped paragraph or list item on one line (see :func:`markdown`). Kept as they are: front
    matter, fenced and indented code, tables (with or without their outer pipes), rules and setext underlines, and every
    line that starts a block (:data:`_BLOCK`). Linear in the text's length."""
    lines = text.split("\n")
    out: list[list[str]] = []   # each output line as its pieces, joined once at the end
    joinable = False   # whether the last line out may take the next one (a paragraph's or list item's text)
    fence = ""
    indented = False   # inside an indented code block
    listed = False     # the last block was a list item (its indented lines continue it)
    start = 0
    if lines and lines[0].strip() == "---":   # YAML front matter, up to its closing line
        end = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), 0)
        out += [[line] for line in lines[:end + 1]]
        start = end + 1
    for line in lines[start:]:
        stripped = line.strip()
        if fence:
            out.append([line])
            fence = "" if stripped.startswith(fence) else fence
            continue
        if stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            out.append([line])
            joinable = False
            continue
        if not stripped:
            out.append([line])
            joinable = False
            continue
        code_like = line.startswith("\t") or line.startswith("    ")
        if indented and code_like or (code_like and not joinable and not listed and out and not out[-1][-1].strip()):
            indented = True   # (an indented code block: after a blank line, not a list item's paragraph)
            out.append([line])
            continue
        indented = False
        block = bool(_BLOCK.match(line) or _BLOCK.match(stripped) or _RULE.match(line) or "|" in stripped)
        if joinable and not block:
            last = out[-1][-1].rstrip()
            out[-1][-1] = last
            out[-1].append(("" if _CJK_END.search(last) and _CJK_START.search(stripped) else " ") + stripped)
        else:
            out.append([line])
            listed = bool(_BLOCK.match(stripped)) and stripped[:1] in "-*+•(（0123456789" or (listed and line[:1].isspace())
        # (a hard break, a heading, a rule, a table row, a quote or raw HTML takes no line after it)
        joinable = not (line.endswith(("  ", "\\")) or stripped.startswith(("#", ">", "<")) or "|" in stripped
                        or _RULE.match(line) or _ZH_HEADING.match(line))
    return "\n".join("".join(pieces) for pieces in out)


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
