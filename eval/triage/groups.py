"""Failing cases grouped by the label of the stage that lost them, most frequent first."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Group:
    label: str
    cases: list[Any] = field(default_factory=list)


def in_scope(cases: list[Any], suite: str | None, tag: str | None) -> list[Any]:
    """The cases of ``suite`` with ``tag`` (either None: any)."""
    return [r for r in cases if (suite is None or r.suite == suite) and (tag is None or tag in r.tags)]


def failing(cases: list[Any], suite: str | None, tag: str | None) -> list[Any]:
    return [r for r in in_scope(cases, suite, tag) if not r.passed or r.error]


def groups_of(cases: list[Any]) -> list[Group]:
    counts = Counter((r.labels or {}).get("primary", "unlabelled") for r in cases)
    out = [Group(label, [r for r in cases if (r.labels or {}).get("primary", "unlabelled") == label])
           for label, _ in counts.most_common()]
    return out


