"""Which documents are outdated, read from the corpus itself (stage ``versions:``).

Real corpora rarely carry a ``superseded_by:`` sidecar. They say it in the text, and they issue
a rule again under the same title with a newer year. Three components, by how much they read:

- ``none`` — nothing is read from the text; only sidecars (``superseded_by``, ``withdrawn``)
  count.
- ``notice`` (v1) — a document that says *it* is withdrawn, in its title or opening
  (:mod:`rag.withdrawn`).
- ``text`` (v2, the default) — ``notice``, plus:

  - **withdrawals of another document**: "2019 版《出差管理规定》自本办法生效之日起废止",
    "《旧办法》同时废止", "These rules replace the 2021 Travel Rules", "supersedes the Remote
    Work Policy (2022)". The named document (by title, and by year when one is named) is
    marked withdrawn and ``superseded_by`` the document that withdrew it.
  - **version families**: documents whose titles are the same once years, version words and
    brackets are removed ("报销规定（2022 版）", "报销规定（2024 版）"), each with a version —
    the sidecar's ``version``, a year in the title, or an effective date in its opening
    ("自 2024 年 3 月 1 日起施行", "Effective from 1 March 2025"). The newest is current;
    every older one is marked withdrawn and ``superseded_by`` the newest.

A marked document gets ``withdrawn: true``, ``withdrawn_notice`` (why), the tag ``outdated``
and, unless its sidecar gave one, ``superseded_by``; its successor gets ``supersedes``. A
sidecar's own ``withdrawn: false`` always wins. Context packing then lets an outdated document
give way to the current one unless the question names its year or version, and the extractive
generator says which version it answered from.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rag.registry import Registry
from rag.types import Document
from rag.withdrawn import HEAD_CHARS, withdrawal_notice

Versioner = Callable[[list[Document]], list[Document]]
versioners: Registry[Versioner] = Registry("versions")

_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
_MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
_MONTH = r"(?:" + "|".join(_MONTHS) + r"|" + "|".join(m[:3] for m in _MONTHS) + r")"
_EFFECTIVE_ZH = re.compile(
    r"(?:自|从|于)?\s*((?:19|20)\d{2})\s*年\s*(\d{1,2})\s*月(?:\s*(\d{1,2})\s*日)?\s*(?:起|开始)?\s*(?:施行|执行|生效|实施|启用)")
_EFFECTIVE_EN = re.compile(
    rf"\beffective(?:\s+date)?\s*(?:[:：]|from|on|as\s+of)?\s*"
    rf"(?:(\d{{1,2}})\s+({_MONTH})\.?,?\s+((?:19|20)\d{{2}})"
    rf"|({_MONTH})\.?\s+(\d{{1,2}}),?\s+((?:19|20)\d{{2}})"
    rf"|((?:19|20)\d{{2}})-(\d{{2}})-(\d{{2}})"
    rf"|({_MONTH})\s+((?:19|20)\d{{2}}))", re.I)

# "2019 版《出差管理规定》…废止", "《旧规定》（2019 版）同时废止"
_WITHDRAWS_ZH = re.compile(
    r"(?:((?:19|20)\d{2})\s*年?\s*(?:版|修订版)?\s*)?《([^》\n]{2,40})》\s*(?:[（(][^)）\n]{0,12}?((?:19|20)\d{2})[^)）\n]{0,8}[)）])?"
    r"[^。；;\n《]{0,25}?(?:同时|一并)?(?:废止|作废|停止执行|不再执行|不再适用|失效)")
_EN_TITLE = r"((?:[A-Z][\w&'’-]*\s+){0,7}[A-Z][\w&'’-]*)"
_WITHDRAWS_EN = [
    re.compile(rf"\b(?:replaces?|supersedes?|repeals?|withdraws?)\s+(?:the\s+)?(?:((?:19|20)\d{{2}})\s+)?{_EN_TITLE}"
               rf"(?:\s*\((?:[^)]*?)((?:19|20)\d{{2}})[^)]*\))?"),
    re.compile(rf"\bthe\s+((?:19|20)\d{{2}})\s+{_EN_TITLE}\s+(?:is|are|was|were)\s+(?:hereby\s+|now\s+)?"
               r"(?:withdrawn|superseded|repealed|rescinded|no\s+longer\s+(?:in\s+force|valid|applies|apply))"),
]
_VERSION_WORDS = re.compile(r"(?:修订|试行|暂行)?版|第\s*\d+\s*版|\bversion\b|\bedition\b|\brev(?:ision)?\.?\s*\d*|\bv\d+(?:\.\d+)*\b|"
                            r"\b(?:withdrawn|outdated|obsolete|current|new|old|draft)\b|已废止|废止|旧|新", re.I)
_BRACKETS = re.compile(r"[（(][^)）]*[)）]|【[^】]*】|\[[^\]]*\]")


def family(title: str) -> str:
    """A title without its years, version words, brackets and punctuation, lower-cased:
    "报销规定（2022 版）" and "报销规定（2024 版）" share one."""
    text = _BRACKETS.sub(" ", title or "")
    text = _YEAR.sub(" ", text)
    text = _VERSION_WORDS.sub(" ", text)
    return re.sub(r"[\W_]+", "", text.lower())


def version_of(doc: Document) -> tuple[tuple[int, int, int], str] | None:
    """A sortable version and its label: the sidecar's ``version`` year, a year in the title, or
    an effective date in the opening."""
    for source in (str(doc.metadata.get("version") or ""), doc.title or ""):
        years = _YEAR.findall(source)
        if years:
            year = max(years)
            return (int(year), 0, 0), year
    head = doc.text[:HEAD_CHARS * 2]
    m = _EFFECTIVE_ZH.search(head)
    if m:
        y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
        return (y, mo, d), m.group(0).strip()
    m = _EFFECTIVE_EN.search(head)
    if m:
        g = m.groups()
        if g[0]:
            key = (int(g[2]), _month(g[1]), int(g[0]))
        elif g[3]:
            key = (int(g[5]), _month(g[3]), int(g[4]))
        elif g[6]:
            key = (int(g[6]), int(g[7]), int(g[8]))
        else:
            key = (int(g[10]), _month(g[9]), 0)
        return key, m.group(0).strip()
    return None


def _month(name: str) -> int:
    name = name.lower().rstrip(".")
    return next(i for m, i in _MONTHS.items() if m.startswith(name))


def withdrawn_by_text(doc: Document) -> list[tuple[str, str | None, str]]:
    """``(title, year or None, phrase)`` for each document this one says it withdraws."""
    out: list[tuple[str, str | None, str]] = []
    for m in _WITHDRAWS_ZH.finditer(doc.text):
        out.append((m.group(2), m.group(1) or m.group(3), m.group(0)))
    for pattern in _WITHDRAWS_EN:
        for m in pattern.finditer(doc.text):
            year = m.group(1) or (m.group(3) if pattern is _WITHDRAWS_EN[0] else None)
            out.append((m.group(2), year, m.group(0)))
    return out


def _matches(named: str, year: str | None, doc: Document) -> bool:
    key, theirs = family(named), family(doc.title)
    if len(key) < 2 or not theirs or not (key == theirs or key in theirs or theirs in key):
        return False
    if year is None:
        return True
    found = version_of(doc)
    return found is not None and found[0][0] == int(year)


def _mark(doc: Document, why: str, successor: str | None) -> Document:
    meta: dict[str, Any] = dict(doc.metadata)
    if meta.get("withdrawn") is False:   # the sidecar said it is current
        return doc
    meta["withdrawn"] = True
    meta.setdefault("withdrawn_notice", why)
    if successor and not meta.get("superseded_by"):
        meta["superseded_by"] = successor
    if "outdated" not in meta.get("tags", []):
        meta["tags"] = [*meta.get("tags", []), "outdated"]
    return replace(doc, metadata=meta)


def _supersedes(doc: Document, old: str) -> Document:
    meta = dict(doc.metadata)
    meta["supersedes"] = sorted({*meta.get("supersedes", []), old})
    return replace(doc, metadata=meta)


def _label_version(doc: Document) -> Document:
    """A version found in the title or an effective date becomes ``version`` (its year), so a
    question naming that year still reaches the document."""
    found = version_of(doc)
    if not found or doc.metadata.get("version"):
        return doc
    return replace(doc, metadata={**doc.metadata, "version": str(found[0][0])})


def mark_notices(docs: list[Document]) -> list[Document]:
    out = []
    for doc in docs:
        notice = withdrawal_notice(doc.title, doc.text)
        out.append(_mark(doc, notice, None) if notice and "withdrawn" not in doc.metadata else doc)
    return out


def mark_withdrawals(docs: list[Document]) -> list[Document]:
    by_id = {d.doc_id: d for d in docs}
    for doc in docs:
        mine = version_of(doc)
        for named, year, phrase in withdrawn_by_text(doc):
            for other in list(by_id.values()):
                if other.doc_id == doc.doc_id or not _matches(named, year, other):
                    continue
                theirs = version_of(other)
                if mine and theirs and theirs[0] >= mine[0]:
                    continue   # never withdraw a newer document by its title alone
                by_id[other.doc_id] = _mark(other, f"《{doc.title}》: {phrase.strip()}", doc.doc_id)
                by_id[doc.doc_id] = _supersedes(by_id[doc.doc_id], other.doc_id)
    return [by_id[d.doc_id] for d in docs]


def mark_families(docs: list[Document]) -> list[Document]:
    by_id = {d.doc_id: d for d in docs}
    groups: dict[str, list[tuple[tuple[int, int, int], str, Document]]] = {}
    for doc in docs:
        key, found = family(doc.title), version_of(doc)
        if len(key) >= 3 and found:
            groups.setdefault(key, []).append((found[0], found[1], doc))
    for members in groups.values():
        if len(members) < 2:
            continue
        members.sort(key=lambda m: m[0])
        newest_key, newest_label, newest = members[-1]
        for key, label, doc in members[:-1]:
            if key == newest_key:
                continue
            by_id[doc.doc_id] = _mark(by_id[doc.doc_id], f"older version ({label}) of 《{newest.title}》 ({newest_label})",
                                      newest.doc_id)
            by_id[newest.doc_id] = _supersedes(by_id[newest.doc_id], doc.doc_id)
    return [by_id[d.doc_id] for d in docs]


@versioners.register("none", version="1")
def none() -> Versioner:
    """Nothing read from the text: only sidecars say what is outdated."""
    return lambda docs: list(docs)


@versioners.register("notice", version="1")
def notice() -> Versioner:
    """A document's own withdrawal notice, in its title or opening."""
    return mark_notices


@versioners.register("text", version="2")
def text(*, withdrawals: bool = True, families: bool = True) -> Versioner:
    """Own notices, withdrawals of another document by title, and version families."""

    def mark(docs: list[Document]) -> list[Document]:
        docs = [_label_version(d) for d in mark_notices(docs)]
        if withdrawals:
            docs = mark_withdrawals(docs)
        if families:
            docs = mark_families(docs)
        return docs

    return mark
