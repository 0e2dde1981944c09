"""Contact directories in a corpus, and the contact a part of a message asks for through another part.

"How far ahead should I book the refresher, and who do I ring to book it?" names nobody to ring: the
answer to the first part does ("Book your refresher through the Training Coordinator"), and the
corpus's directory holds that role's row ("| Training Coordinator | Sunil Varma | 4260 |"). A
directory is any table whose header names a telephone column (Extension, Phone, 分机, 电话 …); its
rows' other cells (a role, a team, a name) are the labels a statement may name. A list item that gives a number
to dial after its label ("- Fernvale Control (24 hours): extension 2400", "- 设备科报修：分机 8131") is an entry too,
when a word calls the number one or a heading of contacts stands over it (:func:`item_number`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rag.memo import PerCorpus
from rag.text import CJK, EN_FUNCTION_WORDS

# a part that asks how to reach someone: an extension (never one of a deadline or a probation), a number to ring,
# whom to call; 分机, whom to ring (打给谁, 找谁, 联系哪个部门), a telephone number asked for (never 电话费, 电话会议,
# 打什么卡)
_NOT_A_LINE = r"(?!\s+(?:of|to|for|on) (?:my|your|the|a|an|his|her|their|this|that) (?:deadline|probation|leave|contract|claim|notice|period|loan|visa|course|trial))"
ASKS_CONTACT = re.compile(
    rf"\b(?:what|which|whose|their|his|her|phone|telephone|[a-z]+['’]s)\s+(?:[a-z]+\s+)?extensions?\b{_NOT_A_LINE}|"
    rf"\b(?:what|which)(?:['’]s|\s+is|\s+was)?\s+(?:the|its|that|this)\s+(?:[a-z]+\s+)?extensions?\b{_NOT_A_LINE}|"
    r"\b(?:the|its|that|this)\s+extensions?(?=\s*(?:number|to (?:ring|call|dial)|for (?!my|your|the|a|an|his|her|their)))|"
    r"\bextension numbers?\b|\bext\.(?=\W|$)|"
    r"(?<!my )(?<!our )\b(?:phone|telephone|contact|mobile) numbers?\b|\bnumber (?:to|do I|should I|can I|for) (?:ring|call|phone|reach)\b|"
    r"\bwhat(?:'s|’s| is) (?:their|his|her|its) number\b|"
    r"\bwho(?:m)? (?:to|do|should|can|must|would) (?:I |we )?(?:ring|call|phone|contact)\b|\bwhom\b|"
    r"\b(?:ring|call|phone|contact|report it to) whom\b|"
    r"分机|电话(?:号码?)?(?:是)?(?:多少|几号)|打(?:哪个|什么|哪)(?:电话|号码|号|分机)|打哪个(?=\s*[？?]|\s*$)|打给谁|找谁|联系谁|"
    r"联系哪(?:个|位)|联系方式(?:是)?(?:什么|多少)", re.I)
# a telephone column (never an allowance or a bill for one); a column headed "Number" alone counts where its cells are
# telephone numbers
_CONTACT_COLUMN = re.compile(r"\b(?:extension|ext\.?|phone|telephone|tel\.?|mobile)(?!\w)(?!.*\b(?:allowance|bill|cost|charge|"
                             r"fee|budget)s?\b)|contact number|分机|电话(?!费|补贴|会议)|手机(?!费|补贴)|联系方式", re.I)
_NUMBER_COLUMN = re.compile(r"\s*(?:number|no\.?|号码)\s*", re.I)
_PHONE = re.compile(r"[\d\s()+-]{4,}")
# a cell of a telephone column: digits, as an extension or a number is written ("4999", "ext. 2230", "01632 960 733")
_DIALLED = re.compile(r"(?:ext\.?\s*|分机\s*)?\d[\d\s()+\-–/]{2,}", re.I)
# the columns that name whom a row is: the first, and a role, team, department, name, service …
_ENTITY_COLUMN = re.compile(r"\b(?:role|team|department|dept|name|contact|service|who|person|post|position|title|depot|"
                            r"works|office|unit|desk|function|manager)s?\b|岗位|部门|姓名|职位|职务|联系人|科室|单位|服务|名称|负责人|"
                            r"班组|中心|门店", re.I)
_HOURS_COLUMN = re.compile(r"\b(?:hours|times?|opening)\b|时间|时段", re.I)
_ALTERNATIVES = re.compile(r"\s+and\s+|\s*/\s*|、|；|;|\s+or\s+")
_ASIDE = re.compile(r"\s*[(（][^)）]*[)）]")


@dataclass(frozen=True)
class Entry:
    """One row of a directory: the chunk it stands in, the labels its cells give, the row as written."""

    chunk_id: str
    labels: tuple[str, ...]
    row: str


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _label_ok(label: str) -> bool:
    """A label a statement can be said to name: three Chinese characters or more (店长 stands in too many
    sentences), or a capitalised Latin phrase of six characters or more without a digit; never a dash."""
    if CJK.search(label):
        return len(label) >= 3
    return len(label) >= 6 and label[:1].isupper() and not re.search(r"\d", label)


def _labels(cell: str) -> list[str]:
    """A cell's labels: its alternatives ("Fleet Desk and Fleet Manager", "HR Advice Line / HR Business Partner"),
    when each is a name of two words or a Chinese one; else the cell whole ("Health and Safety" names no "Health")."""
    whole = _ASIDE.sub("", cell).strip(" .,:：")
    pieces = [piece.strip(" .,:：") for piece in _ALTERNATIVES.split(whole)]
    if len(pieces) > 1 and all(CJK.search(p) or len(p.split()) >= 2 for p in pieces):
        return [p for p in pieces if _label_ok(p)]
    return [whole] if _label_ok(whole) else []


# a list item that gives a number to dial: "- Fernvale Control (24 hours): extension 2400, or 01632 960 400 from a mobile",
# "• IT Service Desk — 4000", "1、设备科报修：分机 8131". Read on the line with its whitespace collapsed and never past
# _MAX_ITEM characters (a directory entry is a short line; a long one is no entry, and the patterns stay linear)
_MAX_ITEM = 200
_MARKER = r"(?:[-*•+–]|\d{1,2}[.)、]|[（(]\d{1,2}[)）])"   # a list item's marker
_ITEM = re.compile(rf"^ ?{_MARKER} ?(?P<label>[^:：|—–]{{2,80}}?) ?(?:[:：]|[—–] |- )"
                   r" ?(?P<value>.+)$")
_ITEM_NUMBER = re.compile(
    r"^(?:[^ ,，;；]+@[^ ,，;；]+ ?[,，;；] ?)?"              # an e-mail address before the number
    r"(?:(?:call|dial|ring|拨打) ?)?"
    r"(?P<said>(?:extension|ext\.?|x|tel\.?|telephone|phone|mobile|分机号?|电话|手机|内线)(?:号码|号)? ?[:：]? ?)?"
    r"(?P<number>\+?\(?\d[\d ()+\-–]*\d)"
    r"(?P<after> ?[（(](?:ext\.?|extension|分机)[)）])?"
    r"(?= ?$| ?[,，;；(（]| (?:or|from|for|and|ext)\b| ?或)", re.I)
# a label that says its number is one to dial (a line, a phone); one that says it is not (a fax, a code, an account …)
_DIAL_LABEL = re.compile(r"\b(?:phone|telephone|tel|line|helpline|hotline|mobile|extension|ext|switchboard)\b|电话|热线|分机|手机|总机",
                         re.I)
_NOT_DIALLED = re.compile(r"\b(?:fax|password|passcode|pin|code|account|invoice|contract|policy|ref|reference|order|serial|"
                          r"id|iban|isbn|passport|registration|vat|tax|case|ticket|do not|don't|never)\b|传真|密码|账号|账户|编号|单号|"
                          r"身份证|工号|卡号|勿|不要", re.I)
# a number that is no telephone number: a span of years or clock times ("2024-2025", "0900-1700"), a date
_NO_PHONE = re.compile(r"\d{4} ?[-–] ?\d{4}(?: ?[-–] ?\d{4})*|\d{1,4} ?[-/.] ?\d{1,2} ?[-/.] ?\d{2,4}")
# the headings of a directory, where a telephone number needs no word to say it is one; of numbers out of use
_CONTACTS_HEADING = re.compile(r"\b(?:contacts?|directory|phone|telephone|numbers|extensions|helplines?)\b|通讯录|联系|电话|"
                               r"号码|分机", re.I)
_OUT_OF_USE = re.compile(r"\b(?:no longer|discontinued|former|old|withdrawn|obsolete|retired|out of use)\b|停用|作废|旧|不再使用|"
                         r"已撤销|已取消", re.I)


def item_number(line: str, directory_heading: bool = False) -> str | None:
    """The number a list item gives to dial after its label (:data:`_ITEM`), or None: after a word that says it is one
    (an extension, a phone, 分机 …, in the value or the label) three digits or more, else seven or more under a
    heading of contacts (``directory_heading``); never a fax, a code or an account, a span of years or clock times, a
    date, nor more than 15 digits."""
    line = " ".join(line.split())
    if len(line) > _MAX_ITEM or (found := _ITEM.match(line)) is None:
        return None
    label = found.group("label")
    number = _ITEM_NUMBER.match(found.group("value"))
    if number is None or _NOT_DIALLED.search(label):
        return None
    dialled = number.group("number").strip()
    if _NO_PHONE.fullmatch(dialled):
        return None
    digits = sum(c.isdigit() for c in dialled)
    said = bool(number.group("said") or number.group("after") or _DIAL_LABEL.search(label))
    if digits > 15 or digits < (3 if said else 7) or not (said or directory_heading):
        return None
    return dialled


def _items(chunk: Any) -> list[Entry]:
    """The list items of a chunk that give a number to dial, with the labels their text before the separator gives
    (never under a heading of numbers out of use)."""
    meta = chunk.metadata or {}
    heads = " ".join([str(getattr(chunk, "title", "") or meta.get("title") or ""),
                      *map(str, getattr(chunk, "heading_path", ()) or meta.get("heading_path") or ())])
    entries: list[Entry] = []
    section = ""
    for line in chunk.text.splitlines():
        if line.lstrip().startswith("#"):
            section = line
            continue
        if _OUT_OF_USE.search(section):
            continue
        if item_number(line, bool(_CONTACTS_HEADING.search(f"{heads} {section}"))) is not None:
            found = _ITEM.match(" ".join(line.split()))
            if found and (labels := _labels(found.group("label"))):
                entries.append(Entry(chunk.chunk_id, tuple(dict.fromkeys(labels)), line.strip()))
    return entries


def _unmarked(text: str) -> str:
    return re.sub(rf"^{_MARKER} ?", "", " ".join(text.split()))


def _listed(space: Any) -> frozenset[str]:
    return frozenset(_unmarked(e.row) for e in directory(space) if not e.row.startswith("|"))


_LISTED: PerCorpus[frozenset[str]] = PerCorpus(_listed)


def listed_entry(statement: str, space: Any) -> bool:
    """Whether a statement is one of the corpus's list entries (:func:`item_number`), its marker quoted or not."""
    return _unmarked(statement) in _LISTED(space)


def _entries(space: Any) -> list[Entry]:
    entries: list[Entry] = []
    for chunk in space.chunks:
        meta = chunk.metadata or {}
        if meta.get("withdrawn") or "outdated" in (meta.get("tags") or []):
            continue   # an outdated directory's numbers are stale
        entries += _items(chunk)
        lines = chunk.text.splitlines()
        for i, line in enumerate(lines[:-1]):
            if not (line.lstrip().startswith("|") and re.match(r"\s*\|[\s:|-]+\|\s*$", lines[i + 1])):
                continue
            header = _cells(line)
            rows = [_cells(row) for row in _rows(lines[i + 2:])]
            phone = next((j for j, h in enumerate(header) if _CONTACT_COLUMN.search(h)), None)
            if phone is None:   # "| Service | Number | Hours |" of telephone numbers
                phone = next((j for j, h in enumerate(header) if _NUMBER_COLUMN.fullmatch(h)
                              and rows and all(len(r) == len(header) and _PHONE.fullmatch(r[j]) for r in rows)), None)
            if phone is None:
                continue
            entity = [j for j, h in enumerate(header)
                      if j != phone and (j == 0 or _ENTITY_COLUMN.search(h)) and not _HOURS_COLUMN.search(h)]
            for cells in rows:
                if len(cells) != len(header) or not _DIALLED.fullmatch(cells[phone]):
                    continue
                labels = [label for j in entity for label in _labels(cells[j])]
                if labels:
                    entries.append(Entry(chunk.chunk_id, tuple(dict.fromkeys(labels)), "| " + " | ".join(cells) + " |"))
    return entries


def _rows(lines: list[str]) -> list[str]:
    rows = []
    for row in lines:
        if not row.lstrip().startswith("|"):
            break
        rows.append(row)
    return rows


# every directory row of a corpus, read once per search space
directory: PerCorpus[list[Entry]] = PerCorpus(_entries)


@lru_cache(maxsize=8192)
def _whole(label: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(label)}(?![\w-])")


def named_in(label: str, text: str) -> bool:
    """Whether ``text`` names ``label``: a Chinese one anywhere, a Latin one as whole words, as capitalised."""
    if CJK.search(label):
        return label in text
    return _whole(label).search(text) is not None


# where a statement names whom to go to for something: after a word that hands it to them ("Book it through the
# Activities Coordinator", "report it to the Control Room", "通知设备科报修", "向人事部申请"); never in a statement that
# says who does not ("Parking fines are not refunded by the Training Coordinator")
_HANDED = r"(?:through|to|with|from|contact|contacting|call|calling|ring|ringing|phone|phoning|ask|asking|tell|telling|" \
          r"e-?mail|emailing|via|notify|inform)\s+(?:the\s+|your\s+|our\s+|a\s+|an\s+)?"
_HANDED_ZH = r"(?:向|找|联系|通知|报告?|由|请|给|打给|致电|交给?|送至?|到|拨打)"
_NEGATED = re.compile(r"\b(?:not|never|cannot|can't|won't|don't|doesn't|no longer)\b|不|无需|勿|没有", re.I)


@lru_cache(maxsize=8192)
def _handing(label: str) -> re.Pattern[str]:
    if CJK.search(label):
        return re.compile(rf"{_HANDED_ZH}{re.escape(label)}")
    return re.compile(rf"\b{_HANDED}{re.escape(label)}(?![\w-])", re.I)


def handed_to(label: str, statement: str) -> bool:
    """Whether ``statement`` hands something to ``label`` (:data:`_HANDED`), and says nothing in the negative."""
    return not _NEGATED.search(statement) and _handing(label).search(statement) is not None


# a contact asked of a role the asking sentence names: "the Café Bar Manager's extension", "the extension for the
# Training Coordinator", "ring the Control Room", 客服主管的分机, 打给设备科 — not a role named beside it ("who do I
# ring when the IT Service Desk is closed?", "客服主管下班以后该打哪个分机？")
_REACH_NOUN = r"(?:extension|ext\.?|number|phone|mobile|e-?mail|contact(?:\s+details)?|line)s?"


@lru_cache(maxsize=8192)
def _asked(label: str) -> re.Pattern[str]:
    name = re.escape(label)
    if CJK.search(label):
        return re.compile(rf"{name}(?:的|打|拨)?(?:哪个|什么|几号)?(?:分机|电话|手机|联系方式|号码|内线)|"
                          rf"(?:打给|联系|致电|拨打|打|找|问){name}")
    return re.compile(rf"(?<![\w-]){name}['’]s\s+(?:[\w-]+\s+){{0,2}}{_REACH_NOUN}\b|"
                      rf"\b{_REACH_NOUN}(?:\s+[\w'’]+){{0,4}}?\s+(?:of|for|to)\s+(?:the\s+)?{name}(?![\w-])|"
                      rf"\b(?:call|ring|phone|contact|reach|e-?mail|dial)\s+(?:for\s+)?(?:the\s+)?{name}(?![\w-])|"
                      rf"(?<![\w-]){name}\s+{_REACH_NOUN}\b", re.I)


def contact_asked_of(label: str, asking: str) -> bool:
    """Whether ``asking`` asks how to reach ``label`` itself (:data:`_REACH_NOUN` tied to it), the whole name: a
    capitalised word before it makes another post ("the Assistant Fleet Manager's extension")."""
    found = _asked(label).search(asking)
    if found is None or CJK.search(label):
        return found is not None
    start = asking.find(label, found.start())
    before = re.findall(r"[\w'’-]+", asking[:start])[-1:] if start > 0 else []
    # (a function word or a question's first word is no part of a name: "What's Fernvale Control's extension?")
    word = re.sub(r"['’]s$", "", before[0]).lower() if before else ""
    return not (before and before[0][:1].isupper() and word not in EN_FUNCTION_WORDS
                and word not in ("what", "who", "where", "which", "how", "when"))


def entries_named(statements: Iterable[str], entries: list[Entry]) -> list[Entry]:
    """The directory rows a statement names, for the first statement (of ``statements``, best first) that names
    any: a row's label stands in it. Rows in the directory chunk of the first label named only."""
    for statement in statements:
        named = [e for e in entries if any(named_in(label, statement) for label in e.labels)]
        if named:
            first = min(named, key=lambda e: min(statement.find(label) for label in e.labels
                                                 if named_in(label, statement)))
            return [e for e in named if e.chunk_id == first.chunk_id]
    return []
