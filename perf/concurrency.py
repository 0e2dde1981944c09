"""Concurrency against a slow endpoint: 200 cases through the ``http`` target against a loopback
server that sleeps 200 ms per request, at concurrency 1, 4 and 16. Prints the wall time, the
cases per second, the speed-up over serial, and whether every run's per-case results are
identical (results digest); writes the figures to reports/perf/concurrency.json."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perf._loopback import JsonHandler, serving, speedups, write_suite  # noqa: E402
from perf._scifact import write_result  # noqa: E402

CASES = 200
DELAY = 0.2
LEVELS = (1, 4, 16)


class Slow(JsonHandler):
    def do_POST(self) -> None:  # noqa: N802
        body = self.body()
        time.sleep(DELAY)
        n = int(body["case"].split("-")[1])
        doc = f"doc{n % 10}"
        self.reply({"answer": f"Answer {n} from {doc} [1]", "refused": n % 7 == 0,
                    "sources": [{"doc_id": doc, "text": f"text {n}"}]})


def project(root: Path, url: str) -> Path:
    docs = {f"doc{i}.md": f"# Doc {i}\n\nThe fact number {i} is {i * 7}." for i in range(10)}
    cases = [{"id": f"c-{n}", "question": f"What is fact {n % 10}?",
              **({"expect": "refuse"} if n % 7 == 0 else {"expected_docs": [f"doc{n % 10}"]})} for n in range(CASES)]
    suite = write_suite(root, "slow", docs, cases)
    config = root / "config.yaml"
    config.write_text(f"""name: slow
suites: ['{suite}']
embedder: {{name: hashing, params: {{dim: 64}}}}
metrics: [refusal_accuracy, evidence_recall, hit@5, latency_p50]
target:
  name: http
  params:
    url: {url}
    body: {{question: "{{question}}", case: "{{case_id}}"}}
    response: {{answer: answer, refused: refused, contexts: sources}}
    timeout: 10
""", encoding="utf-8")
    return config


def main() -> None:
    from eval.runs.runner import run_config as run

    rows = []
    with serving(Slow) as base, tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        os.environ["RAGBENCH_WORKDIR"] = str(root / "work")
        config = project(root, f"{base}/ask")
        for level in LEVELS:
            start = time.perf_counter()
            _, log = run(config, [f"concurrency={level}"], out_root=root / "runs", progress=False)
            seconds = time.perf_counter() - start
            rows.append({"concurrency": level, "cases": CASES, "seconds": round(seconds, 2),
                         "cases_per_second": round(CASES / seconds, 2), "status": log.status,
                         "results_digest": log.suites["slow"].results_digest})
    speedups(rows)
    print(f"{CASES} cases against a loopback endpoint sleeping {DELAY * 1000:.0f} ms per request")
    print(f"{'concurrency':>11}  {'seconds':>8}  {'cases/s':>8}  {'speed-up':>8}  identical")
    for row in rows:
        print(f"{row['concurrency']:>11}  {row['seconds']:>8.2f}  {row['cases_per_second']:>8.2f}  "
              f"{row['speedup']:>7.2f}×  {row['identical_to_serial']}")
    write_result("concurrency", {"cases": CASES, "delay_ms": DELAY * 1000, "runs": rows})


if __name__ == "__main__":
    main()
