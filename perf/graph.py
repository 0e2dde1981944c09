"""The entity graph on SciFact (5,183 abstracts, one chunk each): how long finding the titles a text mentions takes
with the Aho–Corasick automaton (the default) and with one substring search per title (``matcher="scan"``), over the
same texts, and that both find the same documents. The scan reads a sample of 500 abstracts (all 5,183 would take
minutes); the automaton reads them all, and the 300 test claims as queries."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perf._scifact import corpus, test_queries, write_result  # noqa: E402
from rag.indexes.graph import Graph, title_names  # noqa: E402

SAMPLE = 500


def main() -> None:
    docs = corpus()
    chunks = [SimpleNamespace(chunk_id=f"{d.doc_id}#0", doc_id=d.doc_id, title=d.title, text=d.text) for d in docs]
    t = time.perf_counter()
    names = title_names(chunks)
    names_s = time.perf_counter() - t
    sample = random.Random(0).sample(chunks, SAMPLE)
    rows = {}
    found = {}
    for matcher in ("automaton", "scan"):
        graph = Graph([], build=False, matcher=matcher)
        graph.titles = names
        t = time.perf_counter()
        graph.entities("warm up")   # the automaton is built on first use
        setup_s = time.perf_counter() - t
        t = time.perf_counter()
        found[matcher] = [graph.entities(c.text, c.doc_id) for c in sample]
        per_chunk_ms = (time.perf_counter() - t) / SAMPLE * 1000
        t = time.perf_counter()
        for text in test_queries().values():
            graph.entities(text)
        per_query_ms = (time.perf_counter() - t) / 300 * 1000
        rows[matcher] = {"setup_s": round(setup_s, 3), "ms_per_chunk": round(per_chunk_ms, 3),
                         "ms_per_query": round(per_query_ms, 3),
                         "all_chunks_s": round(per_chunk_ms * len(chunks) / 1000, 1)}
    same = found["automaton"] == found["scan"]
    links = sum(len(e) for e in found["automaton"]) / SAMPLE
    print(f"SciFact: {len(docs)} abstracts, {len(names)} title names ({names_s:.2f}s); "
          f"{links:.2f} document links per abstract; both matchers find the same: {same}")
    print(f"{'matcher':<11}{'setup s':>9}{'ms/chunk':>10}{'ms/query':>10}{'all chunks s':>14}")
    for matcher, r in rows.items():
        print(f"{matcher:<11}{r['setup_s']:>9}{r['ms_per_chunk']:>10}{r['ms_per_query']:>10}{r['all_chunks_s']:>14}")
    ratio = rows["scan"]["ms_per_chunk"] / max(rows["automaton"]["ms_per_chunk"], 1e-9)
    print(f"scan / automaton, per chunk: {ratio:.0f}x")
    if not same:
        raise SystemExit("the two matchers disagree")
    print("wrote", write_result("graph", {"abstracts": len(docs), "title_names": len(names), "links_per_abstract":
                                          round(links, 2), "rows": rows, "speedup": round(ratio, 1)}))


if __name__ == "__main__":
    main()
