"""BEIR ``corpus.jsonl`` (optionally gzipped): one document per line, with its own id."""

from __future__ import annotations

import gzip
import json

from rag.errors import DocumentLoadError
from rag.loaders.base import Loaded, Loader, loaders


@loaders.register("beir_jsonl", version="1", extensions=(".jsonl", ".jsonl.gz"))
def beir_jsonl() -> Loader:
    """Each line ``{"_id", "title", "text", "metadata"}`` becomes a document whose text is
    the title line, then the text (BM25 and dense runs on BEIR index title + text)."""

    def load(data: bytes, source: str) -> list[Loaded]:
        try:
            raw = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
            lines = raw.decode("utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise DocumentLoadError(f"{source}: unreadable JSONL ({exc})") from exc
        out = []
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                doc_id = str(row["_id"])
            except (ValueError, KeyError, TypeError) as exc:
                raise DocumentLoadError(f"{source}:{number}: not a BEIR corpus line ({exc})") from exc
            title = str(row.get("title") or "").strip()
            text = str(row.get("text") or "")
            meta = row.get("metadata") if isinstance(row.get("metadata"), dict) else {}
            out.append(Loaded(f"{title}\n{text}" if title else text, title or None, metadata=meta, doc_id=doc_id))
        return out

    return load
