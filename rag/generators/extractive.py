"""An offline generator that answers with the context sentences that best match the question.

It never writes a word of its own, so it cannot follow an instruction planted in a document;
as defence in depth it also skips any sentence the poison rules flag. A table row is quoted
with its header, so "500 元/晚" arrives as "职级: 普通员工; 一线城市: 500 元/晚".
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from pydantic import PositiveInt

from rag.amounts import asked_amounts, fits, is_amount_word
from rag.answer_types import UNTYPED, asked_type, has_candidate, without_clock, without_markers
from rag.asked_field import asked_words, asks_field, fields_of
from rag.by_language import KEYS as LANGUAGE_KEYS
from rag.by_language import for_language, is_by_language
from rag.contacts import listed_entry, named_in
from rag.embedders import Reader
from rag.errors import ConfigError
from rag.generators import PARTIAL, Generation, Generator, generators, levelled, refusal
from rag.memo import scaffolding
from rag.poison import RULES
from rag.prose import form_of, is_prose
from rag.text import (
    CALENDAR,
    CJK,
    EN_FUNCTION_WORDS,
    SAME_DAYS,
    asked_in_another_language,
    compact,
    days_written_in,
    names_of,
    scene_and_asking,
    sentences_of_part,
    statements,
    strip_header,
    title_core,
    unglued,
    without_contractions,
    years_in,
)
from rag.types import ContextItem, Decision, QueryEnv


@dataclass(frozen=True, slots=True)
class Unit:
    number: int
    text: str
    order: int
    is_row: bool = False
    after: str = ""   # the sentence this one continues ("确因工作需要使用的，…" after "…禁用 U 盘…")
    subject: str = ""   # running prose: the title, which every sentence is about ("It was founded …")
    lead: str = ""   # a table row: the sentence before its table ("Hotel stays are reimbursed up to a nightly cap …")
    title: str = ""   # a table row: its source's title, which the row is about ("Salary Bands 2024" for "L4 | 115,000 USD …")
    items: str = ""   # a lead-in's statement: the list it announces ("If you injure yourself with a used needle:" → "1. …")


# A sentence that leans on the one before it for its subject: a condition, an exception, a
# pronoun. "公司电脑默认禁用 U 盘。确因工作需要使用的，须在 OA 提交申请" answers "U 盘怎么申请" in its
# second sentence, which never says U 盘.
_CONTINUES = re.compile(
    r"^\s*(?:确因|确需|如需|如确需|如有|如遇|如果|若|否则|除非|对此|为此|届时|逾期|超出部分|其(?![他余它次实])|该|此(?!外)|上述|"
    r"(?:[Ii]f|[Oo]therwise|[Uu]nless|[Ii]n that case|[Ii]n this case|[Tt]o do so|"
    # "To unlock it, take it to the RA office": a purpose whose object is the sentence before's subject
    r"(?:[Tt]o|[Ii]n order to) [a-z]+ (?:it|them|this|these|one)(?=,)|[Ee]xceptions?|[Tt]his|[Tt]hese|It|[Tt]hey|"
    r"[Ss]uch|[Aa]nything (?:worth|above|over|more|less|below|under|beyond|exceeding)|[Aa]ny (?:excess|remainder|difference))\b)")
# never "IT …" (the department), "其他", "此外", or a contrast ("但", "However") that stands alone; "Anything
# worth more must be declared" leans on the threshold before it


# A lead-in ("具体如下表：", "as follows:") announces an answer but is not one.
_ASKS = re.compile(r"[?？]\s*[\"'”’」』）)]*\s*$")   # a statement that asks ("How do I book a room?") answers nothing
_LEAD_IN = re.compile(r"[:：]\s*$|如下[。：:]?\s*$|as follows[.:]?\s*$", re.IGNORECASE)
# Questions that ask for a quantity, a date or a time: the answer holds a number.
_ASKS_NUMBER = re.compile(r"多少|几|多久|多长|哪天|几号|上限|标准是|how (much|many|long|often)|what time|when|which day|limit|cap\b",
                          re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_LATIN = re.compile(r"[A-Za-z]")


# question types that ask for several rows of a table at once (rag.transforms.understand)
_MANY_ROWS = ("list", "compare", "count")
# a heading line that stands alone ("Hotel caps", "## 住宿标准"): no statement of anything
_BARE_LINE = re.compile(r"^\s*#|^(?![^\n]*[0-9.!?。！？;；:：])[^\n]{1,40}$")
_BULLET = re.compile(r"^\s*(?:[-*•·]|\d{1,2}[.)、])\s+\S")
_ITEMS = 4   # how many items of the list a lead-in announces are quoted with it


def _statements(text: str, whole_bullets: bool) -> list[tuple[str, bool]]:
    """``statements``, with each list item kept whole when ``whole_bullets``: an item is one
    fact ("- VPN-650: the server is overloaded. Switch to vpn2."), and its second sentence is
    often the part that answers."""
    if not whole_bullets:
        return statements(text)
    out: list[tuple[str, bool]] = []
    run: list[str] = []
    for line in text.split("\n"):
        if _BULLET.match(line):
            out += statements("\n".join(run))
            run = []
            out.append((line.strip(), False))
        else:
            run.append(line)
    return out + statements("\n".join(run))


def _stated_before(lead_in: str) -> str:
    """The clauses of a lead-in before its last one, when they make a statement of their own (six
    characters or more, a Chinese sentence's full stop added): "" when it only announces."""
    if not re.search(r"[:：]\s*$", lead_in):
        return ""   # "…，现将放假安排通知如下。" announces a notice; only a lead-in to a colon states before it
    head, _, _ = lead_in.rstrip().rpartition("，" if CJK.search(lead_in) else ", ")
    head = head.strip()
    if len(re.sub(r"\W", "", head)) < 6 or re.search(r"[:：]", head):
        return ""   # nor "各部门：…", a salutation
    return head + ("。" if CJK.search(head) else ".")


def units_of(item: ContextItem, whole_bullets: bool = False, subjects: bool = True) -> list[Unit]:
    """Sentences and rows of a source, without its title line, lead-ins and anything the
    poison rules flag; with ``subjects``, a prose source's sentences carry its title."""
    # a lead-in that states something before it announces ("员工入职满一年后享受带薪年休假，天数按累计工作年限确定：")
    # keeps the statement: the clauses before its last
    raw = _statements(strip_header(item.text, item.title), whole_bullets)
    said = [((not row and _LEAD_IN.search(text) and _stated_before(text)) or text, row) for text, row in raw]

    def announced(i: int) -> str:
        """The list items right after a lead-in kept as a statement (at most :data:`_ITEMS`): its answer."""
        text, row = raw[i]
        if row or said[i][0] == text:
            return ""
        items: list[str] = []
        for following, frow in raw[i + 1:]:
            if frow or not _BULLET.match(following):
                break
            if len(items) == _ITEMS:
                items.append("…")   # more steps than are quoted: the reader is told so
                break
            items.append(following.strip())
        return " ".join(items)

    def quotable(text: str) -> bool:
        return (text.strip("# ") != item.title and not _LEAD_IN.search(text) and not _ASKS.search(text)
                and not any(rule.search(text) for rule in RULES.values()))

    def continued(i: int, text: str, row: bool) -> str:
        """The sentence before, when this one continues it (never a row, a list item, or a
        sentence that may not be quoted: an injected instruction stays out)."""
        if not i or row or said[i - 1][1] or _BULLET.match(text) or not _CONTINUES.match(text):
            return ""
        before = said[i - 1][0]
        heading = before.lstrip().startswith("#")
        return before if quotable(before) and not _BULLET.match(before) and not heading else ""

    def lead(i: int, row: bool) -> str:
        """For a row, the statement right before its table (a lead-in too: "如下表："), never a heading."""
        if not row:
            return ""
        while i and said[i - 1][1]:
            i -= 1
        before = said[i - 1][0] if i else ""
        return "" if before.lstrip().startswith("#") or any(rule.search(before) for rule in RULES.values()) else before

    subject = item.title.strip() if subjects and is_prose(item) else ""
    units = [Unit(item.number, text, i, row, continued(i, text, row), subject, lead(i, row), item.title.strip() if row else "",
                  announced(i)) for i, (text, row) in enumerate(said)]
    return [u for u in units if quotable(u.text)]


# a statement that sends the reader to another document: 按《…》办理, 参照 / 详见 / 依据《…》, "as described in",
# "as set out in", "see the …", "according to", "follows the …"; a title merely mentioned is no pointer
_POINTS_ON = re.compile(r"(?:按|按照|依照|依据|根据|参照|参见|详见|见)\s*《|\bas (?:described|set out|defined|explained|laid out)"
                        r" in\b|\b(?:see|according to|in line with|follows?|under) the\b|\bper the\b", re.I)


# a key that names a thing only to set it apart: "All other cities (outside London)", "北京以外其他城市", 不满 10 年, "non-"
_KEY_APART = re.compile(r"\b(?:other|others|outside|except|excluding|elsewhere|rest|non)\b|以外|之外|其他|其它|其余|除|不满|不含|非",
                        re.IGNORECASE)


def _words(text: str) -> set[str]:
    """The lower-cased English words of ``text`` but its function words, a plural's "s" off (Directors / Director)."""
    return {w.lower().removesuffix("s") for w in re.findall(r"[A-Za-z0-9]+", text) if w.lower() not in EN_FUNCTION_WORDS}


def keys(cell: str, focus: str) -> bool:
    """Whether a table row's first ``cell`` is keyed by what a follow-up named: in Chinese the focus whole or before a
    bracket or a mark ("调度员（调度中心正值、副值）" for 调度员; never 护士长 for 护士, 总经理 for 经理, 不满10年 for 满10年); in English its
    words, a plural as its singular ("Director" for "directors"), or before a bracket, or — a name — a longer name's
    opening words ("Brackenfold Wildlife Park" for "Brackenfold"; never "Managing Director" for "manager", "Nurse Manager"
    for "nurses"); never a cell that names it to set it apart ("All other cities (outside London)", 北京以外其他城市)."""
    if not focus.strip() or _KEY_APART.search(cell):
        return False
    focus = focus.strip()
    if CJK.search(focus):
        # (whole, or before a bracket or a mark: 护士 keys no 护士长, 经理 no 经理助理)
        return cell == focus or bool(re.match(re.escape(focus) + r"\s*[（(：:、/，,]", cell))
    said = [w.lower().removesuffix("s") for w in re.findall(r"[A-Za-z0-9]+", cell)]
    named = [w.lower().removesuffix("s") for w in re.findall(r"[A-Za-z0-9]+", focus) if w.lower() not in EN_FUNCTION_WORDS]
    # (a name may open a longer one: "Brackenfold" keys "Brackenfold Wildlife Park"; a common noun keys only itself:
    # "nurses" keys "Nurse", never "Nurse Manager")
    whole = said == named or bool(re.match(re.escape(" ".join(named)) + r"\s*\(", " ".join(said)))
    return bool(named) and (whole or (focus[:1].isupper() and said[:len(named)] == named))


def tables_of(units: list[Unit]) -> list[list[Unit]]:
    """The tables among ``units``: runs of rows of one source in a row (a statement between two tables parts them)."""
    tables: list[list[Unit]] = []
    for u in units:
        if not u.is_row:
            continue
        last = tables[-1][-1] if tables else None
        if last is not None and last.number == u.number and u.order == last.order + 1:
            tables[-1].append(u)
        else:
            tables.append([u])
    return tables


def names_document(question: str, title: str) -> bool:
    """Whether the question names the document: its title, or the title without year and
    version, appears in it (in 《》 or not)."""
    core = title_core(title)
    lowered = question.lower()
    return bool(core) and len(core) >= 4 and (core in lowered or any(
        ref and (ref in core or core in ref) for ref in (title_core(r) for r in re.findall(r"《([^》]{2,40})》", question))))


def version_years(item: ContextItem, env: QueryEnv) -> set[str]:
    """The years a source's version is known by: in its title, or its ``version``."""
    chunk = env.space.chunk_by_id.get(item.chunk_id)
    version = str(chunk.metadata.get("version") or "") if chunk else ""
    return years_in(f"{item.title} {version}")


def version_note(numbers: list[int], context: list[ContextItem], env: QueryEnv, lang: str) -> str:
    """Which version an answer used, for a source that has several (the versions stage marked
    one as superseding or superseded): "（依据现行版本《…》，2024）", "(from the withdrawn …)"."""
    notes = []
    for item in context:
        chunk = env.space.chunk_by_id.get(item.chunk_id)
        if item.number not in numbers or chunk is None:
            continue
        meta = chunk.metadata
        version = f"{meta['version']}" if meta.get("version") else ""
        if meta.get("withdrawn"):
            notes.append(f"（出自已废止的《{item.title}》{version and f'，{version}'}）" if lang == "zh"
                         else f" (from the withdrawn {item.title}{version and f', {version}'})")
        elif meta.get("supersedes"):
            notes.append(f"（依据现行版本《{item.title}》{version and f'，{version}'}）" if lang == "zh"
                         else f" (per the current version: {item.title}{version and f', {version}'})")
    return "".join(dict.fromkeys(notes))


# a place an English question names (a capitalised word after in / to / at …, never a day or month), and
# the row of a table for everything its other rows do not name
_PROPER = re.compile(rf"\b(?:in|to|at|from|near|visiting|around)\s+((?!{CALENDAR}\b)[A-Z][a-z]+(?:\s[A-Z][a-z]+)*)")
_NAMES = re.compile(r"(?:^|; )[^:;]+: (?:[A-Z][a-z]+(?:\s[A-Z][a-z]+)*, )+[A-Z][a-z]+")   # a cell listing names
_PRONOUN_SUBJECT = re.compile(r"^\s*(?:It|They)\s+(?:is|are|was|were|has|have|opens?|closes?|sits|stands|lies)\b")
_OUTSIDE = re.compile(r"\b(?:outside|elsewhere than|beyond)\s+(?:the\s+)?[A-Z][a-z]+")   # "Hotel outside London"
_ABROAD = re.compile(r"\b(?:overseas|abroad|international|worldwide|rest of the world|outside the (?:UK|EU|US)|Europe|"
                     r"other countries)\b|境外|国外|海外", re.I)
_OTHER = re.compile(r"\b(?:all other|any other|every other|other|elsewhere|the rest of)\b|其他|其它|其余", re.I)

# a question that asks a bound with "the most / the least" ("what's the most I can spend per night?")
_ASKS_BOUND = re.compile(r"\b(?:what(?:'s|’s| is| was|s)?|how much is|tell me) the (?:most|least)\b(?!\s+(?:expensive|"
                         r"recent|common|popular|important|senior|junior)\b)", re.I)

# a part that points at someone the message names: "他的目标年终奖是几个月工资？", "what's her target bonus?"
_POINTS_AT_SOMEONE = re.compile(r"他|她|\b(?:he|she|his|her|him|they|their|them)\b", re.I)

def meant_unit(decision: Decision, units: list[Unit]) -> Unit | None:
    """The statement an answer let through by a paraphrase (evidence v90: ``paraphrase_at`` in the signals, the statement in
    ``evidence``) stands in: the unit of its source that writes it (compacted: separators and case aside), else one that
    holds it or that it holds; None for any other decision."""
    if decision.action != "answer" or "paraphrase_at" not in decision.signals or not decision.evidence:
        return None
    number, said = decision.evidence[0]
    key = compact(said)
    if not key:   # (a script compact drops: read it as written)
        return next((u for u in units if u.number == number and u.text.strip() == said.strip()), None)
    mine = [u for u in units if u.number == number]
    return next((u for u in mine if compact(u.text) == key), None) \
        or next((u for u in mine if key in compact(u.text)), None) \
        or next((u for u in mine if compact(u.text) and compact(u.text) in key), None)


def read_in_message(top: list[tuple[float, Unit]], part: str, question: str,
                    row_fits: Callable[[str, list[Unit]], dict[int, Any]]) -> list[tuple[float, Unit]]:
    """A part's ranking with the rows of one table that the part cannot tell apart ("他的目标年终奖是几个月工资？":
    every level's row) ordered by how they fit the whole message ("有个 P7 的同事…": the P6–P7 row first) —
    only for a part that points at someone the message names: the rows trade places, the scores and the other
    statements stay. ``row_fits(question, rows)`` says how each row fits a question (by ``id``)."""
    if not _POINTS_AT_SOMEONE.search(part):
        return top
    out = list(top)
    by_table: dict[int, list[int]] = {}   # each table's rows, by their place in the ranking
    for at, (_, u) in enumerate(top):
        if u.is_row:
            by_table.setdefault(u.number, []).append(at)
    for places in by_table.values():
        mine = [top[at][1] for at in places]
        if len(mine) < 2 or len(set(row_fits(part, mine).values())) > 1:
            continue   # one row, or the part tells them apart itself
        fit = row_fits(question, mine)
        if len(set(fit.values())) < 2:
            continue
        again = sorted(mine, key=lambda u: fit[id(u)], reverse=True)   # (stable: ties keep their order)
        for at, u in zip(places, again, strict=True):
            out[at] = (top[at][0], u)
    return out


_CONTACT_ROWS = 3   # directory rows quoted at most for a part asking how to reach whom another part names


# version 48: an English question asking which town, city or country reads a place only in a name (rag.answer_types);
# version 49: the names a second review showed it missed or took wrongly
# version 50: a Chinese question asking which body of a kind (哪支球队, 哪所大学, 哪家医院) finds its candidate only in a
# name that says it is one (rag.answer_types)
# version 51: an answer the answerability let through by a paraphrase (evidence v90) quotes the statement that means the
# question, even when no statement shares enough of its words (min_score)
@generators.register("extractive", version="56")
def extractive(
    *,
    max_sentences: PositiveInt = 2,
    min_score: float = 0.2,
    keep_ratio: float = 0.85,
    distinct_parts: bool = True,
    part_sentences: PositiveInt = 1,
    rank_decay: float = 0.9,
    semantic_weight: float = 0.5,
    number_bonus: float = 0.15,
    typed_first: bool = True,
    typed_ratio: float = 0.55,
    whole_bullets: bool = True,
    range_weight: float = 0.15,
    titled_cosine: tuple[str, ...] = ("en",),
    follow_pointers: bool = False,
    scene_weight: float = 1.0,
    sibling_rows: bool = True,
    table_leads: bool = True,
    range_siblings: bool = True,
    shared_ratio: float = 1.0,
    field_first: bool = True,
    reader: Any = None,
    focus_rows: bool = True,
) -> Generator:
    """Scores every sentence and table row by the IDF-weighted share of the question's terms
    it contains, times ``rank_decay`` per place its source stands below the first (so the
    retriever's and reranker's judgement counts); answers with the best (and up to
    ``max_sentences`` within ``keep_ratio`` of it), citing ``[n]``. Below ``min_score`` it
    says it found nothing. With ``semantic_weight`` > 0 the lexical score is blended with the
    cosine between question and sentence under the corpus's own embedder, which bridges
    paraphrases (酒店 / 住宿, "hotel" / "lodging") that share no words. A question that asks
    for a quantity, date or time gives ``number_bonus`` to statements that contain a number;
    lead-ins ("如下表：") and a source's title line are never quoted. With ``typed_first``
    (version 9) a question that asks for a typed fact (:mod:`rag.answer_types`: a number, a
    date, a person …) is answered first from the statements that hold a candidate of that type and score at least
    ``typed_ratio`` of the best:
    "经理…住宿费每晚上限是多少？" quotes the row with 650 元/晚, not the article heading that
    shares more of its words. With ``whole_bullets`` (version 9) a list item is one statement,
    quoted whole: its second sentence is often the answer ("- VPN-650: the server is
    overloaded. Switch to vpn2."). With ``range_weight`` (version 10) a question that names an
    amount ("一笔 3 万元的报销", "a 3,000 USD monitor") adds it to a statement whose stated range
    holds the amount and takes it from one whose ranges in that unit do not
    (:mod:`rag.amounts`): "20,000 元以上 … 总经理", not the "5,000 元及以下" row that shares
    as many words. Version 11: a question asked in another language than the corpus's
    (:func:`rag.text.in_another_language`) is answered by meaning alone, the cosine under the
    corpus's embedder (no number or range bonus): it shares no words with any statement. A
    statement that itself asks ("How do I book a meeting room?", an FAQ's question line) is never
    quoted. Version 12: a sentence that continues the one before it (a condition, an exception,
    a pronoun: "确因工作需要使用的，须在 OA 提交申请" after "公司电脑默认禁用 U 盘") is read and quoted
    with it, so "U 盘怎么申请使用？" gets the procedure and its subject; the question's words are
    read without the function characters jieba glued on (:func:`rag.text.unglued`); an amount
    the question asks past (超过 3 天) falls on one side of a shared bound (:mod:`rag.amounts`).
    Version 13: in running prose (:func:`rag.prose.is_prose`) every sentence is
    about the source's title, so each holds the title's words ("The firm was founded in 1987 by
    …" answers "Who started Tessaline Optics?" as much as the first sentence, which names it); for
    the corpus languages in ``titled_cosine`` (English, where MiniLM reads a pronoun's sentence
    apart from its subject) the cosine is also read with the title before the sentence, and the
    higher one counts. Not beside a structured source (its items leave their subject to its
    headings, and a prose title would outrank the item that answers), nor for a question about
    nothing but the title ("Who was Teodor Marek?", answered by the sentence that names him).
    Version 14 (``distinct_parts``): each part of a split question is answered by a statement of
    its own, the one shared by two parts going to the part it suits better
    (``distinct_answers``): "春节放几天假？放假期间值班电话是多少？" quotes the duty-phone sentence
    for the phone and the "放假，共 8 天" row for the days, where both parts used to pick the first.
    Version 15: with ``part_sentences`` > 1 each part also quotes its runners-up within ``keep_ratio``
    of its best ("What time should I turn up on day one?" scores the "first 14 days" sentence a little
    above "Arrive at 9:30 am"), up to ``part_sentences`` statements in all per part and one more per
    part over the message, never another row of a table the part quotes, nor a bare heading line; a
    count question's number bonus ignores a clock time ("6:30" counts no cars); the question is read
    without the rest of its contractions ("What's"). Version 16 (``follow_pointers``): a part whose best
    statement names another source of the context by its title ("食堂消费发票的开具与报销，按《费用报销细则》
    办理", "as described in the Security Handbook") also quotes that source's best statement for the part:
    the pointer holds the question's words, the source it points to the answer. Version 22: a part
    ``split`` asked again of something it names ("请假最晚得提前多久在 OA 上提？那进机房呢？", its focus in
    ``part_focus``) is answered only by statements that name it; with ``scene_weight`` < 1 the words only
    a part's scene holds (the sentences before the question it asks: "Planning my finances for early next
    year. Which month's pay …?") count that much of their IDF weight (0.5 in the default config, read off
    the kb dev splits). Version 23 (``sibling_rows``): of the rows of one table that the message and its
    parts quote, only those that fit it best stay — the range holding the amount it names, then the cells
    naming the most of its words (``fitting_rows``); not for a list, comparison or count. Version 24
    (``table_leads``): a table row that holds a word of the question scores at least what the statement
    introducing its table scores ("Hotel stays are reimbursed up to a nightly cap that depends on the city
    tier." over "| Tier 3 | all other cities | 120 USD |"), and a name of an English question that no row of
    a table of names holds adds ``range_weight`` to the row for the others ("all other cities", 其他). Version 25
    (``shared_ratio``, 0.6 in the default config, read off the kb dev splits): a part whose best statement goes
    to another part may take one down to that share of its best (``keep_ratio`` bounds it otherwise). Version
    26: a lead-in to a colon that states something first ("员工入职满一年后享受带薪年休假，天数按累计工作年限确定：")
    keeps the clauses before its last as a statement (:func:`_stated_before`). Version 27 (review): sibling
    rows are read against the message and each part, a row kept when it fits one of them best; the "all
    other" row is boosted only for a place named after in / to / at …, never a day or month. Version 28: a
    part's asked fact is read from the question it asks, not its scene ("…几个月工资。啥时候发？" asks a date);
    a month question ("Which month's pay …?", 几月份) is answered by a month (:mod:`rag.answer_types`); with
    ``table_leads`` a row is read with its source's title ("the top of the L4 salary band" is the L4 row of
    "Salary Bands 2024", not the bonus table's "L4–L5 … base salary"); with ``range_siblings`` a best statement
    whose range leaves out the amount asked ("Purchases below 1,000 USD … company card" for 1,800 USD) is quoted
    with the statement of its source whose range holds it; with ``sibling_rows`` a part that points at someone the
    message names reads the rows it cannot tell apart in the message (:func:`read_in_message`); the "most" of
    "what's the most I can claim …?" asks a cap and matches no "at most" of the sources. Version 29: the number
    of a list item ("1. Wash uniforms separately") is no number of the asked type, and "what mileage rate" / "at
    what temperature" ask a number (:mod:`rag.answer_types`); a lead-in kept as a statement ("If you injure yourself
    with a used needle or sharp, …:") quotes the list it announces, up to four items; a scene a dash sets off
    before a part's question ("Off sick today — how early …?") counts as scene for ``scene_weight``; a purpose whose
    object is a pronoun ("To unlock it, take it to the RA office") continues the sentence before it. Version 30: a
    statement is cut only at a full stop that ends a sentence, never after "Dr.", "e.g." or the initial of "John H.
    McArthur" (:func:`rag.text.sentence_spans`). Version 31: a word for part of the week stands where its days do
    ("周末" in "休息日加班…" or "周六、周日…", "weekend" in "Saturday"; :data:`rag.text.SAME_DAYS`). Version 32: a
    place no row names is the row's for the rest of a named place too ("Hotel outside London" for Manchester). Version
    33: a sentence whose subject is a pronoun for the sentence before's ("It is on the 2nd floor of Building C") is read
    with that sentence, whether or not it holds a word of what is asked itself. Version 34: an "outside London" row is
    never the row for a place no row names when another row covers travel abroad. Version 35: a number of the sources is
    read with its unit (:func:`rag.answer_types.candidates`), so a row's "10 天" is a candidate for a question about
    "满 10 年", which holds 10 only in years. Version 36: a part whose own source the top-k cut brought in, because the
    other parts' source held the scene they share (``part_source``, :func:`rag.part_sources.best_of_parts`), is answered from
    that source. Version 37: a part that asks how to reach whom another part's answer names ("…, and who do I ring to
    book it?"; ``part_contacts``, :func:`rag.part_sources.best_of_parts`, :mod:`rag.contacts`) quotes the directory rows
    that name them, up to three, whatever their score and past the sibling-row rule. Versions 41–42 (``field_first``,
    :mod:`rag.asked_field`): a table row whose field the question asks by name ("what extension …", "分机是多少",
    "哪个分机"; every word of an English field, never a count — "the number of buses" — nor a Chinese field before 几点,
    什么时候 or 哪里) and whose other cells name something the question names goes first, when it scores at least
    ``typed_ratio`` of the best and the best is no such row: "what extension reaches the person who runs the training
    centre?" quotes the Training Centre Manager's row, not the sentence about the centre. Version 43: an English "who"
    question's typed statement holds a person's name or a body that acts, not any capitalised word
    (:func:`rag.answer_types.candidates`). Version 44, after a code review: a row whose asked field is empty, and a
    field of function words alone ("To", "From"), are asked by none. Version 52 (``reader``: an embedder, or one by
    corpus language — ``{zh: e5}`` in the default config; a language set to null reads none): the semantic part of a
    statement's score is the mean of the corpus embedder's cosine and the reader's (the question as a query, the statement
    as a passage, :class:`rag.embedders.Reader`), the reader's spread over [0, 1] across the context's statements (e5's
    cosines crowd between 0.75 and 0.95); the scores are then scaled so that the best scores what the best scored
    without a reader, so ``min_score`` refuses what it refused: "首次响应时限是多久？如果要做当日业务的冲正，最低由哪个岗位授权？" quotes the row that
    names the authorising post, which shares few of the part's words. Version 53: nothing inside a title in 《》 ends a
    statement (:func:`rag.text.sentence_spans`): 《卡拉OK.LIVE！‧台北‧我》 is quoted whole. Version 55 (54 was withdrawn):
    the asked type and measure of evidence v114. Version 56 (``focus_rows``): a follow-up the conversation rewrote by
    swapping a slot (``focus`` for ``replaced``, :mod:`rag.transforms.followup`), answered from a table that keys one row
    by the focus and another by the replaced slot (:func:`keys`; the only such table, none of its first cells empty, no
    other cell naming either), quotes the focus's row first and drops that table's other rows: "And Brackenfold?" after
    the opening hours of Westmere Zoo quotes the Brackenfold Wildlife Park row, not Westmere's. Not when a row of another
    table already quoted names the focus."""

    # the second embedder by corpus language ({zh: e5}: Chinese only; a language set to null reads none, one left out
    # reads the default's), or one for every language
    keyed = is_by_language(reader)
    if keyed and (odd := sorted(set(reader) - LANGUAGE_KEYS)):   # type: ignore[arg-type]
        raise ConfigError(f"a reader by language takes {sorted(LANGUAGE_KEYS)}, not {odd}", field="generator.params.reader")
    built: dict[str, Reader | None] = {
        lang: None if spec is None else Reader(spec, f"generator.params.reader.{lang}" if keyed else "generator.params.reader")
        for lang, spec in (reader if keyed else {"default": reader}).items()}   # type: ignore[union-attr]
    readers = built if keyed else built["default"]   # read as the setting it was given as (rag.by_language)

    def ranked(question: str, units: list[Unit], env: QueryEnv) -> list[tuple[float, Unit]]:
        tokenize = env.space.tokenize
        names = names_of(question)
        # 盘要 (U 盘要走…) is 盘; "I've" leaves no "ve"
        q_terms = {unglued(t, names) for t in tokenize(without_contractions(question))} - {""}
        if _ASKS_BOUND.search(question):
            # "what's the most I can claim …?" asks a cap: its "most" is the asking, and every "at most" of the
            # sources would match it ("a booking can last at most four hours" over the hotel cap's row)
            q_terms -= set(tokenize("most least"))
        # a code of the question (letters and digits) counts as present however it is written
        codes = {t: compact(t) for t in q_terms if _LATIN.search(t) and _DIGIT.search(t) and len(compact(t)) >= 3}
        # a Chinese term also counts inside a longer word (假 / 放假, 锁 / 锁定), as in the evidence
        # rule; a code however it is written
        cjk = {t for t in q_terms if CJK.search(t)}
        unit_terms = [set(tokenize(u.text)) | {t for t, c in codes.items() if c in compact(u.text)}
                      | {t for t in cjk if t in u.text} for u in units]
        # a word for part of the week stands where its days do ("周末" in "周六、周日午餐…", "weekend" in "Saturday")
        unit_terms = [ts | {t for t in q_terms if t in SAME_DAYS and (days_written_in(t, u.text) or ts & set(SAME_DAYS[t]))}
                      for ts, u in zip(unit_terms, units, strict=True)]
        # a sentence that continues another is read with it (its subject stands there), once it
        # holds a word of what is asked itself: "需要" alone leans on nothing
        asked = q_terms - scaffolding(env.space)
        # — or when its subject is a pronoun for the sentence before's ("The Crew Scheduling Office builds the rosters.
        # It is on the 2nd floor of Building C"): the pronoun is that subject
        unit_terms = [ts | set(tokenize(u.after)) if u.after and (ts & asked or _PRONOUN_SUBJECT.match(u.text)) else ts
                      for ts, u in zip(unit_terms, units, strict=True)]
        # in running prose every sentence is about the title ("It was founded in 1987 by …"): the
        # name the first sentence spells out is no reason to quote it — unless the question asks
        # about nothing but the title ("Who was Teodor Marek?"), which the sentence naming it answers
        titled = {u.subject: set(tokenize(u.subject)) | {t for t in cjk if t in u.subject} for u in units if u.subject}
        unit_terms = [ts | titled[u.subject] if u.subject and asked - titled[u.subject] else ts
                      for ts, u in zip(unit_terms, units, strict=True)]
        if table_leads:
            # a row is about its source's title, as a prose sentence is (a row that holds a word of what is asked
            # itself): "What's the top of the L4 salary band?" is the L4 row of "Salary Bands 2024", not the L4–L5
            # row of the bonus table that says "base salary"
            unit_terms = [ts | set(tokenize(u.title)) if u.title and ts & asked else ts
                          for ts, u in zip(unit_terms, units, strict=True)]
        df = {t: sum(t in ts for ts in unit_terms) for t in q_terms}
        idf = {t: math.log(1 + len(units) / df[t]) for t in q_terms if df[t]}
        if scene_weight != 1.0 and question in env.facts.get("sub_queries", ()):
            # a part that carries its message's scene ("Planning my finances for early next year. Which
            # month's pay will include the annual bonus?"): the words only the scene holds count less
            # than those of the question it asks
            scene, asking = scene_and_asking(question)
            if scene:
                own = {unglued(t, names) for t in tokenize(without_contractions(asking))}
                idf = {t: w if t in own else scene_weight * w for t, w in idf.items()}
        total = sum(idf[t] for t in sorted(idf))
        # a question in another language than the corpus's shares no words with it: meaning alone,
        # and no bonus for a digit or a range, which would outweigh the small gaps between cosines
        across = asked_in_another_language(question, env)
        if not total and not (across or semantic_weight):
            return []
        # sorted, so float sums do not depend on set order (which varies between processes)
        lexical = [sum(idf.get(t, 0.0) for t in sorted(ts & q_terms)) / total if total else 0.0 for ts in unit_terms]
        if table_leads and total:
            # a row scores at least what the sentence introducing its table scores ("Hotel stays are reimbursed
            # up to a nightly cap that depends on the city tier." over "Tier 3 | all other cities | 120 USD"),
            # once it holds a word of what is asked itself: the sentence says what the rows are about (each
            # table's sentence scored once, for all its rows)
            lead_score: dict[str, float] = {}
            for i, (ts, u) in enumerate(zip(unit_terms, units, strict=True)):
                # (the sentence read with the source's title)
                if (u.lead or u.title) and ts & asked:
                    lead = f"{u.lead} {u.title}".strip()
                    if lead not in lead_score:
                        said = set(tokenize(lead)) | {t for t in cjk if t in lead} \
                            | {t for t, c in codes.items() if c in compact(lead)}
                        lead_score[lead] = sum(idf.get(t, 0.0) for t in sorted(said & q_terms)) / total
                    # (and a tenth of its own, so that the row naming what is asked still goes first)
                    lexical[i] = max(lexical[i], lead_score[lead] + 0.1 * lexical[i])
        # no statement shares a word with the question ("春节一共放几天假" / "放假，共 8 天"): the
        # answerability stage found evidence by meaning, so the statements are read by meaning too
        weight = 1.0 if across or not total else semantic_weight
        plain: list[float] | None = None   # the scores without the reader, when one reads
        if weight > 0:
            vectors = np.asarray(env.space.embed_queries([question] + [u.text for u in units]))
            cosine = np.clip(vectors[1:] @ vectors[0], 0.0, 1.0)
            # a prose sentence is also read with its subject ("Tessaline Optics: The firm was founded …")
            about = [i for i, u in enumerate(units) if u.subject and u.subject not in u.text
                     and asked - titled[u.subject]] if env.language in titled_cosine else []
            if about:
                with_title = np.asarray(env.space.embed_queries([f"{units[i].subject}: {units[i].text}" for i in about]))
                for i, c in zip(about, np.clip(with_title @ vectors[0], 0.0, 1.0), strict=True):
                    cosine[i] = max(cosine[i], float(c))
            read_by = for_language(readers, env.language)
            if read_by is not None and not across and units:
                # (the reader's cosines — e5's crowd between 0.75 and 0.95 — spread over [0, 1], so that its order
                # counts as much as the corpus embedder's)
                meant = np.asarray(read_by.cosines(question, [u.text for u in units], env))
                low, high = float(meant.min()), float(meant.max())
                spread = (meant - low) / (high - low) if high > low else np.ones_like(meant)
                plain = [(1 - weight) * lx + weight * float(c) for lx, c in zip(lexical, cosine, strict=True)]
                cosine = 0.5 * cosine + 0.5 * spread
            lexical = [(1 - weight) * lx + weight * float(c) for lx, c in zip(lexical, cosine, strict=True)]
        blended = list(lexical) if plain is not None else []   # (the bonuses below are carried onto the plain scores)
        if number_bonus and _ASKS_NUMBER.search(question) and not across:
            # a statement with a number, but never only a clock time for a count ("6:30" counts no cars)
            kind = asked_type(question)

            def numbered(text: str) -> bool:
                return bool(_DIGIT.search(without_markers(without_clock(text, question) if kind == "number" else text)))

            lexical = [lx + (number_bonus if numbered(u.text) else 0.0) for lx, u in zip(lexical, units, strict=True)]
        if table_leads and not across and (named := _PROPER.findall(question)):
            # "… a customer's plant in Leeds. What is the most I can claim per night for the hotel?": no row of
            # the city table names Leeds, while its rows name cities: the row for "all other cities" is Leeds's
            for number in {u.number for u in units if u.is_row}:
                rows = [i for i, u in enumerate(units) if u.is_row and u.number == number]
                # (or rows that name a place and the rest of it: "Hotel in London" / "Hotel outside London")
                # ("outside London" is the rest of one country: never when another row covers abroad, which a name
                # the rows do not hold may be)
                outside = not any(_ABROAD.search(units[i].text) for i in rows)
                if any(_NAMES.search(units[i].text) or (outside and _OUTSIDE.search(units[i].text)) for i in rows) \
                        and not any(n in units[i].text for n in named for i in rows):
                    for i in rows:
                        if _OTHER.search(units[i].text) or (outside and _OUTSIDE.search(units[i].text)):
                            lexical[i] += range_weight
        amounts = asked_amounts(question) if range_weight and not across else []
        if amounts:
            # only a statement about what the question asks: "up to 500 USD" for language courses
            # says nothing about a 200 USD hotel cap
            about = {t for t in q_terms if not is_amount_word(t) and t not in EN_FUNCTION_WORDS}
            sign = {True: 1.0, False: -1.0, None: 0.0}
            lexical = [lx + range_weight * sign[fits(amounts, u.text)] if ts & about else lx
                       for lx, u, ts in zip(lexical, units, unit_terms, strict=True)]
        decay = [rank_decay ** (u.number - 1) for u in units]
        final = [score * d for score, d in zip(lexical, decay, strict=True)]
        if plain is not None and final and (top := max(final)) > 0:
            # the reader orders the statements; the best one scores what the best scored without it, so that min_score
            # refuses what it refused before (its spread would lift every best statement over min_score otherwise)
            unread = max((p + score - b) * d for p, score, b, d in zip(plain, lexical, blended, decay, strict=True))
            final = [score * unread / top for score in final]
        return sorted(zip(final, units, strict=True), key=lambda p: (-p[0], p[1].number, p[1].order))

    def ordered(question: str, units: list[Unit], env: QueryEnv) -> list[tuple[float, Unit]]:
        """``ranked``, with the statements that hold a candidate of the asked type first."""
        scored = ranked(question, units, env)
        # a part's scene asks nothing: "…是几个月工资。啥时候发？" asks a date
        asking = sentences_of_part(question)[-1] if question in env.facts.get("sub_queries", ()) else question
        kind = asked_type(asking)
        if typed_first and kind not in UNTYPED and scored:
            # a statement holding the asked type goes first when it is nearly as good as the best
            floor = max(min_score, typed_ratio * scored[0][0])
            typed = [(s, u) for s, u in scored if s >= floor and has_candidate(u.text, kind, question)]
            scored = typed + [p for p in scored if p not in typed]
        if field_first and scored:
            # a row whose field is the one asked by name, about something the question names, goes first
            asked, named = asked_words(asking), set(env.space.tokenize(asking)) - scaffolding(env.space)
            floor = max(min_score, typed_ratio * scored[0][0])
            fielded = [(s, u) for s, u in scored if u.is_row and s >= floor and answers_field(asking, u.text, asked, named, env)]
            if fielded and scored[0] not in fielded:   # (a ranking that puts one first already stands)
                scored = fielded + [p for p in scored if p not in fielded]
        return scored

    def answers_field(question: str, row: str, asked: frozenset[str], named: set[str], env: QueryEnv) -> bool:
        """Whether ``row`` holds the field ``question`` asks by name, and its other cells name something the question
        names ("Depot: Training Centre" for "… the person who runs the training centre")."""
        fields = fields_of(row)
        hit = [at for at, (field, value) in enumerate(fields) if value and asks_field(question, field, asked)]
        others = " ".join(value for at, (_, value) in enumerate(fields) if at not in hit)
        return bool(hit) and bool(named & set(env.space.tokenize(others)))

    def distinct_answers(tops: list[list[tuple[float, Unit]]]) -> list[Unit]:
        """One statement per part, no two parts the same statement (by its text: a sentence two
        sources repeat is one): of the statements within ``keep_ratio`` (or ``shared_ratio``, when lower)
        of each part's best, the
        assignment that keeps the parts closest to their bests (the sum of score / best, at most 1:
        the typed statement ``ordered`` puts first stays first), solved as an assignment problem
        (polynomial in the parts). A statement that two parts share goes to the one it suits
        better, and the other takes its next best ("放假期间…值班电话 400-800-1234" answers the duty
        phone; "放假，共 8 天" the days off) — never a row of the same table as its best, which
        answers it as a row does (a sibling row is another rank's or city's); a part left without
        one is answered by the rest."""
        from scipy.optimize import linear_sum_assignment

        options: list[list[tuple[float, Unit]]] = []
        for top in tops:
            if not top or top[0][0] < min_score:
                continue
            head = top[0][1]
            options.append([(min(score / top[0][0], 1.0) - 1e-6 * rank, unit)
                            for rank, (score, unit) in enumerate(top[:3])
                            if score >= min(keep_ratio, shared_ratio) * top[0][0]
                            and not (rank and head.is_row and unit.is_row and unit.number == head.number)])
        keys = list(dict.fromkeys(compact(unit.text) for opts in options for _, unit in opts))
        if not keys:
            return []
        column = {key: j for j, key in enumerate(keys)}
        blocked = -1e9
        # parts × (statements + one "none" per part, worth 0 to its own part only)
        value = np.full((len(options), len(keys) + len(options)), blocked)
        units: dict[int, Unit] = {}
        for i, opts in enumerate(options):
            value[i, len(keys) + i] = 0.0
            for ratio, unit in opts:
                j = column[compact(unit.text)]
                if ratio > value[i, j]:
                    value[i, j] = ratio
                    units.setdefault(j, unit)
        rows, cols = linear_sum_assignment(value, maximize=True)
        return [units[j] for i, j in sorted(zip(rows, cols, strict=True)) if j < len(keys) and value[i, j] > blocked]

    def runners_up(tops: list[list[tuple[float, Unit]]]) -> list[Unit]:
        """Each part's next statements within ``keep_ratio`` of its best, up to ``part_sentences``
        in all: never a second row of a table the part already quotes (another rank's or city's),
        nor a bare heading line; at most one more statement per part over the message."""
        out: list[Unit] = []
        for top in tops:
            if not top or top[0][0] < min_score:
                continue
            tables = {top[0][1].number} if top[0][1].is_row else set()
            for score, unit in top[1:part_sentences]:
                if score < keep_ratio * top[0][0]:
                    break
                if unit.is_row and unit.number in tables or _BARE_LINE.match(unit.text):
                    continue
                tables |= {unit.number} if unit.is_row else set()
                out.append(unit)
        return out[:len(tops)]

    def pointers(context: list[ContextItem], parsed: dict[int, list[Unit]], subjects: bool) -> dict[tuple[int, int], set[int]]:
        """The statements that send the reader to another source of the context by its title ("as
        described in the Security Handbook", "按《费用报销细则》办理"), with the sources they point to:
        never another version of the same document."""
        for item in context:
            if item.number not in parsed:
                parsed[item.number] = units_of(item, whole_bullets, subjects)
        return {(u.number, u.order): to for item in context for u in parsed[item.number] if _POINTS_ON.search(u.text)
                if (to := {other.number for other in context
                           if other.doc_id != item.doc_id and title_core(other.title) != title_core(item.title)
                           and names_document(u.text, other.title)})}

    def from_own(units: list[Unit], source: str | None, context: list[ContextItem]) -> list[Unit]:
        """A part whose own source the top-k cut brought in, since the other parts' source held the scene the
        parts share (:func:`rag.part_sources.best_of_parts`: the directory row for "… who is the Customer Resolution
        Manager?"), is answered from that source."""
        numbers = {item.number for item in context if item.chunk_id == source} if source else set()
        return [u for u in units if u.number in numbers] or units

    def reaching(units: list[Unit], labels: list[str] | tuple[str, ...]) -> list[Unit]:
        """A part that asks how to reach whom another part's answer names (``part_contacts``, rag.part_sources) is
        answered by the directory rows that name them."""
        return [u for u in units if any(named_in(label, u.text) for label in labels)] or units

    def naming(units: list[Unit], focus: str, env: QueryEnv) -> list[Unit]:
        """A part asked again of what it names ("那进机房呢？" after a question on leave) is answered by
        statements that name it: those about the part before it answer that part."""
        words = set(env.space.tokenize(focus)) - scaffolding(env.space) if focus else set()
        if not words:
            return units
        cjk = {w for w in words if CJK.search(w)}   # inside a longer word too, as the evidence rule reads them
        return [u for u in units if all(w in u.text for w in cjk) and words - cjk <= set(env.space.tokenize(u.text))]

    def row_fits(question: str, rows: list[Unit], env: QueryEnv) -> dict[int, tuple[int, int]]:
        """How well each row fits ``question``: its range holds the amount named (1), leaves it out (-1) or
        states none (0); then how many of the question's words its cells name. A number names no row ("月薪 4 万"
        is no "4 个月"): amounts are read by their ranges."""
        sign = {True: 1, False: -1, None: 0}
        words = {t for t in env.space.tokenize(question) if not t.replace(".", "").isdigit()} - scaffolding(env.space)
        amounts = asked_amounts(question) if range_weight else []
        return {id(u): (sign[fits(amounts, u.text)] if amounts else 0,
                        len(words & set(env.space.tokenize(" ".join(f.partition(": ")[2] for f in u.text.split("; "))))))
                for u in rows}

    def fitting_rows(asked: list[str], picked: list[Unit], env: QueryEnv) -> list[Unit]:
        """Of the rows of one table that the message and its parts quote, those that fit what is asked: a
        row whose range holds the amount named ("参加工作 11 年": 满 10 年不满 20 年, not 满 1 年不满 10 年) before
        one whose range does not; then the rows whose cells name the most of its words ("P7": the "P6–P7"
        row, not "P8 及以上"). Read for the message and for each part (``asked``): a row stays when it fits
        one of them best ("…hotel cap in New York? … in Osaka?" keeps both rows), or when none of them
        tells the rows apart ("经理和总监…": each names one)."""
        rows = [u for u in picked if u.is_row]
        tables = {u.number for u in rows if sum(v.number == u.number for v in rows) > 1}
        if not tables:
            return picked

        def fits_of(question: str) -> dict[int, tuple[int, int]]:
            return row_fits(question, [u for u in rows if u.number in tables], env)

        kept: set[int] = set()
        told: set[int] = set()   # tables that some reading tells apart
        for question in asked:
            fit = fits_of(question)
            for number in tables:
                mine = [u for u in rows if u.number == number]
                best = max(fit[id(u)] for u in mine)
                if best > (0, 0) and any(fit[id(u)] < best for u in mine):
                    told.add(number)
                    kept |= {id(u) for u in mine if fit[id(u)] == best}
        return [u for u in picked if not (u.is_row and u.number in told and id(u) not in kept)]

    def row_named(units: list[Unit], focus: str, replaced: str) -> tuple[Unit, set[int]] | None:
        """The row a follow-up that swapped ``replaced`` for ``focus`` asks, and the ids of its table's rows: the one table
        of ``units`` with a row keyed by each (:func:`keys`), whose first cells are all written; None when no table or
        several have them, or the table keys ``focus`` twice."""
        found: list[tuple[Unit, set[int]]] = []
        for table in tables_of(units):
            cells = [u.text.split("; ")[0].partition(": ")[2].strip() for u in table]
            if not all(cells):
                continue   # (a cell merged over several rows leaves the rows below it unnamed: which are the focus's?)
            others = " ".join(f.partition(": ")[2] for u in table for f in u.text.split("; ")[1:])
            if focus.strip() in others or replaced.strip() in others:
                continue   # (a table of relations: "Role: Porter; Reports to: Portering Supervisor" keys no answer)
            mine = [u for u, cell in zip(table, cells, strict=True) if keys(cell, focus)]
            if len(mine) == 1 and any(replaced in cell or cell in replaced if CJK.search(replaced)
                                      else _words(replaced) & _words(cell) for cell in cells if not keys(cell, focus)):
                found.append((mine[0], {id(u) for u in table}))
        return found[0] if len(found) == 1 else None

    def generate(question: str, context: list[ContextItem], decision: Decision, env: QueryEnv) -> Generation:
        lang = "en" if env.language == "en" else "zh"
        if decision.action == "refuse" or not context:
            return Generation(refusal(env.language))
        if (text := levelled(decision, context, env.language)) is not None:
            return Generation(text)
        # a question that names a year ("2019 版…", "the 2021 rules") is answered from the
        # sources whose title carries that year, when there are any: a version asked for by name
        parsed: dict[int, list[Unit]] = {}   # each source's units, read once for the whole and every part
        # beside a structured source, whose items leave their subject to its headings, a prose
        # sentence is not given its title either: it would outrank the item that answers
        subjects = not any(form_of(item) == "structured" for item in context)

        def units_for(asked: str) -> list[Unit]:
            years = years_in(asked)
            named = [item for item in context if years & version_years(item, env)]
            sources = named or context
            if env.facts.get("question_type") == "reference":
                # "《A》 says follow another policy — what does that policy say …": the answer is in
                # the document A points to, not in A, which the question already quotes
                pointed = [item for item in sources if not names_document(question, item.title)]
                sources = pointed or sources
            for item in sources:
                if item.number not in parsed:
                    parsed[item.number] = units_of(item, whole_bullets, subjects)
            return [u for item in sources for u in parsed[item.number]]

        parts = env.facts.get("sub_queries", [])
        # a question in parts may name a year for one part only ("年假能顺延到什么时候？2025 年春节放几天
        # 假？"): each part is answered from its own sources, and the whole from those of the years it
        # names only when every part names them too
        years = years_in(question)
        units = units_for(question if not parts or all(years <= years_in(p) for p in parts) else "")
        scored = ordered(question, units, env)
        # a question the answerability let through because a statement means it, though few of its words stand in
        # the sources ("I left my laptop on the train …"): that statement answers it, whatever the words score
        meant = meant_unit(decision, units) if not parts else None
        if meant is None and (not scored or scored[0][0] < min_score):
            return Generation(refusal(env.language))
        best = scored[0][0] if scored else 0.0
        picked = [u for s, u in scored[:max_sentences] if s >= max(keep_ratio * best, min_score)] if meant is not None \
            else [u for s, u in scored[:max_sentences] if s >= keep_ratio * best]
        if meant is not None:
            picked = [meant, *(u for u in picked if u is not meant)][:max_sentences]
        if env.facts.get("question_type") not in _MANY_ROWS:
            # a row whose cells name what the question asks about ("Research") answers it; a sibling row that
            # names nothing of the question is another department's or rank's figure. A row naming its own
            # ("… in London than in Paris") stays, and so do rows that name nothing ("Which grades can fly
            # business class?" reads them all); a list or comparison asks for several; a part gets its own.
            asked = set(env.space.tokenize(question)) - scaffolding(env.space)

            # what each picked row's cells (not its headers: "Department: Research; …") name of the question
            named = [asked & set(env.space.tokenize(" ".join(f.partition(": ")[2] for f in u.text.split("; "))))
                     if u.is_row else set() for u in picked]
            picked = [u for i, u in enumerate(picked)
                      if not (u.is_row and any(v.is_row and v.number == u.number and named[j] and not named[i] - named[j]
                                               for j, v in enumerate(picked[:i])))]
        swapped = (env.facts.get("focus", ""), env.facts.get("replaced", ""))
        found = row_named(units, *swapped) if focus_rows and not parts and all(swapped) else None
        # (a row of another table quoted already that names the focus answers it: "项目: 班主任津贴（国际部）; …" for
        # "那国际部呢？", not the row keyed 国际部 of a table of teaching hours)
        # (the earlier turn's table is the one the question is answered from: a row of it is quoted, the replaced
        # slot's; another table keying both — an overseas rate table beside the sentence that answers — is not read)
        if found is not None and any(id(u) in found[1] for u in picked) \
                and not naming([u for u in picked if u.is_row and id(u) not in found[1]], swapped[0], env):
            # a follow-up that swapped one row's key for another's asks that row (the others are the earlier turn's)
            row, table = found
            picked = [row, *(u for u in picked if id(u) not in table)]
        # a question split into parts: the best statement for every part, too
        focus = env.facts.get("part_focus", {})
        own, reach = env.facts.get("part_source", {}), env.facts.get("part_contacts", {})
        part_units = {part: from_own(units_for(part), own.get(part), context) for part in parts}
        tops = [ordered(part, naming(reaching(part_units[part], reach.get(part, ())), focus.get(part, ""), env), env)
                for part in parts]
        if sibling_rows and env.facts.get("question_type") not in _MANY_ROWS:
            tops = [read_in_message(top, part, question, lambda q, rows: row_fits(q, rows, env))
                    for top, part in zip(tops, parts, strict=True)]
        answers = (distinct_answers(tops) if distinct_parts
                   else [top[0][1] for top in tops if top and top[0][0] >= min_score])
        if part_sentences > 1:
            answers += runners_up(tops)
        # the directory rows of whom another part's answer names, each (a contact question shares few words with
        # the row that answers it, so no score bar applies, and each row is someone's: no sibling rule drops one):
        # "to the IT Service Desk (out of hours, to the Control Room)" quotes both rows
        held = {item.chunk_id for item in context}
        contacts = [u for part in parts if reach.get(part) and own.get(part) in held
                    for u in [v for v in part_units[part]
                              if (v.is_row or listed_entry(v.text, env.space)) and any(named_in(label, v.text)
                                                                            for label in reach[part])][:_CONTACT_ROWS]]
        contacts = list({(u.number, u.order): u for u in contacts}.values())   # two parts asking for the same row
        if follow_pointers and tops:
            # a part whose best statement sends the reader on also quotes the best statement of the
            # source it points to: "食堂消费发票的开具与报销，按《费用报销细则》办理" and the invoice title there
            pointing = pointers(context, parsed, subjects)
            for top in tops:
                if top and (to := pointing.get((top[0][1].number, top[0][1].order))):
                    there = next(((score, unit) for score, unit in top if unit.number in to), None)
                    if there and there[0] >= min_score:
                        answers.append(there[1])
        if range_siblings and range_weight:
            # a best statement whose range leaves out the amount asked ("Purchases below 1,000 USD can be made with a
            # company card" for a 1,800 USD machine) is read with the statement of its source whose range holds it
            # ("from 1,000 USD up to 10,000 USD need a purchase order approved by the department head")
            for asked, top in [(question, scored), *zip(parts, tops, strict=True)]:
                amounts = asked_amounts(asked)
                if not top or not amounts or fits(amounts, top[0][1].text) is not False:
                    continue
                holds = next((u for _, u in top if u.number == top[0][1].number and fits(amounts, u.text)), None)
                if holds is not None:
                    answers.append(holds)
        quoted = {compact(u.text) for u in picked}
        for unit in answers:   # a sentence two sources repeat is quoted once
            if compact(unit.text) not in quoted:
                picked.append(unit)
                quoted.add(compact(unit.text))
        if sibling_rows and env.facts.get("question_type") not in _MANY_ROWS:
            picked = fitting_rows([question, *parts], picked, env)
        seen = {compact(v.text) for v in picked}
        picked += [u for u in contacts if compact(u.text) not in seen]
        picked.sort(key=lambda u: (u.number, u.order))
        joiner = " " if lang == "en" or any(u.is_row for u in picked) else ""
        parts: list[str] = []
        for i, u in enumerate(picked):  # one [n] after each run of sentences from source n
            last_of_run = i + 1 == len(picked) or picked[i + 1].number != u.number
            # the sentence a picked one continues comes first, unless it is quoted already
            lead = u.after if u.after and not (i and picked[i - 1].number == u.number
                                               and picked[i - 1].text == u.after) else ""
            text = f"{lead}{joiner}{u.text}" if lead else u.text
            # a lead-in's statement quotes the list it announces, unless its items are quoted already
            if u.items and not any(v.number == u.number and v.text in u.items for v in picked):
                text = f"{text}{joiner}{u.items}"
            parts.append(f"{text} [{u.number}]" if last_of_run else text)
        text = joiner.join(parts) + version_note(sorted({u.number for u in picked}), context, env, lang)
        return Generation(PARTIAL[lang] + text if decision.action == "partial" else text)

    return generate
