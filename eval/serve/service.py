"""One served suite: its corpus folder, its index and the pipeline over it, re-indexed when a
document is uploaded or deleted.

The served corpus is a copy of the suite's (under ``<workdir>/serve/<suite>/corpus``), so
uploads and deletes never touch the golden set. Index keys are content hashes: re-indexing
after an upload re-chunks the corpus but embeds only chunks whose text the embedding cache has
never seen, and a second upload of the same bytes leaves every key as it was.
"""

from __future__ import annotations

import re
import shutil
import threading
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rag.corpus import SIDECAR_SUFFIX, scan
from rag.indexing import IndexReport
from rag.loaders import extension_of
from rag.pipeline import Pipeline

UPLOADABLE = (".md", ".markdown", ".txt", ".pdf", ".docx", ".html", ".htm")
_UNSAFE = re.compile(r"[^\w.\- ]", re.UNICODE)


class UploadError(ValueError):
    """A bad upload: the message is safe to return to the client."""


def safe_name(filename: str) -> str:
    """A file name that cannot leave the corpus folder: the last path part only, NFC, no
    control or shell characters, no leading dot, and a known document extension."""
    name = unicodedata.normalize("NFC", filename.replace("\\", "/").rsplit("/", 1)[-1]).strip()
    name = _UNSAFE.sub("_", name).lstrip(".").strip()
    if not name or name in (".", ".."):
        raise UploadError("the file needs a name")
    if extension_of(name) not in UPLOADABLE:
        raise UploadError(f"{name}: only {', '.join(UPLOADABLE)} documents can be uploaded")
    return name[:200]


@dataclass
class Indexed:
    pipeline: Pipeline
    index: Any
    report: IndexReport


class SuiteService:
    def __init__(self, suite: Any, prepared: Any) -> None:
        """``prepared``: the served config (:func:`eval.prepare.prepare`); its pipelines share one
        chat model and candidate cache."""
        self.suite = suite
        self.prepared = prepared
        self.config = prepared.config
        self.corpus = prepared.workspace.scratch("serve") / suite.name / "corpus"
        if self.corpus.exists():
            shutil.rmtree(self.corpus)
        shutil.copytree(suite.corpus_dir, self.corpus)
        self.indexer = prepared.indexer()
        self.parts = prepared.parts()
        self.lock = threading.Lock()          # one re-index at a time; asks use the current index
        self.current = self._index()

    def _index(self) -> Indexed:
        index, report = self.prepared.index(self.suite, name=f"serve-{self.suite.name}", corpus=self.corpus,
                                            indexer=self.indexer)
        return Indexed(self.prepared.pipeline(index, self.parts), index, report)

    def documents(self) -> list[dict[str, Any]]:
        index = self.current.index
        chunks: dict[str, int] = {}
        for c in index.chunks:
            chunks[c.doc_id] = chunks.get(c.doc_id, 0) + 1
        out = []
        for doc_id, meta in sorted(index.doc_metadata.items()):
            out.append({"id": doc_id, "title": meta.get("title", ""), "chunks": chunks.get(doc_id, 0),
                        "status": "indexed", "department": meta.get("department"),
                        "clearance": meta.get("clearance")})
        for doc_id, status in sorted(index.excluded.items()):
            out.append({"id": doc_id, "title": "", "chunks": 0, "status": status})
        return out

    def upload(self, name: str, data: bytes, sidecar: bytes | None) -> dict[str, Any]:
        name = safe_name(name)
        with self.lock:
            target = self.corpus / name
            side = self.corpus / (name + SIDECAR_SUFFIX)
            before = (target.read_bytes() if target.exists() else None,
                      side.read_bytes() if side.exists() else None)
            target.write_bytes(data)
            if sidecar is not None:
                side.write_bytes(sidecar)
            try:
                indexed = self._index()
            except Exception:
                _restore(target, before[0])
                _restore(side, before[1])
                raise
            self.current = indexed
        return self._outcome(indexed, name)

    def delete(self, doc_id: str) -> dict[str, Any] | None:
        with self.lock:
            index = self.current.index
            sources = {_file_of(c.source) for c in index.chunks if c.doc_id == doc_id}
            paths = [f for f in scan(self.corpus) if f.rel in sources or _stem_id(f.rel) == doc_id]
            if not paths:
                return None
            for f in paths:
                f.path.unlink()
                if f.sidecar is not None and f.sidecar.exists():
                    f.sidecar.unlink()
            self.current = self._index()
        return {"deleted": doc_id, "files": [f.rel for f in paths], "index": _stages(self.current.report)}

    def _outcome(self, indexed: Indexed, name: str) -> dict[str, Any]:
        index = indexed.index
        doc_ids = sorted({c.doc_id for c in index.chunks if _file_of(c.source) == name})
        reasons = [getattr(q, "reason", "") for q in indexed.report.quarantined
                   if _file_of(getattr(q, "source", "")) == name]
        status = "indexed" if doc_ids else index.excluded.get(_stem_id(name), "quarantined" if reasons else "empty")
        removed = [p for s in indexed.report.sanitized if _file_of(s.source) == name for p in s.removed]
        return {"file": name, "documents": doc_ids or [_stem_id(name)], "status": status,
                "reason": reasons[0] if reasons else "", "sanitized": removed, "embedded": indexed.report.embedded,
                "index": _stages(indexed.report)}


def _file_of(source: str) -> str:
    """A chunk's or quarantine's source (``file.md``, ``file.pdf#p3``) → its file."""
    return source.split("#", 1)[0]


def _stem_id(rel: str) -> str:
    suffix = extension_of(rel)
    return rel[: -len(suffix)] if suffix else rel


def _stages(report: IndexReport) -> dict[str, str]:
    return {s.kind: s.action for s in report.stages}


def _restore(path: Path, data: bytes | None) -> None:
    if data is None:
        path.unlink(missing_ok=True)
    else:
        path.write_bytes(data)
