"""Cores are divided among parallel workers: the share, and the limits a worker applies."""

from __future__ import annotations

import os

import pytest

from eval.runs import threads


def test_each_worker_gets_its_share_of_the_cores(monkeypatch) -> None:
    monkeypatch.setattr(threads, "cores", lambda: 8)
    assert [threads.share(w) for w in (1, 2, 3, 8, 16)] == [8, 4, 2, 1, 1]


def test_limit_threads_caps_env_blas_and_torch(monkeypatch) -> None:
    threadpoolctl = pytest.importorskip("threadpoolctl")
    torch = pytest.importorskip("torch")
    for name in threads.ENV_VARS:
        monkeypatch.delenv(name, raising=False)
    before_torch = torch.get_num_threads()
    before_pools = threadpoolctl.threadpool_info()
    try:
        threads.limit_threads(1)
        assert all(os.environ[name] == "1" for name in threads.ENV_VARS)
        assert torch.get_num_threads() == 1
        assert all(pool["num_threads"] == 1 for pool in threadpoolctl.threadpool_info())
    finally:
        torch.set_num_threads(before_torch)
        for pool in before_pools:
            threadpoolctl.threadpool_limits(limits=pool["num_threads"], user_api=pool["user_api"])


def test_sweep_workers_start_with_their_share(monkeypatch) -> None:
    import concurrent.futures

    from eval.sweeps import executors

    seen: dict = {}

    class Pool:
        def __init__(self, **kwargs) -> None:
            seen.update(kwargs)

        def __enter__(self):
            return self

        def __exit__(self, *exc) -> None: ...

        def map(self, fn, tasks):
            return iter([])

    monkeypatch.setattr(threads, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(threads, "cores", lambda: 6)
    list(executors.local(workers=3)([]))
    assert seen["initializer"] is threads.limit_threads and seen["initargs"] == (2,)
    assert concurrent.futures.ProcessPoolExecutor is not Pool
    # a tune's trial workers come from the same pool
    from eval.tune.trials import Runner

    seen.clear()
    Runner(context=None, workers=3)   # type: ignore[arg-type]
    assert seen["initializer"] is threads.limit_threads and seen["initargs"] == (2,) and seen["max_workers"] == 3
