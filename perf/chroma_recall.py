"""Chroma (HNSW) recall against exact search on SciFact, for several ef_search values,
plus index build and query times. Embeddings come from the persistent cache after the
first run (the first embeds 5,183 abstracts with MiniLM: several minutes on 2 cores)."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perf._scifact import ROOT, corpus, qrels, test_queries, write_result  # noqa: E402
from rag.embedders import CachedEmbedder, EmbeddingCache, embedders  # noqa: E402
from rag.indexes import dense_indexes  # noqa: E402


def ndcg_recall(run: dict[str, dict[str, float]]) -> tuple[float, float]:
    import pytrec_eval

    res = pytrec_eval.RelevanceEvaluator(qrels(), {"ndcg_cut.10", "recall.100"}).evaluate(run)
    return (float(np.mean([r["ndcg_cut_10"] for r in res.values()])),
            float(np.mean([r["recall_100"] for r in res.values()])))


def main() -> None:
    docs = corpus()
    queries = test_queries()
    embedder = CachedEmbedder(embedders.build("minilm"), EmbeddingCache(ROOT / ".ragbench" / "cache" / "embeddings.sqlite"))
    t = time.perf_counter()
    vectors = embedder.embed_documents([d.text for d in docs])
    embed_s = time.perf_counter() - t
    print(f"corpus {len(docs)} docs embedded in {embed_s:.1f}s "
          f"({embedder.misses} embedded, {embedder.hits} from cache)")
    qv = embedder.embed_queries(list(queries.values()))
    ids = [d.doc_id for d in docs]

    with tempfile.TemporaryDirectory() as tmp:
        exact_dir = Path(tmp) / "exact"
        exact_dir.mkdir()
        t = time.perf_counter()
        dense_indexes.build("exact").build(exact_dir, ids, vectors, [{}] * len(ids))
        exact = dense_indexes.build("exact").open(exact_dir, ids)
        build_exact = time.perf_counter() - t
        t = time.perf_counter()
        hits = [exact.search(q, 100) for q in qv]
        exact_ms = (time.perf_counter() - t) / len(qv) * 1000
        truth = [[h.chunk_id for h in hs] for hs in hits]
        quality = ndcg_recall({q: {h.chunk_id: h.score for h in hs} for q, hs in zip(queries, hits, strict=True)})
        print(f"exact dense search: nDCG@10 {quality[0]:.4f}, R@100 {quality[1]:.4f} "
              "(MTEB all-MiniLM-L6-v2: 0.6451 / 0.925)")
        rows = [{"backend": "exact", "build_s": round(build_exact, 2), "query_ms": round(exact_ms, 2),
                 "recall@10": 1.0, "recall@100": 1.0}]
        for ef in (10, 50, 100, 200, 400):
            d = Path(tmp) / f"chroma-{ef}"
            d.mkdir()
            spec = {"name": "chroma", "params": {"ef_search": ef, "ef_construction": 200}}
            t = time.perf_counter()
            dense_indexes.build(spec).build(d, ids, vectors, [{}] * len(ids))
            build_s = time.perf_counter() - t
            searcher = dense_indexes.build(spec).open(d, ids)
            t = time.perf_counter()
            got = [[h.chunk_id for h in searcher.search(q, 100)] for q in qv]
            query_ms = (time.perf_counter() - t) / len(qv) * 1000
            r10 = np.mean([len(set(g[:10]) & set(e[:10])) / 10 for g, e in zip(got, truth, strict=True)])
            r100 = np.mean([len(set(g) & set(e)) / 100 for g, e in zip(got, truth, strict=True)])
            rows.append({"backend": f"chroma ef_search={ef}", "build_s": round(build_s, 2),
                         "query_ms": round(query_ms, 2), "recall@10": round(float(r10), 4),
                         "recall@100": round(float(r100), 4)})
    print(f"{'backend':<24}{'build s':>9}{'query ms':>10}{'R@10 vs exact':>15}{'R@100 vs exact':>16}")
    for r in rows:
        print(f"{r['backend']:<24}{r['build_s']:>9}{r['query_ms']:>10}{r['recall@10']:>15}{r['recall@100']:>16}")
    print("wrote", write_result("chroma_recall", {"embedder": embedder.id, "rows": rows,
                                                  "exact_ndcg@10": round(quality[0], 4),
                                                  "exact_recall@100": round(quality[1], 4)}))


if __name__ == "__main__":
    main()
