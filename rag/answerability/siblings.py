"""A row the table does not list: "夜宵班几点下班？" against a shift table of 早班, 中班 and 晚班.

A table's first column names its rows (shifts, grades, stores, posts). A Chinese label's last character
names its kind — 班 a shift, 级 a grade, 店 a store, 员 a post — so a question word of that kind that the
table never writes is a sibling the table leaves out, not a paraphrase of a row: 夜宵班 beside 早班 and
中班, 高级 beside 中级, 院边店 beside 社区店, 配送员 beside 营业员. The row that states a value for 中班
does not answer 夜宵班. English is not read: an English row's kind is its last word, and a word before it is as often
a verb or an adjective ("attend training", "a typical shift") as the name of a row (a hostile review's attacks,
tests/rag/test_review_s45_siblings.py).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from rag.answerability.row_words import asking_clauses
from rag.text import CJK, dictionary_count, is_table_row, is_table_separator, table_cells, zh_tagged

_CJK_WORD = re.compile(r"^[\u4e00-\u9fff]+$")
LABEL_PARTS = re.compile(r"[（()）、,，/；;]")
# a word that asks or points (几点, 多少, 那个, 每班) or holds a particle (的, 了) names no row
# (nor does a word of the asker's own: 我家, 咱们店, 自己的)
_NOT_A_LABEL = re.compile(r"^(?:几|多|哪|什么|啥|怎|我|你|您|他|她|咱|俺|自己|大家|本人|一|两|个|这个|那个|每个|哪个)|"
                          r"[的了在是把被和与或及]")
_POINTER = re.compile(r"^(?:[那这哪每][个些]?|该|本)")
_MAX_LABEL = 5   # a longer first cell ("法定节假日值班") describes a row rather than naming a kind

MAX_LONG_LABEL = 12   # a long label's ending may name the same post elsewhere (铜陵片区区域经理)


# a column that names rows beside the first: "部门 | 岗位 | 姓名 | 分机" names posts in its second column
_LABEL_HEADER = re.compile(r"岗位|职位|职务|职级|级别|等级|类别|班次|门店|城市|区域|片区|类型|项目|证书|车型|"
                           r"\b(?:role|position|post|shift|store|branch|type|item|vehicle|course|training|grade|school|room)s?\b",
                           re.I)


def _label_cells(text: str) -> list[str]:
    """The cells that name the rows of the tables of ``text``: the first column's, and those of a column whose header
    names a kind of row (岗位, 班次, Role, Shift …)."""
    return [cell for column in _label_columns(text) for cell in column]


def _label_columns(text: str) -> list[list[str]]:
    """The cells of :func:`_label_cells`, one list per column of each table."""
    return [[row[k] for row in rows if k < len(row)] for rows in _label_tables(text) for k in range(max(map(len, rows)))]


def _label_tables(text: str) -> list[list[list[str]]]:
    """Each table of ``text`` as its rows' label cells (the first column's, and those of a column whose header names a
    kind of row)."""
    tables: list[list[list[str]]] = []
    columns: list[int] = [0]
    header = True
    for line in text.split("\n"):
        if not is_table_row(line):
            header, columns = True, [0]
            continue
        if is_table_separator(line):
            continue
        cells = table_cells(line)
        if header:   # the header row names the columns, not the rows
            header = False
            columns = [0, *(i for i, head in enumerate(cells) if i and _LABEL_HEADER.search(head))]
            tables.append([])
            continue
        tables[-1].append([cells[i] for i in columns if i < len(cells)])
    return [rows for rows in tables if rows]


# a labelled list item: "- Maternity: 16 weeks at full pay", "- 婚假：13天"
LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)、])\s*([A-Za-z\u4e00-\u9fff][^:：\n]{0,60}?)[:：]\s*(\S.*)$")


def _kind_items(text: str) -> list[str]:
    """The labels of a labelled list's items that share their last character with another item's (婚假, 产假, 陪产假,
    丧假: a list of kinds of leave), read as rows; a list of unlike things (申请条件, 办理方式) names no kind."""
    labels = [found.group(1).strip() for found in map(LIST_ITEM.match, text.split("\n")) if found]
    labels = [label for label in labels if _CJK_WORD.match(label) and _is_kind(label[-1])]
    ends = Counter(label[-1] for label in labels)
    return [label for label in labels if ends[label[-1]] >= 2]


@lru_cache(maxsize=512)
def _is_kind(char: str) -> bool:
    """Whether a list's shared last character names a kind of thing (假, 班, 证, 店; 费, 员, 贴): a noun, or a suffix of
    kinds; never 间 of 申请时间 and 审批时间, which are times of unlike things."""
    return char in _KIND_SUFFIXES or all(flag.startswith("n") for _, flag in zh_tagged(char))


_KIND_SUFFIXES = frozenset("费员贴金")


def row_labels(text: str, longest: int = _MAX_LABEL) -> list[str]:
    """The Chinese labels of the rows of the tables of ``text`` (:func:`_label_cells`; a cell's parenthesised and listed
    parts each count: "中式烹调师（中级）" gives 中式烹调师 and 中级; "厨师长、店长" both), two to ``longest`` characters."""
    return _labels_of(_label_cells(text), longest)


def _labels_of(cells: list[str], longest: int) -> list[str]:
    labels: list[str] = []
    for cell in cells:
        for part in LABEL_PARTS.split(cell):
            part = part.strip()
            if 2 <= len(part) <= longest and _CJK_WORD.match(part) and part not in labels:
                labels.append(part)
    return labels


@lru_cache(maxsize=4096)
def _words(question: str) -> tuple[str, ...]:
    """The question's Chinese words that may name a row: a word of two characters or more that is no verb (上班, 加班
    name no shift), no number (一个班), no place (杭州) and no pointer (那个班), or a one-character noun or measure word
    with the word before it (jieba cuts 夜宵班 as 夜宵 / 班, 配送员 as 配送 / 员); a pointer before it aside (那中班)."""
    tagged = zh_tagged(question)
    out: list[str] = []
    for i, (word, flag) in enumerate(tagged):
        if not _CJK_WORD.match(word) or (len(word) >= 2 and flag[:1] in ("m", "r", "q")) or flag == "ns":
            continue
        if len(word) >= 2 and not flag.startswith("v"):
            out.append(word)
        elif len(word) == 1 and flag[:1] in ("n", "q") and i and _CJK_WORD.match(tagged[i - 1][0]) \
                and tagged[i - 1][1][:1] not in ("m", "r", "q"):
            out.append(tagged[i - 1][0] + word)
    words = [_POINTER.sub("", w) for w in out]
    return tuple(w for w in words if 2 <= len(w) <= _MAX_LABEL and not _NOT_A_LABEL.search(w))


def unlisted_sibling(question: str, text: str, sources: str = "") -> tuple[str, str] | None:
    """(the question's word, the row label of its kind) when ``text`` holds a table whose rows are of the kind the
    question names and none of them — nor anything else in ``text`` — is the question's word; None otherwise. Read for
    Chinese only, where a label's kind is its last character; and never where the question names a row the table
    lists (the other words set the scene: "我是新来的收银员，店长的胸牌是什么颜色？"), nor where a row gathers others
    ("其他城市", "其余门店", "其他岗位": the asked row may be among them). A labelled list's items of one kind count as rows
    (婚假, 产假, 陪产假 — "探亲假有几天？"), unless another top source (``sources``) writes the question's word (大夜班 in
    the fee table, beside a list of 交接班 and 值班)."""
    if not CJK.search(question):
        return None
    items = _kind_items(text)
    cells = _label_cells(text) + items
    if any(_GATHERS.search(cell) for cell in cells):
        return None
    if any(_names_row(question, cell) for cell in cells):
        return _crossed_column(question, text)
    all_labels = _labels_of(cells, MAX_LONG_LABEL)
    labels = [label for label in all_labels if len(label) <= _MAX_LABEL and not _is_place(label)]
    named = {label[-1] for label in all_labels if label in question}   # kinds whose listed row the question names
    # a word jieba's dictionary reads as a place (中班) is a row when rows of its kind are no places (早班, 晚班, 夜班)
    kinds = {label[-1] for label in labels}
    # (its modifier a position or a time, 中 of 中班; never a town — 横岗, 驻马店, 德班 — nor 日班, which is 白班 said
    # another way); and never one that another top source writes (中班 set out in the attendance rules)
    placed = tuple(w for w, flag in zh_tagged(question) if flag == "ns" and 2 <= len(w) <= _MAX_LABEL and _CJK_WORD.match(w)
                   and w[-1] in kinds and not _NOT_A_LABEL.search(w) and w not in sources
                   and all(f[:1] in ("f", "t") for _, f in zh_tagged(w[:-1])))
    listed = set(items)
    heads = _shared_heads(labels)
    for word in _words(question) + placed:
        if word in text or word[-1] in named:   # ("考中级证需要上级审批吗？": 中级 is the row asked, 上级 another word)
            continue
        if _names_a_row_by_its_kind(word, question, heads):
            continue
        if any(item[-1] == word[-1] and _said_another_way(word, item, sources) for item in listed):
            continue   # (年休假 beside a list holding 年假: a listed item said another way)
        for label in labels:
            if label[-1] == word[-1] and label != word:
                return word, label
    return _other_place_of_a_row(question, text, all_labels)


def _shared_heads(labels: list[str]) -> dict[str, tuple[str, list[str]]]:
    """For each kind (a label's last character) whose labels, two or more, all end in the same word of two characters
    after a modifier of two or more (中班津贴 and 夜班津贴: 津贴 after 中班 and 夜班), that word and the modifiers."""
    by_kind: dict[str, list[str]] = {}
    for label in labels:
        by_kind.setdefault(label[-1], []).append(label)
    return {kind: (same[0][-2:], [label[:-2] for label in same]) for kind, same in by_kind.items()
            if len(same) >= 2 and len({label[-2:] for label in same}) == 1 and all(len(label) >= 4 for label in same)}


def _names_a_row_by_its_kind(word: str, question: str, heads: dict[str, tuple[str, list[str]]]) -> bool:
    """Whether ``word`` is the rows' shared word said another way (as common a word: :func:`_as_common_as`) and the
    question names a row by its modifier: "上夜班一个班补贴多少钱？" against 中班津贴 and 夜班津贴 asks the 夜班 row (补贴 is
    what 津贴 is; 餐贴 is another kind)."""
    head = heads.get(word[-1])
    return head is not None and len(word) == 2 and _as_common_as(word, head[0]) \
        and any(modifier in question for modifier in head[1])


def _as_common_as(word: str, head: str) -> bool:
    """Whether ``word`` is a word of the language at least half as common as ``head`` in jieba's dictionary: 补贴 beside
    津贴 is the kind said another way; 餐贴, 车贴 (no word of the dictionary) and 礼金 beside 奖金 are other kinds."""
    return dictionary_count(word) >= 0.5 * dictionary_count(head) > 0


def _crossed_column(question: str, text: str) -> tuple[str, str] | None:
    """A row named in one label column and pinned, in the same table, by a cell of another label column that no row
    holds with it ("芜湖长江堤防加固项目部技术负责人的分机号是多少？" against a directory whose 芜湖 rows hold only the
    项目经理), or by a word of another column's kind that the source never writes ("海宁店的店长是谁？" against a
    directory whose 部门 column lists 南湖店 and 桐乡店: the 店长 of a store the table does not list; another source may
    write the store). Read only where the named post stands under two values of the other column or more (a 店长 per
    store; never 营运总监, one for the company, so "南湖店的营运总监是谁？" is answered), a cell's listed parts each count
    (南湖店、桐乡店), and the word's part before its kind is a name of two characters or more (never 门店, 总部, 各店)."""

    asking = "，".join(asking_clauses(question))   # (a scene may name the asker's own store: "我在海宁店上班，…")
    for rows in _label_tables(text):
        width = min(map(len, rows))
        parts = [[_parts(cell) for cell in row[:width]] for row in rows]
        named = [{p for row in parts for p in row[k] if len(p) >= 2 and p in asking} for k in range(width)]
        for a in range(width):
            labels = [p for row in parts for p in row[a] if 2 <= len(p) <= _MAX_LABEL]
            kinds = Counter(label[-1] for label in labels)   # (stores are named by places: 南湖店)
            for b in range(width):
                if a == b or len(named[b]) != 1:
                    continue
                post = next(iter(named[b]))
                if len({frozenset(row[a]) for row in parts if post in row[b]}) < 2:
                    continue   # (one post for all the rows of the other column: the company's)
                if len(named[a]) == 1 and not any(named[a] & set(row[a]) and post in row[b] for row in parts):
                    return f"{next(iter(named[a]))}的{post}", next(iter(named[a]))
                if named[a]:
                    continue
                for word in _words(asking):
                    if word in text or kinds[word[-1]] < 2 or word in labels or len(word) < 3:
                        continue   # (门店, 总部: no name before the kind)
                    return word, next(label for label in labels if label[-1] == word[-1])
    return None


def _parts(cell: str) -> list[str]:
    return [p.strip() for p in LABEL_PARTS.split(cell) if _CJK_WORD.match(p.strip() or "-")]


def _said_another_way(word: str, label: str, sources: str) -> bool:
    """Whether a list's item may be the asked word said another way: another top source writes the word or its stem
    (高温 of 高温补贴 beside 高温津贴), or the word shares a character with the item besides their kind (年休假 and 年假,
    婚丧假 and 婚假, 病事假 and 病假)."""
    return word in sources or (len(word) >= 3 and word[:-1] in sources) or bool(set(word[:-1]) & set(label[:-1]))


def _names_row(question: str, cell: str) -> bool:
    """Whether the question names the row ``cell`` labels: every Chinese part of it ("中式烹调师（中级）" needs both
    中式烹调师 and 中级; "店长" itself)."""
    parts = _parts(cell)
    return bool(parts) and all(p in question for p in parts)


def _is_place(word: str) -> bool:
    """Whether jieba reads ``word`` as a place (杭州, 广州: 州 names no kind of row)."""
    return any(flag == "ns" for _, flag in zh_tagged(word))


def _other_place_of_a_row(question: str, text: str, labels: list[str]) -> tuple[str, str] | None:
    """A long row label whose ending the question writes after a noun the source never uses: "铜陵片区区域经理" beside
    the row "马鞍山片区区域经理", "商铺装修押金" beside "住宅装修押金" — the same post or item, of a place or a kind the table
    does not list. The ending starts a word of the question (never inside 值班) and the word before it is a noun (never
    里面, a verb or the asker's own), and a row that gathers others ("市级及以上", "其他门店") stands for more than it names.
    ``labels``: the source's row labels, as :func:`unlisted_sibling` read them."""
    tagged = zh_tagged(question)
    starts, at = {}, 0
    for i, (word, _) in enumerate(tagged):
        starts[at] = i
        at += len(word)
    for label in labels:
        if label in question or _GATHERS.search(label):
            continue
        for k in range(len(label) - 1, 1, -1):
            ending = label[-k:]
            at = question.find(ending)
            if at < 0:
                continue
            i = starts.get(at)
            if i is None or i == 0:
                break   # the ending is inside a word of the question, or nothing names a place or a kind before it
            word, flag = tagged[i - 1]
            if len(word) >= 2 and _CJK_WORD.match(word) and (flag[:1] == "n" or flag in ("j", "b")) \
                    and not _NOT_A_LABEL.search(word) and word not in text and label[:-k]:
                return word + ending, label
            break   # the longest ending the question writes decides
    return None


_GATHERS = re.compile(r"以上|以下|其他|其它|其余|等$|各|所有|全部|一般|普通|\b(?:other|all|any|rest)\b", re.I)
