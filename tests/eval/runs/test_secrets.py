"""A target that echoes its request headers never gets the API key into cases.jsonl, the report
or the run log: the key is redacted wherever outside text lands in a record."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from eval.cli import main
from eval.runs.secrets import redact, secrets_of

KEY = "sk-live-0123456789abcdef"


class Echo(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None: ...

    def do_POST(self) -> None:  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        headers = dict(self.headers.items())
        if "fail" in body["question"]:   # an error body that echoes the request, Authorization included
            payload, status = json.dumps({"error": "bad request", "request_headers": headers}).encode(), 500
        else:
            payload, status = json.dumps({"answer": f"You sent {headers.get('Authorization')}"}).encode(), 200
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


def test_an_echoed_api_key_is_stored_nowhere(project: Path, monkeypatch, capsys) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setenv("ECHO_KEY", KEY)
    cases = project / "suite" / "cases.jsonl"
    cases.write_text('{"id": "ok", "question": "What is the hotel cap?", "expected_docs": ["hotel"]}\n'
                     '{"id": "broken", "question": "please fail", "expected_docs": ["hotel"]}\n', encoding="utf-8")
    config = project / "echo.yaml"
    config.write_text((project / "config.yaml").read_text(encoding="utf-8").replace("name: tiny", "name: echo")
                      + f"target: {{name: http, params: {{url: 'http://127.0.0.1:{server.server_address[1]}/ask', "
                      "api_key_env: ECHO_KEY, max_retries: 0, headers: {X-Api-Key: 'hdr-secret-value'}}}\n",
                      encoding="utf-8")
    assert main(["run", str(config), "--out", str(project / "runs")]) == 3     # the broken case is a target error
    server.shutdown()
    run_dir = next((project / "runs").iterdir())
    stored = "".join(p.read_text(encoding="utf-8") for p in run_dir.iterdir() if p.is_file())
    printed = "".join(capsys.readouterr())
    assert KEY not in stored and KEY not in printed and "hdr-secret-value" not in stored
    assert "[redacted]" in stored                                                # it was there, and was replaced


def test_secrets_are_found_in_every_component_and_replaced_longest_first() -> None:
    config = {"target": {"params": {"api_key_env": "A", "headers": {"Authorization": "Bearer tok-123456"}}},
              "judge": [{"params": {"api_key_env": "B"}}]}
    found = secrets_of(config, {"A": "aaaaaaaa-long", "B": "bbbbbbbb"})
    assert set(found) == {"aaaaaaaa-long", "bbbbbbbb", "Bearer tok-123456", "tok-123456"}
    assert redact("key aaaaaaaa-long and Bearer tok-123456", found) == "key [redacted] and [redacted]"
