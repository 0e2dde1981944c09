"""Dividing the cores among parallel workers, so that they do not oversubscribe them.

torch, OpenMP and BLAS each start one thread per core by default. Two sweep workers on two
cores then run four busy threads, and a MiniLM query that takes 15 ms alone took ~500 ms beside
a second busy process. Each worker gets ``cores // workers`` threads (at least one): through
the environment (read by libraries imported later, and by spawned children), through
``threadpoolctl`` for BLAS / OpenMP pools already loaded, and through ``torch.set_num_threads``
when torch is loaded.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor

ENV_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS",
            "VECLIB_MAXIMUM_THREADS", "RAYON_NUM_THREADS")


def cores() -> int:
    """The cores this process may run on (its CPU affinity, not the machine's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # not Linux
        return os.cpu_count() or 1


def share(workers: int) -> int:
    """Threads per worker when ``workers`` run at once."""
    return max(1, cores() // max(1, workers))


def limit_threads(threads: int) -> None:
    """Cap this process's numeric thread pools at ``threads``."""
    for name in ENV_VARS:
        os.environ[name] = str(threads)
    try:
        from threadpoolctl import threadpool_limits

        threadpool_limits(limits=threads)
    except ImportError:   # threadpoolctl comes with scikit-learn; the variables above still apply
        pass
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(threads)


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """``workers`` spawned processes (spawn, not fork: torch and BLAS threads do not survive a
    fork), each capped at its share of the cores before it runs anything."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=limit_threads, initargs=(share(workers),))
