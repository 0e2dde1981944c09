"""SciFact for the benchmark scripts: corpus as Documents, the 300 test queries, qrels."""

from __future__ import annotations

import json
import os
from pathlib import Path

from rag.types import Document

ROOT = Path(__file__).resolve().parents[1]
SCIFACT = Path(os.environ.get("SCIFACT_DIR", ROOT.parent / "shared" / "benchmarks" / "scifact"))


def corpus() -> list[Document]:
    docs = []
    with (SCIFACT / "corpus.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            docs.append(Document(row["_id"], f"{row['title']}\n{row['text']}", row["title"], "corpus.jsonl"))
    return docs


def test_queries() -> dict[str, str]:
    wanted = {line.split("\t")[0] for line in (SCIFACT / "qrels" / "test.tsv").read_text().splitlines()[1:]}
    out = {}
    with (SCIFACT / "queries.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if row["_id"] in wanted:
                out[row["_id"]] = row["text"]
    return out


def qrels() -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for line in (SCIFACT / "qrels" / "test.tsv").read_text().splitlines()[1:]:
        q, d, s = line.split("\t")
        out.setdefault(q, {})[d] = int(s)
    return out


def write_result(name: str, data: dict) -> Path:
    out = ROOT / "reports" / "perf" / f"{name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return out
