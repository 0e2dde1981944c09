"""Contact directories in a corpus, and the contact a part of a message asks for through another part.

"How far ahead should I book the refresher, and who do I ring to book it?" names nobody to ring: the
answer to the first part does ("Book your refresher through the Training Coordinator"), and the
corpus's directory holds that role's row ("| Training Coordinator | Sunil Varma | 4260 |"). A
directory is any table whose header names a telephone column (Extension, Phone, 分机, 电话 …); its
rows' other cells (a role, a team, a name) are the labels a statement may name. A list item that gives a number
to dial after its label ("- Fernvale Control (24 hours): extension 2400", "- 设备科报修：分机 8131") is an entry too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rag.memo import PerCorpus
from rag.text import CJK

# a part that asks how to reach someone: an extension (never one of a deadline or a probation), a number to ring,
# whom to call; 分机, whom to ring (打给谁, 找谁, 联系哪个部门), a telephone number asked for (never 电话费, 电话会议,
# 打什么卡)
_NOT_A_LINE = r"(?!\s+(?:of|to|for|on) (?:my|your|the|a|an|his|her|their|this|that) (?:deadline|probation|leave|contract|claim|notice|period|loan|visa|course|trial))"
ASKS_CONTACT = re.compile(
    rf"\b(?:what|which|whose|their|his|her|phone|telephone|[a-z]+['’]s)\s+(?:[a-z]+\s+)?extensions?\b{_NOT_A_LINE}|"
    rf"\b(?:what|which)(?:['’]s|\s+is|\s+was)?\s+(?:the|its|that|this)\s+(?:[a-z]+\s+)?extensions?\b{_NOT_A_LINE}|"
    r"\b(?:the|its|that|this)\s+extensions?(?=\s*(?:number|to (?:ring|call|dial)|for (?!my|your|the|a|an|his|her|their)))|"
    r"\bextension numbers?\b|\bext\.(?=\W|$)|"
    r"\b(?:phone|telephone|contact|mobile) numbers?\b|\bnumber (?:to|do I|should I|can I|for) (?:ring|call|phone|reach)\b|"
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
# "- Employee assistance programme (free counselling): 0808 157 0420", "- 设备科报修：分机 8131"; the number ends the item
# or a clause of it. After a word that says it is one (extension, 分机 …) three digits are enough; else a telephone
# number's seven (never "- Early: 04:30 to 13:00", "- Employee: 10 standby tickets", "- Night premium: 20%")
_ITEM = re.compile(r"^\s*(?:[-*•+]|\d{1,2}[.)、])\s+(?P<label>[^:：|\n]{2,80}?)\s*[:：]\s*(?P<value>.+?)\s*$")
_ITEM_NUMBER = re.compile(r"(?P<said>(?:extension|ext\.?|tel\.?|telephone|phone|mobile|分机号?|电话|手机|内线)\s*(?:号码|号)?"
                          r"\s*[:：]?\s*)?(?P<number>\d[\d\s()+\-–]{1,}\d)(?=\s*$|\s*[,，;；(（]|\s+(?:or|from|for|and)\b|\s*或)",
                          re.I)


def item_number(line: str) -> str | None:
    """The number a list item gives to dial after its label (:data:`_ITEM`), or None."""
    found = _ITEM.match(line)
    number = _ITEM_NUMBER.match(found.group("value")) if found else None
    if number is None:
        return None
    dialled = number.group("number")
    if re.fullmatch(r"(?:19|20)\d{2}\s*[-/.]\s*\d{1,2}\s*[-/.]\s*\d{1,2}", dialled):
        return None   # a date ("- Effective: 2025-04-01")
    digits = sum(c.isdigit() for c in dialled)
    return dialled if digits >= (3 if number.group("said") else 7) else None


def gives_number(statement: str) -> bool:
    """Whether a statement (a list item, its marker quoted or not) gives a number to dial after its label."""
    return item_number(statement if _ITEM.match(statement) else f"- {statement}") is not None


def _items(chunk: Any) -> list[Entry]:
    """The list items of a chunk that give a number to dial, with the labels their text before the colon gives."""
    entries: list[Entry] = []
    for line in chunk.text.splitlines():
        if item_number(line) is not None and (labels := _labels((_ITEM.match(line) or {"label": ""})["label"])):
            entries.append(Entry(chunk.chunk_id, tuple(dict.fromkeys(labels)), line.strip()))
    return entries


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


def named_in(label: str, text: str) -> bool:
    """Whether ``text`` names ``label``: a Chinese one anywhere, a Latin one as whole words, as capitalised."""
    if CJK.search(label):
        return label in text
    return re.search(rf"(?<![\w-]){re.escape(label)}(?![\w-])", text) is not None


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
