"""The parts of an English message for ``split``: its questions (:mod:`rag.transforms.asking`), two
questions joined by "and" ("How long is X and how many Y?"), a question after a condition, "what about X,
…", and the items of an enumeration ("the hotel caps in London and Lisbon"), each part keeping the scene
set before it ("I'm going to Lisbon next month: …")."""

from __future__ import annotations

import re

from rag.transforms.asking import EN_CLAUSE, asked_questions, numbered_items, told_parts, unjoined
from rag.transforms.slots import points_back

_EN_SEP = re.compile(r"[,;]\s*(?:and|or)\s+|\s+(?:and|or)\s+|[,;]\s+", re.I)
# "+" or "&" joins two questions ("what do I do with it + where do I reset it?"), never the words of a name
# ("Terms & Conditions", "R & D", "40 + 15"): only before a question word
_EN_SYMBOL_JOIN = re.compile(r"\s+[+&]\s+(?=(?:how|what|when|where|who|whom|which|why)\b)", re.I)
_EN_STOP = re.compile(r"[?,!;]|[.:](?!\d)|\b(?:respectively|each|both)\b", re.I)   # never the colon of 23:30


# the scene set before the question: "I'm going to Lisbon next month: what's the hotel cap, and …"
# (or a dash: "Getting my accounts set up as a new starter — how long does my password …")
_EN_OPENS = r"(?:how|what|when|where|who|which|why|can|could|do|does|did|is|are|was|were|will|would|should|must|may|has|have|am)\b"
# a question opened by an auxiliary and its subject ("Will the company …", "Has my claim …", "May I …"),
# never a statement that opens with such a word ("May is busy, …"), nor a name after it ("May Chen in
# finance said …", "Will Turner from IT set up …", "May Bank Holiday falls …")
_EN_AUX_ASKS = re.compile(r"(?:can|could|do|does|did|is|are|was|were|will|would|should|must|may|has|have|am)\s+"
                          r"(?:i|you|we|they|he|she|it|the|a|an|my|our|your|their|his|her|this|that|these|those|there|"
                          r"someone|anyone|everyone|employees?|staff)\b", re.I)
EN_SCENE = re.compile(r"^(?P<scene>[^?]{3,}?(?::|[.!](?=\s))|(?:[^\s?]+\s+){4,}?[—–-])\s*"
                       rf"(?={_EN_OPENS}|(?:at|by|for|in|on|from|to|with|until|since)\s+(?:what|which|when|whom|how)\b|"
                       r"(?:apart from|besides|aside from|other than|except for)\b[^,?]{1,60},\s*(?:how|what|when|where|who|which|why)\b)", re.I)
# a shorter lead before a dash ("new starter here - how often …") is a scene only when nothing after
# it points back at it: "Hybrid working — is it allowed …?" names the topic "it" stands for
_EN_SHORT_SCENE = re.compile(r"^(?P<scene>(?:[^\s?]+\s+){1,3}?[—–-])\s*" rf"(?={_EN_OPENS})", re.I)
_DETERMINER = {"the", "a", "an", "my", "our", "your", "their", "his", "her", "its"}
# a wh-phrase with no verb of its own, which asks more of the question before it: "after how long", "by when", "to whom"
_EN_TAG = re.compile(r"(?:(?:after|for|by|to|from|until|within|in|on|at)\s+)?(?:how (?:long|much|many|often|soon|far|quickly)|"
                     r"when|whom|where|what time)(?=\s*,)", re.I)


# a phrase, then the question it leads to: "apart from the request form, who has to approve the software"
# — the phrase a preposition opens, the question without a comma and asking in a question's order (never a
# relative clause: "Besides my laptop, which is new, …", "Apart from the form, which I already sent, …"),
# and only as the left side of a joint between two questions joined by "and" / "or"
_LEAD_THEN_ASKS = re.compile(
    r"^(?:apart from|aside from|besides|other than|except for|in addition to|as for|regarding|for|under|in|on|at|"
    r"after|before|during|with|without)\b[^,?]{1,60},\s*(?:how|what|when|where|who|whom|whose|which|why)\b"
    r"(?!\s+(?:i|you|we|they|he|she|it|the|a|an|my|our|your|their|his|her|this|that)\b)[^,?]*$", re.I)


# a clause or phrase that opens the message before its questions ("If I swap onto a bank holiday shift, how much
# notice …, and how are …?", "As a new starter, how many days …, where …?"): it stays with each question; with one
# question after it the message is that one question ("When my manager is away, who approves my leave?"). Never a
# question itself: "When is payday, …", "When's payday, …", "When exactly is …", "Since when has …"
_EN_LEAD = re.compile(r"^(?P<scene>(?:if|when|whenever|once|as|after|before|while|since|during|in case)\b"
                      r"(?!['’]s\b|\s+(?:is|are|was|were|do|does|did|can|could|will|would|should|must|may|has|have|had|am|"
                      r"exactly|when|else)\b)[^,?]{2,80},)\s*", re.I)


def _en_scene(question: str) -> re.Match[str] | None:
    """The scene a message sets before its first question, if any."""
    if scene := EN_SCENE.match(question):
        return scene
    short = _EN_SHORT_SCENE.match(question)
    return short if short and not points_back(question[short.end():], "en") else None



_OPENS_ON_A_PERSON = re.compile(r"\s*(?:(?:also|and|plus|oh)\b,?\s*)?(?:she|he|they)\b(?!\s*(?:do|does|did|is|are|can|will|would|should|must|may)\b)", re.I)
_EN_WHAT_ABOUT = re.compile(r"\s*(?:and\s+)?(?:what|how)\s+about\b[^,?;]*[,;]", re.I)
# a question after a condition: "…, and if my laptop gets stolen while I'm there, which number do I call?"
_EN_CONDITION = re.compile(r"(?:if|once|in case|should)\b[^,?]{3,}?,\s*", re.I)


# …or with no comma, in a question that ends in its mark: "and once I've passed is that enough …?"
# (what ends it is a question word or an auxiliary before its subject, never a bare "is": "if it is over budget?")
_EN_CONDITION_UNMARKED = re.compile(r"(?:if(?!\s+so\b)|once|in case)\b[^,?]{3,}?\s+(?=(?:how|what|when|where|who|which)\b|"
                                    r"(?:is|are|do|does|can|could|will|would|should|must)\s+(?:i|you|we|they|he|she|it|"
                                    r"there|that|this|my|the)\b)", re.I)


def _asks_if(text: str) -> bool:
    """A clause that asks after a condition it opens with ("if it breaks, who do I call?", "once I've
    passed is that enough …?")."""
    condition = _EN_CONDITION.match(text) or (_EN_CONDITION_UNMARKED.match(text) if text.rstrip().endswith("?") else None)
    # (what follows asks: a question word, or an auxiliary before its subject, "will I still be able …")
    return bool(condition and (EN_CLAUSE.match(text[condition.end():]) or _EN_AUX_ASKS.match(text[condition.end():])))



# a title or a name in double quotes is one thing: its "and" joins nothing of the question
_EN_QUOTED = re.compile(r'"[^"]+"|“[^“”]+”')


def en_parts(question: str, clauses_only: bool = False) -> list[str]:
    """The parts of an English message; with ``clauses_only`` (the rest after a second question)
    only whole questions, never the items of an enumeration ("who is in Research and Development?")."""
    question = _EN_SYMBOL_JOIN.sub(" and ", question)
    if not clauses_only and (items := numbered_items(question)):   # "… 1) What's … 2) What's …"
        return items
    if asked := asked_questions(question):
        # a later question that opens on a person of the first one's scene ("A rep from one of our suppliers is
        # coming in tomorrow. Do I need to register her? She's hinted she'll bring wine. Can I keep it?") is
        # asked in that scene
        scene = EN_SCENE.match(asked[0])
        return [asked[0], *(f"{scene.group('scene')} {q}" if scene and _OPENS_ON_A_PERSON.match(q) else q for q in asked[1:])]
    if told := told_parts(question, "en"):
        return told
    if scene := _en_scene(question):   # each part keeps the scene
        return [f"{scene.group('scene')} {p}" for p in en_parts(question[scene.end():], clauses_only)]
    if (lead := _EN_LEAD.match(question)) and (EN_CLAUSE.match(question[lead.end():])
                                               or _EN_AUX_ASKS.match(question[lead.end():])):
        rest = en_parts(question[lead.end():], clauses_only)
        return [f"{lead.group('scene')} {p}" for p in rest] if len(rest) >= 2 else []
    if about := _EN_WHAT_ABOUT.match(question):
        # "What about the bonus, when is it paid, and how is it calculated?": the head stays with each
        # part; "what about a lost laptop, how quickly must I report that?" asks one thing
        head = about.group().strip().rstrip(",;")
        rest = en_parts(question[about.end():].strip(), clauses_only=True)
        return [f"{head}, {p}" for p in rest] if len(rest) >= 2 else []
    # (never the "and" of a binomial: "the Health and Safety Officer, and which extension …" joins at the second; nor
    # one inside a quoted title: 'the "Travel and Expenses Guide" and the "Security Handbook"')
    quoted = [m.span() for m in _EN_QUOTED.finditer(question)]
    joints = [joint for joint in _EN_SEP.finditer(question)
              if not any(start < joint.start() < end for start, end in quoted)]
    match = next((joint for joint in joints if not _binomial(
        (question[:joint.start()].split() or [""])[-1], (question[joint.end():].split() or [""])[0])), None)
    if not match:
        return []
    # a question that opens with a phrase before its question word ("apart from the request form, who has to
    # approve it, and does legal …?"): the two questions meet at the first joint whose left side asks
    opens_asking = EN_CLAUSE.match(question.strip()) or _EN_AUX_ASKS.match(question.strip())
    for joint in [] if opens_asking else joints:
        left = question[:joint.start()].strip()
        if re.search(r"\b(?:and|or)\b", joint.group(), re.I) and _LEAD_THEN_ASKS.match(left) and (EN_CLAUSE.match(unjoined(question[joint.end():]))
                                            or _asks_if(unjoined(question[joint.end():]))):
            match = joint
            break
    # a bare wh-phrase after a comma goes on with the question before it ("who rings them first, after how long, and
    # what is that team's extension?"): the questions meet at the joint after it
    # (only where a question follows that joint)
    skip = match
    while skip and not re.search(r"\b(?:and|or)\b", skip.group(), re.I) and (tag := _EN_TAG.match(question, skip.end())):
        skip = _EN_SEP.search(question, tag.end())
    if skip is not match and skip and (EN_CLAUSE.match(unjoined(question[skip.end():])) or _asks_if(unjoined(question[skip.end():]))):
        match = skip
    after = unjoined(question[match.end():])
    if EN_CLAUSE.match(after) or _asks_if(after):   # two questions joined: "How long is X and how many Y?"
        # "Under the 2022 policy, how large …" is one question; "Will the company cover X, and how much …" two
        if not (opens_asking or _LEAD_THEN_ASKS.match(question[:match.start()].strip())):
            return []
        first = re.sub(r"\s+(?:and|or)$", "", question[:match.start()].strip(), flags=re.I)   # "… stipend and, if …"
        # three or more ("What time …, how long …, and how long …?"): the rest is split again, but
        # never a question after its condition ("should the hotel cost more, who approves it?")
        rest = [after.strip()] if _asks_if(after) else (en_parts(after.strip(), clauses_only=True) or [after.strip()])
        return [first + "?", *rest]
    if clauses_only or not re.search(r"\b(and|or)\b", match.group(), re.I):   # a bare comma does not enumerate
        return []
    if re.search(r"[?？!！]\s*$", question[:match.start()]):
        return []   # "Can I carry over leave? And that is it for today": no item crosses a question's end
    stop = _EN_STOP.search(after)
    right_words = (after[:stop.start()] if stop else after).split()
    if not 1 <= len(right_words) <= 6:
        return []
    before = question[:match.start()].split(" ")
    n = len(right_words)
    # parallel items are as long as each other, unless the right one opens with a determiner
    # the left one also has: "the hotel cap for tier 1 cities and the deadline for claims"
    opener = right_words[0].lower()
    shared = []
    if opener in _DETERMINER and opener in (w.lower() for w in before[1:]):
        n = len(before) - max(i for i, w in enumerate(before) if w.lower() == opener)
    elif phrase := _phrase_length(right_words):
        # (split v27) the right item is the noun phrase after the joint, up to a preposition, a verb or a pronoun:
        # "my sandwiches and drinks into the gallery" — the rest is the question's, kept with each item; the left one
        # runs back as far, to a word of the same kind: "do managers and directors get" pairs managers with
        # directors; a lone modifier before the joint shares the right item's head: "full-time and part-time staff"
        right_words = right_words[:phrase]
        if _binomial(before[-1], right_words[0]):
            return []   # "health and safety training", "bits and bobs": one thing, never two items
        n = min(len(right_words), _phrase_length(before[::-1], backwards=True))
        if n == 0:
            return []
        # (only a lone modifier shares the right item's head: "annual and sick leave", never "managers and team leads")
        shared = right_words[n:] if n == 1 < len(right_words) and _a_modifier(before[-1]) else []
    if len(before) <= n:
        return []
    left = " ".join(before[-n:] + shared)
    head = " ".join(before[:-n])
    # (the rest of the question after the right item, as written)
    tail = after[[m.end() for m in re.finditer(r"\S+", after)][len(right_words) - 1]:]
    if stop and stop.start() < len(after) - len(tail):
        tail = after[stop.start():]
    return [f"{head} {item}{tail}".strip() for item in (left, " ".join(right_words))]


# what ends an item of an enumeration: a preposition (never "of": "heads of department"), an auxiliary or a modal, a
# pronoun, a question word or a conjunction; and a word that can only be a verb or an adverb (lemminflect)
_NOT_IN_ITEM = frozenset(
    "in into on onto at for from with without to by during until till within over under about via per than across "
    "through after before between among against toward towards upon do does did is are was were be been being have has "
    "had can could will would shall should may might must i you he she it we they me him her us them my your our their "
    "its his this that these those what which who whom whose when where why how and or but if while because so as "
    "there here also just".split())
_EN_WORD_EDGE = re.compile(r"^[\"'“‘(]+|[\"'”’),.:;!?]+$")
# two words "and" joins into one thing (a binomial): never two items
_BINOMIALS = frozenset({
    ("health", "safety"), ("bits", "bobs"), ("odds", "ends"), ("bed", "breakfast"), ("wear", "tear"), ("arts", "crafts"),
    ("terms", "conditions"), ("research", "development"), ("pros", "cons"), ("fish", "chips"), ("trial", "error"),
    ("rules", "regulations"), ("learning", "development"), ("equality", "diversity"), ("diversity", "inclusion"),
    ("bread", "butter"), ("salt", "pepper"), ("black", "white"), ("rock", "roll"), ("law", "order"), ("peace", "quiet"),
    ("food", "drink"), ("food", "beverage"), ("tea", "coffee"), ("mergers", "acquisitions"), ("sales", "marketing"),
    ("profit", "loss"), ("supply", "demand"), ("hide", "seek"), ("hit", "miss"), ("give", "take"), ("comings", "goings"),
    ("nuts", "bolts"), ("ups", "downs"), ("ins", "outs"), ("dos", "don'ts"), ("q", "a"), ("r", "d")})


def _binomial(left: str, right: str) -> bool:
    return (_EN_WORD_EDGE.sub("", left).lower(), _EN_WORD_EDGE.sub("", right).lower()) in _BINOMIALS


# the subject a question's verb follows ("Can I take …", "do they need …", "want to book …")
_SUBJECTS = frozenset("i you we they he she it to".split())


def _a_modifier(raw: str) -> bool:
    """A word that qualifies a noun: one a dictionary reads as an adjective and is no plural ("annual", "sick"; never
    "managers"), or a hyphenated one it does not know ("full-time", "part-time")."""
    from lemminflect import getAllLemmas

    word = _EN_WORD_EDGE.sub("", raw).lower()
    kinds = getAllLemmas(word)
    return ("ADJ" in kinds and not word.endswith("s")) or (not kinds and "-" in word)


def _phrase_length(words: list[str], backwards: bool = False) -> int:
    """How many of ``words``, from the first, belong to one noun phrase: a determiner only first, then nouns,
    adjectives, names, numbers and hyphenated words, up to a word that ends an item (:data:`_NOT_IN_ITEM`). A word in
    capitals is a name ("IT", "US"). ``backwards`` (``words`` read from the joint back): "of" ends the item too ("days
    of annual and sick leave"), and so does a word that can be a verb right after a subject pronoun or "to" ("Can I
    take annual leave and …"; never "Can line managers and …")."""
    from lemminflect import getAllLemmas

    taken = 0
    for i, raw in enumerate(words):
        word = _EN_WORD_EDGE.sub("", raw)
        lowered = word.lower()
        capitals = len(word) >= 2 and word.isupper()
        if not word or (lowered in _NOT_IN_ITEM and not capitals) or (lowered in _DETERMINER and i > 0) \
                or (backwards and lowered == "of"):
            break
        kinds = getAllLemmas(lowered)
        if backwards and "VERB" in kinds and i + 1 < len(words) \
                and _EN_WORD_EDGE.sub("", words[i + 1]).lower() in _SUBJECTS:
            break   # "I take", "do they need": the verb of the question, not a word of the item
        if kinds and not ({"NOUN", "ADJ", "PROPN"} & set(kinds)) and not word[:1].isupper() and not any(
                ch.isdigit() for ch in word):
            break   # a verb or an adverb: "directors get", "staff usually"
        taken = i + 1
        if lowered in _DETERMINER:
            continue
        if raw != word and raw[-1:] in ",.:;!?":
            break
    return taken

