"""Judging runs judge.concurrency at a time with the results of a serial run; a budget stops it
cleanly and --resume finishes it; rate limits hold across threads."""

from __future__ import annotations

import sqlite3
import tempfile
import threading
from collections import Counter
from pathlib import Path

import pytest

from eval.judges.client import Limits, estimate_tokens
from eval.runs.checkpoint import read_cases
from eval.runs.runner import run_config as run
from tests.eval.judges.test_judges import _judged_config

pytest.importorskip("ragas")


def _judge(concurrency: int, **params: object) -> str:
    extra = "".join(f", {k}: {v}" for k, v in params.items())
    return f"{{name: 'tests.eval.fake_judge:fake', params: {{concurrency: {concurrency}{extra}}}}}"


def _cache_keys(workdir: Path) -> set[str]:
    with sqlite3.connect(workdir / "cache" / "judge.sqlite") as db:
        return {k for (k,) in db.execute("SELECT key FROM judge_replies")}


def test_concurrent_judging_gives_the_serial_run(project: Path, monkeypatch) -> None:
    serial_cfg = _judged_config(project, _judge(1))
    serial_dir, serial = run(serial_cfg, out_root=project / "serial", progress=False)
    serial_keys = _cache_keys(project / "work")
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(project / "work2"))     # a cold cache: every call made again
    text = serial_cfg.read_text(encoding="utf-8").replace(_judge(1), _judge(8))
    serial_cfg.write_text(text, encoding="utf-8")
    pooled_dir, pooled = run(serial_cfg, out_root=project / "pooled", progress=False)
    assert serial.status == pooled.status == "complete"
    assert pooled.suites["tiny"].results_digest == serial.suites["tiny"].results_digest
    assert pooled.judge["usage"] == serial.judge["usage"] and serial.judge["usage"]["calls"] > 10
    a, b = read_cases(serial_dir), read_cases(pooled_dir)
    assert [r.judgements for r in a] == [r.judgements for r in b]
    assert _cache_keys(project / "work2") == serial_keys


def test_a_spent_budget_stops_judging_and_resume_finishes_it(project: Path) -> None:
    config = _judged_config(project, _judge(4, max_calls=5))
    run_dir, log = run(config, out_root=project / "runs", progress=False)
    tiny = log.suites["tiny"]
    assert log.status == "incomplete" and tiny.judge["judgements"]["pending"] > 0
    assert log.judge["usage"]["calls"] == 5                                # exactly the budget, across threads
    pending = [r for r in read_cases(run_dir) for j in r.judgements.values() if j["status"] == "pending"]
    assert pending and "max_calls (5)" in pending[0].judgements["faithfulness"]["detail"] + \
        pending[0].judgements["context_recall"]["detail"]
    config.write_text(config.read_text(encoding="utf-8").replace(", max_calls: 5", ""), encoding="utf-8")
    _, done = run(config, out_root=project / "runs", progress=False, resume=run_dir)
    assert done.status == "complete" and "pending" not in done.suites["tiny"].judge["judgements"]
    fresh_dir, fresh = run(config, out_root=project / "fresh", progress=False)
    assert done.suites["tiny"].results_digest == fresh.suites["tiny"].results_digest


def test_the_cli_says_a_spent_budget_is_exit_3(project: Path) -> None:
    from eval.cli import main

    config = _judged_config(project, _judge(2, max_calls=1))
    assert main(["run", str(config), "--out", str(project / "runs")]) == 3


def test_requests_per_minute_hold_across_threads() -> None:
    now = [0.0]
    waits: list[float] = []
    lock = threading.Lock()

    def sleep(seconds: float) -> None:
        with lock:
            waits.append(seconds)
            now[0] += seconds

    limits = Limits(3, None, sleep=sleep, clock=lambda: now[0])
    for _ in range(3):
        limits.wait(10)
    assert waits == []
    limits.wait(10)                                  # the fourth in a minute waits for the first to age out
    assert waits == [60.0] and len(limits.sent) == 1


def test_tokens_per_minute_wait_for_room_and_a_large_request_still_goes() -> None:
    now = [0.0]

    def sleep(seconds: float) -> None:
        now[0] += seconds

    limits = Limits(None, 100, sleep=sleep, clock=lambda: now[0])
    limits.wait(60)
    limits.wait(60)                                  # 120 > 100: waits a minute
    assert now[0] == 60.0
    limits.wait(500)                                 # larger than the limit on its own: sent once the window is empty
    assert now[0] == 120.0


def test_tokens_are_estimated_by_script() -> None:
    assert estimate_tokens("abcdefgh") == 2 and estimate_tokens("出差补助") == 4
    assert estimate_tokens("出差 ab") == 2 + 1


def test_a_jury_keeps_each_judge_and_reports_how_far_they_agree(project: Path) -> None:
    jury = ("[{name: 'tests.eval.fake_judge:fake', params: {model: judge-a}}, "
            "{name: 'tests.eval.fake_judge:fake', params: {model: judge-b, mode: malformed, parse_retries: 0}}]")
    config = _judged_config(project, jury)
    config.write_text(config.read_text(encoding="utf-8") + "jury: majority\n", encoding="utf-8")
    run_dir, log = run(config, out_root=project / "runs", progress=False)
    judged = [r for r in read_cases(run_dir) if r.judgements["faithfulness"]["status"] != "undefined"]
    assert judged
    for r in judged:                                         # judge b fails every call: the jury's case fails
        j = r.judgements["faithfulness"]
        assert j["status"] == "invalid_output" and set(j["members"]) == {
            "openai-judge:http://judge.invalid/v1:judge-a:t0.0:sNone", "openai-judge:http://judge.invalid/v1:judge-b:t0.0:sNone"}
        assert j["members"]["openai-judge:http://judge.invalid/v1:judge-a:t0.0:sNone"]["status"] == "ok"
    assert log.judge["aggregate"] == "majority" and len(log.judge["members"]) == 2


def test_a_jury_that_agrees_scores_and_its_alpha_is_reported(project: Path) -> None:
    jury = ("[{name: 'tests.eval.fake_judge:fake', params: {model: judge-a}}, "
            "{name: 'tests.eval.fake_judge:fake', params: {model: judge-b}}]")
    config = _judged_config(project, jury)
    run_dir, log = run(config, out_root=project / "runs", progress=False)
    judged = [r.judgements["faithfulness"] for r in read_cases(run_dir)
              if r.judgements["faithfulness"]["status"] == "ok"]
    assert judged and all(j["spread"] == 0.0 and len(j["members"]) == 2 for j in judged)
    assert log.status == "complete" and "jury_alpha" in log.suites["tiny"].judge
    per_judge = Counter(c["judge"] for j in judged for c in j["calls"])
    assert len(per_judge) == 2 and len(set(per_judge.values())) == 1      # each judge asked the same calls


def test_an_identical_request_in_flight_is_waited_for_not_sent_again() -> None:
    """The second sender of a request already in flight waits for the first and reads its reply
    from the cache — as a serial run would — instead of calling the judge itself."""
    import httpx

    from eval.judges.client import JudgeCache, JudgeClient

    sent: list[dict] = []

    def handle(request: httpx.Request) -> httpx.Response:
        sent.append(1)
        return httpx.Response(500)

    client = JudgeClient(model="m", base_url="http://judge.invalid/v1", transport=httpx.MockTransport(handle),
                         max_retries=0, sleep=lambda s: None)
    client.cache = JudgeCache(Path(tempfile.mkdtemp()) / "judge.sqlite")
    body = client.body("prompt", "S", {}, 0)
    key = client.key(body, 0)
    first = threading.Event()
    client._inflight[key] = first                         # the first sender is on its way
    result: list = []
    waiter = threading.Thread(target=lambda: result.append(client._call(body, "S", 0)))
    waiter.start()
    client.cache.put(key, {"text": '{"ok": 1}', "prompt_tokens": 3, "completion_tokens": 1})
    first.set()                      # … and done: its reply is in the cache (the key stays registered, so the
                                     # waiter finds it whenever it gets there: no race)
    waiter.join()
    assert sent == [] and result[0].cached and result[0].raw == '{"ok": 1}'
    assert client.usage["cached"] == 1 and client.usage["calls"] == 0


def test_a_jury_s_budget_is_result_free_too() -> None:
    from eval.runs.folders import config_hash

    def dump(calls: int) -> dict:
        return {"name": "x", "judge": [{"name": "openai", "params": {"model": "a", "max_calls": calls}},
                                       {"name": "openai", "params": {"model": "b", "max_calls": calls}}]}

    assert config_hash(dump(5)) == config_hash(dump(500))
    assert config_hash(dump(5)) != config_hash({**dump(5), "name": "y"})
