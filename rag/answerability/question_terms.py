"""Reading a question before its evidence is weighed: the names, acronyms and codes it names, the
sentences of a message that ask (not those that set the scene), and its content terms without the
words that ask, the hedges and the words of chat.

:mod:`rag.answerability.evidence` decides with these; :mod:`rag.part_sources` reads the content terms too.
"""

from __future__ import annotations

import re

from rag.answer_types import is_asking_word
from rag.memo import scaffolding
from rag.text import CALENDAR, names_of, unglued, without_look_up
from rag.text import CJK as _CJK
from rag.types import QueryEnv

# what only qualifies an asking noun ("实际功效", "不良影响", "具体用途"): it says which of the subject's features is asked,
# and the sentence that states them does not repeat it either
# (never 直接, 特殊, 其他, 短期 …: "直接原因", "特殊情况", "其他方面" ask which one)
QUALIFIERS = frozenset("实际 主要 具体 基本 不良 总体 整体 常见 真正 大致 详细 确切 一般 通常".split())


def qualified_asking(word: str, asking_nouns: frozenset[str]) -> bool:
    """Whether ``word`` is a qualifier and an asking noun written as one (实际功效, 不良影响)."""
    return any(word.startswith(q) and word[len(q):] in asking_nouns for q in QUALIFIERS)

_LATIN = re.compile(r"[a-z]")
# a code: letters then 2+ digits, joined directly or by - / _ (a space only after capitals:
# "VPN 809", never "cap 240")
_CODE = re.compile(r"(?<![A-Za-z0-9])(?:[A-Z]{2,10} |[A-Za-z]{1,10}[-_]?)\d{2,}[A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
# a name with the digits it is written with, whole: "64DD", "5G" or "2.4G", never the "DD" of 64DD
# nor the "4G" of 2.4G
_WORD = re.compile(r"(?<![A-Za-z0-9.])(?:[0-9]+(?:\.[0-9]+)?)?[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*")
_YEAR_GLUED = re.compile(r"^((?:1[5-9]|20)\d\d)([a-z]{2,}[a-z0-9]*)$")
# hedges on the asked amount ("roughly", 大约, "三天左右"): no sentence that states it repeats them;
# 左右 only after a number or a unit (谁左右了选举, 左右摇晃 keep it)
_HEDGE = re.compile(r"\b(?:roughly|approximately|nearly|almost)\b|大约|大致", re.I)
# English words that only colour a question ("how often … anyway?", "I'm totally locked out"), and
# the word after "how" that asks (how long / often / far / soon …, as 多久 does): no source repeats them
_FILLER = re.compile(r"\b(?:also|anyway|anyways|actually|really|totally|basically|honestly|literally|"
                     # contractions typed without their apostrophe ("i cant do any work", "shes still out")
                     # (in lower case: "IM" is instant messaging)
                     r"(?-i:cant|dont|doesnt|didnt|wont|isnt|arent|wasnt|werent|couldnt|shouldnt|wouldnt|havent|hasnt|"
                     r"im|ive|youre|theyre|shes|hes|thats|whats|theres))\b(?!-)|"
                     # …asking only when a verb, a subject or "ahead" follows ("how early retirement affects my
                     # pension", "how long-term disability works" name things)
                     r"(?<=\bhow)\s+(?:long|often|far|soon|quickly|quick|fast|early|late)\b(?!-)"
                     r"(?=\s+(?:do|does|did|can|could|must|should|will|would|is|are|was|were|has|have|had|may|might|"
                     r"ahead|in advance|before|after|till|until|i|you|we|they|it|he|she|the|a|an|my|our|your|their|"
                     r"his|her|its|this|that|these|those|per|each|every)\b|\s*[?.,!]|\s*$)", re.I)
_ABOUT_ZH = re.compile(r"([0-9零〇一二两三四五六七八九十百千万亿][\u4e00-\u9fff%]{0,3}?)左右")   # 三公斤左右
_DIGIT = re.compile(r"\d")
# a quantity written as one word ("a 600-dollar purchase", "3-day", "16-inch"): no code
_QUANTITY = re.compile(r"^\d+(?:[.,]\d+)?-[a-z]{3,}$")   # never "600-a" or "4-b": a letter suffix is a code
# a number with its unit or its thousands written against it: "15k", "3pm", "32GB", "2nd", "10kg" —
# no name (5G and 64DD, a capital letter or two after the digits, still are)
_AMOUNT_WORD = re.compile(r"^\d+(?:[.,]\d+)?(?:[kmx]|(?i:bn|mn|kg|km|cm|mm|gb|mb|tb|am|pm|hrs?|mins?|st|nd|rd|th))$")
# words of chat, not names: "Is it OK to …", "这样OK吗", "FYI"; the ones that are also acronyms
# (IMO, the maritime organisation; BTW, the Dutch VAT number; THX, PLS) only when written in lower case
# Glued to Chinese it is chat only before a particle ("报销OK吗"): 卡拉OK is karaoke
_CHAT_WORDS = r"(?:(?i:ok|okay|fyi|asap)|btw|pls|plz|thx|tbh|imo|b4|2moro|2morrow|2morow|2day|2nite|2night|l8r|gr8|tmrw|tmr)"
_CHAT = re.compile(rf"(?<![A-Za-z0-9])(?:(?<![\u4e00-\u9fff]){_CHAT_WORDS}(?![A-Za-z0-9])|{_CHAT_WORDS}(?=[吗吧呢啊呀嘛么了不]))")



# a word written in capitals for emphasis, not an acronym: "my laptop is NOT working", "locked out AGAIN",
# "URGENT: …", "do I REALLY need …" — function words, negations, adverbs of time and degree, and the words
# of a plea; never a word an acronym spells (CEO, NHS, VPN, IT)
_SHOUTED = frozenset(
    "not no never nothing nobody none nowhere cant cannot dont doesnt didnt wont isnt arent wasnt still again already "
    "always ever now today tonight yet soon asap urgent urgently really very so too only just even also all any "
    "every everything everyone anyone anything some please help need must why what how when where which "
    "yes ok okay seriously totally completely literally sorry thanks twice broken dead stopped stuck wrong late "
    "mandatory compulsory have has new old same whole working down off out before after without".split())
# a contraction shouted ("I CAN'T log in", "DON'T"): one word, not "CAN" and a "T"
_SHOUTED_CONTRACTION = re.compile(r"\b([A-Z]+)['’]([A-Z]{1,2})\b")

_SENTENCE_END = re.compile(r"[.?!。？！][\"'”’」』)）]*\s*$")   # '…missed it?" Could you …' opens a sentence


# a month or a day of the week says when, and names nothing a corpus must hold ("would February still be
# in time?", "the trip I got back from on Friday")
_CALENDAR = re.compile(rf"{CALENDAR}s?")


# …where the asker works, stays or travels: "can I work from Spain?", "working from her family's place in
# Portugal", "a trip to Leeds"; never "access to Salesforce", "courses in Python", "the office in Dublin"
_WHERE_THE_ASKER_GOES = re.compile(
    r"\b(?:work|works|working|worked|stay|stays|staying|travel|travels|travelling|traveling|trip|go|going|goes|fly|"
    r"flying|visit|visiting|move|moving|relocate|relocating|live|living|based|spend|spending|holiday|vacation)\b"
    r"(?:\s+(?!office\b|offices\b)[\w'’-]+){0,8}?\s+(?:in|from|to)\s+$|"
    # …or where the event the asker goes to is held: "if the conference is in Manchester", "the workshop will be
    # held in Leeds" (a copula first: "record meetings in Zoom" names software, which the sources must hold)
    r"\b(?:conference|workshop|seminar|summit|congress|exhibition|trade fair|competition|tournament)s?\s+"
    r"(?:is|are|was|were|will be|'s)\s+(?:being\s+)?(?:held\s+|hosted\s+|taking place\s+)?(?:in|at)\s+$", re.I)


# Latin words a Chinese message uses for everyday things, not names a corpus must hold ("我在做入职介绍的
# PPT", "连不上 WiFi", "U 盘"): file kinds, devices and apps
_EVERYDAY_LATIN = re.compile(r"(?i:ppt|pptx|pdf|excel|xls|xlsx|doc|docx|word|app|wifi|wi-fi|usb|pc|u|ok|email|e-mail)")


def where_the_asker_goes(before: str) -> bool:
    """Whether the words ``before`` a name say the asker goes there ("working from her family's place in")."""
    return bool(_WHERE_THE_ASKER_GOES.search(before))


def names_in(question: str) -> list[str]:
    """Names, acronyms and codes as written: every Latin word of a Chinese question; in an
    English one, words with two capitals or a digit (``CEO``, ``Wi-Fi``, ``L7``) and capitalised
    words that do not open a sentence (``Paris``, but not ``Should`` in "… behind. Should I …")."""
    cjk = bool(_CJK.search(question))
    question = asked_sentences(question)
    if not cjk:
        question = _SHOUTED_CONTRACTION.sub(lambda m: (m.group(1) + m.group(2)).lower(), question)
    out = []
    for match in _WORD.finditer(question):
        word = match.group()
        if year := _YEAR_GLUED.match(word.lower()):
            word = word[len(year.group(1)):]   # 2022NBA: the year, then the name NBA
        capitals = sum(ch.isupper() for ch in word)
        before = question[: match.start()]
        opens = not before.strip() or bool(_SENTENCE_END.search(before))
        if (word == "I" and not cjk) or (not cjk and word.isupper() and word.lower() in _SHOUTED) or _CHAT.fullmatch(word) or _AMOUNT_WORD.match(word) or _CALENDAR.fullmatch(word) \
                or (cjk and _EVERYDAY_LATIN.fullmatch(word)):
            continue   # the asker, a word of chat, an amount or a day or month: not a name
        if not cjk and capitals == 1 and _WHERE_THE_ASKER_GOES.search(before):
            continue   # "working from her family's place in Spain": where the asker goes, which a rule covers
            # by its kind ("working from abroad", "all other cities"), not a name the sources must hold
        if cjk or capitals >= 2 or _DIGIT.search(word) or (not opens and word[0].isupper()):
            out.append(word)
    return out


_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])")   # "v2.3.1" and "e.g. what" break nothing
_OPENS_ASKING = re.compile(r"\s*(?:how|what|when|where|who|whom|which|why|can|could|do|does|did|is|are|was|were|"
                           r"will|would|should|may|must|shall|have|has)\b", re.I)


_REQUEST = re.compile(r"\s*(?:(?:please|kindly|explain|describe|tell|list|show|give|summari[sz]e|define)\b|"
                      r"请(?:问|告诉|介绍|说明|解释)|麻烦|介绍一下|说明一下|解释一下)", re.I)
# a pronoun that points back at the scene ("What does it cost?"); never "there is", "that" as a
# conjunction, 该 in 应该, 其 in 其中
_POINTS_BACK = re.compile(r"\b(?:it|its|they|them|these|those)\b|它|这个|那个", re.I)


def asked_sentences(question: str) -> str:
    """The sentences of a message that ask, without those that set the scene or add context
    ("I am planning to work from Spain next spring. How early …?"): a name in the scene says
    where the asker stands, not what the sources must mention. The message as it is when no
    sentence asks, or when every one does."""
    sentences = [t for t in _SENTENCE_BREAK.split(question) if t.strip()]
    # a statement ends as one (. ! 。 ！); a trailing fragment ("…是谁？VPN 报错") is the topic, and
    # so is a request ("Please explain the Quantum Leap program.")
    kept = [t for t in sentences if not t.rstrip().endswith((".", "!", "。", "！")) or _OPENS_ASKING.match(t)
            or _REQUEST.match(t)]
    if len(kept) == len(sentences) or not any(t.rstrip().endswith(("?", "？")) for t in kept):
        return question
    if any(_POINTS_BACK.search(t) for t in kept):
        return question   # "… the Zephyr plan. What does it cost?": the name is what "it" asks about
    return " ".join(t.strip() for t in kept)


def content_terms(question: str, env: QueryEnv) -> set[str]:
    """The question's terms without the words that ask: the scaffolding, and a Chinese word jieba
    glued around a question word (由谁来, 是什么样), which no answering sentence repeats."""
    skip = scaffolding(env.space)
    question = _ABOUT_ZH.sub(r"\1 ", _FILLER.sub(" ", _HEDGE.sub(" ", _CHAT.sub(" ", without_look_up(question)))))
    names = names_of(question)
    terms: set[str] = set()
    for token in env.space.tokenize(question):
        if token in skip or (_CJK.search(token) and is_asking_word(token)):   # 几等座, 由谁来: words that ask
            continue
        # a year written against a name ("2022NBA总决赛", jieba: 2022nba) is the year and the name
        year = _YEAR_GLUED.match(token)
        # a word that asks once its glued character is off ("最多能" → 最多) asks all the same
        terms |= set(year.groups()) if year else {unglued(token, names)} - skip
    return terms - {""}


def has_letters_and_digits(term: str) -> bool:
    """A term written with (lower-case) letters and digits: a code, or a quantity written as one word."""
    return bool(_LATIN.search(term) and _DIGIT.search(term))


def is_code_term(term: str) -> bool:
    """A term with letters and digits that is a code (``vpn-809``, ``l7``), not an amount (``600-dollar``, ``15k``)."""
    return has_letters_and_digits(term) and not _QUANTITY.match(term) and not _AMOUNT_WORD.match(term)


def written_codes(question: str) -> list[str]:
    """The codes of a question as written, which a tokenizer may split (jieba: VPN-999 → vpn, 999)."""
    return list(dict.fromkeys(_CODE.findall(question)))


# a rate asked as 每晚 (or 一晚) is written per unit after a number in a table ("500 元/晚", "2 次/月");
# never 一月 (January), 一次 (once), 一年
_RATE = re.compile(r"^(?:每([晚天日月年周次人件台间份])|一(晚))$")


def written_in(term: str, text: str) -> bool:
    """A Chinese term inside a longer word of ``text`` (住 / 住宿), or a rate as a table writes it
    (每晚 / 元/晚)."""
    if term in text:
        return True
    rate = _RATE.match(term)
    unit = rate and (rate.group(1) or rate.group(2))
    return bool(unit) and re.search(rf"[0-9０-９]\s*[\u4e00-\u9fff]?\s*[/／]\s*{unit}", text) is not None


def goes_to(question: str, name: str) -> bool:
    """Whether ``name`` is a place where the asker goes in ``question`` ("…a conference in Manchester…", "if the
    workshop is held in Leeds"): a rule covers it by its kind ("outside London", "all other cities")."""
    at = question.find(name)
    return at > 0 and bool(_WHERE_THE_ASKER_GOES.search(question[:at]))

