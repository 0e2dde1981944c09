"""A suite's judging phase: every judged metric of every case, ``judge.concurrency`` at a time.

Cases are answered first (at the run's ``concurrency``); their judged metrics are left
``pending``. Then every (case, metric) still to judge — pending, or failed in an earlier run
being resumed — is judged on a pool of threads. A judgement depends only on its own request
(the judge's cache is keyed by the whole request), so the records, the cache and the results
digest are the same at any concurrency: each case is re-scored and checkpointed, in the calling
thread, once its last metric is judged. A judge whose budget is spent leaves the rest pending;
the run is then incomplete, and ``--resume`` judges them.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any

from eval.judges.judged import JUDGED, PENDING, TO_JUDGE, CaseInputs, judge_metric
from eval.runs.log import CaseRecord
from eval.runs.score import score_record
from eval.suites import Case, Suite


def inputs_of(case: Case, record: CaseRecord) -> CaseInputs:
    return CaseInputs(case.question, record.answer, record.behaviour == "refused",
                      [c["text"] for c in record.context], case.reference)


def to_judge(suite: Suite, records: dict[tuple[str, str], CaseRecord], names: list[str]
             ) -> list[tuple[Case, CaseRecord, str]]:
    """Every (case, record, metric) of the suite still to judge, in case and metric order."""
    out = []
    for case in suite.cases:
        record = records.get((suite.name, case.id))
        if record is None or record.error is not None or record.mode != "full":
            continue
        for name in names:
            if name in JUDGED and record.judgements.get(name, {"status": PENDING})["status"] in TO_JUDGE:
                out.append((case, record, name))
    return out


def judge_suite(suite: Suite, index: Any, records: dict[tuple[str, str], CaseRecord], names: list[str],
                judge: Any, done: Callable[[CaseRecord], None]) -> None:
    """Judge what is left to judge; ``done`` gets each case once all its metrics are judged."""
    tasks = to_judge(suite, records, names)
    if not tasks:
        return
    left: dict[tuple[str, str], int] = {}
    for _, record, _ in tasks:
        left[record.key] = left.get(record.key, 0) + 1
    cases = {record.key: case for case, record, _ in tasks}

    def finished(record: CaseRecord, name: str, judgement: dict[str, Any]) -> None:
        record.judgements[name] = judgement
        left[record.key] -= 1
        if left[record.key] == 0:
            score_record(record, cases[record.key], index, suite.identity(cases[record.key].as_), names,
                         suite.language)
            done(record)

    def job(case: Case, record: CaseRecord, name: str) -> Callable[[], dict[str, Any]]:
        return lambda: judge_metric(name, inputs_of(case, record), judge, index.embed_queries)

    width = max(1, int(getattr(judge, "concurrency", 1)))
    if width == 1:
        for case, record, name in tasks:
            finished(record, name, job(case, record, name)())
        return
    running: dict[Future[dict[str, Any]], tuple[CaseRecord, str]] = {}
    queue = iter(tasks)
    with ThreadPoolExecutor(max_workers=width, thread_name_prefix="judge") as pool:
        try:
            for case, record, name in queue:
                running[pool.submit(job(case, record, name))] = (record, name)
                if len(running) >= width:
                    _drain(running, finished, FIRST_COMPLETED)
            _drain(running, finished, None)
        except BaseException:
            for future in running:
                future.cancel()
            raise


def _drain(running: dict[Future[dict[str, Any]], tuple[CaseRecord, str]],
           finished: Callable[[CaseRecord, str, dict[str, Any]], None], until: str | None) -> None:
    """Hand finished judgements to ``finished`` (in this thread): the first ones, or all."""
    while running:
        ready, _ = wait(list(running), return_when=until or "ALL_COMPLETED")
        for future in ready:
            record, name = running.pop(future)
            finished(record, name, future.result())
        if until is not None:
            return
