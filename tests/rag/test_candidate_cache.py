"""The candidate cache: what is put is got back — from this process's decoded copies or, after
they are dropped (bounded by pairs held) or from another object, from SQLite."""

from __future__ import annotations

from pathlib import Path

import rag.candidates as candidates
from rag.candidates import CandidateCache


def test_lists_round_trip_and_the_decoded_copies_stay_bounded(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(candidates, "_DECODED", candidates.DecodedLists(max_hits=5))
    cache = CandidateCache(tmp_path / "c.sqlite")
    cache.put("a", [("c1", 0.5), ("c2", 0.25)])
    cache.put("b", [("c3", 1.0), ("c4", 0.75), ("c5", 0.1)])
    assert cache.get("a") == [("c1", 0.5), ("c2", 0.25)] and cache.get("b")[0] == ("c3", 1.0)
    assert candidates._DECODED.hits == 5 and list(candidates._DECODED.lists) == [(cache._path, "a"), (cache._path, "b")]
    cache.put("c", [("c6", 2.0)])
    assert cache.get("c") == [("c6", 2.0)]     # over the bound: the oldest list is dropped
    assert (cache._path, "a") not in candidates._DECODED.lists and candidates._DECODED.hits == 4
    assert cache.get("a") == [("c1", 0.5), ("c2", 0.25)]   # read back from SQLite
    assert cache.get("missing") is None
    other = CandidateCache(tmp_path / "c.sqlite")
    other.put("a", [("other", 9.0)])           # first write wins, in SQLite and in the copies
    assert cache.get("a") == other.get("a") == [("c1", 0.5), ("c2", 0.25)]
    cache.flush()
    fresh = CandidateCache(tmp_path / "c.sqlite")
    monkeypatch.setattr(candidates, "_DECODED", candidates.DecodedLists(max_hits=5))
    assert fresh.get("b") == [("c3", 1.0), ("c4", 0.75), ("c5", 0.1)]


def test_batched_writes_never_lock_another_writer_out(tmp_path: Path) -> None:
    from rag.store import JsonKV

    batched = JsonKV(tmp_path / "kv.sqlite", "t", commit_every=100)
    batched.put("k1", [1])                      # pending in memory: no transaction held open
    assert batched.get("k1") == [1]
    other = JsonKV(tmp_path / "kv.sqlite", "t")
    other._db.execute("PRAGMA busy_timeout = 100")   # a lock would fail in 0.1 s, not hang 60 s
    other.put("k2", [2])                        # would raise "database is locked" behind an open transaction
    assert other.get("k2") == [2] and other.get("k1") is None
    batched.flush()
    assert other.get("k1") == [1]


def test_a_cache_file_another_process_is_setting_up_is_waited_for(tmp_path, monkeypatch) -> None:
    """Switching a new file to WAL takes a lock SQLite's busy timeout does not wait for; a second
    process opening the same new file at that moment retries instead of failing."""
    import sqlite3

    import rag.store as store

    path = tmp_path / "shared.sqlite"
    holder = sqlite3.connect(path)
    holder.execute("PRAGMA journal_mode=DELETE")
    holder.execute("CREATE TABLE x (a)")
    holder.execute("BEGIN EXCLUSIVE")       # the other process, mid set-up
    waits: list[float] = []

    def wait(seconds: float) -> None:       # the first retry finds the other process done
        waits.append(seconds)
        holder.commit()

    monkeypatch.setattr(store.time, "sleep", wait)
    monkeypatch.setattr(sqlite3, "connect", lambda p, **kw: sqlite3.Connection(p, **{**kw, "timeout": 0}))
    kv = store.JsonKV(path, "t")
    kv.put("k", [1, 2])
    assert waits and kv.get("k") == [1, 2]
