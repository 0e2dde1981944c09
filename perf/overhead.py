"""Per-case overhead of the harness (``make perf``): a 3,000-query retrieval suite over the
SciFact corpus (each query a document's title, that document relevant), run twice through
`ragbench run`'s runner with a fast pipeline (hashing embedder + BM25, RRF). The second run finds
its indexes and candidates cached, as every trial of a tune or variant of a sweep does.

Overhead per case = (the run's wall time − the time spent inside the target's calls) / cases:
suite loading, index opening, scoring, checkpointing, the summary with its intervals. Prints
the figures and writes reports/perf/overhead.json (target < 5 ms).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perf._scifact import SCIFACT, _lines, write_result  # noqa: E402

QUERIES = 3000


def make_suite(folder: Path) -> Path:
    rows = [json.loads(line) for line in _lines(SCIFACT / "corpus" / "corpus.jsonl.gz")]
    rows = [r for r in rows if r["title"].strip()][:QUERIES]
    (folder / "qrels").mkdir(parents=True)
    (folder / "queries.jsonl").write_text("\n".join(json.dumps({"_id": f"t{i}", "text": r["title"]})
                                                    for i, r in enumerate(rows)), encoding="utf-8")
    (folder / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\n" + "".join(
        f"t{i}\t{r['_id']}\t1\n" for i, r in enumerate(rows)), encoding="utf-8")
    corpus = SCIFACT / "corpus" / "corpus.jsonl.gz"
    (folder / "suite.yaml").write_text(
        f"name: titles\nlanguage: en\nformat: beir\ncorpus: {corpus}\nqueries: queries.jsonl\n"
        "qrels: qrels/test.tsv\n", encoding="utf-8")
    config = folder / "titles.yaml"
    config.write_text("name: titles\nsuites: [suite.yaml]\nchunker: whole\nembedder: {name: hashing, params: {dim: 256}}\n"
                      "retrievers: [{name: dense, params: {top_k: 100}}, {name: bm25, params: {top_k: 100}}]\n"
                      "fusion: rrf\nreranker: none\n", encoding="utf-8")
    return config


def measure(config: Path, out_root: Path) -> dict[str, float]:
    from eval.runs.log import CaseRecord
    from eval.runs.runner import run_config as run

    start = time.perf_counter()
    run_dir, log = run(config, out_root=out_root, progress=False)
    wall = time.perf_counter() - start
    records = [CaseRecord.model_validate_json(line)
               for line in (run_dir / "cases.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    inside = sum(r.latency_ms for r in records) / 1000
    n = len(records)
    return {"cases": n, "wall_seconds": round(wall, 2), "target_seconds": round(inside, 2),
            "target_ms_per_case": round(inside / n * 1000, 3),
            "overhead_ms_per_case": round((wall - inside) / n * 1000, 3),
            "ndcg@10": log.suites["titles"].metrics["ndcg@10"].value}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["RAGBENCH_WORKDIR"] = str(Path(tmp) / "work")
        config = make_suite(Path(tmp) / "suite")
        cold = measure(config, Path(tmp) / "runs")
        warm = measure(config, Path(tmp) / "runs")
    result = {"suite": f"{cold['cases']} SciFact titles → their abstracts", "pipeline": "hashing + BM25, RRF",
              "cold": cold, "warm": warm, "target": {"overhead_ms_per_case": 5.0}}
    out = write_result("overhead", result)
    print(f"Harness overhead on a {warm['cases']}-query retrieval suite (run wall time − time inside the target)")
    for name, r in (("cold", cold), ("warm", warm)):
        print(f"  {name}: wall {r['wall_seconds']:.1f} s, inside the target {r['target_ms_per_case']:.2f} ms/case, "
              f"overhead {r['overhead_ms_per_case']:.2f} ms/case (target < 5 ms)")
    print(f"→ {out}")


if __name__ == "__main__":
    main()
