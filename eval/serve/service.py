"""One served suite: its corpus folder, its index and the pipeline over it, re-indexed when a
document is uploaded or deleted.

The served corpus is a copy of the suite's (under ``<workdir>/serve/<suite>/corpus``), so
uploads and deletes never touch the golden set. It **persists**: the golden corpus is copied in
on the first start only (a ``seeded`` marker; remove the served folder to start over), so a
restart serves what was uploaded and not what was deleted, and every upload and delete is journalled (``journal.jsonl``: what, when, the bytes'
hash). One server at a time: a second ``serve`` on the same folder is refused by a lock. Index
keys are content hashes: re-indexing after an upload re-chunks the corpus but embeds only
chunks whose text the embedding cache has never seen, and a second upload of the same bytes
leaves every key as it was; superseded index versions are removed, the last few kept.
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
from rag.store import write_json_atomic

KEEP_VERSIONS = 3   # index versions of a served corpus kept on disk
UPLOADABLE = (".md", ".markdown", ".txt", ".pdf", ".docx", ".html", ".htm")
_UNSAFE = re.compile(r"[^\w.\- ]", re.UNICODE)
_CLASS_NAMES = re.compile(r"\s*\(\w+(?:Error|Exception|File|Zip)\w*: .*\)$")   # a library's exception, not the reason


class SharedFileError(Exception):
    """A delete that would take other documents with it (409)."""


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
        self.folder = prepared.workspace.scratch("serve") / suite.name
        self.folder.mkdir(parents=True, exist_ok=True)
        self._lock_file = _lock(self.folder / "serve.lock")
        self.corpus = self.folder / "corpus"
        seeded = self.folder / "seeded"
        if not seeded.is_file():   # first start only: a corpus emptied by deletes stays empty
            if suite.corpus_dir.is_file():   # one JSONL corpus file: served as the corpus folder's one file
                self.corpus.mkdir(exist_ok=True)
                shutil.copyfile(suite.corpus_dir, self.corpus / suite.corpus_dir.name)
            else:
                shutil.copytree(suite.corpus_dir, self.corpus, dirs_exist_ok=True)
            self._journal("seeded", str(suite.corpus_dir), b"")
            seeded.write_text(str(suite.corpus_dir), encoding="utf-8")
        self.corpus.mkdir(exist_ok=True)
        self.indexer = prepared.indexer()
        self.parts = prepared.parts()
        self.lock = threading.Lock()          # one re-index at a time; asks use the current index
        self.current = self._index()

    def _index(self) -> Indexed:
        index, report = self.prepared.index(self.suite, name=f"serve-{self.suite.name}", corpus=self.corpus,
                                            indexer=self.indexer)
        return Indexed(self.prepared.pipeline(index, self.parts), index, report)

    def close(self) -> None:
        """Let another server have the served folder."""
        self._lock_file.close()

    def _journal(self, op: str, name: str, data: bytes) -> None:
        import hashlib
        import json
        import time

        row = {"op": op, "file": name, "sha256": hashlib.sha256(data).hexdigest() if data else None,
               "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        with (self.folder / "journal.jsonl").open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")

    def documents(self, identity: Any = None) -> list[dict[str, Any]]:
        """The indexed documents ``identity`` may see (None: every one, and the excluded ones —
        the admin's view), with their titles."""
        index = self.current.index
        chunks: dict[str, int] = {}
        titles: dict[str, str] = {}
        for c in index.chunks:
            chunks[c.doc_id] = chunks.get(c.doc_id, 0) + 1
            titles.setdefault(c.doc_id, (c.metadata.get("as_written") or {}).get("title") or c.title)   # as written
        out = []
        for doc_id, meta in sorted(index.doc_metadata.items()):
            if identity is not None and not identity.can_see(meta):
                continue
            out.append({"id": doc_id, "title": meta.get("title") or titles.get(doc_id, ""),
                        "chunks": chunks.get(doc_id, 0), "status": "indexed", "department": meta.get("department"),
                        "clearance": meta.get("clearance")})
        if identity is None:
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
            self._journal("upload", name, data)
            self._collect()
        return self._outcome(indexed, name)

    def _collect(self) -> None:
        """Superseded index versions of the served corpus: removed, the newest ``KEEP_VERSIONS``
        kept, and never one that any corpus's current index (a golden suite's) still uses."""
        import json

        store = self.indexer.store
        name = f"serve-{self.suite.name}"
        history_path = self.folder / "versions.json"
        history = json.loads(history_path.read_text(encoding="utf-8")) if history_path.is_file() else []
        current = {kind: entry["key"] for kind, entry in store.pointer(name).items() if isinstance(entry, dict)}
        if not history or history[-1] != current:
            history.append(current)
        old, kept = history[:-KEEP_VERSIONS], history[-KEEP_VERSIONS:]
        protected = {(k, v) for version in kept for k, v in version.items()}
        for pointer in (store.root / "current").glob("*.json"):
            data = json.loads(pointer.read_text(encoding="utf-8"))
            protected |= {(k, e["key"]) for k, e in data.items() if isinstance(e, dict) and "key" in e}
        for version in old:
            for kind, key in version.items():
                if (kind, key) not in protected:
                    shutil.rmtree(store.path(kind, key), ignore_errors=True)
        write_json_atomic(history_path, kept)

    def delete(self, doc_id: str) -> dict[str, Any] | None:
        """Delete the document ``doc_id`` — by its id only, never by a file stem that is not one."""
        with self.lock:
            index = self.current.index
            if doc_id not in index.doc_metadata and doc_id not in index.excluded:
                return None
            sources = {_file_of(c.source) for c in index.chunks if c.doc_id == doc_id}
            paths = [f for f in scan(self.corpus) if f.rel in sources or (not sources and _stem_id(f.rel) == doc_id)]
            if not paths:
                return None
            shared = sorted({c.doc_id for c in index.chunks if _file_of(c.source) in {f.rel for f in paths}} - {doc_id})
            if shared:   # one JSONL file holds many documents: deleting it would delete them all
                raise SharedFileError(f"{doc_id!r} lives in {paths[0].rel} with {len(shared)} other document(s); "
                                      "a document of a multi-document file cannot be deleted on its own")
            for f in paths:
                f.path.unlink()
                if f.sidecar is not None and f.sidecar.exists():
                    f.sidecar.unlink()
                self._journal("delete", f.rel, b"")
            self.current = self._index()
            self._collect()
        return {"deleted": doc_id, "files": [f.rel for f in paths], "index": _stages(self.current.report)}

    def _outcome(self, indexed: Indexed, name: str) -> dict[str, Any]:
        index = indexed.index
        doc_ids = sorted({c.doc_id for c in index.chunks if _file_of(c.source) == name})
        reasons = [getattr(q, "reason", "") for q in indexed.report.quarantined
                   if _file_of(getattr(q, "source", "")) == name]
        issues = [_CLASS_NAMES.sub("", i.reason.removeprefix(f"{i.source}: ")) for i in indexed.report.issues
                  if _file_of(i.source) == name]
        status = "indexed" if doc_ids else index.excluded.get(
            _stem_id(name), "quarantined" if reasons else "refused" if issues else "empty")
        reasons += issues   # the loader's own reason (a corrupt PDF, a DOCX bomb)
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


def _lock(path: Path) -> Any:
    """An exclusive lock on the served folder for this process's life, or an input error."""
    import fcntl

    from rag.errors import InputError

    fh = path.open("w")
    try:
        fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        fh.close()
        raise InputError(f"another ragbench serve is serving {path.parent.name} from this workdir", field="serve") from exc
    return fh
