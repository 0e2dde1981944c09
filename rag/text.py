"""Text helpers shared by several stages: sentence spans in Chinese and English."""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

# Chinese and English sentence ends (with any closing quotes), an English full stop followed
# by white space, or a line break (list items, table rows, addresses).
_BOUNDARY = re.compile(r"[。！？；!?…]+[”’」』）)\"']*|\.(?=\s)|\n")
_LONG_LINE, _WINDOW = 2000, 300
# a work's title in 《》 is one name, whatever it holds: 《卡拉OK.LIVE！‧台北‧我》, 《你好！再见》 end no sentence
_WORK_TITLE = re.compile(r"《[^《》\n]{1,40}》")


@functools.lru_cache(maxsize=65536)
def _english_ends(line: str) -> frozenset[int]:
    """Where pysbd's English rules end a sentence in ``line`` (offsets after the stop): a full stop
    that ends an abbreviation or an initial ("Mr. Smith", "e.g. a laptop", "John H. McArthur", "the
    U.S. on Jan. 5") or a list number ("3. Submit …") ends none."""
    import pysbd

    segmenter = pysbd.Segmenter(language="en", clean=False, char_span=True)
    return frozenset(len(line[: span.end].rstrip()) for span in segmenter.segment(line))


# a capital letter that labels what the noun before it names ("Building B", "Gate A", "Form C", "Grade D")
_LABELLED = re.compile(r"\b(?i:building|gate|form|grade|park|room|block|level|plan|bay|zone|wing|floor|stage|phase|part|"
                       r"section|appendix|annex|schedule|band|step|type|class|category|option|team|unit|ward|lot|area|site|"
                       r"door|entrance|exit|hall|house|platform|terminal|route|line|road|vitamin|group|division|tier|list|"
                       r"table|figure|plot|court|pier|dock|shed|yard|depot|store|car park)\s+[A-Z]\.$")
_INITIAL = re.compile(r"(?<![A-Za-z.])[A-Z]\.$")
_NEXT_WORD = re.compile(r"\s+([A-Z][a-z]*)\b(?!\.)")


def _ends_sentence(text: str, stop: int) -> bool:
    """Whether the full stop just before ``stop`` ends a sentence of its line. A capital letter's stop
    that pysbd reads as an initial still ends one before a function word: "Car Park C. A permit …",
    never "John H. McArthur" or "W. A. Mozart"."""
    start = text.rfind("\n", 0, stop) + 1
    end = text.find("\n", stop)
    end = len(text) if end < 0 else end
    if end - start > _LONG_LINE:
        # pysbd's time grows faster than the line: a long line is read in a window around the stop (its rules look a
        # few words either way)
        start, end = max(start, stop - _WINDOW), min(end, stop + _WINDOW)
    if stop - start in _english_ends(text[start:end]):
        return True
    if _LABELLED.search(text, max(0, stop - 40), stop):
        return True   # "Report to Building B. Staff must sign in.": a label, not an initial
    after = _NEXT_WORD.match(text, stop)
    return bool(after and _INITIAL.search(text, max(0, stop - 3), stop)
                and after.group(1).lower() in EN_FUNCTION_WORDS)


def sentence_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """(start, end) of each sentence inside ``text[start:end]``, whitespace trimmed. A full stop
    followed by white space ends a sentence unless it ends an abbreviation, an initial or a list
    number (:func:`_english_ends`); nothing inside a title in 《》 ends one."""
    end = len(text) if end is None else end
    out, cursor = [], start
    # where a title in 《》 holds a stop (marked from just after 《 to just before 》): read once, looked up per stop
    inside = bytearray(end - start) if "《" in text[start:end] else None
    if inside is not None:
        for m in _WORK_TITLE.finditer(text, start, end):
            inside[m.start() + 1 - start:m.end() - 1 - start] = b"\x01" * (m.end() - m.start() - 2)
    bounds = [m.end() for m in _BOUNDARY.finditer(text, start, end)
              if not (inside is not None and inside[m.start() - start] and inside[m.end() - 1 - start])
              and (m.group() != "." or _ends_sentence(text, m.end()))] + [end]
    for stop in bounds:
        s, e = cursor, stop
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            out.append((s, e))
        cursor = stop
    return out


def is_table_row(line: str) -> bool:
    return line.lstrip().startswith("|")


def table_cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def is_table_separator(line: str) -> bool:
    return bool(re.match(r"^\s*\|?\s*:?-{3,}", line))


def strip_header(text: str, title: str) -> str:
    """A chunk's text without its ``title > heading`` context header line."""
    first, _, rest = text.partition("\n")
    if rest and (first == title or first.startswith(f"{title} > ")):
        return rest
    return text


def statements(text: str) -> list[tuple[str, bool]]:
    """The sentences and table rows of a text, in order; a row is rendered with its header
    (``职级: 经理; 一线城市: 650 元/晚``). Returns (statement, is_row) pairs."""
    out: list[tuple[str, bool]] = []
    header: list[str] | None = None
    for line in text.split("\n"):
        if is_table_row(line):
            if is_table_separator(line):
                continue
            cells = table_cells(line)
            if header is None:
                header = cells
                continue
            pairs = [f"{h}: {v}" if h else v for h, v in zip(header, cells, strict=False)]
            out.append(("; ".join(pairs), True))
            continue
        header = None
        out.extend((line[s:e], False) for s, e in sentence_spans(line))
    return out


_SEPARATORS = re.compile(r"[^0-9a-z\u3400-\u9fff]+")


def compact(text: str) -> str:
    """Lower case with every separator removed: how a code is compared however it is written
    (``VPN-809``, ``VPN809`` and ``vpn 809`` all read ``vpn809``)."""
    return _SEPARATORS.sub("", text.lower())


_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")


def years_in(text: str) -> set[str]:
    """The calendar years ``text`` writes (1900–2099, never inside a longer number)."""
    return set(_YEAR.findall(text))


_CORE = re.compile(r"[（(][^）)]*[)）]|\b(19|20)\d{2}\b|\d{4}\s*年度?|版")


def title_core(title: str) -> str:
    """A title without its year, version and parenthesised notes: what other documents call it."""
    return re.sub(r"\s+", " ", _CORE.sub("", title)).strip(" -:：").lower()


# English words that carry no topic: articles, auxiliaries, pronouns, question words and
# prepositions (shared by the follow-up slot finder and the paraphrase bridges)
EN_FUNCTION_WORDS = frozenset(
    "a an the of in on at to for and or is are was were be been being do does did done can could should would "
    "will may must shall what which who whom whose when where why how much many long i me my we our you your "
    "it its they them their this that these those there here there's what's any some all get got have has had "
    "not but into onto about over under with from by as per if then than so also only just very more most less "
    "least out please tell need needs each every mean means meaning".split())


# the English names of the months and the days of the week (a pattern to build on): when, never a name
CALENDAR = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December|"
            r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)")


# English number words and their values, to sixty: one table for the rules that read counts written out
EN_NUMBER_WORDS: dict[str, int] = {word: n for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty".split())} | {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60}
CJK = re.compile(r"[\u3400-\u9fff]")   # a Chinese character (CJK unified ideographs and extension A)
_LATIN_WORD = re.compile(r"[A-Za-z]*[a-z][A-Za-z]*")   # a word with a lower-case letter: not a code or an acronym
_TITLE = re.compile(r"《[^》]*》")


def in_another_language(question: str, corpus_language: str) -> bool:
    """Whether ``question`` is written mainly in the other of the two languages ragbench reads
    (English, Chinese) than its corpus's. The question is read after NFKC (full-width ``Ｈｏｗ``
    is ``How``) and without the titles it quotes (《Travel Policy》). Its English words (words with
    a lower-case letter: not a code or an acronym such as ``VPN-809``, ``OA``) are weighed
    against its Chinese words (two characters to a word). A Chinese corpus is asked in another
    language when the question has two English words or more and more of them than Chinese words
    ("How many days of 年假 do I get?"); an English corpus, when it has more Chinese words than
    English ones ("Berlin 办公室在哪里？", but not "Where is the Berlin office? 谢谢"). A ``mixed``
    corpus has no other language, and other scripts (Korean, Cyrillic) are not read here."""
    text = _TITLE.sub(" ", unicodedata.normalize("NFKC", question))
    chinese = len(CJK.findall(text)) / 2
    english = len(_LATIN_WORD.findall(text))
    if corpus_language == "zh":
        return english >= 2 and english > chinese
    if corpus_language == "en":
        return chinese >= 1 and chinese > english
    return False


def asked_in_another_language(question: str, env: Any) -> bool:
    """:func:`in_another_language` for a stage (``env``: its QueryEnv): what the pipeline recorded
    for the question (``facts["another_language"]``, decided once on the question as rewritten),
    else read from ``question`` against the corpus's language."""
    known = env.facts.get("another_language")
    return in_another_language(question, env.language) if known is None else bool(known)


# Question scaffolding: words that say *that* something is asked, not *what*.
QUESTION_WORDS = {
    "en": "what how much many which who whom when where why does do did can could should would "
          "is are am was were will tell me please i we my our there any get allowed need",
    "zh": "什么 多少 怎么 怎么办 咋办 怎样 怎么样 如何 哪些 哪个 哪里 哪儿 是否 可以 能否 能不能 能 会 需要 要 "
          "吗 呢 吧 请问 一下 我 我们 你 您 是 有 没有 几 谁 为什么 多久 多长 时间 之内 以内 最多 "
          "最少 至少 大概 一般 应该 得 该 去 想 知道 哪天 几号 啥 时候",
}


# single characters that jieba's word guessing (HMM) glues onto a neighbour in a question: 盘要
# (U 盘要走…), 能领 (每季度能领…), 黄华麒是; they ask or link, and name nothing
_GLUE = frozenset("要的了是有能想把被给吗呢吧啊")


# the rest of a contraction, which a tokenizer leaves as a word of its own ("I've" → i, ve; "don't" →
# don, t): it asks nothing, and no source holds it
_CONTRACTION = re.compile(r"\b(?:(ca)n|(wo)n|(sha)n)['’]t\b|(?<=[A-Za-z])n['’]t\b|(?<=[A-Za-z])['’](?:ve|ll|re|d|m|s|t)\b", re.I)
_WHOLE = {"ca": "can", "wo": "will", "sha": "shall"}


def without_contractions(text: str) -> str:
    """English text with its contractions cut to their first word ("I've" → "I", "don't" → "do",
    "can't" → "can", "won't" → "will", "the company's" → "the company")."""
    def first(match: re.Match[str]) -> str:
        head = next((g for g in match.groups() if g), None)
        return _WHOLE[head.lower()] if head else ""

    return _CONTRACTION.sub(first, text)


# a request to look something up ("帮我查一下 P6 的月薪上限", "再看看这个级别的…"), which asks for what
# follows it; 看看 only as a request (帮我 / 再 / 麻烦 / 请 before it), never "看看病", "看一下午"
ZH_LOOK_UP = re.compile(r"^\s*(?:(?:再|也|顺便|另外)?(?:帮我|麻烦|请|给我)?(?:查一下|查查|查下)|"
                        r"(?:再|帮我|麻烦|请|麻烦你)(?:看一下|看看))(?![看吧])")


def without_look_up(text: str) -> str:
    """A Chinese question without the request to look it up that opens it ("帮我查一下")."""
    return ZH_LOOK_UP.sub("", text)


@functools.lru_cache(maxsize=4096)
def two_char_pieces(word: str) -> set[str]:
    """The two-character pieces of a Chinese word, each start in turn (出生地 → 出生, 生地): what a sentence that writes
    the word in its own way (出生于) may still hold."""
    return {word[i:i + 2] for i in range(len(word) - 1)}


def zh_tagged(text: str) -> tuple[tuple[str, str], ...]:
    """jieba's words of ``text`` with their part-of-speech tags, memoised up to :data:`_TAGGED_CACHED` characters (the
    same question or statement is tagged by several rules; a source's whole text, tagged once, is not kept)."""
    return _zh_tagged_cached(text) if len(text) <= _TAGGED_CACHED else _zh_tagged(text)


_TAGGED_CACHED = 400   # (a cached text costs about 80 bytes a character: 16,384 of these stay under 0.6 GB)


def _zh_tagged(text: str) -> tuple[tuple[str, str], ...]:
    import jieba.posseg

    return tuple((w.word, w.flag) for w in jieba.posseg.lcut(text))


_zh_tagged_cached = functools.lru_cache(maxsize=16384)(_zh_tagged)


def zh_tagged_spans(text: str) -> list[tuple[int, int, str, str]]:
    """jieba's words of ``text`` (:func:`zh_tagged`) with their tags and where each starts and ends in ``text``."""
    spans, end = [], 0
    for word, flag in zh_tagged(text):
        spans.append((end, end + len(word), word, flag))
        end += len(word)
    return spans


def names_of(question: str) -> frozenset[str]:
    """The words jieba's tagger reads as names in a Chinese question (李想, 有赞 in context): a
    name is never unglued."""
    if not CJK.search(question):
        return frozenset()
    return frozenset(word for word, flag in zh_tagged(question) if flag.startswith(("nr", "ns", "nt", "nz")))


def dictionary_count(word: str) -> int:
    """How often jieba's dictionary counts ``word``: 0 for a word it does not hold, or holds only as the start of a
    longer one. The one read of the dictionary by which the rules tell a common word (项目, 津贴) from a rare one, a name
    or a guess of the word guesser's (黄华麒是); each rule keeps its own bar."""
    import jieba

    jieba.dt.check_initialized()
    return jieba.dt.FREQ.get(word) or 0


def unglued(term: str, names: frozenset[str] = frozenset()) -> str:
    """A Chinese term that no dictionary holds, without the function characters the word guesser
    glued to its ends (盘要 → 盘, 能领 → 领, 黄华麒是 → 黄华麒); any other term, and a name
    (``names``: :func:`names_of` the question; 李想 is no 李 + 想), as it is."""
    if len(term) < 2 or not CJK.search(term) or (term[0] not in _GLUE and term[-1] not in _GLUE) or term in names:
        return term
    if dictionary_count(term):
        return term
    return term.strip("".join(sorted(_GLUE)))


# the days a word for part of the week stands for: a source writes "周六、周日" or "休息日" where the asker says 周末,
# "Saturday and Sunday" where the asker says "weekend" (tokens as the English tokenizer stems them)
SAME_DAYS = {
    "周末": ("周六", "周日", "星期六", "星期日", "星期天", "礼拜六", "礼拜天", "休息日", "双休日"),
    "双休日": ("周六", "周日", "星期六", "星期日", "星期天", "休息日", "周末"),
    "休息日": ("周六", "周日", "星期六", "星期日", "星期天", "双休日", "周末"),
    "weekend": ("saturday", "sunday"),
    "weekends": ("saturday", "sunday"),
    # a day of the weekend stands where the weekend does ("周日也一样吗？" against "周末加班…")
    "周六": ("周末", "休息日", "双休日"), "周日": ("周末", "休息日", "双休日"), "星期六": ("周末", "休息日", "双休日"),
    "星期日": ("周末", "休息日", "双休日"), "星期天": ("周末", "休息日", "双休日"),
    "saturday": ("weekend", "weekends"), "sunday": ("weekend", "weekends"),
}


def days_written_in(term: str, text: str) -> bool:
    """Whether ``text`` writes the days ``term`` stands for (:data:`SAME_DAYS`: 周末 in "周六、周日午餐…")."""
    return any(day in text for day in SAME_DAYS.get(term, ()))


# a label numbered within its kind: "Year 10", "Grade 5", "Stage 2", "Class 3"; 3 号楼, 2 期, 5 级, 第 3 批 (never "with 5",
# "over 60", "and 11": a word of the sentence before a number)
_EN_NUMBERED = re.compile(r"\b([A-Za-z]{3,})\s+(\d{1,3})s?\b")
_EN_NOT_A_KIND = frozenset({"with", "over", "and", "than", "about", "under", "within", "after", "before", "last", "next",
                            "first", "only", "just", "least", "most", "every", "each", "per", "top", "around", "approx",
                            "nearly", "almost", "maximum", "minimum", "max", "min", "for", "from", "the", "are", "was",
                            "were", "has", "have", "had", "get", "got", "take", "takes", "took", "need", "needs", "all",
                            "into", "onto", "upto", "till", "until", "since", "past", "aged", "age", "ages", "plus",
                            "between", "through", "during", "some", "any", "another", "other", "those", "these"})
_ZH_NUMBERED = re.compile(r"第?\s*(\d{1,3}|[一二两三四五六七八九十]{1,3})\s*(号[楼线门院房]?|期|级|批|栋|层|档|类)")
_RANGE_DASH = r"\s*(?:[-–—~～至到/]|to)\s*"
_WINDOW = 60   # characters read after an English kind word, or before a Chinese one, for its numbers


def numbered_labels(text: str) -> list[tuple[str, int]]:
    """The labels ``text`` numbers within a kind, as (kind, number): ("year", 10) for "Year 10s", ("级", 5) for 5 级,
    ("号楼", 3) for 3 号楼."""
    found: list[tuple[str, int]] = []
    for m in _EN_NUMBERED.finditer(text):
        kind = m.group(1).lower()
        if kind in _EN_NOT_A_KIND or kind in EN_FUNCTION_WORDS:
            continue
        found.append((kind, int(m.group(2))))
        # (a list after it names each: "Years 10 and 11", "Years 9, 10, 11")
        listed = re.match(r"(?:\s*(?:,|/|&|\band\b|\bor\b)\s*\d{1,3}s?\b)+", text[m.end():])
        found += [(kind, int(n)) for n in re.findall(r"\d{1,3}", listed.group())] if listed else []
    return found + [(m.group(2), n) for m in _ZH_NUMBERED.finditer(text) if (n := zh_number(m.group(1))) is not None]


_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_NUMERAL = r"[一二两三四五六七八九十]{1,3}"


def zh_number(written: str) -> int | None:
    """A number of one to nine hundred and ninety-nine as written in digits or Chinese numerals (3, 三, 两, 十二, 二十三,
    一百零五), or None ("一二", "十十"); read by the numbered labels here, by rag.amounts ("两个月") and by the editions
    of rag.answerability.occasions (第一百零一届)."""
    if written.isdigit():
        return int(written)
    m = re.fullmatch(r"(?:([一二两三四五六七八九])?百[零〇]?)?(?:([一二两三四五六七八九])?(十))?([一二两三四五六七八九])?", written)
    if not m or not written:
        return None
    hundreds = _ZH_DIGITS.get(m.group(1) or "一", 1) * 100 if "百" in written else 0
    tens = _ZH_DIGITS.get(m.group(2) or "一", 1) * 10 if m.group(3) else 0
    return hundreds + tens + (_ZH_DIGITS[m.group(4)] if m.group(4) else 0)


def _arabic(run: str) -> str:
    """The Chinese numerals of a run of numbers written as digits (一至四 → 1至4)."""
    return re.sub(_ZH_NUMERAL, lambda m: str(n) if (n := zh_number(m.group())) is not None else m.group(), run)


def _en_kind(kind: str) -> str:
    """A kind word in either number: "year" / "years", "class" / "classes"."""
    if kind.endswith(("ss", "sh", "ch", "x")):
        return re.escape(kind) + r"(?:es)?"
    return re.escape(kind[:-1] if kind.endswith("s") and len(kind) > 3 else kind) + r"s?"


def _holds(numbers_text: str, number: int) -> bool:
    """Whether a run of numbers written after (or before) a kind holds ``number``: one number, a list ("9, 10, 11",
    "10/11", "10 and 11"), a range ("7–9", "7 to 9", "Year 7 to Year 9") or an open range ("10 and above", "10+")."""
    parts = re.split(r"\s*(?:,|、|，|;|/|\band\b|\bor\b|&|和|及)\s*", numbers_text)
    for part in parts:
        if (r := re.fullmatch(rf"(\d{{1,3}})s?{_RANGE_DASH}(?:[A-Za-z]+\s+)?(\d{{1,3}})s?", part.strip())) is not None:
            if int(r.group(1)) <= number <= int(r.group(2)):
                return True
        elif (n := re.fullmatch(r"(\d{1,3})s?(\s*(?:\+|and above|and over|or above|or over|及以上|以上))?", part.strip())) \
                and (int(n.group(1)) == number or (n.group(2) and number >= int(n.group(1)))):
            return True
    return False


def numbered_label_in(kind: str, number: int, text: str) -> bool:
    """Whether ``text`` writes the numbered label: "Year 10" in "Year 10", "Year 10s", "Years 10–11", "Years 9 to 11",
    "Year 7 to Year 9", "Years 9, 10, 11", "Years 10/11", "Year 10 and above"; 3 号楼 in "3 号楼", "1–4 号楼",
    "1号至4号楼" or "1、2、3 号楼". Never "Year 11" for "Year 10", a bare 10 elsewhere, nor 2 号线 for 2 号楼. (The
    numbers are read in a bounded window beside each kind word, so a long text costs linear time.)"""
    if kind.isascii():
        for m in re.finditer(rf"\b{_en_kind(kind)}\b", text, re.I):
            after = re.sub(r"(?i)\s+(?:and|or)\s+(?:above|over|older|later)\b", "+", text[m.end():m.end() + _WINDOW])
            run = re.match(rf"\s+((?:\d{{1,3}}s?(?:{_RANGE_DASH}(?:{_en_kind(kind)}\s+)?\d{{1,3}}s?)?"
                           rf"(?:\s*(?:,|/|&|\band\b|\bor\b)\s*)?)+(?:\s*(?:\+|and above|and over|or above|or over))?)",
                           after, re.I)
            if run and _holds(re.sub(rf"(?i){_en_kind(kind)}\s+", "", run.group(1)), number):
                return True
        return False
    for m in re.finditer(re.escape(kind), text):
        before = _arabic(text[max(0, m.start() - _WINDOW):m.start()])
        written = rf"(?:{re.escape(kind)}|{re.escape(kind[0])})"   # "1号至4号楼": the kind, or its first character
        run = re.search(rf"((?:\d{{1,3}}\s*{written}?\s*(?:[-–—~～至到/、，,和及]\s*)?)+)\s*$", before)
        if run and _holds(re.sub(written, "", run.group(1)).strip(" 、，,"), number):
            return True
    return False


# the sentences of a part: its scene, then the question it asks
# (never after an abbreviation or an initial: "the per diem in St. Louis?", "Mr. Chan", "the U.S. office")
_SENTENCE = re.compile(r".+?(?:(?<!\bSt)(?<!\bMr)(?<!\bMs)(?<!\bDr)(?<!\bMrs)(?<!\bInc)(?<!\bLtd)(?<!\bCo)(?<!\bvs)(?<!\bNo)"
                       r"(?<!\.[A-Z])(?<![\s(][A-Z])[.](?=\s+[A-Z\"“])|[!?](?=\s+[A-Z\"“])|[。！？]|$)", re.S)


def sentences_of_part(part: str) -> list[str]:
    """A part's sentences: its scene, then the question it asks last."""
    part = part.strip()
    return _SENTENCE.findall(part) or [part]


# a scene set off by a dash before the question ("Off sick today — how early do I need to ring in?")
_DASHED = re.compile(r"\s(?:[—–]|--)\s(?=\S)")   # a dash, never a hyphen of a range ("8 pm - 8 am", "Band 5 - 7")


def scene_and_asking(part: str) -> tuple[str, str]:
    """A part's scene (its sentences before the last, and what a dash sets off before the question) and the
    question it asks."""
    *scene, asking = sentences_of_part(part)
    pieces = _DASHED.split(asking, maxsplit=1)
    if len(pieces) == 2 and pieces[0].strip() and pieces[1].strip():
        scene, asking = [*scene, pieces[0]], pieces[1]
    return " ".join(scene).strip(), asking.strip()


# where a part's scene ends when its question goes on in lower case, as a split message's part does ("A customer wants
# to take their complaint to Stage 2. who is the Customer Resolution Manager?"); never after an initial or a title
_SCENE_END = re.compile(r"(?<=[.!?])(?<![A-Z][a-z]\.)(?<!\b[A-Za-z]\.)(?<!approx\.)(?<!\bmax\.)(?<!\bmin\.)(?<!incl\.)"
                        r"(?<!\betc\.)(?<!\bvs\.)(?<!\bno\.)(?<!\besp\.)(?<!dept\.)(?<!\bext\.)(?<!\bapt\.)"
                        r"\s+(?=[a-z])")


def asked_in_part(part: str) -> tuple[str, str]:
    """:func:`scene_and_asking`, and a part whose question goes on in lower case after its scene is read the same
    way ("…to Stage 2. who is the Customer Resolution Manager?")."""
    scene, asking = scene_and_asking(part)
    if not scene and len(pieces := _SCENE_END.split(asking)) > 1:
        *before, asking = pieces
        scene = " ".join(before)
    return scene, asking
