"""Query transforms: extra texts to retrieve with. The original question always comes first;
HyDE texts are marked ``hyde`` and only ever used to search, never as evidence."""

from __future__ import annotations

from collections.abc import Callable

from rag.registry import Registry
from rag.types import QueryEnv, QueryVariant

Transform = Callable[[str, QueryEnv], list[QueryVariant]]
transforms: Registry[Transform] = Registry("query_transform")

from rag.transforms import acronyms, bucket, followup, llm, rules, spelling, understand  # noqa: E402,F401  (register built-ins)

__all__ = ["Transform", "transforms"]
