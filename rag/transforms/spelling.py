"""Chat spellings written out before anything reads the question: "how much dosh goes in the till when u
open up" is read as "how much money goes in the till when you open up", "any chance i can grab a week off
right before xmas?" as "… before Christmas?", "俺家下水道堵了咋办" as "我家下水道堵了怎么办". No source
writes a chat spelling, so a word the asker types that way is a word the evidence never finds.

The lexicon holds spellings of chat and slang that stand for one common word, never a word that is also
a name, a code or a unit in its own right: a lower-case "u" is "you", but "U" (a grade, a unit) is left; a
lower-case "n" between two words is "and" ("nicked it n legged it"), never "n = 12".
"""

from __future__ import annotations

import re

from rag.transforms import Transform, transforms
from rag.types import QueryEnv, QueryVariant

# English: (spelling, written out); matched as a whole lower-case word
_EN = {
    "u": "you", "n": "and",
    "pls": "please", "plz": "please", "thx": "thanks", "ty": "thank you",
    "shud": "should", "cud": "could", "wud": "would",
    "coz": "because", "cuz": "because", "tho": "though", "thru": "through",
    "gonna": "going to", "wanna": "want to", "gotta": "have to", "dunno": "don't know", "gimme": "give me",
    "2moro": "tomorrow", "2morrow": "tomorrow", "2morow": "tomorrow", "tmrw": "tomorrow", "tmr": "tomorrow",
    "2day": "today", "2nite": "tonight", "2night": "tonight", "b4": "before", "l8r": "later", "gr8": "great",
    "xmas": "Christmas", "Xmas": "Christmas", "wknd": "weekend", "hols": "holidays", "bday": "birthday",
    "dosh": "money", "ppl": "people", "til": "until", "yr": "year", "yrs": "years", "hol": "holiday",
    "prob": "probably", "probs": "probably", "incl": "including", "approx": "approximately",
    # words of the chat register for a common word of the written one
    "cab": "taxi", "cabs": "taxis", "mum": "mother", "dad": "father", "telly": "television", "loo": "toilet",
    "brekkie": "breakfast", "boss": "manager", "passed away": "died",
    "lol": "", "lmao": "", "omg": "", "tbh": "", "imo": "", "idk": "I don't know", "btw": "", "fyi": "",
}
# a single letter stands for a word only after a word ("when u open", "can u?"), "n" only between two
# ("it n legged it"): never in "n = 12" or a list's "u."
_SINGLE = {"u", "n"}
# …and never a letter that names a place or an item: "block u", "Building n", "grade u", "plan n"
_LETTER_NAMES = re.compile(r"\b(?:block|building|blk|level|floor|room|wing|zone|unit|grade|gate|row|bay|area|section|"
                           r"part|plan|option|type|class|category|phase|stage|route|line|platform|terminal|hall|team|"
                           r"shift|group|band|tier|site|car park|lot)\s*$", re.I)
# (as written, lower case: "MSG" and "TY" are acronyms; "u.s." and "u/s" are no "you")
_EN_WORD = re.compile(r"(?<![\w'’.-])(" + "|".join(sorted(map(re.escape, _EN), key=len, reverse=True))
                      + r")(?![\w'’/-]|\.\w)")
_BETWEEN_WORDS = re.compile(r"[a-z]")

# "ring" as a verb of the telephone ("who do I ring?", "ring the manager by 7", "ring in sick"), never a ring road,
# a ring binder or a wedding ring: after a subject, "to" or a modal, before an object, "in" or the end
_RING = re.compile(r"\b(i|you|we|they|to|should|must|can|could|will|please|and|or)(\s+)ring"
                   r"(?=\s+(?:(?:the|my|your|our|in|back|him|her|them|me|us|someone|somebody|anyone)\b|\d)|\s*[?,.!]|\s*$)", re.I)

# Chinese: dialect and internet spellings of a common word
# (each whole: 啥子 is 什么, never 什么子; 木有 and 酱紫 are left, since 树木有 and 酱紫色 are words)
_ZH = {"啥子": "什么", "啥": "什么", "咋个": "怎么", "咋": "怎么", "俺": "我", "神马": "什么", "肿么": "怎么"}
_ZH_WORD = re.compile("|".join(sorted(map(re.escape, _ZH), key=len, reverse=True)))
# a dialect particle that ends a question or a clause ("有没有啥优惠撒？", "补助哦，"), which no source writes; and
# the south-western 好多 that asks how much ("一天给好多？"), never 好多 that says many ("好多人")
_ZH_PARTICLE = re.compile(r"(?<=[\u4e00-\u9fff])(?:撒|噻|咧|呗|嘞|哦|喔)(?=\s*[？?！!，,。]|\s*$)")
_ZH_HOW_MUCH = re.compile(r"好多(钱?)(?=\s*[？?])")


def written_out(question: str) -> str:
    """``question`` with its chat spellings written out (:data:`_EN` as written, in lower case or "Xmas"; :data:`_ZH`)."""
    def english(match: re.Match[str]) -> str:
        word = match.group(1)
        if word in _SINGLE:
            before, after = question[: match.start()].rstrip(), question[match.end():].lstrip()
            if not (before[-1:].isalpha() or before[-1:] == ",") or _LETTER_NAMES.search(before):
                return word
            if word == "n" and not _BETWEEN_WORDS.match(after[:1]):
                return word
        return _EN[word]

    text = _RING.sub(r"\1\2call", _EN_WORD.sub(english, question))
    if text != question:   # a dropped word leaves no comma or space behind ("btw, how …" → "how …", "it lol?" → "it?")
        text = re.sub(r"^\s*[,;:]\s*", "", re.sub(r"\s+([?!.,;:])", r"\1", re.sub(r"(^|[,;]\s*)[,;]", r"\1", text)))
    text = _ZH_WORD.sub(lambda m: _ZH[m.group()], text)
    text = _ZH_HOW_MUCH.sub(r"多少\1", _ZH_PARTICLE.sub("", text))
    return re.sub(r"[ \t]{2,}", " ", text).strip() if text != question else question


@transforms.register("spelling", version="5")
def spelling() -> Transform:
    """Write out the question's chat spellings (:func:`written_out`); every later stage reads the
    question so written. A question with none is left as it is. Version 2: a Chinese dialect particle that ends a
    clause (撒, 噻, 咧, 呗, 嘞, 哦, 喔) is dropped, and 好多 that asks how much ("一天给好多？") is 多少. Version 3, after a
    hostile review: a dropped word takes its comma with it ("btw, how …"); "bc", "msg", "ur" and "quid" are left (business
    continuity, the additive, "you're", a weight the measure rule would read); a letter that names a block or a plan
    ("block u") is left; 啥子 and 咋个 are written out whole; 木有 and 酱紫 are left (树木有, 酱紫色). Version 4: abbreviations
    (incl, approx, yr, hol, ppl, til, prob) and words of the chat register (cab, mum, dad, loo, telly, brekkie) are
    written as the written register says them. Version 5: "ring" as a verb of the telephone is "call" (never a ring road,
    a ring binder or a wedding ring), "boss" is "manager", "passed away" is "died"."""

    def transform(question: str, env: QueryEnv) -> list[QueryVariant]:
        text = written_out(question)
        return [QueryVariant(text, "rewrite")] if text != question else [QueryVariant(question)]

    return transform
