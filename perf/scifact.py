"""The SciFact benchmark (``make perf``): quality of every retrieval family through
``ragbench run``, beside the published rows of BASELINES.md; the wall-time ratio of a
24-variant sweep to a single-variant run (corpus embedding cold both times); and BM25 build +
query time of rank-bm25 against bm25s. Prints a table and writes reports/perf/scifact.json.

It takes about ten minutes on 2 cores: the corpus is embedded three times on purpose (once
warm for the quality rows, then cold for each side of the sweep ratio).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perf._scifact import ROOT, corpus, qrels, test_queries, write_result  # noqa: E402

PUBLISHED = [  # BASELINES.md: (system, nDCG@10, R@100)
    ("BM25, BEIR paper (Elasticsearch)", 0.665, None),
    ("BM25 flat, Anserini (k1 0.9, b 0.4)", 0.6789, 0.9253),
    ("BM25 + CE rerank, BEIR paper", 0.688, None),
    ("all-MiniLM-L6-v2, MTEB", 0.64508, 0.925),
    ("e5-small-v2, MTEB", 0.68854, 0.92767),
    ("bge-small-en-v1.5, MTEB", 0.71273, 0.945),
    ("by hand: RRF k60 of bm25s + MiniLM", 0.7149, 0.9550),
    ("by hand: min-max convex 0.5 / 0.5", 0.7288, 0.9550),
]

VARIANTS = {
    "BM25, bm25s": ["retrievers=[{name: bm25, params: {top_k: 100}}]", "fusion=rrf"],
    "BM25, rank_bm25": ["retrievers=[{name: bm25, params: {top_k: 100}}]", "fusion=rrf", "sparse_index=rank_bm25"],
    "dense, MiniLM exact": ["retrievers=[{name: dense, params: {top_k: 100}}]", "fusion=rrf"],
    "hybrid, RRF k60": ["fusion={name: rrf, params: {k: 60}}"],
    "hybrid, convex min-max 0.5/0.5 (configs/scifact.yaml)": [],
    "hybrid, convex z-score 0.4/0.6 (best of the shipped sweep)":
        ["fusion={name: convex, params: {weights: {dense: 0.4, bm25: 0.6}, normalise: zscore}}"],
    "BM25 top-30 reranked by MiniLM (dense reranker, 0.5 blend)":
        ["retrievers=[{name: bm25, params: {top_k: 100}}]", "fusion=rrf",
         "reranker={name: dense, params: {embedder: minilm, depth: 30, weight: 0.5}}"],
    "hybrid z-score, top-30 reranked by MiniLM (0.5 blend)":
        ["fusion={name: convex, params: {weights: {dense: 0.4, bm25: 0.6}, normalise: zscore}}",
         "reranker={name: dense, params: {embedder: minilm, depth: 30, weight: 0.5}}"],
}


def quality(out: Path) -> list[dict]:
    from eval.runs.runner import run_config as run

    rows = []
    for name, overrides in VARIANTS.items():
        start = time.perf_counter()
        _, log = run(ROOT / "configs" / "scifact.yaml", overrides, out_root=out, progress=False)
        m = log.suites["scifact"].metrics
        rows.append({"system": name, "ndcg@10": round(m["ndcg@10"].value, 4), "recall@100": round(m["recall@100"].value, 4),
                     "seconds": round(time.perf_counter() - start, 1)})
        print(f"  {name:<62}{rows[-1]['ndcg@10']:>9.4f}{rows[-1]['recall@100']:>9.4f}", flush=True)
    return rows


def sweep_ratio(out: Path) -> dict:
    """Wall time of the 24-variant sweep over one variant, each with an empty workdir (so the
    corpus is embedded from scratch both times)."""
    from eval.report.sweep import write_sweep_report
    from eval.runs.runner import run_config as run
    from eval.sweeps.run import run_sweep

    timings = {}
    for label in ("single", "sweep"):
        with tempfile.TemporaryDirectory() as workdir:
            os.environ["RAGBENCH_WORKDIR"] = workdir
            start = time.perf_counter()
            if label == "single":
                run(ROOT / "configs" / "scifact.yaml", out_root=out / "single", progress=False)
            else:
                _, state = run_sweep(ROOT / "configs" / "sweep-scifact.yaml", out_root=out / "sweep", progress=False,
                                     write_report=write_sweep_report)
            timings[label] = time.perf_counter() - start
    del os.environ["RAGBENCH_WORKDIR"]
    return {"single_s": round(timings["single"], 1), "sweep_24_s": round(timings["sweep"], 1),
            "ratio": round(timings["sweep"] / timings["single"], 2), "variants": len(state["variants"]),
            "best": max(((n, c["ndcg@10"]["value"]) for n, c in state["leaderboard"][0]["variants"].items()),
                        key=lambda t: t[1])}


def bm25_speed() -> dict:
    """The libraries themselves: build an index over 5,183 abstracts and answer 300 queries."""
    import bm25s
    import rank_bm25

    from rag.tokenizers import tokenizers

    tok = tokenizers.build("english")
    docs = [tok(d.text) for d in corpus()]
    queries = [tok(q) for q in test_queries().values()]
    start = time.perf_counter()
    model = bm25s.BM25(k1=0.9, b=0.4)
    model.index(docs, show_progress=False)
    for q in queries:
        known = [t for t in q if t in model.vocab_dict]
        if known:
            model.get_scores(known)
    fast = time.perf_counter() - start
    start = time.perf_counter()
    ref = rank_bm25.BM25Okapi(docs, k1=0.9, b=0.4)
    for q in queries:
        ref.get_scores(q)
    slow = time.perf_counter() - start
    return {"bm25s_s": round(fast, 3), "rank_bm25_s": round(slow, 3), "ratio": round(slow / fast, 1)}


def main() -> None:
    assert qrels() and corpus()  # fail early when the data is missing
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        print("SciFact, 300 test queries            nDCG@10 / R@100 through `ragbench run`:")
        rows = quality(out / "quality")
        print("published and by-hand rows (BASELINES.md):")
        for name, ndcg, r100 in PUBLISHED:
            print(f"  {name:<62}{ndcg:>9.4f}{r100 if r100 is not None else float('nan'):>9.4f}")
        speed = bm25_speed()
        print(f"BM25 build + 300 queries: bm25s {speed['bm25s_s']} s, rank_bm25 {speed['rank_bm25_s']} s "
              f"→ {speed['ratio']}× faster")
        ratio = sweep_ratio(out)
        print(f"24-variant sweep {ratio['sweep_24_s']} s vs one variant {ratio['single_s']} s "
              f"(both embedding the corpus cold) → {ratio['ratio']}×; best {ratio['best'][0]} {ratio['best'][1]:.4f}")
    path = write_result("scifact", {"rows": rows, "published": PUBLISHED, "bm25_speed": speed, "sweep": ratio})
    print("wrote", path)
    print(json.dumps({"best_sweep_ndcg@10": ratio["best"][1]}))


if __name__ == "__main__":
    main()
