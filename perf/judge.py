"""Judging throughput: 100 cases × 3 judged metrics (faithfulness, context recall, context
precision) against a loopback OpenAI-compatible judge — a real HTTP server on 127.0.0.1 that
answers ragas' schemas by rule (eval/judges/dry.py) after a fixed 250 ms — at
judge.concurrency 1 and 16. Prints the wall time of each run's judging, the speed-up, and
whether the results digests are equal; writes reports/perf/judge.json."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from eval.judges.client import estimate_tokens  # noqa: E402
from eval.judges.dry import answer, parse  # noqa: E402
from perf._loopback import JsonHandler, serving, speedups, write_suite  # noqa: E402
from perf._scifact import write_result  # noqa: E402

CASES = 100
DELAY = 0.25
LEVELS = (1, 16)
METRICS = ["faithfulness", "context_recall", "context_precision"]


class Judge(JsonHandler):
    calls = 0
    lock = threading.Lock()

    def do_POST(self) -> None:  # noqa: N802
        schema, data = parse(self.body())
        time.sleep(DELAY)
        with Judge.lock:
            Judge.calls += 1
        content = json.dumps(answer(schema, data))
        self.reply({"choices": [{"message": {"content": content}}],
                    "usage": {"prompt_tokens": estimate_tokens(data), "completion_tokens": estimate_tokens(content)}})


def project(root: Path, url: str) -> Path:
    # one document and one question per case: every judge request is distinct
    docs = {f"doc{i}.md": f"# Policy {i}\n\nThe allowance for item {i} is {i * 7} USD. Claims for item {i} need form F{i}."
            for i in range(CASES)}
    cases = [{"id": f"c-{n}", "question": f"What is the allowance for item {n}?",
              "expected_docs": [f"doc{n}"], "reference": f"The allowance for item {n} is {n * 7} USD."}
             for n in range(CASES)]
    suite = write_suite(root, "judged", docs, cases)
    config = root / "config.yaml"
    config.write_text(f"""name: judged
suites: ['{suite}']
embedder: {{name: hashing, params: {{dim: 64}}}}
retrievers: [bm25]
top_k: 2
answerability: always
metrics: [hit@5, {", ".join(METRICS)}]
judge: {{name: openai, params: {{model: fake-judge, base_url: '{url}', api_key_env: RAGBENCH_NO_KEY,
        max_retries: 0, timeout: 30}}}}
""", encoding="utf-8")
    return config


def main() -> None:
    from eval.runs.runner import run_config as run

    rows = []
    with serving(Judge) as base, tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        config = project(root, f"{base}/v1")
        for level in LEVELS:
            os.environ["RAGBENCH_WORKDIR"] = str(root / f"work-{level}")     # a cold judge cache each time
            Judge.calls = 0
            start = time.perf_counter()
            _, log = run(config, [f"judge.params.concurrency={level}"], out_root=root / "runs", progress=False)
            seconds = time.perf_counter() - start
            rows.append({"concurrency": level, "cases": CASES, "metrics": METRICS, "judge_calls": Judge.calls,
                         "seconds": round(seconds, 2), "status": log.status,
                         "results_digest": log.suites["judged"].results_digest,
                         "judgements": log.suites["judged"].judge["judgements"]})
    speedups(rows)
    print(f"{CASES} cases × {len(METRICS)} judged metrics against a loopback judge answering in "
          f"{DELAY * 1000:.0f} ms")
    print(f"{'concurrency':>11}  {'calls':>6}  {'seconds':>8}  {'speed-up':>8}  identical")
    for row in rows:
        print(f"{row['concurrency']:>11}  {row['judge_calls']:>6}  {row['seconds']:>8.2f}  {row['speedup']:>7.2f}×  "
              f"{row['identical_to_serial']}")
    result = {"cases": CASES, "delay_ms": DELAY * 1000, "runs": rows,
              "target": "≥ 10× at 16, identical results",
              "met": rows[-1]["speedup"] >= 10 and all(r["identical_to_serial"] for r in rows)}
    from eval.labels.simulation import simulate

    result["ppi_simulation"] = simulate()
    write_result("judge", result)


if __name__ == "__main__":
    main()
