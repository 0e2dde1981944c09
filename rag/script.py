"""Traditional Chinese read as simplified, and answered as written.

Every rule of the query path (the asking words 幾, 哪裡, 誰; jieba's dictionary and tags; the units, dates and
names of the answer-type evidence) is written for simplified characters. A corpus or a question in traditional
characters (a Taiwan or Hong Kong handbook, DRCD) would meet none of them: on the shipped Chinese suites converted
to traditional, the default passed 790 of 1,384 dev cases against 1,000 in simplified.

So a text written in traditional characters is *folded* to simplified before anything reads it — documents at
ingest, the question and the conversation at the query's start — with OpenCC's ``t2s`` conversion (characters, and
the phrases that pick among them). Folding keeps every character's position (a character whose phrase conversion
would change the length is converted alone), so a span of the folded text is the same span of the text as written.

A text is traditional when folding it changes more characters than converting it the other way (``s2t``) would: a
simplified text changes under ``s2t`` almost everywhere and under ``t2s`` hardly at all (a stray 舖 in CMRC 2018), a
traditional one the reverse; English, digits and characters both scripts share change under neither, so nothing else
is ever folded.

What the asker sees is unfolded (:class:`Unfolder`): a passage of the answer that stands in a folded source is given
back as that source writes it; what stands in no source (a template, a model's words) is converted to traditional
when the asker wrote traditional, and left alone otherwise.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from rag.types import Chunk, Document

VERSION = 1
_MIN_MATCH = 4   # a passage found in a source shorter than this is too common to say which source wrote it


@functools.lru_cache(maxsize=2)
def _converter(config: str) -> Any:
    import opencc

    return opencc.OpenCC(config)


def _convert(text: str, config: str) -> str:
    """``text`` converted by OpenCC's ``config``, one character for one."""
    converter = _converter(config)
    out = converter.convert(text)
    if len(out) == len(text):
        return out
    # a phrase conversion changed the length: convert character by character (a character that
    # would become several stays as it is)
    return "".join(c if len(d := converter.convert(c)) != 1 else d for c in text)


def _changed(text: str, config: str) -> int:
    return sum(a != b for a, b in zip(text, _convert(text, config), strict=True))


def is_traditional(text: str) -> bool:
    """Whether ``text`` is written in traditional Chinese characters (see the module's docstring)."""
    if not text or text.isascii():
        return False
    return _changed(text, "t2s") > _changed(text, "s2t")


def fold(text: str) -> str:
    """``text`` in simplified characters when it is written in traditional ones; otherwise as it is.
    The same length, character for character."""
    return _convert(text, "t2s") if is_traditional(text) else text


def to_traditional(text: str) -> str:
    """``text`` converted to traditional characters (for words no source wrote)."""
    return _convert(text, "s2t") if text and not text.isascii() else text


class Unfolder:
    """Gives folded text back as written, from pairs of (folded, as written) texts of the same length."""

    def __init__(self, pairs: Iterable[tuple[str, str]], *, traditional_asker: bool) -> None:
        kept = [(f, w) for f, w in pairs if f != w and len(f) == len(w)]
        self._folded = "\x00".join(f for f, _ in kept)
        self._written = "\x00".join(w for _, w in kept)
        self.traditional_asker = traditional_asker

    def __bool__(self) -> bool:
        return bool(self._folded) or self.traditional_asker

    def _longest_at(self, text: str, i: int) -> tuple[int, int]:
        """The longest passage of ``text`` from ``i`` that a folded source holds: (its end, where it stands)."""
        lo, hi, found = i, len(text), -1
        while lo < hi:   # being held is monotone in the passage's length: search for the longest
            mid = (lo + hi + 1) // 2
            at = self._folded.find(text[i:mid])
            if at >= 0:
                lo, found = mid, at
            else:
                hi = mid - 1
        return lo, found

    def unfold(self, text: str) -> str:
        """``text``, folded, as its sources write it; words no source holds in traditional characters when the
        asker wrote traditional ones."""
        if not self or not text or text.isascii():
            return text
        out: list[str] = []
        loose: list[str] = []   # characters no source holds, converted together (phrases pick the characters)

        def flush() -> None:
            if loose:
                run = "".join(loose)
                out.append(to_traditional(run) if self.traditional_asker else run)
                loose.clear()

        i = 0
        while i < len(text):
            end, at = self._longest_at(text, i) if self._folded else (i, -1)
            if end - i >= _MIN_MATCH:
                flush()
                out.append(self._written[at:at + end - i])
                i = end
            else:
                loose.append(text[i])
                i += 1
        flush()
        return "".join(out)


def folded_history(history: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The conversation's turns with their content folded."""
    return [{**turn, "content": fold(turn["content"])} if isinstance(turn.get("content"), str) else dict(turn)
            for turn in history]


def written_chunks(chunks: list[Chunk], document: Document, written: tuple[str, str] | None) -> list[Chunk]:
    """A folded document's chunks, each carrying its text, title, headings and parent text as written
    (``metadata["as_written"]``), which :class:`Unfolder` gives back to the asker."""
    if written is None:
        return chunks
    text, title = written
    unfolder = Unfolder([(document.text, text), (document.title, title)], traditional_asker=True)
    out = []
    for c in chunks:
        shown = {"text": unfolder.unfold(c.text), "title": title,
                 "heading_path": [unfolder.unfold(h) for h in c.heading_path]}
        if c.parent_text:
            shown["parent_text"] = unfolder.unfold(c.parent_text)
        out.append(replace(c, metadata={**c.metadata, "as_written": shown}))
    return out
