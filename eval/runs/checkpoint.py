"""The checkpoint: ``cases.jsonl``, one :class:`CaseRecord` per finished case.

Records are appended as cases finish — from one writer, under a lock, each line written
through to the operating system — so a killed run loses at most the cases still in flight, and
a line torn by the kill is cut off when the file is reopened. The file is fsynced at most once
a second (and when the run ends), which bounds what a power cut could lose to that second:
fsyncing every line cost more than a cached case itself. Concurrent cases finish out of order;
when a run ends, the file is rewritten atomically in suite and case order with one record per
case, so that a concurrent run's log reads exactly like a serial one's.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from eval.runs.log import CaseRecord, RunLog
from rag.store import write_text_atomic

SYNC_EVERY = 1.0   # seconds between fsyncs of the checkpoint


class Checkpoint:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._synced = float("-inf")

    def read(self) -> list[CaseRecord]:
        if not self.path.is_file():
            return []
        data = self.path.read_bytes()
        end = data.rfind(b"\n") + 1
        if end < len(data):  # a torn last line from a killed process
            with self.path.open("r+b") as fh:
                fh.truncate(end)
            data = data[:end]
        return [CaseRecord.model_validate_json(line) for line in data.splitlines() if line.strip()]

    def append(self, record: CaseRecord) -> None:
        line = record.model_dump_json() + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()
            now = time.monotonic()
            if now - self._synced >= SYNC_EVERY:
                os.fsync(fh.fileno())
                self._synced = now

    def rewrite(self, records: list[CaseRecord]) -> None:
        """Replace the file by ``records`` in the given order (atomic: a kill leaves the old
        file or the new one, never half of either)."""
        with self._lock:
            write_text_atomic(self.path, "".join(r.model_dump_json() + "\n" for r in records))


def read_cases(run_dir: Path) -> list[CaseRecord]:
    """The latest record of each case (a resumed run appends a retried case again), in the
    order cases first appeared."""
    latest: dict[tuple[str, str], CaseRecord] = {}
    for record in Checkpoint(run_dir / "cases.jsonl").read():
        latest[record.key] = record
    return list(latest.values())


def file_sha256(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else ""


def read_run(run_dir: Path) -> tuple[RunLog, list[CaseRecord]]:
    """A finished run's log and cases, for the commands that read runs (report, triage, export,
    compare, a gate's candidate): a ``cases.jsonl`` that is missing, torn or changed since the run
    wrote it is an input error, never an empty or partial report. Nothing is written."""
    from rag.errors import InputError

    log = RunLog.read(run_dir)
    path = run_dir / "cases.jsonl"
    expected = sum(s.cases for s in log.suites.values())
    if not path.is_file():
        if expected:
            raise InputError(f"{run_dir}: cases.jsonl is missing ({expected} cases expected)", field="RUN_DIR")
        return log, []
    if log.cases_sha256 and file_sha256(path) != log.cases_sha256:
        raise InputError(f"{path} changed since the run wrote it (torn, truncated or edited): its digest no longer "
                         "matches run.json", field="RUN_DIR")
    try:
        records = _parse(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise InputError(f"{path} is not a readable case log (a damaged line)", field="RUN_DIR") from exc
    if log.status == "complete" and len(records) < expected:
        raise InputError(f"{path} holds {len(records)} of the run's {expected} cases", field="RUN_DIR")
    return log, records


def _parse(text: str) -> list[CaseRecord]:
    latest: dict[tuple[str, str], CaseRecord] = {}
    for line in text.splitlines():
        if line.strip():
            record = CaseRecord.model_validate_json(line)
            latest[record.key] = record
    return list(latest.values())
