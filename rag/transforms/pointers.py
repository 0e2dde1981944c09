"""A later part read through the part before it: its pronoun as the first part's topic ("What does VPN-203
mean and how do I fix it?" → "how do I fix VPN-203?"), unless the part names what it points at itself; a
Chinese part that asks the part before again about something else ("那进机房呢？", :func:`asked_again`)."""

from __future__ import annotations

import re

from rag.transforms.asking import unjoined, zh_asks
from rag.transforms.followup import SWAP_AT, content_of, is_follow_up
from rag.transforms.parts_en import EN_SCENE
from rag.transforms.slots import (
    Similar,
    holds_a_verb_zh,
    points_back,
    resolve_pointer,
    swap,
    topic,
    word_edges,
)

# a noun phrase before a pronoun in the same part ("what about a lost laptop, how quickly must I
# report that?"): the pronoun may point at it, so it is not read as the first part's topic
_EN_NOUN_PHRASE = re.compile(r"\b(?:a|an|the|my|our|your|this|that)\s+[A-Za-z]", re.I)
# …or the things the part itself counts ("how many leftover days can I carry over, and by when must I
# use them?"): a plural pronoun after "how many" + noun; never "it" after "which form" ("What is the
# travel allowance, and which form do I need to claim it?" claims the allowance)
_EN_COUNTED_NOUN = re.compile(r"\bhow many\s+(?!(?:do|does|did|are|were|can|could|will|would|should|shall|may|must|have|"
                              r"had|i|you|we|they|of)\b)[A-Za-z]", re.I)
_EN_PLURAL_POINTER = ("they", "them", "their", "those", "these")
# …except the subject of an asking verb ("does a part-time employee have to follow it?")
_EN_ASKING_VERB_END = re.compile(r"\b(?:do|does|did|must|can|could|will|would|should|shall|may|is|are|was|were)\s*$", re.I)
_EN_IF_END = re.compile(r"\bif\s*$", re.I)
# …nor a time phrase after a preposition ("when on my first day will I get it?"): it says when, and the
# pronoun still points at the first part's topic (never a particle: "fill in the form and sign it")
_EN_ADVERBIAL_END = re.compile(r"\b(?:on|in|at|during|before|after|within|until|till|by|since|throughout)\s*$", re.I)
_EN_TIME_PHRASE = re.compile(r"(?:\w+\s+){0,2}(?:day|week|month|year|morning|afternoon|evening|night|weekend|shift|trip|"
                             r"visit|holiday|break|lunch)s?\b", re.I)


# a Chinese part with this many characters before its pronoun names what the pronoun points at itself
_ZH_OWN_NOUN = 6


_THEY = ("they", "them", "their")
_THEY_WORD = re.compile(r"\b(?:they|them|their|theirs)\b", re.I)



# where a statement opens: the start of a part, or after a stop, a comma or a joining word
_EN_CLAUSE_START = re.compile(r"(?:^|[,;:.!?—–]|\b(?:and|but|so|also|then))\s*$", re.I)


# the person a possessive points at, and a first part that asks who (its answer is the person)
# (whose: "their extension" is the person's; "can I borrow them?" after "Who has the keys?" means the keys)
_PERSON_POINTERS = frozenset("their his her".split())
_ASKS_WHO = re.compile(r"\s*(?:and\s+|also\s+|so\s+)?(?:who|whom)\b", re.I)


def pointer_in_split(part: str, first: str, language: str) -> str | None:
    """A later part with its pronoun read as the first part's topic ("What does VPN-203 mean and how
    do I fix it?"); the topic is read from the first part's question, not from the scene it
    carries, and an English pronoun after a noun phrase of its own part is left as written."""
    if language == "en":
        scene = EN_SCENE.match(first)   # a short dash lead ("Company car — who …?") may be the topic
        first = first[scene.end():] if scene else first
        # the scene all parts carry is skipped; a part's own ("I checked my admin account out at 6pm,
        # it's 3am now — can I keep using it?") holds what its pronoun may point at
        own = EN_SCENE.match(part)
        own = own if own and scene and own.group("scene") == scene.group("scene") else None
        if own:
            # a pronoun inside the scene every part carries ("…for their spring campaign. Before I answer: …")
            # points at the scene's own people or things: only what the part asks after it is read
            asked = pointer_in_split(part[own.end():], first, language)
            return part[:own.end()] + asked if asked else None
        pointer = points_back(part, language)
        if pointer is None:
            return None
        if pointer.group().lower() in _PERSON_POINTERS and _ASKS_WHO.match(first):
            # "Who deals with loan requests, and what is their extension?": the person the first part asks for, whom
            # no word of it names — the part is read after that question (as a Chinese one that names nothing is)
            return f"{first.rstrip()} {part}"
        if pointer.group().lower() in _THEY and _THEY_WORD.search(first):
            # "Will they get a full bonus? How long is their probation?": the first part's people, whom its topic
            # words do not name (the review's "Do new hires get laptops when they join? What OS do they run?"
            # means the laptops, which no rule here reads either; "new hires" was no better)
            return None
        if pointer.group().lower() in ("they", "their") and _EN_CLAUSE_START.search(part[:pointer.start()]):
            # "they want to buy from a new supplier", "they've hinted …": a "they" that opens a statement is
            # mostly the people of the message's scene (a team, a supplier), not the first part's topic
            # (blind dev cases md-d6, md-d7); "when do they ship?", "follow them" still point back
            return None
        before = part[own.end() if own else 0:pointer.start()]
        if _EN_IF_END.search(before):
            return None   # "if it was, when will I be paid?" echoes, it asks about nothing new
        if pointer.group().lower() in _EN_PLURAL_POINTER and _EN_COUNTED_NOUN.search(before) \
                and not _EN_ASKING_VERB_END.search(before):
            return None
        for phrase in _EN_NOUN_PHRASE.finditer(before):
            # the subject of an asking verb ("does a part-time employee have to follow it?") is not
            # what the object pronoun points at
            lead = before[:phrase.start()]
            # the phrase match ends on the first letter of the word after its determiner
            when = _EN_ADVERBIAL_END.search(lead) and _EN_TIME_PHRASE.match(before, phrase.end() - 1)
            if not (_EN_ASKING_VERB_END.search(lead) or when):
                return None
    elif "。" in part.rstrip("。"):
        # a part read after the question before it ("它的保修期多久。坏了找谁？"): only what it asks itself is read
        head, tail = part.rsplit("。", 1)
        asked = pointer_in_split(tail, first, language)
        return f"{head}。{asked}" if asked else None
    elif (pointer := points_back(part, language)) is not None and \
            len(re.sub(r"\W", "", unjoined(part[:pointer.start()]))) >= _ZH_OWN_NOUN:
        return None   # "…要送我们每人一个 300 来块的礼盒，这个能收吗？": 这个 is the part's own 礼盒
    return resolve_pointer(part, first, language)


# a part that asks the part before it again about something else: "那进机房呢？", "换成经理呢？"
_ZH_ASKED_AGAIN = re.compile(r"^(那么|那如果是|那如果|那要是|如果是|要是|换成|换作|那)")


def opens_as_asked_again(part: str) -> bool:
    """Whether a Chinese part is put as asking the part before it again: "那进机房呢？", "换成经理呢？"."""
    return bool(_ZH_ASKED_AGAIN.match(part.strip())) or part.strip().rstrip("？?。 ").endswith("呢")


def asked_again(part: str, before: str, language: str, similar: Similar) -> str | None:
    """A Chinese part that asks the part before it again about something else ("请假最晚得提前多久在 OA 上提？那进机房
    呢？"): that part with the slot it names swapped in (``similar``: cosines under the corpus's embedder), as
    the ``followup`` transform does across turns, or, with no sibling slot, with the topic that opens it; None
    when the part stands alone, points back with a pronoun (:func:`pointer_in_split` reads those) or no slot
    fits (it is then left as asked, never joined to the part before, whose evidence would answer for it)."""
    if language != "zh" or not is_follow_up(part, language) or points_back(part, language):
        return None   # an English part ("And mentoring?") is retrieved well as written, its noun standing alone
    content = content_of(part, language)
    if not opens_as_asked_again(part) \
            or not content or zh_asks(content) or re.search(r"[0-9０-９]", content) or len(content) > 8:
        # "发票抬头该怎么开？" asks a question of its own; "那请 5 天呢？", "那我工龄 12 年呢？" add a condition
        # to the part before, which no slot swap reads
        return None
    swapped = swap(part, content, before, language, similar, SWAP_AT)
    if swapped is not None:
        # a slot names a thing: a swap that takes out a verb ("年假能顺延吗？" → "年病假吗？" lost 顺延) reads nothing
        span = _shared_ends(before, swapped)
        return swapped if _on_word_edges(before, span) and not holds_a_verb_zh(before[span[0]:span[1]]) else None
    if (subject := topic(before, language)) and before.startswith(subject) \
            and _on_word_edges(before, _shared_ends(before, content + before[len(subject):])):
        # no sibling slot: the part asks the same of what it names ("进机房" for "请假": 进机房最晚得提前多久…),
        # the topic opening the part before as whole words
        return content + before[len(subject):]
    return None


def _shared_ends(before: str, rewritten: str) -> tuple[int, int]:
    """Where the text a rewrite replaced starts and ends in ``before``."""
    head = next((i for i, (a, b) in enumerate(zip(before, rewritten, strict=False)) if a != b), min(len(before), len(rewritten)))
    tail = next((i for i, (a, b) in enumerate(zip(reversed(before), reversed(rewritten), strict=False)) if a != b),
                min(len(before), len(rewritten)))
    return head, max(head, len(before) - tail)


def _on_word_edges(before: str, span: tuple[int, int]) -> bool:
    """Whether the span of ``before`` a rewrite replaced (:func:`_shared_ends`) starts and ends at word edges
    ("年假能顺延吗？" → "年病假吗？" cut 年假 and dropped 顺延)."""
    edges = word_edges(before)
    start, end = span
    return start in edges and end in edges
