"""Cores shared among parallel workers (``make perf``): MiniLM query embedding, one query at a
time, in one process alone and in two processes at once — with torch's default threads (one
per core in each process: oversubscribed) and with the cores divided (``eval.runs.threads``,
what sweep workers and concurrent cases get). Prints the median latency per query and writes
reports/perf/threads.json."""

from __future__ import annotations

import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perf._scifact import test_queries, write_result  # noqa: E402

QUERIES = 150


_BARRIER = None


def _init(barrier: object) -> None:
    global _BARRIER
    _BARRIER = barrier


def worker(args: tuple[int | None, list[str]]) -> list[float]:
    threads, queries = args
    if threads:
        from eval.runs.threads import limit_threads

        limit_threads(threads)
    from rag.embedders import embedders
    from rag.registry import ComponentSpec

    embedder = embedders.build(ComponentSpec(name="minilm"))
    embedder.embed_queries(["warm up"])
    _BARRIER.wait()   # every process starts its timed queries together
    out = []
    for q in queries:
        start = time.perf_counter()
        embedder.embed_queries([q])
        out.append((time.perf_counter() - start) * 1000)
    return out


def measure(processes: int, threads: int | None, queries: list[str]) -> float:
    context = multiprocessing.get_context("spawn")
    with context.Pool(processes, initializer=_init, initargs=(context.Barrier(processes),)) as pool:
        results = pool.map(worker, [(threads, queries)] * processes)
    return round(statistics.median(x for r in results for x in r), 2)


def main() -> None:
    from eval.runs.threads import cores, share

    queries = list(test_queries().values())[:QUERIES]
    result = {"cores": cores(), "queries_per_process": len(queries),
              "alone_ms": measure(1, None, queries),
              "two_processes_default_threads_ms": measure(2, None, queries),
              "two_processes_divided_ms": measure(2, share(2), queries),
              "threads_each_when_divided": share(2)}
    out = write_result("threads", result)
    print(f"MiniLM query latency (median over {len(queries)} queries per process, {result['cores']} cores)")
    print(f"  alone: {result['alone_ms']} ms; two processes, default threads: "
          f"{result['two_processes_default_threads_ms']} ms; two processes, cores divided "
          f"({result['threads_each_when_divided']} thread each): {result['two_processes_divided_ms']} ms")
    print(f"→ {out}")


if __name__ == "__main__":
    main()
