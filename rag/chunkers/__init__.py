"""Chunkers split a Document into Chunks. Each is registered with a version string that
enters the index key, so changing a chunker's behaviour can never reuse a stale index."""

from __future__ import annotations

from rag.chunkers import fixed, heading, parent_child, sentence  # noqa: E402,F401  (register)
from rag.chunkers.base import Chunker, chunkers

__all__ = ["Chunker", "chunkers"]
