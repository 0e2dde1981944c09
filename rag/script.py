"""Traditional Chinese read as simplified, and answered as written.

Every rule of the query path (the asking words 幾, 哪裡, 誰; jieba's dictionary and tags; the units, dates and
names of the answer-type evidence) is written for simplified characters. A corpus or a question in traditional
characters (a Taiwan or Hong Kong handbook, DRCD) would meet none of them: on the shipped Chinese suites converted
to traditional, the default passed 790 of 1,384 dev cases against 1,000 in simplified.

So a text written in traditional characters is *folded* to simplified before anything reads it — documents at
ingest, the question and the conversation at the query's start — with OpenCC's ``t2s`` conversion (characters, and
the phrases that pick among them). Folding keeps every character's position (a character whose phrase conversion
would change the length is converted alone), so a span of the folded text is the same span of the text as written.

A text is traditional when folding it changes more characters than the closest conversion the other way would
(OpenCC's ``s2tw``, ``s2hk`` or ``s2t``: Taiwan's 台 and 為 are traditional forms, not signs of simplified text): a
simplified text changes under those almost everywhere and under ``t2s`` hardly at all (a stray 舖 in CMRC 2018), a
traditional one the reverse; English, digits and characters both scripts share change under neither, and Japanese or
Korean (kana or hangul beside the Han characters) is never folded (喫茶店 is no 吃茶店).

What the asker sees is unfolded (:class:`Unfolder`): a passage of the answer that stands in a source is given back as
that source writes it (a simplified source as it is, the first source in the context's order when two hold it); what
stands in no source (a refusal, a template, a model's words) is converted to traditional in the standard the asker
writes (:func:`asker_style`: Taiwan's, Hong Kong's or OpenCC's, whichever gives the asker's own words back; a question
written alike in both scripts takes the conversation's), and left alone for a simplified asker. Golden phrases are
compared with answers script aside (:func:`holds`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from rag.types import Chunk, ContextItem, Document

VERSION = 4   # 4: a chunk's as-written copy carries its document's style; 3: a sidecar's tags fold with the document; 2: Taiwan and Hong Kong standard forms (台, 為), kana and hangul, the script written back, identity sources
_MIN_MATCH = 4   # a passage found in a source shorter than this is too common to say which source wrote it
# the conversions to traditional characters a text may follow: Taiwan's standard (台, 為), Hong Kong's, OpenCC's (臺, 爲)
_TRADITIONAL = ("s2tw", "s2hk", "s2t")
_KANA_HANGUL = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")
_HAN = re.compile(r"[\u3400-\u9fff\U00020000-\U0002fa1f]")


@functools.lru_cache(maxsize=8)
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


def _differences(a: str, b: str) -> int:
    """How many characters two texts of the same length differ in."""
    return 0 if a == b else sum(x != y for x, y in zip(a, b, strict=True))


def _changed(text: str, config: str) -> int:
    return _differences(text, _convert(text, config))


def _japanese_or_korean(text: str) -> bool:
    """Kana or hangul beside the Han characters (a twentieth of them or more): Japanese or Korean, never folded
    (喫茶店 is no 吃茶店)."""
    kana = len(_KANA_HANGUL.findall(text))
    return kana > 0 and kana * 20 >= len(_HAN.findall(text)) + kana


def _script(text: str, folds: int | None = None) -> str:
    """"traditional" when folding ``text`` changes more characters than the closest conversion the other way would
    (Taiwan's 台 and 為 are traditional forms, never a sign of simplified text), never for Japanese or Korean;
    "neutral" when neither changes any ("年假", "VIP 呢？": it says nothing of its writer's); else "simplified"."""
    if not text or text.isascii():
        return "neutral"
    folds = _changed(text, "t2s") if folds is None else folds   # how many characters folding changes, when known
    back = min(_changed(text, c) for c in _TRADITIONAL)
    if folds > back and not _japanese_or_korean(text):
        return "traditional"
    return "neutral" if folds == back == 0 else "simplified"


def is_traditional(text: str) -> bool:
    """Whether ``text`` is written in traditional Chinese characters (:func:`_script`)."""
    if not text or text.isascii():
        return False
    folds = _changed(text, "t2s")   # none: a simplified text, nearly always, after one conversion
    return bool(folds) and _script(text, folds) == "traditional"


def fold(text: str) -> str:
    """``text`` in simplified characters when it is written in traditional ones; otherwise as it is.
    The same length, character for character."""
    return simplified(text) if is_traditional(text) else text


def simplified(text: str) -> str:
    """``text`` with every traditional character folded, whatever the rest (for comparing two texts whichever
    script each is in); the same length."""
    return text if text.isascii() else _convert(text, "t2s")


def holds(text: str, phrase: str) -> bool:
    """Whether ``text`` holds ``phrase``, case and script aside (a golden set's 不超过500元 in an answer quoting
    不超過500元). As written first: a phrase may fold otherwise alone than inside a text (乾 alone is 干, in 乾隆 乾)."""
    return phrase.lower() in text.lower() or simplified(phrase.lower()) in simplified(text.lower())


def traditional_style(written: str) -> str:
    """The conversion to traditional characters that gives ``written`` back best from its folded form: Taiwan's
    (``s2tw``), Hong Kong's (``s2hk``) or OpenCC's (``s2t``)."""
    folded = _convert(written, "t2s")
    return min(_TRADITIONAL, key=lambda c: _differences(_convert(folded, c), written))


def to_traditional(text: str, style: str = "s2tw") -> str:
    """``text`` converted to traditional characters (for words no source wrote), in ``style``."""
    return _convert(text, style) if text and not text.isascii() else text


def asker_style(question: str, history: Iterable[dict[str, Any]] = ()) -> str:
    """How the asker writes: the conversion to give words back in traditional characters (:func:`traditional_style`),
    or "" for simplified. A question written the same in both scripts ("那VIP呢？") takes the script of the asker's
    last turn that says."""
    for text in [question, *(t.get("content") for t in reversed(list(history)) if t.get("role") == "user")]:
        script = _script(text) if isinstance(text, str) else "neutral"
        if script != "neutral":
            return traditional_style(text) if script == "traditional" else ""
    return ""


class Unfolder:
    """Gives folded text back as written, from pairs of (folded, as written) texts of the same length. A source
    written in simplified characters is a pair of two equal texts: a passage it holds is given back as it is."""

    def __init__(self, pairs: Iterable[tuple[str, str]], *, style: str = "", min_match: int = _MIN_MATCH) -> None:
        kept = [(f, w) for f, w in pairs if len(f) == len(w) and f]
        self._folds = any(f != w for f, w in kept)
        self._folded = "\x00".join(f for f, _ in kept)
        self._written = "\x00".join(w for _, w in kept)
        self.style = style          # how the asker writes traditional characters; "" for simplified
        self.min_match = min_match

    def __bool__(self) -> bool:
        return self._folds or bool(self.style)

    def _longest_at(self, text: str, i: int) -> tuple[int, int]:
        """The longest passage of ``text`` from ``i``, at least ``min_match`` long, that a source holds: (its end,
        where it stands), or (i, -1). Galloping, then halving: being held is monotone in the passage's length."""
        end = i + self.min_match
        if end > len(text) or (at := self._folded.find(text[i:end])) < 0:
            return i, -1
        step = self.min_match
        while end < len(text):
            trial = min(len(text), end + step)
            found = self._folded.find(text[i:trial], at)
            if found < 0:
                break
            end, at, step = trial, found, step * 2
        lo, hi = end, min(len(text), end + step)   # held up to lo; not held at hi (or the text ends)
        while lo < hi - 1:
            mid = (lo + hi) // 2
            found = self._folded.find(text[i:mid], at)
            if found >= 0:
                lo, at = mid, found
            else:
                hi = mid
        return lo, at

    def unfold(self, text: str) -> str:
        """``text``, folded, as its sources write it; words no source holds in traditional characters when the
        asker writes traditional ones."""
        if not self or not text or text.isascii():
            return text
        out: list[str] = []
        loose: list[str] = []   # characters no source holds, converted together (phrases pick the characters)

        def flush() -> None:
            if loose:
                run = "".join(loose)
                out.append(to_traditional(run, self.style) if self.style else run)
                loose.clear()

        i = 0
        while i < len(text):
            end, at = self._longest_at(text, i)
            if at >= 0:
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
    style = traditional_style(text)
    # every piece of a chunk (a heading of two characters too) stands in its document: copied, never converted
    unfolder = Unfolder([(document.text, text), (document.title, title)], style=style, min_match=1)
    out = []
    for c in chunks:
        shown = {"text": unfolder.unfold(c.text), "title": title, "style": style,
                 "heading_path": [unfolder.unfold(h) for h in c.heading_path]}
        if c.parent_text:
            shown["parent_text"] = unfolder.unfold(c.parent_text)
        out.append(replace(c, metadata={**c.metadata, "as_written": shown}))
    return out


def shown_item(item: ContextItem, chunk: Chunk) -> ContextItem:
    """One context item as its document writes it (``item`` unchanged when its document was not folded): its text
    (the chunk's, its parent's, or a window of either), title and headings."""
    written = chunk.metadata.get("as_written")
    if not written:
        return item
    unfolder = Unfolder([(chunk.text, written["text"]), (chunk.title, written["title"]),
                         *zip(chunk.heading_path, written["heading_path"], strict=True),
                         *([(chunk.parent_text or "", written["parent_text"])] if "parent_text" in written else [])],
                        style=written["style"], min_match=1)
    return replace(item, text=unfolder.unfold(item.text), title=written["title"],
                   heading_path=tuple(unfolder.unfold(h) for h in item.heading_path))


def shown_context(context: list[ContextItem], chunk_by_id: dict[str, Chunk]) -> list[ContextItem]:
    """The context as its documents write it."""
    return [shown_item(item, chunk_by_id[item.chunk_id]) if item.chunk_id in chunk_by_id else item for item in context]


def answer_unfolder(context: list[ContextItem], shown: list[ContextItem], asked: str, style: str) -> Unfolder:
    """What gives an answer back as its sources write it (in the context's order: a passage two sources hold is the
    first one's; a simplified source as it is), and the asker's own words as the asker wrote them."""
    pairs = [(item.text, seen.text) for item, seen in zip(context, shown, strict=True)]
    if asked:
        pairs.append((fold(asked), asked))
    return Unfolder(pairs, style=style)


def shown_question(question: str, asked: str, turns: Iterable[str], style: str) -> str:
    """The question as the frame shows it: as asked, or a rewrite (a follow-up made standalone) given back from the
    asker's own words, never the sources'."""
    if not asked or fold(asked) == question:
        return asked or question
    return Unfolder([(fold(t), t) for t in (asked, *turns)], style=style).unfold(question)
