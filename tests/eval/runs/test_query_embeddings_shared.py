"""A question is embedded once per embedder, whatever the variant: a second config that must
search again (another depth, another fusion) reads the query vectors from the embedding cache."""

from __future__ import annotations

import json
from pathlib import Path

from eval.runs.runner import run_config as run
from tests.eval.tune.test_tune import make_project


def caches(run_dir: Path) -> dict:
    return json.loads((run_dir / "run.json").read_text())["caches"]


def test_variants_share_query_embeddings(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    project = make_project(tmp_path)
    first, _ = run(project / "base.yaml", out_root=tmp_path / "runs", progress=False)
    embedded = caches(first)["embeddings"]["misses"]
    assert embedded >= 10 + 4        # the 10 documents, then the 4 test questions
    # a deeper dense list: the candidate cache misses, so dense searches again — with cached vectors
    second, _ = run(project / "base.yaml", ["retrievers.0.params.top_k=9", "fusion=rrf"],
                    out_root=tmp_path / "runs", progress=False)
    counted = caches(second)
    assert counted["candidates"]["misses"] == 4
    assert counted["embeddings"]["misses"] == 0 and counted["embeddings"]["hits"] >= 4
