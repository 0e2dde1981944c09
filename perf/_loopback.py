"""A real HTTP server on 127.0.0.1 for the benchmark scripts, and the speed-up table they share."""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class JsonHandler(BaseHTTPRequestHandler):
    """A quiet handler that reads a JSON body and answers JSON."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None: ...

    def body(self) -> Any:
        return json.loads(self.rfile.read(int(self.headers["content-length"])))

    def reply(self, data: Any) -> None:
        payload = json.dumps(data).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


@contextlib.contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """``http://127.0.0.1:PORT`` served by ``handler`` on threads, until the block ends."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def speedups(rows: list[dict[str, Any]]) -> None:
    """Each row's speed-up over the first (serial) and whether its results digest equals it."""
    serial = rows[0]["seconds"]
    for row in rows:
        row["speedup"] = round(serial / row["seconds"], 2)
        row["identical_to_serial"] = row["results_digest"] == rows[0]["results_digest"]


def write_suite(root: Path, name: str, docs: dict[str, str], cases: list[dict[str, Any]]) -> Path:
    """A suite folder under ``root``: the documents (file name → Markdown) and the cases."""
    folder = root / "suite"
    (folder / "docs").mkdir(parents=True)
    for file, text in docs.items():
        (folder / "docs" / file).write_text(text, encoding="utf-8")
    (folder / "cases.jsonl").write_text("\n".join(json.dumps(c) for c in cases), encoding="utf-8")
    (folder / "suite.yaml").write_text(f"name: {name}\nlanguage: en\ncorpus: docs\ncases: cases.jsonl\n",
                                       encoding="utf-8")
    return folder / "suite.yaml"
