"""BM25 on SciFact: build + query time of bm25s and rank_bm25, and nDCG@10 / R@100 of each
(pytrec_eval) on the 300 test queries, to check tokenization against published numbers."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perf._scifact import corpus, qrels, test_queries, write_result  # noqa: E402
from rag.indexes import sparse_indexes  # noqa: E402
from rag.tokenizers import tokenizers  # noqa: E402


def main() -> None:
    import pytrec_eval

    docs = corpus()
    queries = test_queries()
    tok = tokenizers.build("english")
    t = time.perf_counter()
    tokens = [tok(d.text) for d in docs]
    q_tokens = {q: tok(text) for q, text in queries.items()}
    tok_s = time.perf_counter() - t
    ids = [d.doc_id for d in docs]
    rows = []
    for name in ("bm25s", "rank_bm25"):
        with tempfile.TemporaryDirectory() as tmp:
            t = time.perf_counter()
            backend = sparse_indexes.build(name)
            backend.build(Path(tmp), ids, tokens)
            searcher = backend.open(Path(tmp), ids)
            build_s = time.perf_counter() - t
            t = time.perf_counter()
            run = {q: {h.chunk_id: h.score for h in searcher.search(toks, 100)} for q, toks in q_tokens.items()}
            query_s = time.perf_counter() - t
        ev = pytrec_eval.RelevanceEvaluator(qrels(), {"ndcg_cut.10", "recall.100"})
        res = ev.evaluate(run)
        ndcg = sum(r["ndcg_cut_10"] for r in res.values()) / len(res)
        r100 = sum(r["recall_100"] for r in res.values()) / len(res)
        rows.append({"backend": name, "build_s": round(build_s, 3), "query_s_300": round(query_s, 3),
                     "ndcg@10": round(ndcg, 4), "recall@100": round(r100, 4)})
    print(f"tokenizing corpus + queries: {tok_s:.1f}s")
    print(f"{'backend':<11}{'build s':>9}{'300 queries s':>15}{'nDCG@10':>9}{'R@100':>8}")
    for r in rows:
        print(f"{r['backend']:<11}{r['build_s']:>9}{r['query_s_300']:>15}{r['ndcg@10']:>9}{r['recall@100']:>8}")
    a, b = rows
    ratio = (b["build_s"] + b["query_s_300"]) / (a["build_s"] + a["query_s_300"])
    print(f"rank_bm25 / bm25s build+query time: {ratio:.1f}x")
    print("wrote", write_result("bm25", {"rows": rows, "tokenize_s": round(tok_s, 2), "speedup": round(ratio, 1)}))


if __name__ == "__main__":
    main()
