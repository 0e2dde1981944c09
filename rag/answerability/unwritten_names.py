"""A name of several words that no document writes: "How long is the Ship Security Officer certificate valid?" when
the certificates table lists Ship Security Awareness, and "officer" stands only in "deck officers".

Each word of such a name stands somewhere in the corpus, so the rule for a name no document holds
(:func:`rag.answerability.evidence.evidence`'s ``refuse_unknown_names``) lets it through, and the key-term support is high:
ship, security, certificate and valid all stand in the row of another certificate. But a name of capitalised words is
written as one ("the Ship Security Officer", "Safeguarding Children Level 3", "the Pool Plant Operations certificate"):
when no document the asker may see writes those words together, the documents do not speak of what it names.

Read in English questions only (a Chinese question has no capitals to mark a name), in the sentences that ask
(:func:`rag.answerability.question_terms.asked_sentences`): a name in the scene ("I'm taking Year 8 to the Science
Museum.") is where the asker is, not what is asked about. A run of two capitalised words or more, not the word that
opens a sentence, with a generic last word read without it ("the Marketing & Communications team", "Hartfield Leisure
Centre" when the documents write "Hartfield"); written in a document when its words stand there in that order, case,
plurals, possessives, hyphens and Markdown emphasis aside. Never a run holding a word of one letter, a digit, a day or
a month, an acronym of two capitals or a word of chat ("Band D", "Grade D3", "Level 3" are a kind and a code, which the
ranges of a table may hold: "Bands A to D"), and never a place the asker goes to ("travelling to the Lake District").
"""

from __future__ import annotations

import re
from typing import Any

from rag.answerability.question_terms import asked_sentences, where_the_asker_goes
from rag.memo import PerCorpus
from rag.text import CALENDAR

_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*|&|\S+")
_CAPITALISED = re.compile(r"[A-Z][a-z][A-Za-z'’-]*|[A-Z]{3,}[a-z]*|&")
_CALENDAR_WORD = re.compile(rf"(?i:{CALENDAR})s?")
_SENTENCE_END = re.compile(r"[.?!:;]['\"”’)]*$")
# a last word that names the kind of thing, which a document may leave out ("the Hartfield site", "Finance")
_GENERIC = frozenset("team teams department departments dept office offices centre center site sites branch branches unit "
                     "units desk service services policy policies scheme schemes handbook procedure procedures group "
                     "building room rooms".split())
_MIN_WORDS = 2
_BEFORE = 160   # characters read before a name for where the asker goes
# where the asker lives or is based: "Since I live near Canary Wharf, can I …?"
_NEAR = re.compile(r"\b(?:near|live|lives|living|based|stay|staying)\s+(?:(?:in|at|near|by)\s+)?(?:the\s+)?$", re.I)
_CODE_AFTER = re.compile(r"\s*\(?[0-9A-Z]\b")
_OPENING = frozenset({"The", "A", "An", "&"})
_KIND_BEFORE_CODE = re.compile(r"Level|Grade|Band|Year|Stage|Step|Part|Phase|Module|Unit|Tier|Zone|Block|Gate|Room|Key Stage")
# spellings a document may use for a word of the name
_SPELLINGS = {"centre": "cent(?:re|er)", "center": "cent(?:re|er)", "programme": "program(?:me)?",
              "program": "program(?:me)?", "organisation": "organi[sz]ation", "organization": "organi[sz]ation",
              "colour": "colou?r", "color": "colou?r", "and": "(?:and|&)", "&": "(?:and|&)"}


def _plain(text: str) -> str:
    """Lower-cased, Markdown emphasis, table pipes and hyphens read as spaces, a curly apostrophe as a straight one,
    whitespace collapsed."""
    return " ".join(re.sub(r"[*_`|\-–—/]+", " ", text.lower().replace("’", "'")).split())


# Per corpus: each chunk's text read plain, by position
_plain_chunks: PerCorpus[list[str]] = PerCorpus(lambda space: [_plain(chunk.text) for chunk in space.chunks])


def name_runs(question: str) -> list[str]:
    """The names of two capitalised words or more in the sentences that ask, as written."""
    runs: list[str] = []
    for sentence in re.split(r"(?<=[.?!])\s+", asked_sentences(question)):
        words = [m for m in _WORD.finditer(sentence)]
        long = [m.group() for m in words[1:] if len(m.group()) >= 3 and m.group()[0].isalpha()]
        if sentence.isupper() or (len(long) >= 3 and sum(w[0].isupper() for w in long) >= 0.75 * len(long)):
            continue   # a sentence in title case or capitals ("What's The Annual Leave Allowance?") marks no name
        run: list[re.Match[str]] = []
        for i, match in enumerate(words + [None]):
            word = match.group() if match else ""
            opens = i == 0 or bool(_SENTENCE_END.search(words[i - 1].group()))
            if match and not opens and _CAPITALISED.fullmatch(word.rstrip("'’s")):
                run.append(match)
                continue
            runs.extend(_kept(sentence, run))
            run = []
    return runs


def _kept(sentence: str, run: list[re.Match[str]]) -> list[str]:
    while run and run[-1].group() == "&":
        run = run[:-1]
    while run and run[0].group() in _OPENING:
        run = run[1:]
    if run and _KIND_BEFORE_CODE.fullmatch(run[-1].group()) and _CODE_AFTER.match(sentence, run[-1].end()):
        run = run[:-1]   # "Safeguarding Adults Level 3": a kind and its code, which the document may write "(Level 3)"
    words = [m.group() for m in run]
    if len(words) < _MIN_WORDS:
        return []
    if any((len(w) < 2 and w != "&") or re.fullmatch(r"[A-Z]{2}", w) or _CALENDAR_WORD.fullmatch(w) for w in words):
        return []
    before = sentence[max(0, run[0].start() - _BEFORE):run[0].start()]   # (a bounded look back: linear in the message)
    if where_the_asker_goes(re.sub(r"\b(?:the|a|an)\s+$", "", before, flags=re.I)) or _NEAR.search(before):
        return []
    while len(words) > _MIN_WORDS and words[-1].lower() in _GENERIC:
        words = words[:-1]
    if words[-1].lower() in _GENERIC:
        return []   # two words of which the last is generic: one name, which the rule for unknown names reads
    return [" ".join(words)]


def _stem(word: str) -> str:
    """A word without its plural or possessive ending, which the document's word may take or leave."""
    return re.sub(r"(?:'s|s'|'|es|s)$", "", word) if len(word) > 3 else word.rstrip("'")


def _written(name: str) -> re.Pattern[str]:
    # (the words may also stand joined — "Wi-Fi" / "wifi", "Child Care" / "childcare" — or with a full stop: "Dr. Patel")
    parts = [_SPELLINGS.get(w) or re.escape(_stem(w)) for w in _plain(name).split()]
    return re.compile(r"(?<![a-z0-9])" + r"(?:'?s|es)?\.?\s*".join(parts) + r"(?:'?s|es)?(?![a-z0-9])")


def unwritten_names(question: str, space: Any, allowed: Any, asked_as: str | None = None) -> list[str]:
    """The names of several words (:func:`name_runs`) that no chunk the asker may see writes (``allowed``: a mask by
    chunk position, or None). ``asked_as``: the asker's own words when ``question`` is a follow-up's rewrite, whose
    names count only as the asker wrote them ("the STCW First Aid at Work one" joins a name nobody wrote)."""
    names = [name for name in name_runs(question) if asked_as is None or name in asked_as]
    if not names:
        return []
    chunks = _plain_chunks(space)
    out = []
    for name in names:
        written = _written(name)
        first = _stem(_plain(name).split()[0])[:3]
        if not any((allowed is None or allowed[i]) and first in text and written.search(text)
                   for i, text in enumerate(chunks)):
            out.append(name)
    return out
