"""A date whose sentence says nothing of the asked event: "蒋巨峰是何时辞去四川省长职务的？" answered by
"2002年4月至2007年1月任中共四川省委副书记…" — a date, in a sentence about the asked person, but of another event.

When a question asks when something happened, the event is its verb (辞去, 退休, 发行, 竣工); the sentence that states
the date of that event writes it (or the verb's core: 建于 is written 兴建, 列为 列入). In a source about the same subject
the other events' dates stand near the question's key terms, so the key-term support and the asked type are both
there. Refused when a Chinese question asks a date (何时, 什么时候, 哪一年; never a clock time, a day or a month, which
timetables state without the verb: "几点开门") and the sentence that carries its key terms and a date writes none of
its verbs, unless that sentence states a time of day or a weekday (a schedule: "接待时间为工作日 12:40 至 13:20" for
"它平时什么时候开放？"). Another window of the same source that holds a candidate of the asked type may write the verb instead.
The same reads where (哪里, 什么地方: "六十进制发源于哪里？"), who (谁: "魏舒把筑修城墙的事交给了谁？") and which body
(哪所大学, 哪家公司: "茨柏克沃斯基毕业于哪所大学？", evidence v80), and which ones (哪些: "洛拉会讲哪些语言？", v80); the evidence
rule reads those only in running prose, and for who every window of the source (the answer may be a post).
Verbs are jieba's part-of-speech tags (v, vn), and the word right before the asking words whatever its tag (发源 of
"发源于哪里", 总部 of "总部在哪里"); light and modal verbs (是, 有, 开始, 可以, 计划) say nothing
of the event, and a verb inside a name the question writes is the name's.

English (evidence v81, running prose only): "When did Trailmate reach a million downloads?" answered by "The app was
briefly removed from one app store in 2021". No tagger here tells an English verb from a noun, so the event is every
word after the auxiliary (reach, million, downloads) but names, numbers, function words (NLTK's list as bm25s ships it)
and light verbs (happen, take place), less the words of the source's title (its subject: "FreshCrate data breach").
Refused when no sentence of the dated windows that itself states a date writes one of them, compared by their lemmas
(lemminflect: built / build, began / begin); never a "when" that asks in what case ("When do I need …"), and never
where the sentence states a clock time or days in the plural (a schedule; a news report's "on Friday" dates its event).
"""

from __future__ import annotations

import functools
import re

from rag.answer_types import ZH_BODIES, has_candidate
from rag.text import EN_FUNCTION_WORDS, names_of, sentence_spans, two_char_pieces, zh_tagged

_ASKS_WHEN = re.compile(r"何时|什么时候|什么时间|哪一?年|哪个年份|什么年份|何年|哪个时期|什么时期|哪个朝代|哪个年代|什么年代")
_ASKS_WHERE = re.compile(r"哪里|哪儿|什么地方|何处|何地|哪个?(?:地区|国家|城市|省|县|地方)|哪些(?:地区|国家|城市|地方)")
_ASKS_WHO = re.compile(r"谁|哪位|何人|什么人")
_ASKS_WHICH = re.compile(r"哪些|哪几")
_CLASSIFIERS = frozenset("个家所支位座条只种类件本部名项门首届次场")   # 哪支球队: 支 is no verb
_ASKS_WHICH_BODY = re.compile(rf"哪[个家所支]?(?:{ZH_BODIES})")
# the words that name what is asked (成立的时间是什么时候, 比赛的地点在哪里): the answer's sentence states a date or a place
# without them, so they are never the event
_ASKED_NOUNS = frozenset("时间 时候 日期 时期 年份 年代 时间段 时段 地点 地方 位置 地址 场所 地区 所在地 人 人物".split())
# …nor a compound ending in one of two characters or more (地理位置, 具体地点, 开放时间: what is asked, qualified)
_ASKED_ENDS = tuple(noun for noun in _ASKED_NOUNS if len(noun) >= 2)


def _names_the_asked(word: str) -> bool:
    return word in _ASKED_NOUNS or word.endswith(_ASKED_ENDS)

# the one who won, which the answer writes as the winning (奖得主 is written "获得长篇小说奖")
_WINNERS = ("得主", "获得者", "获奖者", "得奖者")
_LIGHT = frozenset("是 有 为 在 被 叫 称 做 让 使 用 进行 成为 可 能 会 要 想 得 开始 结束 发生 出现 计划 打算 准备 需要 应该 "
                   "应当 可以 能够 必须 允许 是从 来 去 到 给 算 属于 作为 称为 叫做 还有 也有 都有 共有 只有 另有 "
                   # (v105: verbs that only place or only have: "美术馆坐落在哪里" is answered by "地点在东京", "哪所大学在
                   # 卡塞雷斯设有分校" by "…大学在卡塞雷斯有一座分校")
                   "位于 坐落 地处 位在 设有 拥有 具有 含有".split())
# a schedule's times are stated without the verb ("接待时间为工作日 12:40 至 13:20" for "它平时什么时候开放？")
_CLOCK = re.compile(r"\d{1,2}\s*[:：]\s*\d{2}|\d{1,2}\s*[点时](?:半|\d|整)?(?!间|候|期)|周[一二三四五六日天]|"
                    r"星期[一二三四五六日天]|工作日")
# …or a part of the day, standing as a word of its own (v107: never the 晚上 of "春晚上演唱", the 早上 of "最早上市")
_DAY_PARTS = frozenset("上午 下午 凌晨 晚上 早上 中午".split())
_DAY_ENDS = tuple(_DAY_PARTS)   # (每天晚上, 今天上午: jieba's one word)


def _schedule(sentence: str) -> bool:
    """Whether ``sentence`` states a time of day or a weekday (a schedule, whose times stand without the verb); never in
    a title (《台视周日卡通》)."""
    sentence = re.sub(r"《[^《》]*》", "", sentence)
    return _CLOCK.search(sentence) is not None or (any(part in sentence for part in _DAY_PARTS)
                                                   and any(word.endswith(_DAY_ENDS) for word, _ in zh_tagged(sentence)))
_BETWEEN = frozenset("于 在 到 是 从 的 了 过 着 自 为 向 往 去 来 位于 坐落 地处".split())
# (属于, 处于, 位于 keep their 于: 属 alone is no verb)
_BOUND = frozenset("属处位等对关")
# (a preposition or a directional complement after the verb: 建于 is written 兴建, 考上 考入, 买到 买)
_NEGATION = re.compile(r"^[没不未别](?=.)")
_PARTICLES = re.compile(r"(?<=.)[于在到为成至出上入起来去完好过掉]$")


def event_verbs(question: str, kind: str = "date") -> list[str]:
    """The verbs of a Chinese question that asks when (``kind`` "date"), where ("place") or who ("person") did something,
    as the sentence would write them (建于 → 建); none for any other question."""
    return _verbs_and_slot(question, kind)[0]


def _verbs_and_slot(question: str, kind: str) -> tuple[list[str], str]:
    """:func:`event_verbs`, and the word before the asking words when a copula joins them ("蔡敏的父亲是谁": 父亲, the
    asked slot, which a sentence may write by its first character: "其父为…"), else ""."""
    asks = {"date": _ASKS_WHEN, "place": _ASKS_WHERE, "person": _ASKS_WHO,
            "organisation": _ASKS_WHICH_BODY, "list": _ASKS_WHICH}.get(kind)
    asked = asks.search(question) if asks is not None else None
    if asks is None or asked is None or not re.search(r"[\u4e00-\u9fff]", question):
        return [], ""
    names = names_of(question)
    tagged = list(zh_tagged(question))
    # the kind a list asks of (哪些活动, 哪几种产品) is what the answer lists, never the event, however jieba tags it
    listed = set()
    if kind == "list":
        rest = question[asked.end():]
        rest = rest[1:] if rest[:1] in _CLASSIFIERS else rest
        listed = {word for word, _ in zh_tagged(rest)[:1]}
    words = [word for word, flag in tagged
             if flag in ("v", "vn") and word not in _LIGHT and not any(word in name for name in names)
             and not asks.search(word) and not (len(word) == 1 and word in _CLASSIFIERS) and word not in listed]
    # the word right before the asking words, particles aside, is the predicate whatever jieba tags it
    # ("发源于哪里", "总部在哪里", "效力于哪儿")
    # (by where the asking words start: jieba may cut 什么时候 in two)
    asked_at = asked.start()
    ends, at = [], 0
    for word, _ in tagged:
        at += len(word)
        ends.append(at)
    before = [at for at, end in enumerate(ends) if end <= asked_at and tagged[at][0] not in _BETWEEN]
    slot = ""
    if before and len(tagged[before[-1]][0]) >= 2 \
            and not tagged[before[-1]][1].startswith(("nr", "ns", "nt", "nz", "m", "r", "x")) \
            and not any(tagged[before[-1]][0] in name for name in names):
        words.append(tagged[before[-1]][0])
        # (a who question only, whose asking word ends it: "国徽是何时被采用的" asks when 国徽 was adopted; never a noun
        # that names what is asked, 日期是哪一天)
        if kind == "person" and not _names_the_asked(tagged[before[-1]][0]) \
                and any(tagged[at][0] == "是" for at in range(before[-1] + 1, len(tagged)) if ends[at] <= asked_at) \
                and re.fullmatch(r"[\s？?。！!呢啊呀]*", question[asked.end():]):
            slot = tagged[before[-1]][0]
    # the word right after the asking words, adverbs aside, is the predicate whatever jieba tags it (v105: "分店何时正式
    # 开业", where jieba tags 开业 a noun); never after a preposition ("何时从微软退休": 退休 is tagged a verb already)
    if kind in ("date", "place"):
        after = [(word, flag) for (word, flag), end in zip(tagged, ends, strict=True)
                 if end - len(word) >= asked.end() and not flag.startswith(("d", "ad"))]
        if after and len(after[0][0]) >= 2 and not after[0][1].startswith(("nr", "ns", "nt", "nz", "m", "r", "x", "u", "p")) \
                and after[0][0] not in _BETWEEN and after[0][0] not in _LIGHT and len(_PARTICLES.sub("", after[0][0])) >= 2 \
                and not any(after[0][0] in name for name in names) and not asks.search(after[0][0]):
            words.append(after[0][0])   # (never a light verb, nor one a particle leaves one character of: 成为, 当上)
    verbs: list[str] = []
    for word in words:
        word = _NEGATION.sub("", word)   # 没休 (jieba glues the negation): 休
        core = _PARTICLES.sub("", word) if len(word) > 2 or word[:1] not in _BOUND else word
        if core not in _LIGHT and not _names_the_asked(core) and not core.endswith(_WINNERS) and core not in verbs:
            verbs.append(core)
    return verbs, slot


def english_event_words(question: str) -> list[str]:
    """The words of an English question that asks when something happened ("When did Trailmate reach a million
    downloads?": reach, million, downloads), in lower case as written (``event_unsaid`` compares their lemmas): what
    follows the auxiliary, without names, numbers, function words and light verbs; none for any other question. The
    subject's nouns stay (no tagger here tells them from the verb), which only lets more sentences write the event."""
    asked = _EN_ASKS_WHEN.match(question)
    if asked is None or re.search(r"[\u4e00-\u9fff]", question):
        return []
    rest = _EN_NAME.sub(" ", asked.group("rest"))
    return list(dict.fromkeys(w.lower() for w in re.findall(r"[A-Za-z]+", rest) if w.lower() not in _en_skip()))


@functools.lru_cache(maxsize=8192)
def _en_lemmas(word: str) -> frozenset[str]:
    """A word with its lemmas as any part of speech (lemminflect: built → build, began → begin, downloads → download)."""
    from lemminflect import getAllLemmas

    word = word.lower()
    return frozenset({word, *(lemma for lemmas in getAllLemmas(word).values() for lemma in lemmas)})


def event_unsaid(question: str, sentence: str, kind: str = "date", others: list[str] | None = None,
                 subject: str = "", english: bool = False) -> list[str]:
    """The question's event verbs when ``sentence`` (the one that carries its key terms and a date, or a place) writes
    none of them, nor does any of ``others`` (the other windows of its source that hold a candidate of the asked type);
    [] when one writes one, when it states a time of day or a weekday (a schedule, whose times stand without the
    verb), or when the question asks no date of an event. ``subject``: the title of the source; a piece of a word
    jieba glued that the title writes is the subject's, never the event (公司 of 公司总部 for 宏都阿里山公司, evidence
    v82). ``english``: read an English question too (evidence v81, ``english_events``, off by default), less the
    title's words."""
    if english and kind == "date" and (words := english_event_words(question)):
        # an English question (evidence v81): the words of the source's title name its subject, not the event
        # ("When did FreshCrate find out about the breach?" in an article titled "FreshCrate data breach")
        titled = {lemma for word in re.findall(r"[A-Za-z]+", subject) for lemma in _en_lemmas(word)}
        words = [word for word in words if not _en_lemmas(word) & titled]
        if not words or not sentence or _EN_CLOCK.search(sentence):
            return []
        # the sentence of a window that states a date writes the event (a window is two sentences, and the other
        # may name the subject's nouns: "maps that can be downloaded …" beside "removed from one app store in 2021")
        spans = [sentence, *(others or [])]
        dated = [said[a:b] for said in spans for a, b in sentence_spans(said)
                 if has_candidate(said[a:b], "date", question)] or spans
        wanted = {lemma for word in words for lemma in _en_lemmas(word)}
        return words if not any(wanted & _en_lemmas(word) for said in dated for word in re.findall(r"[A-Za-z]+", said)) \
            else []
    verbs, slot = _verbs_and_slot(question, kind)
    if not verbs or not sentence or _schedule(sentence):
        return []
    read = [sentence, *(others or [])]
    lenient = kind in ("organisation", "list")   # which body, which ones (v80): a verb written another way (获得 / 荣获)
    # (a piece of a glued word that the source's title writes is the subject's: 公司 of 公司总部 for 宏都阿里山公司; never
    # when the title writes the whole word, which then names the event the source is about: 开幕式, 发布会)
    if any(_written(verb, said, lenient, "" if verb in subject else subject) for said in read for verb in verbs):
        return []
    # (v105: the slot a who question asks is written by its first character as an encyclopedia writes a relative, in the
    # candidate's own sentence: "其父为…" for "父亲是谁"; never 父母, nor 军 of 冠军 in 亚军)
    if slot and slot[0] not in _COMMON and re.search(rf"其{re.escape(slot[0])}|{re.escape(slot[0])}[为乃系](?!了)", sentence):
        return []
    # (read only once no window writes the verb: a list of places stands for it, v101)
    if kind == "place" and _ASKS_SEVERAL.search(question) \
            and any(_bare_list(said[a:b], question) for said in read for a, b in sentence_spans(said)):
        return []
    return verbs


# an English question that asks when an event happened ("When did …", "In what year was …"); never "how long", a
# clock time or a day ("What time does …")
_EN_ASKS_WHEN = re.compile(r"^\s*(?:and |so |but )?(?:when|(?:in |on )?(?:what|which) (?:year|date|month|decade|century))\s+"
                           r"(?:did|does|do|was|were|is|are|will|has|have|had)\b(?P<rest>[^?]*)", re.I)
# a name or a number in the question is its subject, not its event: capitalised words not opening it, and digits
_EN_NAME = re.compile(r"(?<=\s)[A-Z][\w'’.-]*|\S*\d\S*")
# a schedule states its times without the event: a clock time, a weekday
# (days in the plural or every one of them, "on Mondays", "every Friday"; a news report's "on Friday" dates its event)
_EN_CLOCK = re.compile(r"\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b|"
                       r"\b(?:mon|tues|wednes|thurs|fri|satur|sun|week)days\b|\b(?:every|each) (?:mon|tues|wednes|thurs|fri|"
                       r"satur|sun)day\b", re.I)


@functools.cache
def _en_skip() -> frozenset[str]:
    """Function words (NLTK's list as bm25s ships it, and the project's) and light verbs, which say nothing of the event."""
    from bm25s.stopwords import STOPWORDS_EN_PLUS

    return frozenset(STOPWORDS_EN_PLUS) | EN_FUNCTION_WORDS | _EN_LIGHT


_EN_LIGHT = frozenset("happen happened take took taken place first last ever actually really exactly".split())


# verbs an encyclopedia writes by one character and a preposition (v105; a closed list after a review: 辞职 is no 任职于,
# 即位 no 位于, 签约 no 约于)
_LITERARY = {"出生": "(?<![先学医])生[于在]", "诞生": "(?<![先学医])生[于在]", "居住": "住[在于]|居于", "埋葬": "葬[于在]",
             "安葬": "葬[于在]", "逝世": "逝于|卒于", "去世": "逝于|卒于"}

# characters too common to say that a sentence writes an event in another word (作 of 工作, 出 of 出演)
_COMMON = frozenset("的了在是有为和与及以于到出入上下大小中发生成行开进作工主不一人来去过会可得用要把被给对从向")


def _written(verb: str, sentence: str, lenient: bool = False, subject: str = "") -> bool:
    """A verb stands whole, or a word of three characters or more by a two-character piece (出生地 / 出生于), or
    (``lenient``) a word of two by one of its characters that is not too common to tell (获 of 获得 in 荣获), or one of
    its characters right after a date, where a biography or a chronicle writes the event in one character or another
    word of it ("1950年3月生" for 出生, "1988年落成" for 建成, "2005年通车" for 开通); or (v105, a closed list since v108:
    :data:`_LITERARY`) by the written language's one-character verb and its preposition (出生 / 生于, 居住 / 住在)."""
    if verb in sentence or (len(verb) >= 3 and any(piece in sentence for piece in two_char_pieces(verb)
                                                   if piece not in subject)):
        return True
    if (literary := _LITERARY.get(verb)) and re.search(literary, sentence):
        return True
    telling = set(verb) - _COMMON
    if lenient and len(verb) >= 2 and telling and any(ch in sentence for ch in telling):
        # 获得 / 荣获, 出演 / 主演, 收购 / 并购: a short word of the sentence shares a character (never 作业系统 for 毕业:
        # a compound noun's character is its own; jieba's tags are no help, 荣获 reads as a name and 主演 as a noun)
        return any(telling & set(word) and not (len(word) >= 3 and flag.startswith("n"))
                   for word, flag in zh_tagged(sentence))
    chars = "".join(sorted(set(verb) - _NO_EVENT))
    return bool(chars) and re.search(rf"(?:\d|[一二三四五六七八九十〇零])\s*(?:年|月|日|号)(?:[初底末中]|以来|前后|左右)?\s*"
                                     rf"(?:正式|已|被|才|便|就|又|再|始|落|竣)?[{re.escape(chars)}]", sentence) is not None


# a sentence that is only a list of places ("台湾岛、马来西亚、巴基斯坦、缅甸…以及中国大陆的广西、云南、广东。"): a field's
# values, whose verb (分布, 产于) the article's layout said (a heading, an infobox) and its text lost
_LIST_JOINS = re.compile(r"[、，,]|以及|及|和|与")
_ASKS_SEVERAL = re.compile(r"哪些|哪几")


def _bare_list(sentence: str, question: str) -> bool:
    """Whether ``sentence`` is a bare list of places: three items or more joined by 、 (and 以及 / 和 before the last),
    each of at most twelve characters, two in three of them a place (:func:`rag.answer_types.has_candidate`), with no
    word jieba tags as a verb (evidence v101; read for a question that asks which places, 哪些地区)."""
    text = sentence.strip().rstrip("。；;.！!")
    if text.count("、") < 2:
        return False
    items = [item.strip() for item in _LIST_JOINS.split(text)]
    return len(items) >= 3 and all(0 < len(item) <= 12 for item in items) \
        and 3 * sum(has_candidate(item, "place", question) for item in items) >= 2 * len(items) \
        and not any(flag.startswith("v") for _, flag in zh_tagged(text))


# characters of a verb that say nothing of the event after a date ("2020年的" is no event)
_NO_EVENT = frozenset("的了在是有为和与及以于到")
