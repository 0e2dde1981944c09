"""Chroma as a server: a real ``chroma run`` on the loopback, started by the test, holds the
dense index through ``HttpClient``; its results equal the exact index's, and two configs whose
indexes differ never share a collection."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip("chromadb")

from eval.runs.checkpoint import read_cases  # noqa: E402
from eval.runs.runner import run_config as run  # noqa: E402
from tests.servers import free_port, running  # noqa: E402

CHROMA = shutil.which("chroma") or str(Path(sys.executable).parent / "chroma")


@pytest.fixture
def chroma_server(tmp_path: Path):
    if not Path(CHROMA).is_file():
        pytest.skip("the chroma CLI is not installed")
    port = free_port()
    command = [CHROMA, "run", "--path", str(tmp_path / "chroma-data"), "--host", "127.0.0.1", "--port", str(port)]
    with running(command, f"http://127.0.0.1:{port}/api/v2/heartbeat"):
        yield port


def _rankings(run_dir: Path) -> dict:
    return {r.case_id: [d for d, _ in r.ranking] for r in read_cases(run_dir)}


def test_a_chroma_server_gives_the_exact_index_s_results(project: Path, chroma_server: int) -> None:
    dense_only = ["retrievers=[{name: dense, params: {top_k: 10}}]"]
    exact_dir, _ = run(project / "config.yaml", [*dense_only, "dense_index=exact"], out_root=project / "runs",
                       progress=False)
    server = f"dense_index={{name: chroma, params: {{host: 127.0.0.1, port: {chroma_server}}}}}"
    served_dir, log = run(project / "config.yaml", [*dense_only, server], out_root=project / "runs", progress=False)
    assert log.status == "complete" and _rankings(served_dir) == _rankings(exact_dir)

    import chromadb

    client = chromadb.HttpClient(host="127.0.0.1", port=chroma_server)
    names = {c.name for c in client.list_collections()}
    assert names == {f"ragbench-{log.indexes['tiny']['dense']}"}             # one collection per index key
    other, log2 = run(project / "config.yaml", [*dense_only, server, "embedder={name: hashing, params: {dim: 128}}"],
                      out_root=project / "runs", progress=False)
    assert len({c.name for c in client.list_collections()}) == 2 and log2.indexes["tiny"]["dense"] != \
        log.indexes["tiny"]["dense"]


def test_no_chroma_server_is_one_line(project: Path, capsys) -> None:
    from eval.cli import main

    port = free_port()
    args = ["run", str(project / "config.yaml"), "-P", f"dense_index={{name: chroma, params: {{host: 127.0.0.1, port: {port}}}}}",
            "--out", str(project / "runs")]
    assert main(args) == 3
    err = capsys.readouterr().err
    assert f"no Chroma server answers at 127.0.0.1:{port}" in err and "Traceback" not in err
