"""Concurrency against a slow endpoint: 200 cases through the ``http`` target against a loopback
server that sleeps 200 ms per request, at concurrency 1, 4 and 16. Prints the wall time, the
cases per second, the speed-up over serial, and whether every run's per-case results are
identical (results digest); writes the figures to reports/perf/concurrency.json."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perf._scifact import write_result  # noqa: E402

CASES = 200
DELAY = 0.2
LEVELS = (1, 4, 16)


class Slow(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None: ...

    def do_POST(self) -> None:  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        time.sleep(DELAY)
        n = int(body["case"].split("-")[1])
        doc = f"doc{n % 10}"
        payload = json.dumps({"answer": f"Answer {n} from {doc} [1]", "refused": n % 7 == 0,
                              "sources": [{"doc_id": doc, "text": f"text {n}"}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


def project(root: Path, url: str) -> Path:
    docs = root / "suite" / "docs"
    docs.mkdir(parents=True)
    for i in range(10):
        (docs / f"doc{i}.md").write_text(f"# Doc {i}\n\nThe fact number {i} is {i * 7}.", encoding="utf-8")
    cases = [{"id": f"c-{n}", "question": f"What is fact {n % 10}?",
              **({"expect": "refuse"} if n % 7 == 0 else {"expected_docs": [f"doc{n % 10}"]})} for n in range(CASES)]
    (root / "suite" / "cases.jsonl").write_text("\n".join(json.dumps(c) for c in cases), encoding="utf-8")
    (root / "suite" / "suite.yaml").write_text("name: slow\nlanguage: en\ncorpus: docs\ncases: cases.jsonl\n",
                                               encoding="utf-8")
    config = root / "config.yaml"
    config.write_text(f"""name: slow
suites: ['{root / "suite" / "suite.yaml"}']
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

    server = ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        os.environ["RAGBENCH_WORKDIR"] = str(root / "work")
        config = project(root, f"http://127.0.0.1:{server.server_address[1]}/ask")
        for level in LEVELS:
            start = time.perf_counter()
            _, log = run(config, [f"concurrency={level}"], out_root=root / "runs", progress=False)
            seconds = time.perf_counter() - start
            rows.append({"concurrency": level, "cases": CASES, "seconds": round(seconds, 2),
                         "cases_per_second": round(CASES / seconds, 2), "status": log.status,
                         "results_digest": log.suites["slow"].results_digest})
    server.shutdown()
    serial = rows[0]["seconds"]
    for row in rows:
        row["speedup"] = round(serial / row["seconds"], 2)
        row["identical_to_serial"] = row["results_digest"] == rows[0]["results_digest"]
    print(f"{CASES} cases against a loopback endpoint sleeping {DELAY * 1000:.0f} ms per request")
    print(f"{'concurrency':>11}  {'seconds':>8}  {'cases/s':>8}  {'speed-up':>8}  identical")
    for row in rows:
        print(f"{row['concurrency']:>11}  {row['seconds']:>8.2f}  {row['cases_per_second']:>8.2f}  "
              f"{row['speedup']:>7.2f}×  {row['identical_to_serial']}")
    write_result("concurrency", {"cases": CASES, "delay_ms": DELAY * 1000, "runs": rows})


if __name__ == "__main__":
    main()
