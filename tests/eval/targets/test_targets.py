"""The http and python targets: request templates, response mapping, SSE, faults (500, 429 with
Retry-After, a hang, malformed JSON, a truncated stream), resume, secrets, and metrics a target
cannot support reported as not measurable."""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

from eval.cli import main
from eval.runs.checkpoint import read_cases
from eval.runs.log import RunLog
from eval.runs.runner import run_config as run
from eval.targets import Ask, TargetError, targets
from eval.targets.mapping import ResponseMap, render, to_reply
from rag.types import Identity

SECRET = "sk-test-DO-NOT-LEAK-4242"
EXPECTED = {"hotel": ["hotel"], "meals": ["meals"], "widget": ["widget"], "pay-hr": ["pay"],
            "pay-denied": None, "picnic": None}


def good_reply(case: str) -> dict:
    docs = EXPECTED[case]
    if docs is None:
        return {"answer": "I cannot answer that from the documents.", "refused": True, "sources": []}
    return {"answer": f"From the {docs[0]} policy [1].", "refused": False,
            "sources": [{"doc_id": d, "chunk_id": f"{d}#0", "text": f"text of {d}", "score": 1.0} for d in docs],
            "citations": [{"number": 1, "doc_id": docs[0], "chunk_id": f"{docs[0]}#0"}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5}}


class Script:
    """What the fault server does for each case, attempt by attempt; then a good reply."""

    def __init__(self, plan: dict[str, list[str]]) -> None:
        self.plan = plan
        self.attempts: Counter[str] = Counter()
        self.auth: set[str] = set()
        self.lock = threading.Lock()

    def next(self, case: str) -> str:
        with self.lock:
            n = self.attempts[case]
            self.attempts[case] += 1
        steps = self.plan.get(case, [])
        return steps[n] if n < len(steps) else "ok"


@pytest.fixture
def fault_server() -> Iterator[tuple[str, Script]]:
    script = Script({})

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None: ...

        def do_POST(self) -> None:  # noqa: N802
            body = json.loads(self.rfile.read(int(self.headers["content-length"])))
            script.auth.add(self.headers.get("authorization", ""))
            case, stream = body["case"], self.path.endswith("/stream")
            step = script.next(case)
            if step == "500":
                return self._send(500, b"internal error")
            if step == "429":
                return self._send(429, b"slow down", {"Retry-After": "0"})
            if step == "hang":
                time.sleep(1.5)
                return self._send(200, json.dumps(good_reply(case)).encode())
            if step == "malformed":
                return self._send(200, b'{"answer": "half a reply", "sources": [')
            reply = good_reply(case)
            if not stream:
                return self._send(200, json.dumps(reply).encode())
            events = [("sources", {"sources": reply["sources"]})]
            events += [("delta", {"delta": w + " "}) for w in reply["answer"].split()]
            events += [("done", {k: v for k, v in reply.items() if k != "answer"})]
            if step == "truncated":
                events = events[:2]
            payload = "".join(f"event: {e}\ndata: {json.dumps(d)}\n\n" for e, d in events).encode()
            self._send(200, payload, {"Content-Type": "text/event-stream"})

        def _send(self, status: int, payload: bytes, headers: dict[str, str] | None = None) -> None:
            self.send_response(status)
            for k, v in (headers or {"Content-Type": "application/json"}).items():
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", script
    server.shutdown()


def http_config(project: Path, url: str, stream: bool = False) -> Path:
    path = project / ("http-stream.yaml" if stream else "http.yaml")
    path.write_text(
        (project / "config.yaml").read_text(encoding="utf-8").replace("name: tiny", "name: tiny-http")
        + f"""concurrency: 3
target:
  name: http
  params:
    url: {url}/ask{'/stream' if stream else ''}
    body: {{question: "{{question}}", case: "{{case_id}}", history: "{{history}}"}}
    api_key_env: FAULT_KEY
    stream: {str(stream).lower()}
    timeout: 0.5
    max_retries: 2
    backoff: 0
    response: {{answer: answer, refused: refused, contexts: sources, citations: citations, usage: usage}}
""", encoding="utf-8")
    return path


def test_faults_end_retried_and_passed_or_as_counted_target_errors_and_resume_retries_only_those(
        project: Path, fault_server: tuple[str, Script], monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    url, script = fault_server
    monkeypatch.setenv("FAULT_KEY", SECRET)
    script.plan.update({"hotel": ["500"], "meals": ["429"], "widget": ["hang"],
                        "picnic": ["malformed"]})
    config = http_config(project, url)
    code = main(["run", str(config), "--out", str(project / "runs")])
    assert code == 3                                     # an error remains
    run_dir = next((project / "runs").glob("tiny-http-*"))
    records = {r.case_id: r for r in read_cases(run_dir)}
    assert records["picnic"].error and "not JSON" in records["picnic"].error
    assert records["picnic"].raw_response.startswith('{"answer": "half a reply"')
    for case in ("hotel", "meals", "widget", "pay-hr", "pay-denied"):
        assert records[case].error is None and records[case].passed, case
    assert script.attempts["hotel"] == 2 and script.attempts["meals"] == 2 and script.attempts["widget"] >= 2
    log = RunLog.read(run_dir)
    assert log.status == "incomplete" and log.suites["tiny"].errors == 1
    assert script.auth == {f"Bearer {SECRET}"}           # the key was sent ...
    for name in ("run.json", "cases.jsonl", "report.html"):  # ... and written nowhere
        assert SECRET not in (run_dir / name).read_text(encoding="utf-8")
    assert SECRET not in capsys.readouterr().out

    before = Counter(script.attempts)
    assert main(["run", str(config), "--out", str(project / "runs"), "--resume", str(run_dir)]) == 0
    asked = {c for c in script.attempts if script.attempts[c] != before[c]}
    assert asked == {"picnic"}                           # only the failed case was asked again
    assert RunLog.read(run_dir).status == "complete"
    assert all(r.passed for r in read_cases(run_dir))


def test_sse_stream_measures_ttft_and_a_truncated_stream_is_a_target_error(
        project: Path, fault_server: tuple[str, Script], monkeypatch: pytest.MonkeyPatch) -> None:
    url, script = fault_server
    monkeypatch.setenv("FAULT_KEY", SECRET)
    script.plan.update({"meals": ["truncated"]})
    _, log = run(http_config(project, url, stream=True), out_root=project / "runs", progress=False)
    records = {r.case_id: r for r in read_cases(Path(project / "runs").glob("tiny-http-*").__next__())}
    assert "ended before" in records["meals"].error and "event: sources" in records["meals"].raw_response
    hotel = records["hotel"]
    assert hotel.error is None and hotel.passed and hotel.answer == "From the hotel policy [1]. "
    assert hotel.ttft_ms is not None and 0 < hotel.ttft_ms <= hotel.latency_ms
    assert log.suites["tiny"].errors == 1


def test_a_target_without_document_ids_makes_retrieval_metrics_not_measurable(project: Path) -> None:
    """An OpenAI-compatible chat endpoint used without retrieval: answers only."""

    def handler(request: httpx.Request) -> httpx.Response:
        question = json.loads(request.content)["messages"][-1]["content"]
        return httpx.Response(200, json={"choices": [{"message": {"content": f"About: {question}"}}],
                                         "usage": {"prompt_tokens": 7, "completion_tokens": 3}})

    target = targets.build({"name": "http", "params": {
        "url": "http://chat.test/v1/chat/completions",
        "body": {"model": "m", "messages": [{"role": "user", "content": "{question}"}]},
        "response": {"answer": "choices[0].message.content", "usage": "usage",
                     "refusal_pattern": "(?i)cannot answer"}}}, transport=httpx.MockTransport(handler))
    reply = target.bind(None, None)(Ask("What is the meal allowance?"))
    assert reply.answer == "About: What is the meal allowance?" and reply.behaviour == "answered"
    assert reply.context is None and reply.ranking is None and reply.usage == {"prompt_tokens": 7,
                                                                               "completion_tokens": 3}
    # through a whole run: measurable behaviour metrics, None (not 0) for what needs ids
    module = project / "chatbot.py"
    module.write_text("def answer(ask):\n    return {'answer': 'About: ' + ask.question, 'refused': False}\n",
                      encoding="utf-8")
    config = project / "py.yaml"
    config.write_text((project / "config.yaml").read_text(encoding="utf-8").replace("name: tiny", "name: tiny-py")
                      + f"target: {{name: python, params: {{function: '{module}:answer'}}}}\n", encoding="utf-8")
    _, log = run(config, out_root=project / "runs", progress=False)
    metrics = log.suites["tiny"].metrics
    assert metrics["refusal_accuracy"].value == pytest.approx(4 / 6)
    for name in ("hit@5", "ndcg@10", "evidence_recall", "citation_precision", "acl_leaks", "recall@retrieve",
                 "tokens"):
        assert metrics[name].value is None and metrics[name].n == 0, name


def test_python_target_matches_builtin_case_for_case(project: Path) -> None:
    """A python function that runs the reference pipeline itself gives the builtin's results."""
    module = project / "mine.py"
    module.write_text(f'''
from eval.prepare import prepare
from eval.targets.builtin import Builtin
prepared = prepare({str(project / "config.yaml")!r})
(suite,) = prepared.suites()
index, _ = prepared.index(suite)
call = Builtin(prepared).bind(suite, index)
def answer(ask):
    reply = call(ask)
    reply.stages = None
    reply.trace = []
    return reply
''', encoding="utf-8")
    config = project / "py.yaml"
    config.write_text((project / "config.yaml").read_text(encoding="utf-8").replace("name: tiny", "name: tiny-py")
                      + f"target: {{name: python, params: {{function: '{module}:answer'}}}}\n", encoding="utf-8")
    base_dir, _ = run(project / "config.yaml", out_root=project / "runs", progress=False)
    py_dir, _ = run(config, out_root=project / "runs", progress=False)
    base, mine = read_cases(base_dir), read_cases(py_dir)
    assert [(r.case_id, r.passed, r.answer, r.ranking) for r in base] == \
        [(r.case_id, r.passed, r.answer, r.ranking) for r in mine]


def test_python_target_exceptions_are_target_errors(project: Path) -> None:
    module = project / "broken.py"
    module.write_text("def answer(ask):\n    raise RuntimeError('chain exploded')\n", encoding="utf-8")
    target = targets.build({"name": "python", "params": {"function": f"{module}:answer"}})
    with pytest.raises(TargetError, match="chain exploded") as err:
        target.bind(None, None)(Ask("q"))
    assert "Traceback" in err.value.raw


@pytest.mark.parametrize("ref, message", [("nocolon", "module:function"), ("/nope/x.py:f", "does not exist"),
                                          ("json:nothing_here", "no function")])
def test_python_target_bad_reference_is_a_config_error(ref: str, message: str) -> None:
    from rag.errors import ConfigError

    with pytest.raises(ConfigError, match=message):
        targets.build({"name": "python", "params": {"function": ref}})


def test_request_template_fills_history_identity_and_text() -> None:
    ask = Ask("那经理呢？", ({"role": "user", "content": "住宿标准？"},), Identity("hr", ("hr",), 3), "c1", "kb-zh", "zh")
    body = render({"q": "{question}", "h": "{history}", "who": "{identity}", "text": "[{suite}/{case_id}] {question}",
                   "n": 3}, ask)
    assert body == {"q": "那经理呢？", "h": [{"role": "user", "content": "住宿标准？"}], "who": "hr",
                    "text": "[kb-zh/c1] 那经理呢？", "n": 3}
    assert render("{identity}", Ask("q")) is None


def test_response_mapping_reads_nested_paths_and_rejects_malformed_replies() -> None:
    m = ResponseMap(answer="$.data.answer", contexts="data.docs[*]", context_doc_id="meta.id",
                    context_text="content", behaviour="data.status")
    data = {"data": {"answer": "ok", "status": "refused",
                     "docs": [{"meta": {"id": "a"}, "content": "A"}, {"meta": {"id": "b"}, "content": "B"}]}}
    reply = to_reply(data, m, "raw")
    assert reply.answer == "ok" and reply.behaviour == "refused"
    assert [(c["doc_id"], c["text"]) for c in reply.context] == [("a", "A"), ("b", "B")]
    with pytest.raises(TargetError, match="no answer"):
        to_reply({"data": {}}, m, "raw")
    with pytest.raises(TargetError, match="reported an error"):
        to_reply({"error": "quota exceeded", "answer": ""}, ResponseMap(), "raw")


def test_rate_limit_spaces_requests() -> None:
    from eval.targets.http import RateLimit

    now, waits = [10.0], []   # a fake clock: three callers arrive at the same instant
    limiter = RateLimit(1000.0, clock=lambda: now[0], sleep=waits.append)
    for _ in range(3):
        limiter()
    assert waits == [pytest.approx(0.001), pytest.approx(0.002)]   # the 2nd waits one slot, the 3rd two
    now[0] = 20.0                                                  # after a pause nobody waits
    limiter()
    assert len(waits) == 2


def test_missing_api_key_env_is_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from rag.errors import ConfigError

    monkeypatch.delenv("NOPE_KEY", raising=False)
    with pytest.raises(ConfigError, match="NOPE_KEY"):
        targets.build({"name": "http", "params": {"url": "http://x", "api_key_env": "NOPE_KEY"}})


def test_triage_of_a_target_without_stages_says_not_in_context(project: Path) -> None:
    """Without a stage trace, a missing expected document is labelled for what is known: it was
    not in the context. It is never taken for a refusal with the evidence present."""
    module = project / "blind.py"
    module.write_text("def answer(ask):\n    return {'answer': 'No idea.', 'refused': True,\n"
                      "            'contexts': [{'text': 'x', 'doc_id': 'widget'}]}\n", encoding="utf-8")
    config = project / "blind.yaml"
    config.write_text((project / "config.yaml").read_text(encoding="utf-8").replace("name: tiny", "name: blind")
                      + f"target: {{name: python, params: {{function: '{module}:answer'}}}}\n", encoding="utf-8")
    run_dir, _ = run(config, out_root=project / "runs", progress=False)
    labels = {r.case_id: r.labels.get("primary") for r in read_cases(run_dir)}
    assert labels["meals"] == "not_in_context" and labels["hotel"] == "not_in_context"
    assert labels["widget"] == "wrong_refusal"      # its document was in the context
    assert labels["picnic"] is None                 # refused, as expected


@pytest.mark.parametrize("response, line, message", [
    ("      answr: x\n", 8, "Extra inputs"), ('      answer: "choices[0"\n', 8, "not a JSONPath")])
def test_a_bad_response_mapping_fails_validation_with_file_and_line(project: Path, response: str, line: int,
                                                                    message: str, capsys) -> None:
    config = project / "bad.yaml"
    config.write_text(f"name: bad\nsuites: ['{project / 'suite' / 'suite.yaml'}']\ntarget:\n  name: http\n"
                      f"  params:\n    url: http://x\n    response:\n{response}", encoding="utf-8")
    assert main(["validate", str(config)]) == 2
    err = capsys.readouterr().err
    assert f"bad.yaml:{line}:" in err and message in err


def test_a_target_that_cannot_be_built_writes_nothing(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOPE_KEY", raising=False)
    config = project / "nokey.yaml"
    config.write_text((project / "config.yaml").read_text(encoding="utf-8") +
                      "target: {name: http, params: {url: 'http://x', api_key_env: NOPE_KEY}}\n", encoding="utf-8")
    assert main(["run", str(config), "--out", str(project / "runs")]) == 2
    assert not (project / "runs").exists()
