"""Citations: ``[n]`` markers in an answer mapped back to the context's chunks and documents.

Accepts ``[1]``, ``[1, 3]``, ``[1][2]`` and the full-width ``【1】``. A number that was not a
source in the context is a *ghost*: the model cited something it was never shown.
"""

from __future__ import annotations

import re

from rag.types import Citation, ContextItem

_MARK = re.compile(r"[\[【]\s*(\d+(?:\s*[,，、]\s*\d+)*)\s*[\]】]")


def cited_numbers(answer: str) -> list[int]:
    numbers: list[int] = []
    for match in _MARK.finditer(answer):
        for part in re.split(r"[,，、]", match.group(1)):
            n = int(part)
            if n not in numbers:
                numbers.append(n)
    return numbers


def resolve(answer: str, context: list[ContextItem]) -> list[Citation]:
    by_number = {c.number: c for c in context}
    out = []
    for n in cited_numbers(answer):
        item = by_number.get(n)
        out.append(Citation(n, item.chunk_id, item.doc_id) if item else Citation(n, None, None, ghost=True))
    return out


_BOUNDARY = re.compile(r"[。！？!?\n]|\.(?=\s)")


def claims(answer: str) -> list[tuple[str, list[int]]]:
    """Each cited claim of an answer: the text before a marker, back to the previous marker
    or to the end of the sentence before it, and the numbers the marker cites."""
    out = []
    cursor = 0
    for match in _MARK.finditer(answer):
        before = answer[cursor:match.start()].rstrip()
        ends = [m.end() for m in _BOUNDARY.finditer(before) if m.end() < len(before)]
        text = before[ends[-1]:] if ends else before
        numbers = [int(p) for p in re.split(r"[,，、]", match.group(1))]
        out.append((text.strip(), numbers))
        cursor = match.end()
    return out
