"""SciFact for the benchmark scripts, from the repository's own goldensets/scifact (so `make
perf` works from a plain clone): corpus as Documents, the 300 test queries, their qrels."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from rag.types import Document

ROOT = Path(__file__).resolve().parents[1]
SCIFACT = ROOT / "goldensets" / "scifact"


def _lines(path: Path) -> list[str]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return fh.read().splitlines()


def corpus() -> list[Document]:
    docs = []
    for line in _lines(SCIFACT / "corpus" / "corpus.jsonl.gz"):
        row = json.loads(line)
        docs.append(Document(row["_id"], f"{row['title']}\n{row['text']}", row["title"], "corpus.jsonl"))
    return docs


def qrels(split: str = "test") -> dict[str, dict[str, int]]:
    name = "test.tsv" if split == "test" else "train.tsv"
    out: dict[str, dict[str, int]] = {}
    for line in (SCIFACT / "qrels" / name).read_text(encoding="utf-8").splitlines()[1:]:
        q, d, s = line.split("\t")
        out.setdefault(q, {})[d] = int(s)
    return out


def test_queries() -> dict[str, str]:
    wanted = set(qrels("test"))
    out = {}
    for line in _lines(SCIFACT / "queries.jsonl.gz"):
        row = json.loads(line)
        if row["_id"] in wanted:
            out[row["_id"]] = row["text"]
    return out


def write_result(name: str, data: dict) -> Path:
    out = ROOT / "reports" / "perf" / f"{name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return out
