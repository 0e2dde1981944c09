"""An acronym a corpus writes out in full: "MFA" for "multi-factor authentication", "SSO" for "single
sign-on". A question uses the short form its asker knows; a policy often writes the long one and never
the letters. :func:`spelled_out` finds the words whose initials spell an acronym.

Only acronyms of three or four capitals (and a plural "s") are read: two letters spell too many
things ("AI" is not "annual increase", "PM" not "project managers"), and longer all-capital words are
shouted ones ("PLEASE", "URGENT"). Only content words count (never "of", "on", "the"), each of three
letters or more, standing next to each other; the parts of a hyphenated word count as words
("multi-factor" gives M and F, "sign-on" S and O). Initials alone can still spell an unrelated phrase: the rule only says
the corpus *may* write the acronym out, so it keeps a question from being refused for a name nobody
writes, and reads the question with the words; it never makes evidence by itself.
"""

from __future__ import annotations

import bisect
import re
import string
from collections import OrderedDict
from collections.abc import Iterable, Iterator

from rag.memo import PerCorpus
from rag.text import EN_FUNCTION_WORDS
from rag.types import QueryEnv

ACRONYM = re.compile(r"^[A-Z]{3,4}s?$")
_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def _ascii_lower(text: str) -> str:
    """Latin capitals in lower case, every other character as it is (so offsets do not move: "İ".lower()
    is two characters)."""
    return text.translate(_LOWER)


def _pattern(letters: str) -> re.Pattern[str]:
    """Words whose initials are ``letters``, in lower-cased text: each opens a word of three letters or
    more; words are joined by a space or a hyphen. The first letter stands first, so the search skips
    ahead to it (twenty times faster over a large corpus than a pattern opening with a look-behind)."""
    first, *rest = letters.lower()
    # a word after a space has three letters or more; a part after a hyphen may be short ("sign-on")
    following = "".join(rf"(?:[ \t]+{letter}[a-z]{{2,}}|-{letter}[a-z]+)" for letter in rest)
    return re.compile(rf"{first}(?<![a-z0-9-]{first})[a-z]{{2,}}{following}(?![a-z0-9-])")


def _letters(acronym: str) -> str:
    return acronym[:-1] if acronym.endswith("s") else acronym


def _content(phrase: str) -> bool:
    """No word of the phrase is a function word ("paid on time" spells no PO); a hyphenated word counts
    whole ("sign-on")."""
    return not any(w in EN_FUNCTION_WORDS for w in phrase.lower().split())


def _phrases(letters: str, lowered: str) -> Iterator[tuple[int, str]]:
    """Where in ``lowered`` (text through :func:`_ascii_lower`) content words spell ``letters``, and the words."""
    for m in _pattern(letters).finditer(lowered):
        if _content(m.group()):
            yield m.start(), m.group()


def spelled_out(acronym: str, texts: Iterable[str]) -> str | None:
    """The first phrase of ``texts`` whose words' initials spell ``acronym`` (three or four capital
    letters), lower-cased; ``None`` when no text writes it out or it is no acronym."""
    if not ACRONYM.match(acronym):
        return None
    letters = _letters(acronym)
    return next((phrase for text in texts for _, phrase in _phrases(letters, _ascii_lower(text))), None)


class _Corpus:
    """A corpus's chunk texts joined once, searched in one pass per acronym (not once per chunk), with
    the answers for the last ``_KEEP`` acronyms kept."""

    _KEEP = 2048

    def __init__(self, space: object) -> None:
        texts = [c.text for c in space.chunks]   # type: ignore[attr-defined]
        self.starts: list[int] = []
        at = 0
        for text in texts:
            self.starts.append(at)
            at += len(text) + 1
        self.joined = _ascii_lower("\n".join(texts))   # offsets stay the chunks'
        self.found: OrderedDict[str, tuple[list[int], list[tuple[int, str]]]] = OrderedDict()

    def chunk_at(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset) - 1

    def lookup(self, acronym: str) -> tuple[list[int], list[tuple[int, str]]]:
        """The chunks that hold ``acronym`` as written, and those that write it out (with the words)."""
        if acronym in self.found:
            self.found.move_to_end(acronym)
            return self.found[acronym]
        letters = _letters(acronym).lower()
        itself = re.compile(rf"{letters[0]}(?<![a-z0-9]{letters[0]}){letters[1:]}s?(?![a-z0-9])")
        held = sorted({self.chunk_at(m.start()) for m in itself.finditer(self.joined)})
        spelled = sorted({(self.chunk_at(at), phrase) for at, phrase in _phrases(letters, self.joined)})
        self.found[acronym] = (held, spelled)
        if len(self.found) > self._KEEP:
            self.found.popitem(last=False)
        return held, spelled


_CORPUS: PerCorpus[_Corpus] = PerCorpus(_Corpus)


def written_out(env: QueryEnv, acronym: str) -> str | None:
    """The words a chunk the asker may see writes ``acronym`` out in, when no such chunk holds the
    acronym itself; ``None`` otherwise (and for anything but three or four capitals)."""
    if not ACRONYM.match(acronym):
        return None
    held, spelled = _CORPUS(env.space).lookup(acronym)

    def visible(i: int) -> bool:
        return env.allowed is None or bool(env.allowed[i])

    if any(visible(i) for i in held):
        return None
    return next((phrase for i, phrase in spelled if visible(i)), None)
