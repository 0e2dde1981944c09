"""Follow-up transforms: a question that leans on the conversation ("那经理呢？", "还有吗",
"what about managers?") rewritten into one that stands alone, so that retrieval, answerability
and generation see what the asker means. Without a history they change nothing.

``followup`` is rule-based and offline. A short question that reads as a follow-up (a leading
"那/还有/what about/and …", a trailing "呢") swaps the slot it names into the last standalone
user question ("那经理呢？" after "普通员工…住宿费每晚上限是多少？" → "普通经理…"); a question that
points back with a pronoun gets the earlier topic in its place; a follow-up with no slot of the
same kind is joined to the earlier question, its own content first (:mod:`rag.transforms.slots`). The rules come from how follow-ups are
phrased, and were checked on the dev split's conversations only.
``followup_llm`` asks the configured chat model to rewrite it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import PositiveInt

from rag.answer_types import asked_type
from rag.errors import ConfigError
from rag.text import EN_FUNCTION_WORDS
from rag.transforms import Transform, transforms
from rag.transforms.referents import (
    answered_person,
    answered_thing,
    named_person,
    resolve_person,
    resolve_thing,
)
from rag.transforms.slots import (
    LEADING_PREPOSITION,
    TIME_WORD,
    Similar,
    embedder_similarity,
    points_back,
    resolve_pointer,
    swap,
    topic,
)
from rag.types import QueryEnv, QueryVariant

_CJK_ONLY = re.compile(r"[\u4e00-\u9fff]+")
_ZH_LEAD = re.compile(r"^(那么|那如果是|那如果|那要是|如果是|要是|换成|换作|那|还有|另外|再问一下|再问|以及|和|跟)")
# (a place pointed at, "临平那边呢？", names the place: 临平)
_ZH_TAIL = re.compile(r"(?:(?<=[\u4e00-\u9fff])(?:那边|这边|那里|这里|那儿|这儿)的?)?(的话)?(也(?:一样|这样|是这样|是|适用|可以|行|算)?)?(呢|吗|呀|啊|么)?[？?。!！\s]*$")
# "周末也一样吗？", "经理也适用吗？": the same question asked of something else
_ZH_SAME = re.compile(r"也(?:一样|这样|是这样|是|适用|可以|行|算)?(?:吗|呢|么)?[？?。!！\s]*$")
_ZH_MORE = re.compile(r"^(还有吗|还有呢|还有别的吗|还有其他的吗|其他的呢|别的呢|还有什么|还有哪些)[？?。]*$")
_ZH_REF = re.compile(r"(它|它们|这个|那个|这些|那些|该|其|上述|这种|那种|此)")
# (longest first: "and if" before "and")
_EN_LEAD = re.compile(r"^(and what about|what about|how about|and for|and if (?:so|not)|if (?:so|not)|and if|and|also|"
                      r"but|so|then|what if|same for|or)\b[\s,]*", re.I)
# a clause that sets when the asker gets there, before what it names: "What about once I've done five years?" names
# "five years", "…when I'm on nights?" nights
_EN_ONCE = re.compile(r"^(?:once|after|when|now that|by the time)\s+(?:i|we|they|he|she)(?:['’](?:ve|m|re)|\s+(?:have|am|are|has|is))?"
                      r"\s+(?:(?:done|completed|served|worked|reached|hit|passed|got|had|been(?:\s+here|\s+with\s+(?:the\s+)?\w+)?)"
                      r"(?:\s+for)?|on)\s+", re.I)
# "and if I go on my motorbike?", "What if I take the train?": the thing a clause of the asker's own doing names, after
# its verb (never an auxiliary or a negation: "What if I don't have a receipt?" keeps its words)
_EN_DOING = re.compile(r"^(?:i|we|you|they)\s+([a-z]+)\s+(?:(?:on|by|in|with|via|into)\s+)?"
                       r"(?:(?:my|our|your|their|a|an|the|some)\s+)?(?=[a-z])", re.I)
# "And if it's Year 11s?", "What if it's a Sunday?": the pronoun and its verb name nothing before a name or a number
_EN_IT_IS = re.compile(r"^(?:it|they|we|i|that|he|she)(?:['’]s|['’]re|['’]m| is| are| am| was| were)\s+", re.I)
_EN_MORE = re.compile(r"^(anything else|any others?|what else|more|and\??|others?)\??$", re.I)
# the cosine at which a span of the earlier question is the slot a follow-up names: siblings
# (经理 / 员工 0.57, Lisbon / London 0.51, gym memberships / courses 0.33) reach it, a new
# constraint on a question that has no slot of its kind does not (上海 / 出差 0.26) — read off
# dev conversations under the default embedders (USE for Chinese, MiniLM for English)
SWAP_AT = 0.3
_EN_REF = re.compile(r"\b(it|its|that|this|they|them|their|those|these|there|one|ones)\b", re.I)


def _names_after_it_is(question: str) -> bool:
    """ "And if it's Year 11s?", "What if it's a Sunday?": after a lead, "it's" names what follows — a name, a number,
    a capitalised word. "What if it's lost?" keeps its pronoun: "it" is the earlier question's subject."""
    q = question.strip()
    if not _EN_LEAD.match(q):
        return False
    rest = _EN_LEAD.sub("", q)
    after = _EN_IT_IS.match(rest)
    if after is None:
        return False
    named = re.sub(r"^(?:a|an|the)\s+", "", rest[after.end():].strip(), flags=re.I)
    return bool(re.match(r"[A-Z0-9]", named))


# a question that opens by saying it changes the subject stands alone, whatever pronoun it holds — never one that says
# it stays on it ("Another question about that: …", "Separate thing about it - …", "Different question, but related: …")
_STAYS = r"(?![,:]?\s+(?:but\s+)?(?:about|on|regarding|re|for|related|on\s+the\s+same)\b)"
_NEW_TOPIC_EN = (r"(?:(?:(?:a|an|one|some|something|totally|completely|entirely|quite\s+a|a\s+totally|a\s+completely)\s+)?"
                 r"(?:different|new|separate|unrelated)\s+(?:question|topic|query|thing|subject|matter)\b" + _STAYS + "|"
                 r"another\s+(?:question|topic|query)\b" + _STAYS + "|"
                 r"(?:on\s+(?:a|another)\s+(?:different\s+)?(?:note|topic|subject)|changing\s+(?:the\s+)?subject|"
                 r"unrelated(?:ly)?|switching\s+topics?|new\s+topic)\b" + _STAYS + ")")
# (Chinese: the openings that only say so; 题外话, 另一个问题, 不相关的问题 may be what is asked about — "题外话，能在例会上讲吗？")
_NEW_TOPIC_ZH_SAID = r"换个话题|换个问题|换一个问题|换一个话题|问个别的|再问个别的|说点别的"
_NEW_TOPIC = re.compile(rf"(?:{_NEW_TOPIC_EN}|{_NEW_TOPIC_ZH_SAID}|另外一个问题|另一个问题|题外话|不相关的问题)", re.I)
# ("Another thing: does it need a receipt?", "Another question about that: …" continue the topic)
# …and the words that say so are no part of the question: what follows the separator is asked alone ("Different
# question - where do I pick up my uniform?", "换个话题，职工食堂午饭几点开始供应？"); never without a question after them,
# and never a hyphen inside a word ("New subject-leader allowance - how much is it?")
_SEPARATOR = r"(?:\s*[.:;,!?。：；，、！？…]+\s*|\s+[-–—]+\s*|[-–—]+\s+|\s*[—–]+\s*)"
_NEW_TOPIC_PREFACE = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|right|so|and|also|oh|sorry|um+|hmm+|好的?|嗯|那)(?:[\s,，]+|(?=[\u4e00-\u9fff])))*"
    rf"(?:{_NEW_TOPIC_EN}(?:(?:\s+(?:but|though)\b)?(?:{_SEPARATOR})+(?:(?:but|though|anyway)\b{_SEPARATOR}?)?|"
    rf"\s+(?:but|though)\s+)|"
    rf"(?:{_NEW_TOPIC_ZH_SAID})\s*(?:吧|啊|哈|呀)?(?:{_SEPARATOR}|\s)+)", re.I)


def without_new_topic(question: str) -> str:
    """The question without an opening that says it changes the subject, or the question itself when nothing stands
    after it that asks (four Chinese characters and words at least, or three words)."""
    opening = _NEW_TOPIC_PREFACE.match(question)
    if opening is None:
        return question
    rest = question[opening.end():].strip()
    chinese, words = len(re.findall(r"[\u4e00-\u9fff]", rest)), len(re.findall(r"[A-Za-z0-9]+", rest))
    enough = (chinese >= 1 and chinese + words >= 4) or words >= 3
    return rest if enough else question


def is_follow_up(question: str, language: str) -> bool:
    """A question that needs the conversation: "还有吗" / "anything else?"; a short one (at
    most 8 characters / 5 words once its scaffolding is removed) that opens like a follow-up,
    ends in "呢", or points back with a pronoun; or any question whose subject is a pronoun
    that points back ("Can it be taken after …?"). A long question with no such pronoun stands
    alone even when it opens with "那" or "and": it carries its own topic."""
    q = question.strip()
    if _NEW_TOPIC.match(q):
        return False   # ("Different question. How long does a member's refund take?": it says it stands alone)
    if points_back(q, language):
        return True
    if language == "en":
        if _EN_MORE.match(q):
            return True
        short = len(content_of(q, language).split()) <= 5
        return short and bool(_EN_LEAD.match(q) or _EN_REF.search(q) or len(q.split()) <= 2)
    if _ZH_MORE.match(q):
        return True
    short = len(content_of(q, language)) <= 8
    return short and bool(_ZH_LEAD.match(q) or q.rstrip("？?。 ").endswith("呢") or _ZH_REF.search(q)
                          or _ZH_SAME.search(q) or len(_zh_without_tail(q)) <= 4)


def _without_end(text: str, marks: str) -> str:
    """``text`` without the spaces and ``marks`` that end it, read from the end (a pattern anchored at the end tries
    every position of a long run of spaces: quadratic)."""
    end = len(text)
    while end and (text[end - 1].isspace() or text[end - 1] in marks):
        end -= 1
    return text[:end]


def _zh_without_tail(text: str) -> str:
    """``text`` without the words that end a Chinese follow-up (:data:`_ZH_TAIL`: "…那边的话也一样吗？"), read in its last
    characters once its ending marks are off."""
    core = _without_end(text, "？?。!！")
    cut = max(len(core) - 16, 0)   # (the tail's words are at most twelve characters; one more for its look-behind)
    return core[:cut] + _ZH_TAIL.sub("", core[cut:])


def content_of(question: str, language: str) -> str:
    """The follow-up without its scaffolding: "那经理呢？" → "经理", "what about managers?" →
    "managers"; empty for "还有吗" / "anything else?"."""
    q = question.strip()
    if language == "en":
        if _EN_MORE.match(q):
            return ""
        rest = _EN_ONCE.sub("", _without_end(_EN_LEAD.sub("", q), "?.!").strip())
        if _EN_LEAD.match(q) and (doing := _EN_DOING.match(rest)) and doing.group(1).lower() not in EN_FUNCTION_WORDS \
                and not doing.group(1).lower().endswith("n't"):
            rest = rest[doing.end():]   # (after a lead only: "I take the train" alone is no follow-up's thing)
        if _names_after_it_is(q):
            rest = _EN_IT_IS.sub("", rest)   # (after a lead only: "It's Year 11s?" alone keeps its words)
        return re.sub(r"^(the|a|an)\s+", "", rest, flags=re.I)
    if _ZH_MORE.match(q):
        return ""
    rest = _zh_without_tail(_ZH_LEAD.sub("", q)).strip()
    # "高级的呢？", "生鲜部的呢？": the 的 of "the one of …" names nothing itself
    return rest[:-1] if len(rest) >= 3 and rest.endswith("的") and _CJK_ONLY.fullmatch(rest) else rest


def standalone(question: str, history: Sequence[dict[str, str]], language: str,
               similar: Similar | None = None, swap_at: float = SWAP_AT) -> str:
    """The question made standalone against the user turns before it, each of which is first
    made standalone against its own predecessors (a chain of follow-ups keeps its topic).
    ``similar`` (cosines under the corpus's embedder) lets a follow-up swap the slot of the
    earlier question it names (:mod:`rag.transforms.slots`); without it, or when no slot is
    close enough, the follow-up is joined to the earlier question, its own content first."""
    return rewrite(question, history, language, similar, swap_at)[0]


def rewrite(question: str, history: Sequence[dict[str, str]], language: str,
            similar: Similar | None = None, swap_at: float = SWAP_AT) -> tuple[str, str]:
    """``standalone``, and the **focus**: what the follow-up itself named when it was swapped
    into or joined to the earlier question ("gym memberships" of "What about gym
    memberships?"), else "". The earlier turn's evidence is no evidence for the focus."""
    standalone, focus, _ = rewrite_slots(question, history, language, similar, swap_at)
    return standalone, focus


def replaced_slot(previous: str, standalone: str, focus: str) -> str:
    """What the focus took the place of in the earlier question ("专员级" of "专员级员工每月通讯补贴多少？" for
    "签约营销员级…", "at Holloway Ironworks" for "… at Fernleigh Hall?"): the earlier question less the standalone's
    words before and after the focus; "" when the focus was joined to it, not swapped in."""
    at = standalone.find(focus) if focus else -1
    if at < 0:
        return ""
    before, after = standalone[:at], standalone[at + len(focus):]
    if len(before) + len(after) >= len(previous) or not previous.startswith(before) or not previous.endswith(after):
        return ""
    replaced = previous[len(before):len(previous) - len(after)].strip()
    # (a phrase after a preposition takes the place of one after the same preposition: "for a commercial hirer" put
    # in for the verb "hire" is no slot swapped, and what it replaced names nothing)
    lead = LEADING_PREPOSITION.match(focus)
    return "" if lead and not replaced.lower().startswith(lead.group(1).lower()) else replaced


def rewrite_slots(question: str, history: Sequence[dict[str, str]], language: str,
                  similar: Similar | None = None, swap_at: float = SWAP_AT) -> tuple[str, str, str]:
    """:func:`rewrite`'s standalone question and focus, and the earlier question's slot the focus was swapped in for
    (:func:`replaced_slot`; "" when none was)."""
    previous, answer = "", ""
    for turn in history:
        if turn.get("role") == "user" and turn.get("content", "").strip():
            text = turn["content"].strip()
            alone = without_new_topic(text)   # (an earlier turn that changed the subject is what follows its opening)
            previous = alone if alone != text else _join(text, previous, language, similar, swap_at)[0] \
                if previous and is_follow_up(text, language) else text
            answer = ""
        elif turn.get("role") == "assistant":
            answer = turn.get("content", "").strip()
    # "他的分机是多少？" after "…要找谁来处理？" — "须立即报值班经理…": the person the answer named
    resolved = resolve_person(question, answered_person(previous, answer, language), language) if previous else None
    if resolved is None and previous and is_follow_up(question, language):
        # "And where is their office?" after "What's the extension for the Duty Port Manager at Westhaven?": the one
        # post or person the earlier question names
        resolved = resolve_person(question, named_person(previous, language), language)
    if resolved is None and previous:
        # "How often does it have to be renewed?" after "What qualification do you need …?" — "A valid National Pool
        # Lifeguard Qualification (NPLQ).": the thing the answer named
        resolved = resolve_thing(question, answered_thing(previous, answer, language), language)
    if resolved is not None:
        return resolved, "", ""
    if not previous or not is_follow_up(question, language):
        return question, "", ""
    standalone, focus = _join(question, previous, language, similar, swap_at)
    return standalone, focus, replaced_slot(previous, standalone, focus)


# "And at Fernleigh Hall?" after "How many volunteers are there at Holloway Ironworks?": a name after the same preposition
_PLACED = re.compile(r"(in|at|for|on|from)\s+(?:the\s+)?([A-Z][\w'’-]*(?:\s+(?:of\s+)?[A-Z][\w'’-]*)*)")


def _place_swapped(content: str, previous: str) -> str | None:
    """The earlier question with its name after a preposition swapped for the follow-up's name after the same one, or
    None. (The embedder may put two sites' names far apart: Holloway Ironworks and Fernleigh Hall.)"""
    new = _PLACED.fullmatch(content)
    if new is None:
        return None
    old = [m for m in _PLACED.finditer(previous) if m.group(1).lower() == new.group(1).lower()]
    if len(old) != 1:
        return None
    return previous[:old[0].start(2)] + new.group(2) + previous[old[0].end(2):]


# "And for a flyman?" after "What is the responsibility payment for a follow-spot operator?": a noun phrase after the
# preposition the earlier question's one noun phrase stands after (lower case: a name is _PLACED's)
_EN_PREP = r"(?:for|in|at|on|from|with|by)"
_PHRASED = re.compile(rf"(?i:and|but|what about|how about|so)?\s*({_EN_PREP})\s+((?i:a|an|the|my|our)\s+)?"
                      r"([a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})\s*[?.!]*")
# (the earlier question's phrase ends it: "… for a locker if I lose the key?", "… per show?" are left alone)
_PHRASE_AFTER = r"\s+((?:a|an|the|my|our)\s+)?([a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})\s*[?.!]*\s*$"


# what a noun phrase after a preposition never holds: a function word, or a word that joins it to another phrase
_NOT_IN_PHRASE = EN_FUNCTION_WORDS | frozenset("during per if when while after before until since except including without "
                                               "within between among against through across via unless whether than".split())


def _phrase_swapped(question: str, previous: str) -> tuple[str, str] | None:
    """The earlier question with its one noun phrase after a preposition swapped for the follow-up's after the same
    preposition, and the follow-up's phrase (the focus); None when the follow-up is not so put, or the earlier question
    has no such phrase or several. Read only when no slot is close enough under the embedder."""
    new = _PHRASED.fullmatch(question.strip())
    words = new.group(3).lower().split() if new else []
    if not words or any(w in _NOT_IN_PHRASE for w in words) or TIME_WORD.search(new.group(3)):
        return None   # ("And for a year?" asks how long, not about a year in place of a locker)
    preposition = re.escape(new.group(1).lower())
    if len(re.findall(rf"(?<![\w-]){preposition}(?![\w-])", previous, re.I)) != 1:
        return None   # (two phrases after it: which one the follow-up swaps is unknown)
    old = re.search(rf"(?<![\w-]){preposition}{_PHRASE_AFTER}", previous)   # (the phrase that ends the question)
    if old is None or old.group(2).lower() == new.group(3).lower() \
            or any(w.lower() in _NOT_IN_PHRASE for w in old.group(2).split()):
        return None
    phrase = (new.group(2) or "") + new.group(3)
    return previous[:old.start(1) if old.group(1) else old.start(2)] + phrase + previous[old.end(2):], new.group(3)


# a Chinese follow-up that repeats the earlier question's verb of going before its place ("那去成都呢？")
_ZH_GOING = re.compile(r"^(去|到|在|从|回)([\u4e00-\u9fff]{2,})$")


def _scene_zh(question: str) -> str:
    """The clauses of a Chinese question before the one that asks, when none of them asks ("我想请 2 天事假")."""
    head, _, _ = question.rstrip("？?。！! ").rpartition("，")
    return head if head and asked_type(head) == "other" and not re.search(r"[？?]", head) else ""


def _join(question: str, previous: str, language: str, similar: Similar | None,
          swap_at: float) -> tuple[str, str]:
    content = content_of(question, language)
    if not content:
        return previous, ""
    # ("And if it's Year 11s?": the pronoun and its verb name nothing, the slot follows them)
    idle = language == "en" and _names_after_it_is(question.strip())
    resolved = None if idle else resolve_pointer(question, previous, language)
    if resolved is not None:
        return resolved, ""
    earlier = asked_type(previous) if language != "en" else ""
    if earlier and earlier not in ("yesno", "other") and asked_type(content) not in ("other", earlier):
        # a new question about the same thing ("找谁批？" after "我想请 2 天事假，要提前多久申请？"): it asks
        # of the earlier one's scene, or its topic, and swaps nothing into its asking (after a yes/no question,
        # whose asking clause holds what it is about — "…，能报打车费吗？" — it is read as before)
        return f"{_scene_zh(previous) or topic(previous, language)}，{content}？", ""
    if language == "en":
        # "And if the conference is in Manchester?" after "…a conference in London…": the slot is what the
        # earlier question does not say already (Manchester), not the clause around it
        said = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'-]*", previous)}
        words = re.findall(r"[A-Za-z][A-Za-z0-9'-]*|\d[\d,.]*", content)
        named = [w for w in words if w.lower() not in EN_FUNCTION_WORDS]
        new = [w for w in named if w.lower() not in said]
        # (only a name, in a clause of its own: "What about sick leave?" keeps "sick leave", "the evening rate" its rate)
        if new and len(words) >= 3 and all(w[:1].isupper() for w in new) and len(new) < len(named):
            content = " ".join(new)
    elif (going := _ZH_GOING.match(content)) and going.group(1) in previous:
        # "那去成都呢？" after "去上海出差，…": the place swaps for the place, the verb stays where it is
        content = going.group(2)
    placed = _place_swapped(content, previous) if language == "en" else None
    if placed is not None:
        return placed, content
    swapped = swap(question, content, previous, language, similar, swap_at)
    if swapped is not None:
        return swapped, content
    phrased = _phrase_swapped(question, previous) if language == "en" else None
    if phrased is not None:
        return phrased
    return (f"{content} {previous}" if language == "en" else f"{content}，{previous}"), content


@transforms.register("followup", version="28")
def followup(*, swap_at: float = SWAP_AT) -> Transform:
    """A follow-up rewritten by rules into a standalone question (the trace shows it): the slot
    it names swapped into the earlier question when a span there is as close as ``swap_at``
    under the corpus's embedder, a back-pointing pronoun replaced by the earlier topic. Version 4: the topic is
    the noun phrase asked about (:func:`rag.transforms.slots.topic`): "my smartcard", not "the patient record" it
    is for; 学校的家长接待室 whole; never a number, nor 每天. (A Chinese follow-up that asks a fact of another
    kind ("找谁批？" after "…要提前多久申请？") asks it of the earlier question's scene or topic. "And if …" opens a
    follow-up, and an English follow-up's slot is what the earlier question does not say already: "And if the
    conference is in Manchester?" swaps Manchester for London; "周末也一样吗？" is a follow-up whose slot is 周末.)
    Version 5: an English question's asked fact is read from its first question word
    (:func:`rag.answer_types.without_subordinate_wh`). Version 6: a pronoun that points at a person ("他的分机是多少？",
    "What's his extension?"; they / them / their only when a way to reach someone is asked) after a question that
    asked who is the role the last answer named (:func:`rag.transforms.referents.answered_person`: "须立即报值班经理…" →
    "值班经理的分机是多少？"). Version 7: an English place swapped for a place takes its qualifier and, for an
    abbreviation, its article with it ("And for Europe?" after "… in the UK outside London?" asks "… in Europe?").
    Version 9 (version 8 also read "书面报告呢，…" as a follow-up, which a review undid): 在这期间 points back at the period the earlier question named (冷静期, 试用期); a pronoun is read as the last answer's role only in a short follow-up, never 其他, and in
    Chinese never with a verb the run holds (报销单由部门经理 → 部门经理). Version 10: a Chinese follow-up that repeats the
    earlier question's verb of going before its place ("那去成都呢？" after "去上海出差，…") swaps the place alone (v9
    wrote "去去成都" and named "去成都" as the focus, which no source writes). Version 14: a place pointed at names the
    place ("临平那边呢？" swaps 临平; v13 named "临平那边" as the focus, which no source writes), and a question that opens
    by changing the subject ("Different question. …", "换个话题，…") stands alone. A rewritten question's own words are
    kept in ``env.facts["asked_as"]``: a name the rewrite joined ("the STCW First Aid at Work one") is none the asker wrote.
    Version 17: a clause that sets when the asker gets there names what follows it ("What about once I've done five
    years?" names "five years"). Version 18: a name after a preposition swaps for the earlier question's name after the
    same preposition, however far apart the embedder puts them ("And at Fernleigh Hall?" after "… at Holloway Ironworks?").
    Version 19 (English): the "it" of what doing something takes or costs points at nothing ("How much is it to use the
    resin printer?", "How long does it take to get a refund?"); a passive's participle is no part of the earlier
    question's topic ("How often are dosimeter badges changed?" is about the badges); a pronoun after a question that
    asked who, whose answer names one person and no role, is that person ("Who is the Senior Conservator?" — "Dr Mei Lin
    Foster." → "What's Dr Mei Lin Foster's extension?"). Version 20 (Chinese): a sibling named by its shared head swaps
    the span of the earlier question as long as it, ending in the same character, on word edges, before the embedder is
    asked ("初中部呢？" after "高中部上午第一节课几点开始？" → "初中部上午…"; v19 wrote "高初中部…"); "高级的呢？" names 高级.) Version 21 (English): "his", "her" (and "their" asking a way to reach someone) after a
    question that names one post or person is that one ("And where is their office?" after "What's the extension for the
    Duty Port Manager at Westhaven?"); a follow-up put as a preposition and a noun phrase ("And for a flyman?") that no
    slot is close enough to swaps the earlier question's one phrase after the same preposition. Version 22: the opening
    that changes the subject is no part of the question ("Different question - where do I pick up my uniform?" asks
    "where do I pick up my uniform?"; "Totally different thing — …" changes it too). Version 23 (Chinese): a word takes
    a phrase of the earlier question with it only where it heads the phrase ("那去成都呢？" after "去上海出差，…" swaps 上海
    alone: v22 wrote "去成都，…"), and never after a verb (出差上海); 它 after a question whose first words set a condition
    on a count ("累计工作满 5 年的员工，年假有几天？") is what the asking clause is about (年假). The opening that changes the
    subject is read off earlier turns too. Version 26: the slot of the earlier question that the focus took the place of
    is kept as ``replaced`` (:func:`replaced_slot`), which the evidence rule reads (v115, ``refuse_untyped_focus``); a
    clause of the asker's own doing names its thing ("and if I go on my motorbike?" names "motorbike"). Version 27: a Chinese
    post swaps for the one post the earlier question names, with its grade (:func:`rag.transforms.slots.by_post`).
    Version 28: an English "it" after an answer that named the thing a "what / which <noun>" question asked is that thing
    (:func:`rag.transforms.referents.answered_thing`: "How often does it have to be renewed?" after "What qualification do you
    need …?" — "A valid National Pool Lifeguard Qualification (NPLQ)."), and a Chinese place slot takes the character jieba cut
    off its name as a bound morpheme (钱塘 / 湾: "临平那边呢？" swaps 钱塘湾)."""

    def transform(question: str, env: QueryEnv) -> list[QueryVariant]:
        alone = without_new_topic(question)
        if alone != question:   # it says it stands alone: asked as written after its opening, never joined to the last turn
            env.facts["asked_as"] = question
            return [QueryVariant(alone, "standalone")]
        similar = embedder_similarity(env.space.embed_queries) if env.history else None
        rewritten, focus, replaced = rewrite_slots(question, env.history, "en" if env.language == "en" else "zh", similar,
                                                   swap_at)
        if focus:
            env.facts["focus"] = focus   # answerability requires evidence for it (evidence's require_focus)
        if replaced:
            env.facts["replaced"] = replaced   # … and the earlier turn's slot it took the place of (evidence v115)
        if rewritten != question:
            env.facts["asked_as"] = question   # the asker's own words (a rewrite joins names the asker never wrote)
        return [QueryVariant(rewritten, "standalone" if rewritten != question else "original")]

    return transform


_PROMPT = {
    "en": "Rewrite the user's last question so that it can be understood without the conversation. "
          "Keep its language and meaning; if it already stands alone, repeat it unchanged. "
          "Write only the question.\n\nConversation:\n{history}\n\nLast question: {q}",
    "zh": "请把用户的最后一个问题改写成不依赖上下文也能理解的完整问题，保持原意和语言；"
          "如果它本身已经完整，原样输出。只输出问题。\n\n对话：\n{history}\n\n最后一个问题：{q}",
}


@transforms.register("followup_llm", version="1", needs_chat=True)
def followup_llm(*, max_turns: PositiveInt = 6) -> Transform:
    """A follow-up rewritten by the chat model, given the last ``max_turns`` turns."""

    def transform(question: str, env: QueryEnv) -> list[QueryVariant]:
        if not env.history:
            return [QueryVariant(question)]
        if env.chat is None:
            raise ConfigError("query transform 'followup_llm' needs a chat_model in the config", field="chat_model")
        lang = "en" if env.language == "en" else "zh"
        lines = "\n".join(f"{t['role']}: {t['content']}" for t in env.history[-max_turns:])
        reply = env.chat.complete([{"role": "user", "content": _PROMPT[lang].format(history=lines, q=question)}])
        rewritten = reply.text.strip().splitlines()[0].strip() if reply.text.strip() else question
        return [QueryVariant(rewritten, "standalone" if rewritten != question else "original")]

    return transform
