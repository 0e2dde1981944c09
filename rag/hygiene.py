"""Ingest hygiene beyond cleaning: page furniture, placeholders and personal data.

- **Page furniture**: a line that opens or closes most pages of a paged document (a running
  header "青禾科技内部资料", a footer "Page 3 of 9") is noise in every chunk it lands in; it is
  removed from every page it repeats on. In a short line digits are compared as one symbol,
  so page numbers match across pages; a longer line must repeat exactly.
- **Placeholders**: text that is not filled in yet (×××, 待定, TBD, [to be confirmed]) is not
  evidence; chunks that carry it are flagged (``placeholders`` in their metadata) and the
  trace's context card names them.
- **Personal data**: with the cleaner's ``pii: mask``, phone numbers, Chinese ID-card numbers
  and e-mail addresses become ``[PHONE]``, ``[ID]`` and ``[EMAIL]`` before anything is scanned,
  chunked, embedded or shown.
"""

from __future__ import annotations

import re
from collections import Counter

EDGE_LINES = 2          # lines looked at on each side of a page
MIN_PAGES = 3           # furniture needs this many pages to be told from content
MIN_SHARE = 0.6         # … and must recur on this share of them

_DIGITS = re.compile(r"\d+")


SHORT = 30              # a line up to this long may differ in its digits only (a page number)


def _shape(line: str) -> str:
    text = " ".join(line.split())
    return _DIGITS.sub("#", text) if len(text) <= SHORT else text


def _edges(lines: list[str]) -> list[int]:
    """Indexes of the first and last EDGE_LINES non-empty lines of a page."""
    filled = [i for i, ln in enumerate(lines) if ln.strip()]
    return sorted(set(filled[:EDGE_LINES] + filled[-EDGE_LINES:]))


def strip_page_furniture(pages: list[str]) -> tuple[list[str], list[str]]:
    """Pages without their repeated header and footer lines, and the lines removed (one
    example each)."""
    if len(pages) < MIN_PAGES:
        return pages, []
    split = [p.split("\n") for p in pages]
    seen: Counter[str] = Counter()
    for lines in split:
        seen.update({_shape(lines[i]) for i in _edges(lines)})
    furniture = {s for s, n in seen.items() if s and n >= max(MIN_PAGES, MIN_SHARE * len(pages))}
    if not furniture:
        return pages, []
    removed: dict[str, str] = {}
    out = []
    for lines in split:
        drop = {i for i in _edges(lines) if _shape(lines[i]) in furniture}
        for i in drop:
            removed.setdefault(_shape(lines[i]), lines[i].strip())
        out.append("\n".join(ln for i, ln in enumerate(lines) if i not in drop))
    return out, list(removed.values())


_PLACEHOLDER = re.compile(r"[×xX＊*]{3,}|待定|待补充|待确认|暂定|(?<![A-Za-z])TBD(?![A-Za-z])|(?<![A-Za-z])TBC(?![A-Za-z])"
                          r"|\[(?:to be (?:confirmed|determined|added)|placeholder)\]|(?i:\blorem ipsum\b)")


def placeholders_in(text: str) -> list[str]:
    """The placeholder strings in ``text`` (each once, in order)."""
    return list(dict.fromkeys(m.group(0) for m in _PLACEHOLDER.finditer(text)))


_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
_CN_ID = re.compile(r"(?<!\d)\d{6}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![\dA-Za-z])")
_PHONE = re.compile(r"(?<![\dA-Za-z])(?:\+?86[-\s]?)?1[3-9]\d[-\s]?\d{4}[-\s]?\d{4}(?!\d)"          # CN mobile
                    r"|(?<![\dA-Za-z])0\d{2,3}-\d{7,8}(?!\d)"                                    # CN landline
                    r"|(?<![\dA-Za-z])\+\d{1,3}[\s-]?(?:\(\d{1,4}\)[\s-]?)?\d{2,4}[\s-]?\d{3,4}[\s-]?\d{3,4}(?!\d)"
                    r"|(?<![\dA-Za-z])\(\d{3}\)\s?\d{3}-\d{4}(?!\d)|(?<![\dA-Za-z])\d{3}-\d{3}-\d{4}(?!\d)")


def mask_pii(text: str) -> str:
    """E-mail addresses, Chinese ID-card numbers and phone numbers replaced by a tag. ID
    numbers go first, so that an 18-digit ID is never read as a phone number."""
    text = _EMAIL.sub("[EMAIL]", text)
    text = _CN_ID.sub("[ID]", text)
    return _PHONE.sub("[PHONE]", text)
