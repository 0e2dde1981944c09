"""Rows no question names: "What colour tunic do physiotherapists wear?" against a uniform table of Matron, Ward
Manager and Registered Nurse; "户内更换马桶的人工费是多少？" against a repair table of 更换水龙头 and 疏通下水道.

The sibling rule (:mod:`rag.answerability.siblings`) reads a Chinese row's kind in its label's last character; English
has no such mark, and a word before a row's head is as often a verb or an adjective ("attend training", "a typical
shift") as a row. So this rule reads the question the other way round, in both languages: a question that names **no
row** of the table that holds the asked fact, yet names **a specific thing** that no top source writes, asks about a
row the table leaves out.

- A question names a row when it holds a word that tells the row from its siblings — in English a label's words but its
  last ("Compassionate leave": compassionate; "leave" is the kind the rows share) or a one-word label ("Matron"); in
  Chinese a label, its part, the label without its last character or a noun of it not every row shares — or a word of
  exactly one row's short cells ("London" of a "Tier 1 | London, Paris" row). Labels are read in a table's first column
  (the second after a 序号 or code column) and any column whose header ends with a kind of row (Role, Vehicle type,
  岗位), and before the colon of a list's labelled items ("- Maternity: 16 weeks at full pay").
- A specific thing is a noun the language uses rarely — a Zipf frequency of at most ``row_words.SPECIFIC_AT_EN`` (4.4) or
  ``SPECIFIC_AT_ZH`` (4.0) in ``wordfreq`` (paternity 3.2, minibus 2.8; typical 4.6, night 5.6; 马桶 3.7, 员工 5.0), read
  with ``lemminflect`` or jieba's dictionary — or a rare capitalised word no English dictionary holds that is no first
  name (Kingsley House, the Fenwick depot). The two bars were chosen on the dev splits of each language's suites.
- The thing counts as unwritten when no top source writes it in any form: a singular of it, its spelling without
  hyphens or with American vowels, or a word sharing all its letters but the last three (five at least: hygien of
  hygiene and hygienic, physio of physios).

Readings of the same rows in :mod:`rag.answerability.pinned_rows` (evidence v59–v67): a row the question names by a
common word or a name another source writes, put right before the kind the first column names ("a night duty", "the
Westbury depot"); a row named by its label but pinned to a value only another row holds ("the duty allocator at Holt
Bridge"); a code no row has (Grade 8); two label columns no row holds together.

Never where a row gathers the others ("All other staff", 其他岗位, "All other cities"), nor where rows are told apart by
number ("Less than 5 years", 满一年不满十年, "£10 or less") whatever the question says; a specific thing is looked for
in the question's asking sentence (English) or clause (Chinese), the ones before it setting the scene.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from rag.answerability.pinned_rows import (
    crossed_labels,
    kind_before_header,
    pinned_value,
    unlisted_code,
)
from rag.answerability.row_words import (
    NUMBERED,
    SHORT_CELL,
    WORD,
    asking_sentence,
    content_words,
    first_label,
    is_separator_line,
    is_specific,
    is_written,
    naming_words,
    plain_spelling,
)
from rag.answerability.row_words import (
    ZH_ASKS as _ZH_ASKS,
)
from rag.answerability.row_words import (
    ZH_SCENE as _ZH_SCENE,
)
from rag.answerability.siblings import LABEL_PARTS, LIST_ITEM, MAX_LONG_LABEL
from rag.holders import is_zh_name
from rag.text import CJK, EN_FUNCTION_WORDS, dictionary_count, is_table_row, table_cells, zh_tagged

SPECIFIC_AT_ZH = 4.0

_GATHERS_ELSEWHERE = re.compile(r"\b(?:all|any|every) other\b|\bthe rest\b|\belsewhere\b", re.I)
_GATHERS = re.compile(r"\b(?:other|others|all|any|rest|everyone|everybody|anyone)\b|以上|以下|其他|其它|其余|所有|全部|各类",
                      re.I)
# a header that ends with a kind of row names the rows in its column: Role, Vehicle type, Course, 岗位, 班次 (never "Site
# opens", whose column holds times, nor "Maximum charge per item", which holds amounts)
_LABEL_HEADER = re.compile(r"(?:(?<!\bper )(?<!\beach )(?<!\ba )\b(?:role|position|post|job|grade|band|shift|store|branch|"
                           r"site|type|item|vehicle|course|training|school|room|service|group|category|class|level)s?|"
                           r"岗位|职位|职务|职级|级别|等级|类别|班次|门店|区域|片区|类型|项目|证书|车型|人员)\s*$", re.I)


# a first column that numbers the rows rather than naming them
_SERIAL = re.compile(r"(?:序号|编号|代码|编码|代号|#|No\.?|S/N|Ref\.?|Code|[\u4e00-\u9fff]{1,4}(?:代码|编码|编号))", re.I)


def table_rows(text: str) -> tuple[list[tuple[list[str], list[str]]], list[str]]:
    """The rows of ``text`` — (label cells, other cells) of each data row of its tables, and of each item of a list of
    two labelled items or more (the label before its colon) — and the headers of the columns that are not labels
    (Tunic colour, Hourly rate, 人工费). A table's first row is its header only when a separator line follows it; a
    table without one is all rows, named in its first column (the second after a 序号 or code column)."""
    rows: list[tuple[list[str], list[str]]] = []
    headers: list[str] = []
    lines = text.split("\n")
    columns = [0]
    for at, line in enumerate(lines):
        if not is_table_row(line) or is_separator_line(line):
            continue
        cells = table_cells(line)
        if at + 1 < len(lines) and is_separator_line(lines[at + 1]):   # the header names the columns
            first = 1 if len(cells) > 2 and _SERIAL.fullmatch(cells[0].strip()) else 0
            columns = [first, *(i for i, head in enumerate(cells) if i > first and _LABEL_HEADER.search(head))]
            headers += [head for i, head in enumerate(cells) if i not in columns and i >= first and head.strip()]
            continue
        if not at or not is_table_row(lines[at - 1]):
            columns = [0]   # a new table without a header
        rows.append(([cells[i] for i in columns if i < len(cells)], [c for i, c in enumerate(cells) if i not in columns]))
    items = [found for found in map(LIST_ITEM.match, lines) if found]
    if len(items) >= 2:   # a list whose items are labelled ("- Maternity: 16 weeks …", "- Part-time staff: £120 …")
        rows += [([found.group(1)], []) for found in items]   # (the text after the colon describes it)
    return rows, headers


NearerRows = Callable[[str, list[tuple[list[str], list[str]]], list[str]], bool]


def unnamed_row(question: str, text: str, sources: str,
                nearer_rows: NearerRows | None = None) -> tuple[str, str] | None:
    """(the question's specific word, a row label of the table) when ``text`` — the source holding the asked fact —
    holds a table or labelled list of two rows or more, the question names none of them, and it names a specific thing
    that ``sources`` (every top source's text) never writes; None otherwise. English and Chinese questions.
    ``nearer_rows(word, rows, headers)``, when given, must also hold: the word stands where a row would, nearer the rows'
    labels than the columns' headers ("shift timings" asks a column of the table, not a row it leaves out)."""
    chinese = bool(CJK.search(question))
    rows, headers = table_rows(text)
    rows = [row for row in rows if any(cell.strip() for cell in row[0] + row[1])]
    if chinese:   # (a Chinese label is short; a longer run before a colon is a sentence)
        rows = [row for row in rows if all(len(label) <= MAX_LONG_LABEL for label in row[0])]
    # (a row gathering the others: a label of one ("All other staff", 其他岗位), or in English "all other" in any cell ("All
    # other cities" in a Cities column); a note such as "所有门店统一" or "Grey (any shade)" gathers nothing)
    if len(rows) < 2 or any(_GATHERS.search(cell) for labels, _ in rows for cell in labels) \
            or (not chinese and any(_GATHERS_ELSEWHERE.search(cell) for _, cells in rows for cell in cells)):
        return None
    numbered = sum(bool(NUMBERED.search(re.sub(r"[(（][^)）]*[)）]", " ", " ".join(labels)))) for labels, _ in rows)
    if numbered * 2 >= len(rows):
        # rows by number ("Less than 5 years", "Years 7–9", "£10 or less"): a number places the question — unless the
        # rows are codes of one word and a number each (Grade 4, Grade 5, P6) and the question's code is none of them
        return unlisted_code(question, rows, sources)
    if chinese:
        return _unnamed_zh(question, rows, sources, headers, nearer_rows, text)
    asked = content_words(question)
    naming = [naming_words(labels) - _NAMES_NO_ROW for labels, _ in rows]
    # (a word every row's label holds names none of them: "casual" of Casual usher and Casual café bar assistant)
    naming = [words - set.intersection(*naming) for words in naming] if len(naming) >= 2 else naming
    short = [content_words(" ".join(cell for cell in cells if len(cell.split()) <= SHORT_CELL)) for _, cells in rows]
    own, asking = asking_sentence(question)
    named = [at for at, words in enumerate(naming) if asked & words]
    if named:   # the question names a row; it may pin it to a place no such row has ("the duty allocator at Holt Bridge")
        return crossed_labels(asking, rows) or pinned_value(asking, rows, named)
    if any(sum(word in words for words in short) == 1 for word in asked):
        return None   # the question names a row by a short cell ("London")
    kind = kind_before_header(asking, text, sources)
    if kind is not None and (nearer_rows is None or nearer_rows(kind, rows, headers)):
        return kind, first_label(rows)
    spelt = plain_spelling(sources)
    for said in (own, asking):
        for found in WORD.finditer(said):
            word = re.sub(r"['’]s?$", "", found.group(0))
            if len(word) < 3 or word.lower() in EN_FUNCTION_WORDS or "'" in word or "’" in word or word.isdigit() \
                    or sum(ch.isupper() for ch in word) >= 2:   # (an acronym — ICU, SENCo, HCAs — is the name rule's)
                continue
            if is_written(word, spelt):
                continue
            capitalised = word[:1].isupper() and found.start() > 0
            # (a first name is a person of the scene, "Tomasz's team", unless a capitalised word follows: Kingsley House)
            named_place = bool(re.match(r"\s+[A-Z][a-z]", said[found.end():]))
            if is_specific(word, capitalised, named_place) and (nearer_rows is None or nearer_rows(word, rows, headers)):
                return word, first_label(rows)
    return None


# a word before a row's head that tells whose it is, not which ("Own car", "Own bicycle": the car and the bicycle differ)
_NAMES_NO_ROW = frozenset({"own"})

_ZH_WORD = re.compile(r"^[\u4e00-\u9fff]{2,}$")
_ZH_SHORT_CELL = 8    # characters
_ZH_NOUN_TAGS = frozenset({"n", "nz", "nt", "ns", "vn", "nr"})
_ZH_TAGGED_ROWS = 5   # rows whose label holds a question word, read by jieba's tagger to see it as a noun there
# a word for the plain kind (普通员工, 一般性问题) names the row a table leaves unnamed: its plain column or its default
_ZH_PLAIN = re.compile(r"普通|一般|通常|常规|其他|其它|其余")
# a word that asks (多少, 几, 多长时间): a sentence that holds one asks


def _unnamed_zh(question: str, rows: list[tuple[list[str], list[str]]], sources: str, headers: list[str],
                nearer_rows: NearerRows | None, text: str) -> tuple[str, str] | None:
    """The Chinese reading of :func:`unnamed_row`. A row is named by one of its labels (or a label's part: 厨师长、店长)
    in the question, or that label without its last character, its kind (营业员 by 营业); by a noun of its label that
    not every row shares (消毒柜 of 餐具消毒柜); or by a word of exactly one row's short cells. A specific thing is a
    noun of jieba's dictionary with a wordfreq Zipf of at most 4.0 (马桶 3.7, 实习生 3.8, 雨衣 3.2; 员工 5.0, 比例 4.9) in
    the clause that asks, and never:

    - a word sharing a character with a row's label, or two with a row's cells (早饭 beside 早餐 and 笔 beside 签字笔 may be
      the row said another way; 探亲假 beside 婚假 is the sibling rule's; 咨询点 beside 一般咨询);
    - a word whose every character the source writes: a contraction (领证 of 领取结婚证) or a cut jieba made across
      words (盒装 of "利器盒装到多满");
    - a person (李娜, 王经理, 老张), a place where the asker works or stands (心内科, 病区, 门诊楼), or a word after 我在 /
      我是 / 我们 (the asker's own ward or post sets the scene).
    """
    labels = [part.strip() for labels_, _ in rows for cell in labels_ for part in LABEL_PARTS.split(cell) if part.strip()]
    for label in labels:
        if len(label) >= 2 and (label in question or (len(label) >= 3 and label[:-1] in question)):
            return None
    words = [word for word, _ in zh_tagged(question) if _ZH_WORD.match(word)]
    # (a noun of a label that tells its row from the others names it: 消毒柜 of 餐具消毒柜; never 更换 of 更换水龙头, a verb,
    # nor 员工 of 正式员工 and 试用期员工, which every row shares)
    row_labels = ["，".join(labels_) for labels_, _ in rows]
    for word in words:
        holding = [label for label in row_labels if word in label]
        if 0 < len(holding) < len(rows) and any(w == word and flag in _ZH_NOUN_TAGS for label in holding[:_ZH_TAGGED_ROWS]
                                                 for w, flag in zh_tagged(label)):
            return None
    short = [" ".join(cell for cell in cells if len(cell) <= _ZH_SHORT_CELL) for _, cells in rows]
    if any(sum(word in cells for cells in short) == 1 for word in words):
        return None
    written = "".join(labels)
    cells = " ".join(cell for _, row_cells in rows for cell in row_cells)
    tagged = zh_tagged(_asking_clause(question))
    for at, (word, flag) in enumerate(tagged):
        if not (flag[:1] == "n" and _ZH_WORD.match(word)) or (flag.startswith("nr") and is_zh_name(word)) \
                or _ZH_ASKS.search(word) \
                or _ZH_PLAIN.search(word) or _ZH_PERSON.search(word) or _ZH_PLACE.search(word) or word in sources \
                or any(ch in written for ch in word) or all(ch in text for ch in word) \
                or any(word[i:i + 2] in cells for i in range(len(word) - 1)) \
                or _ZH_OWN.search("".join(w for w, _ in tagged[max(0, at - 2):at])):
            continue
        if _specific_zh(word) and (nearer_rows is None or nearer_rows(word, rows, headers)):
            return word, first_label(rows)
    return None


# a person: a surname with a title or 老 / 小 before it (王经理, 李老师, 老张)
_ZH_PERSON = re.compile(r"^[\u4e00-\u9fff](?:经理|老师|主任|医生|护士长|主管|总|工|师傅|姐|哥)$|^[老小][\u4e00-\u9fff]$")
# where the asker works or stands (心内科, 病区, 门诊楼, 园区): it sets the scene, as a place does in English
_ZH_PLACE = re.compile(r"(?:科|病区|病房|楼|园区|院区|校区|厂区|小区)$")
_ZH_OWN = re.compile(r"我(?:在|是|们|家)?$|咱(?:们)?$|本人$")   # the asker's own (我在儿科, 我是护士, 我们病房)


def _asking_clause(question: str) -> str:
    """The clause that asks — the last clause holding a word that asks — with the clause before it when that one names
    no more than a subject ("实习生上夜班，每班夜班补贴是多少？"); the rest set the scene ("我老婆坐月子，陪产假几天？",
    "我表弟刚来。推荐奖多少？")."""
    clauses = [c for c in re.split(r"[，,。！？；!?;]", question) if c.strip()]
    asking = [at for at, c in enumerate(clauses) if _ZH_ASKS.search(c)]
    if not asking:
        return clauses[-1] if clauses else question
    at = asking[-1]
    if _ZH_ALSO.search(clauses[at]) and len(asking) > 1:   # "各班次几点上班？心内科也一样吗？": the first asks
        at = asking[-2]
    before = clauses[at - 1] if at and at - 1 not in asking and len(clauses[at - 1]) <= _ZH_SUBJECT_CLAUSE \
        and not _ZH_SCENE.search(clauses[at - 1]) else ""
    return "，".join(c for c in (before, clauses[at]) if c)


_ZH_ALSO = re.compile(r"也一样|一样吗|也是|呢$")
_ZH_SUBJECT_CLAUSE = 8   # characters: "实习生上夜班" names the subject; a longer clause tells a story


@lru_cache(maxsize=8192)
def _specific_zh(word: str) -> bool:
    from wordfreq import zipf_frequency

    return bool(dictionary_count(word)) and zipf_frequency(word, "zh") <= SPECIFIC_AT_ZH
