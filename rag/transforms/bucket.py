"""Buckets (ZarkOne): route a question to one metadata namespace — a department, a document type,
a tag — and search only there, as a pre-filter before any retriever.

A bucket is a value of the chunk metadata ``field`` (a string, or a list such as ``tags``). The
question goes to a bucket when it contains one of that bucket's ``keywords`` (case-insensitive);
exactly one bucket must match, or nothing is filtered (an ambiguous question searches
everything). The filter only ever narrows what the asker may see: it is ANDed with the access
mask, never widens it. With ``fallback`` (the default) a bucket holding no chunk the asker may
see filters nothing. The bucket chosen is in the trace (``bucket: department=it``) and is part
of the candidate cache key, like the access mask.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from rag.memo import PerCorpus
from rag.transforms import Transform, transforms
from rag.types import QueryEnv, QueryVariant


def _values(meta: dict[str, Any], field: str) -> set[str]:
    value = meta.get(field)
    if value is None:
        return set()
    return {str(v) for v in value} if isinstance(value, list | tuple | set) else {str(value)}


def choose(question: str, keywords: dict[str, list[str]]) -> str | None:
    """The one bucket whose keywords the question contains, else ``None``."""
    lowered = question.lower()
    matched = [bucket for bucket, words in keywords.items() if any(w.lower() in lowered for w in words)]
    return matched[0] if len(matched) == 1 else None


@transforms.register("bucket", version="1")
def bucket(*, field: str = "department", keywords: dict[str, list[str]] | None = None,
           fallback: bool = True) -> Transform:
    """Search only the chunks whose ``field`` holds the bucket the question's keywords name,
    e.g. ``{field: department, keywords: {it: [VPN, 服务器], hr: [薪酬, salary]}}``."""
    table = {str(k): list(v) for k, v in (keywords or {}).items()}
    values = PerCorpus(lambda space: [_values(c.metadata, field) for c in space.chunks])

    def transform(question: str, env: QueryEnv) -> list[QueryVariant]:
        chosen = choose(question, table)
        if chosen is not None:
            inside = np.array([chosen in v for v in values(env.space)], dtype=bool)
            narrowed = inside if env.allowed is None else (np.asarray(env.allowed, dtype=bool) & inside)
            if narrowed.any() or not fallback:
                env.allowed = narrowed
                env.facts["bucket"] = f"{field}={chosen}"
            else:
                env.facts["bucket"] = f"{field}={chosen} (empty for this asker: not applied)"
        return [QueryVariant(question, "original")]

    return transform
