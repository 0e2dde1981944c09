"""What a loader is, the loader registry, and byte decoding shared by the text formats."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rag.errors import DocumentLoadError
from rag.registry import Registry


@dataclass(frozen=True, slots=True)
class Loaded:
    """What a loader extracted from a file, before cleaning and sidecar metadata. A file that
    holds many documents (BEIR ``corpus.jsonl``) yields one Loaded each, with its ``doc_id``."""

    text: str
    title: str | None = None
    page_starts: tuple[int, ...] = ()
    metadata: dict[str, Any] = field(default_factory=dict)
    doc_id: str | None = None


Loader = Callable[[bytes, str], "Loaded | list[Loaded]"]
loaders: Registry[Loader] = Registry("loader")


def extension_of(name: str) -> str:
    """The registered extension a file name ends with, longest first (``.jsonl.gz`` before
    ``.gz``); else its last suffix."""
    lower = name.lower()
    known = sorted((ext for e in loaders.entries() for ext in e.info.get("extensions", ())), key=len, reverse=True)
    return next((ext for ext in known if lower.endswith(ext)), "." + lower.rsplit(".", 1)[-1] if "." in lower else "")


def loader_for(suffix: str) -> str | None:
    """Name of the registered loader that claims a file extension (``.md``), if any."""
    suffix = suffix.lower()
    for entry in loaders.entries():
        if suffix in entry.info.get("extensions", ()):
            return entry.name
    return None


def decode(data: bytes, source: str) -> str:
    """UTF-8 (with or without BOM), then GB18030, which covers GBK and GB2312."""
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise DocumentLoadError(f"{source}: not UTF-8 or GB18030 text")


def first_heading(text: str) -> str | None:
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            return stripped.lstrip("#").strip() or None
    return None
