"""Content-addressed storage of built artefacts (chunks, dense and sparse indexes).

An artefact lives in ``<root>/<kind>/<key>/`` with a ``manifest.json`` describing what went
into its key. It is built in a temporary folder and renamed into place, so a crash or a
concurrent builder never leaves a half-written artefact that looks finished.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def stable_hash(obj: Any) -> str:
    """SHA-256 of a canonical JSON form (sorted keys), first 20 hex digits."""
    blob = json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


def write_json_atomic(path: Path, data: Any) -> None:
    write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True, default=str))


def write_text_atomic(path: Path, text: str) -> None:
    """Write through a temporary file and rename: a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.chmod(tmp, 0o644)  # mkstemp makes 0600; these files are shared and often committed
    os.replace(tmp, path)


class ArtifactStore:
    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    def path(self, kind: str, key: str) -> Path:
        return self.root / kind / key

    def has(self, kind: str, key: str) -> bool:
        return (self.path(kind, key) / "manifest.json").is_file()

    def manifest(self, kind: str, key: str) -> dict[str, Any]:
        return json.loads((self.path(kind, key) / "manifest.json").read_text(encoding="utf-8"))

    @contextlib.contextmanager
    def building(self, kind: str, key: str, manifest: dict[str, Any]) -> Iterator[Path]:
        """Yield a scratch folder; on success it becomes ``path(kind, key)`` atomically."""
        final = self.path(kind, key)
        final.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=final.parent, prefix=f".{key}."))
        try:
            yield tmp
            write_json_atomic(tmp / "manifest.json", manifest)
            try:
                os.rename(tmp, final)
            except OSError:
                if not self.has(kind, key):  # not a lost race with an equal build: a real error
                    raise
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    # Pointers remember which key each corpus last used per kind, so a changed key is
    # reported as a rebuild with the reason, not as a silent new build.
    def _pointer_path(self, name: str) -> Path:
        return self.root / "current" / f"{name}.json"

    def pointer(self, name: str) -> dict[str, Any]:
        path = self._pointer_path(name)
        return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}

    def set_pointer(self, name: str, data: dict[str, Any]) -> None:
        write_json_atomic(self._pointer_path(name), data)


def diff_manifests(old: Any, new: Any, path: str = "") -> list[str]:
    """Human-readable differences between two manifests (what made a key change)."""
    if isinstance(old, dict) and isinstance(new, dict):
        if path == "corpus":
            added = sorted(set(new) - set(old))
            removed = sorted(set(old) - set(new))
            changed = sorted(k for k in set(old) & set(new) if old[k] != new[k])
            parts = [f"{len(x)} {w}" for x, w in ((changed, "changed"), (added, "added"),
                                                  (removed, "removed")) if x]
            return [f"corpus: {', '.join(parts)} file(s)"] if parts else []
        out: list[str] = []
        for key in sorted(set(old) | set(new)):
            sub = f"{path}.{key}" if path else str(key)
            out.extend(diff_manifests(old.get(key), new.get(key), sub))
        return out
    return [] if old == new else [f"{path}: {old!r} → {new!r}"]


def open_shared_sqlite(path: str | Path, schema: str) -> Any:
    """A connection to an SQLite file that other processes may be opening at the same moment:
    WAL mode and ``schema`` (CREATE … IF NOT EXISTS) set up with retries, because switching a new
    file to WAL takes a lock that SQLite's busy timeout does not wait for."""
    import sqlite3

    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=60, check_same_thread=False)
    for attempt in range(200):
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(schema)
            db.commit()
            return db
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == 199:
                raise
            time.sleep(min(0.5, 0.01 * (attempt + 1)))
    raise AssertionError("unreachable")


def _write(db: Any, lock: Any, table: str, pending: dict[str, str]) -> None:
    """Write the pending rows in one transaction (at a flush, a collection or exit)."""
    with lock:
        if not pending:
            return
        rows = list(pending.items())
        pending.clear()
        # a connection already closed at exit has nothing left to write
        with contextlib.suppress(Exception):
            db.executemany(f"INSERT OR IGNORE INTO {table} (key, value) VALUES (?, ?)", rows)
            db.commit()


class JsonKV:
    """A persistent key → JSON value table in SQLite (WAL, thread-safe), shared by the request
    caches: candidates, chat replies, judge replies. First write of a key wins.

    ``commit_every`` > 1 batches writes in memory (at most that many, or one second's worth,
    then one transaction; the rest when the table is flushed or collected, or the process
    exits). No transaction stays open between batches, so another process writing the same file
    is never locked out. A cache of cheap values (candidate lists) should not pay a commit per
    write; a reply that cost a model call is written at once (the default)."""

    def __init__(self, path: str | Path, table: str, commit_every: int = 1) -> None:
        import threading
        import weakref

        self._db = open_shared_sqlite(path, f"CREATE TABLE IF NOT EXISTS {table} (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        self._table = table
        self._lock = threading.Lock()
        self._commit_every = commit_every
        self._pending: dict[str, str] = {}
        self._last_write = time.monotonic()
        weakref.finalize(self, _write, self._db, self._lock, table, self._pending)

    def get(self, key: str) -> Any | None:
        with self._lock:
            waiting = self._pending.get(key)
            row = (waiting,) if waiting is not None else \
                self._db.execute(f"SELECT value FROM {self._table} WHERE key = ?", [key]).fetchone()
        return json.loads(row[0]) if row else None

    def put(self, key: str, value: Any) -> None:
        with self._lock:
            self._pending.setdefault(key, json.dumps(value, ensure_ascii=False))
            now = time.monotonic()
            due = len(self._pending) >= self._commit_every or now - self._last_write >= 1.0
            if due:
                self._last_write = now
        if due:
            self.flush()

    def flush(self) -> None:
        _write(self._db, self._lock, self._table, self._pending)
