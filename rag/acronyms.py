"""An acronym a corpus writes out in full: "MFA" for "multi-factor authentication", "PO" for
"purchase order". A question uses the short form its asker knows; a policy often writes the long one
and never the letters. :func:`spelled_out` finds the words whose initials spell an acronym.

Only content words count (never "of", "on", "the": "paid on" is no "PO"), each of three letters or
more; the parts of a hyphenated word count as words ("multi-factor" gives M and F); an acronym of two
letters must be spelled by two words that stand together as written, and a plural ("POs") is read
as its singular.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rag.memo import PerCorpus
from rag.text import EN_FUNCTION_WORDS
from rag.types import QueryEnv

ACRONYM = re.compile(r"^[A-Z]{2,6}s?$")


def _pattern(letters: str) -> re.Pattern[str]:
    # each letter opens a word of three letters or more; words are joined by a space or a hyphen
    words = [rf"{letter}[a-z]{{2,}}" for letter in letters.lower()]
    return re.compile(r"(?<![A-Za-z0-9-])" + r"[\s-]+".join(words) + r"(?![A-Za-z0-9])", re.I)


def spelled_out(acronym: str, texts: Iterable[str]) -> str | None:
    """The first phrase of ``texts`` whose words' initials spell ``acronym`` (a name of 2–6 capital
    letters), lower-cased; ``None`` when no text writes it out or it is no acronym."""
    if not ACRONYM.match(acronym):
        return None
    letters = acronym[:-1] if acronym.endswith("s") else acronym
    pattern = _pattern(letters)
    for text in texts:
        for m in pattern.finditer(text):
            words = re.split(r"[\s-]+", m.group().lower())
            if not any(w in EN_FUNCTION_WORDS for w in words):
                return m.group().lower()
    return None


# per corpus, by acronym: the chunks that hold it as written, and those that write it out (with the words)
_FOUND: PerCorpus[dict[str, tuple[list[int], list[tuple[int, str]]]]] = PerCorpus(lambda space: {})


def written_out(env: QueryEnv, acronym: str) -> str | None:
    """The words a chunk the asker may see writes ``acronym`` out in, when no such chunk holds the
    acronym itself; ``None`` otherwise."""
    if not ACRONYM.match(acronym):
        return None
    table = _FOUND(env.space)
    if acronym not in table:
        itself = re.compile(rf"(?<![A-Za-z0-9]){re.escape(acronym)}(?![A-Za-z0-9])", re.I)
        chunks = env.space.chunks
        table[acronym] = ([i for i, c in enumerate(chunks) if itself.search(c.text)],
                          [(i, phrase) for i, c in enumerate(chunks) if (phrase := spelled_out(acronym, [c.text]))])
    held, spelled = table[acronym]

    def visible(i: int) -> bool:
        return env.allowed is None or bool(env.allowed[i])

    if any(visible(i) for i in held):
        return None
    return next((phrase for i, phrase in spelled if visible(i)), None)
