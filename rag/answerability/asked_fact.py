"""Answer-type evidence: does a sentence that carries the question's key terms also hold the
asked fact?

The evidence score (:mod:`rag.answerability.evidence`) measures how much of the question's
vocabulary the context covers; a passage about the same event covers it as well as the one
that answers. Here each sentence (or table row) of the top sources is scored on its own:

- **support** — the best share of the question's content terms that one sentence holds
  (weighted by inverse document frequency, so the rare terms that name the subject count more
  than the words every passage shares);
- **answer_type** — the same, over only the sentences that also hold a candidate of the asked
  type (:mod:`rag.answer_types`): a number for "多少", a date for "when", a person for "谁" …
  that the question does not already hold. For an untyped question (yes/no, definition,
  procedure, reason) it equals support: any sentence may answer those.

A sentence is also read with its neighbour (``window`` 2): the asked fact often stands in the
sentence after the one that names the subject ("The bridge opened in 1931. Its designer was …");
and with its source's title and heading path, which name the subject of a table row or a list
item without standing in it. The candidate itself must stand in the sentences. A window that names
another year or edition than the question's (:mod:`rag.answerability.occasions`), or only another side of
a contrast the question draws (:mod:`rag.answerability.contrasts`), is not read.
"""

from __future__ import annotations

import functools
import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from rag.answer_types import asked_type, has_candidate
from rag.answerability.contrasts import Side, other_side, sides_of
from rag.answerability.occasions import Occasion, occasion_of
from rag.answerability.pending import says_pending
from rag.answerability.question_terms import QUALIFIERS, qualified_asking, written_in
from rag.answerability.related_entities import about_related, related_only
from rag.answerability.slot_values import slot_held, slot_nouns
from rag.memo import text_terms
from rag.prose import form_of
from rag.text import CJK as _CJK
from rag.text import (
    dictionary_count,
    names_of,
    statements,
    strip_header,
    two_char_pieces,
    zh_tagged,
)
from rag.types import ContextItem, QueryEnv

# Nouns that say *what about* the subject is asked, not what the subject is: "有什么特点",
# "what are its features". A source that answers rarely repeats them, so they are not key terms.
ASKING_NOUNS = frozenset(
    "特点 特征 特色 作用 用途 注意事项 事项 情况 内容 意义 方面 方式 方法 地位 影响 外貌 外形 样子 形态 结果 功效 "
    "区别 不同 主要 分别 称之为 称为 叫做 又称 别称 名称 名字 原因 理由 目的 时候 时间 地方 位置 地理位置 地理 所在地 "
    "优点 缺点 优势 劣势 好处 坏处 弊端 长处 短处 职业 身份 称作 被称作 被称为 也称 亦称 俗称 又名 别名 简称 "
    "feature features characteristic characteristics role purpose effect effects kind kinds type types reason "
    "name called way ways".split())

def qualifiers_of(question: str) -> frozenset[str]:
    """The words of a Chinese ``question`` that qualify an asking noun (:data:`ASKING_NOUNS`) right before it (实际 of
    实际功效, 具体 of 具体用途), and a word jieba made of the two (不良影响) — no key terms of the asked fact."""
    if not _CJK.search(question):
        return frozenset()
    tagged = zh_tagged(question)
    found = set()
    for at, (word, _) in enumerate(tagged):
        before = tagged[at - 1][0] if at else ""
        if word in ASKING_NOUNS and before in QUALIFIERS:
            found.add(before)
        if qualified_asking(word, ASKING_NOUNS):
            found.add(word)
    return frozenset(found)


# Chinese words that only place or hedge a question in time or frequency ("青崖噪鹛平时都吃些什么？", "到现在一共拍了几季？"):
# the sentence that answers states the fact without them, so they are no key terms of the asked fact (they still count for
# coverage). Not English: the index stems "generally" to the "general" of "general manager", "finally" to "final salary";
# nor 最后 / 最终, which name a thing (最后一班车, 最终审批人)
SCAFFOLD_WORDS = frozenset(
    "平时 平常 通常 一般 往往 经常 常常 现在 目前 如今 现今 当今 当前 眼下 当年 当时 那时 后来 一共 总共 大概 到底 究竟 "
    "据说 据称 听说".split())

# Chinese words that only join, point or mark ("现在开车能从青藜桥上过吗？", "雷霆打猎鹰那场比分是多少？", "他还在那家公司吗？"):
# prepositions, aspect particles, adverbs of time and degree, pronouns and a demonstrative with its classifier. A sentence
# that states the fact needs none of them, so they are no key terms of the asked fact (they still count for coverage).
# Never a negation (不, 没有, 无), which changes the fact
FUNCTION_WORDS = frozenset(
    "从 自 自从 向 往 朝 对 对于 关于 由 于 以 跟 同 按 按照 依照 根据 除了 替 到 过 着 所 之 是从 是在 是由 "
    "的话 以后 之后 以前 之前 还 都 也 就 又 再 才 已 已经 曾 曾经 一直 总是 仍 仍然 依然 还是 才能 能够 可以 "
    "他 她 它 他们 她们 它们 你们 咱们 此 该 "
    "这个 那个 这家 那家 这场 那场 这次 那次 这位 那位 这件 那件 这些 那些 这种 那种 这里 那里 这边 那边".split())

# …unless the character is a surname before a title (曾医生, 于老师, 向经理), or the time word follows a date ("2015年以前")
_TITLED = re.compile(r"^(?:医生|大夫|老师|经理|总|先生|女士|小姐|主任|教授|师傅|律师|护士|工|局长|处长|科长|部长|书记|校长|院长)")
_DATED = re.compile(r"[0-9０-９年月日号]$")


def function_words_of(question: str) -> frozenset[str]:
    """The :data:`FUNCTION_WORDS` that only join, point or mark in ``question``: a surname before a title and a time word
    after a date are kept (they are what the question turns on)."""
    kept = set()
    for word in (w for w in FUNCTION_WORDS if w in question):
        for at in (m.start() for m in re.finditer(re.escape(word), question)):
            after, before = question[at + len(word):], question[:at]
            if (len(word) == 1 and _TITLED.match(after)) or (word in ("以前", "以后", "之前", "之后") and _DATED.search(before)):
                kept.add(word)
    return FUNCTION_WORDS - kept


# a Chinese term that opens on a demonstrative, which jieba glues to a short word after it (该词, 这张, 那天, 此外): the
# demonstrative only points, so the term is what follows it (词), or none when that is a classifier, a measure or a
# pointer's tail (这张, 那天, 这样, 此外); a longer term is a word of its own (那不勒斯, 那须盐原)
_POINTED = re.compile(r"^([这那该此])([\u4e00-\u9fff]{0,2})$")
_POINTER_TAILS = re.compile(r"^(?:[一两几]?[个名位次年天日月周岁元块角分人种项倍场届条家座部张本只辆件台架层楼页章集首期门所间棵头匹份双对级类档"
                            r"笔单批款版回些起段]+|[样么儿里边下时外后前刻]|会儿|阵子)$")


def _noun_after_classifier(word: str) -> str | None:
    """What follows the classifier that opens ``word`` (首歌 → 歌, 条线 → 线: jieba glued a pointer's classifier to its
    noun), or None — never for a word jieba's dictionary knows as a common one (项目, 家属, 周三, 本书), whose first
    character is no pointer's classifier (review of v106)."""
    if len(word) < 2 or not _POINTER_TAILS.match(word[0]) or _POINTER_TAILS.match(word[1:]):
        return None
    return word[1:] if dictionary_count(word) < 100 else None


def without_pointers(terms: set[str], question: str) -> set[str]:
    """``terms`` with a demonstrative and a classifier or a pointer's tail left out (这张, 那天, 这样, 此外, 这起) and 该 / 此
    taken off one character jieba glued it to (该词 → 词, 此书 → 书): they point at what the conversation or the sentence
    before named, which the answering sentence names in its own words ("这个词" for 该词). Any other term stays (那须,
    该隐, 这事), and so does a name the tagger reads (那霸)."""
    names = names_of(question)
    kept = set()
    for term in terms:
        pointed = _POINTED.match(term)
        if pointed is None and re.search(rf"[这那该此]{re.escape(term)}", question) \
                and not any(term in name for name in names) and (noun := _noun_after_classifier(term)):
            kept.add(noun)   # 首歌 of 这首歌, which jieba cut 这 / 首歌 (v106): the noun after the classifier
        elif pointed is None or any(term in name for name in names):
            kept.add(term)
        elif not pointed.group(2) or _POINTER_TAILS.match(pointed.group(2)):
            continue
        elif pointed.group(1) in "该此" and len(pointed.group(2)) == 1:
            kept.add(pointed.group(2))   # 该词, 该院, 此书: the word is the one character after it
        elif len(pointed.group(2)) == 2 and (noun := _noun_after_classifier(pointed.group(2))):
            kept.add(noun)   # 这条线, 这首歌 (v106): the noun after the classifier
        else:
            kept.add(term)   # 那须 of 那须盐原, 那木措, 这事: a word of its own, or too little to tell
    return kept


@dataclass(frozen=True)
class AskedFact:
    kind: str              # the asked type (rag.answer_types.TYPES)
    support: float         # best weighted share of the question's terms in one sentence (window)
    answer_type: float     # the same over sentences holding a candidate of the asked type
    source: int | None     # the context number of that sentence's source
    sentence: str          # the sentence that carried the asked type ("" when none did)
    prose: bool = False    # every source holding a key term is running prose (:func:`prose_only`)
    best: str = ""         # the window that carried the best share (``support``), with its source's header
    best_source: int | None = None   # the context number of that window's source


_PREFIX = 6
_DIGIT = re.compile(r"\d")
_GROUPED = re.compile(r"(?<=\d)[,，](?=\d{3}(?!\d))")   # the thousands separator of 5,000


def _stands_in(term: str, text: str) -> bool:
    """A Chinese term inside a longer word (住 / 住宿) or a rate per unit (每晚 / 元/晚); a number whole (5000, not the 500 of 5000)."""
    if not term.isdigit():
        return written_in(term, text)
    return re.search(rf"(?<![\d.]){term}(?![\d])", text) is not None


def _variant_held(term: str, held: set[str]) -> bool:
    """A Latin term held in another form of the same word, which a stemmer leaves apart: stems
    that share their first six letters and all but at most one of the longer's ("respond" /
    "respons"), never "departur" / "depart" (department) or "internat" / "intern" (internal)."""
    if len(term) < _PREFIX or not term.isascii():
        return False
    stem = term[:_PREFIX]
    return any(h.startswith(stem) and len(os.path.commonprefix([term, h])) >= max(len(term), len(h)) - 1
               for h in held)


def pieces_in(term: str, text: str) -> float:
    """The share of a Chinese compound's two-character pieces that stand in ``text``, for a word of
    three characters or more that does not stand there whole: a sentence writes the asked
    attribute in its own words (出生地 / 出生于, 人口数量 / 人口), so it counts in part. 0 for any
    other term (a two-character word split in two would be single characters, which say little).
    :func:`asked_fact` gives a name (jieba's tagger, :func:`rag.text.names_of`) no such credit."""
    if len(term) < 3 or not _CJK.search(term):
        return 0.0
    pieces = two_char_pieces(term)
    return sum(piece in text for piece in pieces) / len(pieces)


def sentences_of(items: list[ContextItem]) -> list[tuple[ContextItem, list[str]]]:
    return [(item, [text for text, _ in statements(strip_header(item.text, item.title))]) for item in items]


def source_numbered(top: list[ContextItem], number: int | None) -> ContextItem | None:
    """The top source cited as ``[number]``; None when none is."""
    return next((item for item in top if item.number == number), None)


def header_of(item: ContextItem) -> str:
    """What names a sentence's subject without standing in it: the source's title and heading
    path ("费用报销细则 > 一、审批权限"), which hold the key terms a table row or a list item leaves out."""
    body = strip_header(item.text, item.title)
    return item.text[: len(item.text) - len(body)].strip() or item.title


def sources_naming(question: str, items: list[ContextItem]) -> list[ContextItem]:
    """The ``items`` whose title or heading path names the occasion (year, edition) the question asks about
    (:mod:`rag.answerability.occasions`)."""
    asked = occasion_of(question, question=True)
    if not asked:
        return []
    return [item for item in items if occasion_of(header_of(item)).names(asked)]


def about_another(question: str, occasion: Occasion, sides: tuple[Side, ...], sentences: list[str], header: str,
                  candidate: Callable[[str], bool]) -> bool:
    """Whether the window ``sentences`` (read under its source's ``header``) states the fact of another occasion than
    the question's (``occasion``, :mod:`rag.answerability.occasions`), of another side of a contrast it draws
    (``sides``, :mod:`rag.answerability.contrasts`) or of an entity related to the asked one, in every sentence that
    holds a ``candidate`` of the asked type (:mod:`rag.answerability.related_entities`): what neither the support nor
    the checks of the asked fact's windows read."""
    if occasion and occasion_of(f"{header}\n{' '.join(sentences)}").other_than(occasion):
        return True
    if sides and other_side(sides, sentences, header):
        return True
    return any(about_related(t) for t in sentences) and related_only(question, sentences, candidate)


def prose_only(items: list[ContextItem], holds: Callable[[str], bool]) -> bool:
    """Whether the sources that hold some of the question's key terms (``holds``, on a source's
    header and text) — the ones the key-term support reads the fact from — include running prose
    and nothing structured (a short plain line counts neither way)."""
    forms = {form_of(item) for item in items if holds(f"{header_of(item)}\n{item.text}")}
    return "prose" in forms and "structured" not in forms


def asked_fact(question: str, items: list[ContextItem], env: QueryEnv, weights: dict[str, float],
               *, window: int = 2, stand_ins: dict[str, dict[str, float]] | None = None,
               slot_values: bool = False, stand_ins_in: Literal["all", "prose"] = "all") -> AskedFact:
    """``weights``: the question's content terms and their weights (the evidence rule's). ``stand_ins``: source words
    that count for a key term no source writes, read in every source (``stand_ins_in`` "all") or in running prose
    only ("prose")."""
    kind = asked_type(question)
    total = sum(weights.values())
    if not total:
        return AskedFact(kind, 1.0, 1.0, None, "")

    # a name earns nothing through its pieces: 张家界 is not half of 张家口, nor 王小明 of 李小明
    names = names_of(question)
    named = {t for t in weights if any(t in name for name in names)}

    def held_in(text: str) -> set[str]:
        held = text_terms(env.space, text)
        plain = _GROUPED.sub("", text) if _DIGIT.search(text) else text   # 5,000 is the 5000 asked about
        return {t for t in weights if t in held or ((_CJK.search(t) or t.isdigit()) and _stands_in(t, plain))
                or _variant_held(t, held)}

    # the noun that names the asked slot (颜色, 英文名, 学校) is held by a window that writes a value of its kind
    # (slot_values.py): the answering sentence writes the value, not the noun
    slots = slot_nouns(question) if slot_values else []

    def share(text: str, bridged: bool = True) -> float:
        held = held_in(text)
        if slots:
            held |= {t for t in weights if t not in held and slot_held(t, slots, text)}
        # (fsum: a sum over a set in hash order differs in its last bits from run to run, and two windows that tie
        # then swap places — the asked fact's source changed between runs of the same code)
        return math.fsum([*(weights[t] for t in held),
                          *(weights[t] * max(0.0 if t in named else pieces_in(t, text),
                                             said_as(t, text) if bridged else 0.0)
                            for t in weights if t not in held)]) / total

    # each stand-in word as it must stand in a sentence: a Latin word whole, a Chinese one anywhere
    standing = {t: [(re.compile(re.escape(w) if _CJK.search(w) else rf"\b{re.escape(w)}\b"), c)
                    for w, c in words.items()] for t, words in (stand_ins or {}).items()}

    def said_as(term: str, text: str) -> float:
        words = standing.get(term)
        if not words:
            return 0.0
        lowered = text.lower()
        return max((c for pattern, c in words if pattern.search(lowered)), default=0.0)

    # a window about another year or edition than the question names states that occasion's fact (occasions.py), and
    # one that writes only another side of a contrast the question draws (the women's race, the half marathon) that
    # side's (contrasts.py); a window that says the asked fact is not known yet ("the venue has yet to be confirmed",
    # 时间尚未公布) holds no candidate of it (pending.py); one whose sentences with a candidate open on a phrase relating
    # their subject to the asked one (同城的岫原证券, "rival X") states that other entity's fact (related_entities.py)
    occasion = occasion_of(question, question=True)
    sides = sides_of(question)
    best_any, best_typed, source, sentence, best, best_source = 0.0, 0.0, None, "", "", None
    for item, said in sentences_of(items):
        header = header_of(item)
        bridged = stand_ins_in == "all" or form_of(item) == "prose"
        read_share = share if bridged else functools.partial(share, bridged=False)
        for i in range(len(said)):
            span = " ".join(said[i:i + window])
            if about_another(question, occasion, sides, said[i:i + window], header,
                             lambda t, h=header: has_candidate(t, kind, question, unit_from=h)):
                continue
            covered = read_share(f"{header}\n{span}")
            if covered > best_any:
                best_any, best, best_source = covered, f"{header}\n{span}", item.number
            if covered > best_typed and has_candidate(span, kind, question, unit_from=header) \
                    and not says_pending(said[i:i + window], kind, question, read_share,
                                         lambda clause, h=header: has_candidate(clause, kind, question, unit_from=h)):
                best_typed, source, sentence = covered, item.number, span
    return AskedFact(kind, round(best_any, 4), round(best_typed, 4), source, sentence,
                     prose_only(items, lambda text: bool(held_in(text))), best, best_source)
