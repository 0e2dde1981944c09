"""The attacks on ``ragbench serve`` (issue #23), each kept as a test: who may read, who may
write, what a request may cost, what survives a restart, and what an error may say."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from eval.cli import main  # noqa: E402
from eval.serve.app import build_services, create_app  # noqa: E402
from eval.serve.auth import Auth, load_auth  # noqa: E402
from rag.errors import InputError  # noqa: E402
from tests.eval.serve.test_serve import ADMIN, TOKENS, as_  # noqa: E402

SALARY = "How much does band L4 pay?"


def _app(project: Path, auth: Auth | None = None, limit: int = 1024 * 1024) -> TestClient:
    auth = auth or load_auth(None, False, {"RAGBENCH_SERVE_TOKENS": ",".join(f"{k}:{v}" for k, v in TOKENS.items())})
    return TestClient(create_app(build_services(project / "config.yaml", None), limit, auth))


@pytest.fixture
def client(project: Path) -> TestClient:
    return _app(project)


def _ask(client: TestClient, question: str, headers: dict[str, str] | None = None) -> dict:
    resp = client.post("/v1/ask", json={"question": question}, headers=headers or {})
    assert resp.status_code == 200, resp.text
    return resp.json()


def _docs(out: dict) -> set[str]:
    return {d for d, _ in out["ranking"]} | {s["doc_id"] for s in out["sources"]}


def test_no_token_asks_with_least_privilege_never_as_everyone(client: TestClient) -> None:
    anonymous = _ask(client, SALARY)
    assert "pay" not in _docs(anonymous) and anonymous["refused"]
    assert "pay" in _docs(_ask(client, SALARY, as_("hr")))


def test_the_identity_header_is_not_believed_without_proxy_mode(client: TestClient) -> None:
    assert "pay" not in _docs(_ask(client, SALARY, {"X-Ragbench-Identity": "hr"}))


def test_proxy_mode_believes_the_header_and_still_refuses_unknown_names(project: Path) -> None:
    proxied = _app(project, Auth(trust_header=True))
    assert "pay" in _docs(_ask(proxied, SALARY, {"X-Ragbench-Identity": "hr"}))
    assert proxied.post("/v1/ask", json={"question": "x"}, headers={"X-Ragbench-Identity": "root"}).status_code == 403


@pytest.mark.parametrize(("headers", "status"), [
    ({}, 401),                                                          # no credential
    ({"Authorization": "Bearer staff-token", "X-Ragbench-Request": "1"}, 403),   # not the admin
    ({"Authorization": "Bearer admin-token"}, 403),                     # a cross-site form cannot add the header
    ({"Authorization": "Bearer forged", "X-Ragbench-Request": "1"}, 401),
])
def test_writes_need_the_admin_role_and_the_custom_header(client: TestClient, headers: dict, status: int) -> None:
    doc = b"# Pay\n\nBand L4 pays 1 USD."            # would replace the HR-only salary document
    side = b"department: null\n"                       # and make it public
    resp = client.post("/v1/documents", headers=headers, files={"file": ("pay.md", doc), "sidecar": ("s.yaml", side)})
    assert resp.status_code == status
    assert client.delete("/v1/documents/pay", headers=headers).status_code == status
    hr = _ask(client, SALARY, as_("hr"))
    assert "150,000" in hr["answer"] and "pay" not in _docs(_ask(client, SALARY, as_("staff")))


def test_a_form_post_from_another_site_changes_nothing(client: TestClient) -> None:
    """What a no-cors multipart POST from a web page can send: no Authorization, no custom header."""
    resp = client.post("/v1/documents", files={"file": ("pay.md", b"public now")},
                       headers={"Origin": "http://evil.example", "Content-Type": "multipart/form-data; boundary=x"})
    assert resp.status_code in (401, 422) and "pay" not in _docs(_ask(client, SALARY))


def test_delete_matches_a_document_id_only(client: TestClient, project: Path) -> None:
    upload = client.post("/v1/documents", headers=ADMIN, files={
        "file": ("notice.md", b"# Notice\n\nThe office closes at 6 pm on Fridays."),
        "sidecar": ("s.yaml", b"document_id: office-notice\n")})
    assert upload.status_code == 200 and upload.json()["documents"] == ["office-notice"]
    assert client.delete("/v1/documents/notice", headers=ADMIN).status_code == 404    # a stem, not an id
    assert client.delete("/v1/documents/office-notice", headers=ADMIN).status_code == 200


def test_the_listing_shows_only_what_the_asker_may_see_with_titles(client: TestClient) -> None:
    staff = client.get("/v1/documents", headers=as_("staff")).json()["documents"]
    assert "pay" not in {d["id"] for d in staff} and all(d["title"] for d in staff)
    assert "pay" in {d["id"] for d in client.get("/v1/documents", headers=ADMIN).json()["documents"]}
    assert "pay" not in {d["id"] for d in client.get("/v1/documents").json()["documents"]}


def test_a_chunked_upload_over_the_limit_is_refused_while_it_streams(project: Path, monkeypatch) -> None:
    """Nothing past the limit is spooled: what the multipart parser writes to its temporary
    file is counted."""
    from starlette.datastructures import UploadFile

    client = _app(project, limit=64 * 1024)
    sent = []
    spooled = []
    real_write = UploadFile.write

    async def counting(self, data: bytes) -> None:
        spooled.append(len(data))
        await real_write(self, data)

    monkeypatch.setattr(UploadFile, "write", counting)

    def body():
        yield b'--b\r\nContent-Disposition: form-data; name="file"; filename="big.md"\r\n\r\n'
        for _ in range(400):                          # 400 × 64 KB = 25 MB, no Content-Length
            sent.append(1)
            yield b"x" * 65536
        yield b"\r\n--b--\r\n"

    resp = client.post("/v1/documents", headers={**ADMIN, "Content-Type": "multipart/form-data; boundary=b"},
                       content=body())
    assert resp.status_code == 413 and len(sent) == 400          # the client sent it all …
    assert sum(spooled) <= 64 * 1024 + 128 * 1024               # … the server kept at most the limit


def test_ask_bodies_and_histories_are_bounded_and_nothing_is_echoed(client: TestClient) -> None:
    assert client.post("/v1/ask", content=json.dumps({"question": "x" * 300_000}),
                       headers={"Content-Type": "application/json"}).status_code == 413
    turns = [{"role": "user", "content": "hello"}] * 21
    assert client.post("/v1/ask", json={"question": "x", "history": turns}).status_code == 422
    huge = client.post("/v1/ask", json={"question": "y" * 200_000})
    assert huge.status_code == 422 and len(huge.content) < 2_000 and "yyyy" not in huge.text


def test_a_lone_surrogate_is_a_422(client: TestClient) -> None:
    resp = client.post("/v1/ask", content=b'{"question": "\\ud800 pay"}', headers={"Content-Type": "application/json"})
    assert resp.status_code == 422 and "pay" not in resp.text and "Traceback" not in resp.text


def test_errors_carry_no_server_paths(client: TestClient, project: Path) -> None:
    resp = client.post("/v1/documents", headers=ADMIN,
                       files={"file": ("bad.md", b"# Bad\n\ntext"), "sidecar": ("s.yaml", b"clearance: -3\n")})
    assert resp.status_code == 422 and str(project) not in resp.text and "Error" not in resp.text


def test_a_yaml_alias_bomb_is_refused_before_it_expands(client: TestClient) -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{n}: &{n} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n" for p, n in zip("abcdefg", "bcdefgh", strict=True))
    resp = client.post("/v1/documents", headers=ADMIN, files={"file": ("bomb.md", b"# B\n\ntext"),
                                                              "sidecar": ("s.yaml", bomb.encode())})
    assert resp.status_code == 422 and "expands" in resp.text


def test_a_docx_bomb_is_refused_with_its_reason(client: TestClient) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("word/document.xml", "<w:document>" + "<w:p/>" * 3_000_000 + "</w:document>")
    assert len(buf.getvalue()) < 200_000
    out = client.post("/v1/documents", headers=ADMIN, files={"file": ("bomb.docx", buf.getvalue())}).json()
    assert out["status"] == "refused" and "expands to" in out["reason"]


def test_a_random_pdf_reports_the_loader_s_reason(client: TestClient) -> None:
    out = client.post("/v1/documents", headers=ADMIN, files={"file": ("junk.pdf", bytes(range(256)) * 8)}).json()
    assert out["status"] == "refused" and "corrupt PDF" in out["reason"]


def test_uploads_survive_a_restart_and_a_second_server_is_refused(project: Path) -> None:
    services = build_services(project / "config.yaml", None)
    client = TestClient(create_app(services, 1024 * 1024, load_auth(None, False, {"RAGBENCH_SERVE_TOKENS": "admin:a"})))
    admin = {"Authorization": "Bearer a", "X-Ragbench-Request": "1"}
    assert client.post("/v1/documents", headers=admin, files={
        "file": ("parking.md", b"# Parking\n\nParking costs 12 GBP a day.")}).status_code == 200
    assert client.delete("/v1/documents/meals", headers=admin).status_code == 200
    with pytest.raises(InputError, match="another ragbench serve"):
        build_services(project / "config.yaml", None)
    for s in services.values():
        s.close()
    again = build_services(project / "config.yaml", None)["tiny"]
    ids = {d["id"] for d in again.documents()}
    assert "parking" in ids and "meals" not in ids
    journal = [json.loads(line) for line in (again.folder / "journal.jsonl").read_text().splitlines()]
    assert [j["op"] for j in journal] == ["seeded", "upload", "delete"]


def test_superseded_index_versions_are_collected(client: TestClient, project: Path) -> None:
    for i in range(6):
        assert client.post("/v1/documents", headers=ADMIN, files={
            "file": (f"note{i}.md", f"# Note {i}\n\nNote number {i} says {i * 11}.".encode())}).status_code == 200
    versions = json.loads((project / "work" / "serve" / "tiny" / "versions.json").read_text())
    assert len(versions) == 3
    chunks = {p.name for p in (project / "work" / "indexes" / "chunks").iterdir() if not p.name.startswith(".")}
    assert len(chunks) <= 3 + 2           # the kept versions, the golden suite's and the first served one at most


@pytest.mark.parametrize("args", [["--port", "99999"], ["--port", "0"], ["--max-upload-mb", "-1"],
                                  ["--max-upload-mb", "nan"]])
def test_ports_and_limits_are_checked(project: Path, args: list[str]) -> None:
    with pytest.raises(SystemExit) as err:
        main(["serve", str(project / "config.yaml"), *args])
    assert err.value.code == 2


def test_another_address_without_tokens_is_refused(project: Path, monkeypatch, capsys) -> None:
    monkeypatch.delenv("RAGBENCH_SERVE_TOKENS", raising=False)
    assert main(["serve", str(project / "config.yaml"), "--host", "0.0.0.0"]) == 2
    assert "configure tokens" in capsys.readouterr().err


def test_a_docx_bomb_under_another_part_name_is_refused_too(client: TestClient) -> None:
    """The main document may be any part the relationships name: every part is counted."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("word/document.BIN", "<w:p/>" * 3_000_000)
    out = client.post("/v1/documents", headers=ADMIN, files={"file": ("bomb.docx", buf.getvalue())}).json()
    assert out["status"] == "refused" and "deflate more than" in out["reason"]


def test_a_corpus_emptied_by_deletes_stays_empty_after_a_restart(project: Path) -> None:
    services = build_services(project / "config.yaml", None)
    client = TestClient(create_app(services, 1024 * 1024, load_auth(None, False, {"RAGBENCH_SERVE_TOKENS": "admin:a"})))
    admin = {"Authorization": "Bearer a", "X-Ragbench-Request": "1"}
    for doc in ("hotel", "meals", "pay", "widget"):
        assert client.delete(f"/v1/documents/{doc}", headers=admin).status_code == 200
    for s in services.values():
        s.close()
    again = build_services(project / "config.yaml", None)["tiny"]
    assert again.documents() == []                                       # not re-seeded with the golden corpus


def test_errors_never_echo_more_than_a_few_characters(client: TestClient) -> None:
    key = "<script>" + "K" * 200_000
    for resp in (client.post("/v1/ask", json={"question": "x", key: 1}),
                 client.post("/v1/ask", json={"question": "x", "suite": "<img src=x>" + "S" * 200_000}),
                 client.post("/v1/ask", json={"question": "x"}, headers={**ADMIN, "X-Ragbench-Identity": "I" * 5000})):
        assert resp.status_code in (403, 404, 422) and len(resp.content) < 1_000, resp.status_code


def test_a_write_is_refused_before_anything_about_the_suite_is_said(client: TestClient) -> None:
    resp = client.post("/v1/documents", data={"suite": "no-such-suite"}, files={"file": ("x.md", b"x")})
    assert resp.status_code == 401 and "tiny" not in resp.text


def test_deep_and_duplicate_yaml_in_a_sidecar_are_refused_not_a_500(client: TestClient) -> None:
    deep = ("a: " + "[" * 20_000 + "]" * 20_000 + "\n").encode()
    resp = client.post("/v1/documents", headers=ADMIN, files={"file": ("d.md", b"# D\n\ntext"), "sidecar": ("s.yaml", deep)})
    assert resp.status_code in (413, 422)
    twice = b"department: hr\ndepartment: null\n"           # which one holds? never guess access labels
    resp = client.post("/v1/documents", headers=ADMIN, files={"file": ("e.md", b"# E\n\ntext"), "sidecar": ("s.yaml", twice)})
    assert resp.status_code == 422 and "appears twice" in resp.text
    big = client.post("/v1/documents", headers=ADMIN, files={"file": ("f.md", b"# F"), "sidecar": ("s.yaml", b"x" * 70_000)})
    assert big.status_code == 413 and "sidecar" in big.text


@pytest.mark.slow
def test_a_real_server_bounds_request_headers(project: Path, tmp_path: Path) -> None:
    import sys

    import httpx

    from tests.servers import free_port, running

    port = free_port()
    command = [sys.executable, "-m", "eval.cli", "serve", str(project / "config.yaml"), "--port", str(port)]
    with running(command, f"http://127.0.0.1:{port}/healthz", env={"RAGBENCH_SERVE_TOKENS": "admin:a"}):
        try:   # refused with a 4xx, or the connection dropped: either way never read in full
            huge = httpx.post(f"http://127.0.0.1:{port}/v1/ask", json={"question": "x"},
                              headers={"X-Junk": "j" * (1 << 20)}, timeout=30)
            assert huge.status_code in (400, 431)
        except (httpx.ReadError, httpx.RemoteProtocolError, httpx.WriteError):
            pass
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=30).json() == {"status": "ok"}


def test_a_suite_whose_corpus_is_one_jsonl_file_is_served(project: Path) -> None:
    """cmrc2018-negrej's layout (corpus.jsonl beside the cases): serve seeds its corpus folder
    with the one file instead of failing to copy a folder that is not there."""
    lines = [{"_id": "hotel", "title": "Hotels", "text": "The hotel cap in London is 240 USD per night."},
             {"_id": "meals", "title": "Meals", "text": "The meal allowance is 55 USD per day."}]
    (project / "suite" / "corpus.jsonl").write_text("\n".join(json.dumps(d) for d in lines), encoding="utf-8")
    cases = [{"id": "hotel", "question": "What is the hotel cap in London?", "expected_docs": ["hotel"]}]
    (project / "suite" / "cases.jsonl").write_text("\n".join(json.dumps(c) for c in cases), encoding="utf-8")
    (project / "suite" / "suite.yaml").write_text(
        "name: tiny\nlanguage: en\ncorpus: corpus.jsonl\ncases: cases.jsonl\n"
        "identities:\n  staff: {departments: [], clearance: 0}\n  hr: {departments: [hr], clearance: 3}\n", encoding="utf-8")
    client = _app(project)
    out = _ask(client, "What is the hotel cap in London?", as_("staff"))
    assert "240" in out["answer"] and {s["doc_id"] for s in out["sources"]} >= {"hotel"}
    # deleting one document must not delete the file that holds the others (it would take all of them)
    gone = client.delete("/v1/documents/hotel", headers=ADMIN)
    assert gone.status_code == 409 and "other document" in gone.json()["detail"]
    assert "240" in _ask(client, "What is the hotel cap in London?", as_("staff"))["answer"]
