"""The conventions of the hostile-review test files (tests/rag/test_review_s*.py): an attack that shows a defect is a
strict xfail with its defect number; once a later change mends it, its parameters' short hash goes into the file's
FIXED set and it runs as a plain test."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest


def defect(number: int, why: str) -> pytest.MarkDecorator:
    return pytest.mark.xfail(strict=True, raises=AssertionError, reason=f"defect {number}: {why}")


def pinned(fixed: frozenset[str]) -> Callable[..., object]:
    """``bug(number, why, *values, id=None)``: the parameters of an attack, marked as a defect unless ``fixed`` holds
    their hash (the first ten hex digits of the SHA-1 of their ``repr``)."""

    def bug(number: int, why: str, *values, id: str | None = None):  # noqa: A002
        if hashlib.sha1(repr(values).encode()).hexdigest()[:10] in fixed:
            return pytest.param(*values, id=id)
        return pytest.param(*values, marks=defect(number, why), id=id)

    return bug
