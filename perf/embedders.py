"""Embedding speed of every offline embedder on SciFact abstracts (no cache involved)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perf._scifact import corpus, write_result  # noqa: E402
from rag.embedders import embedders  # noqa: E402

SAMPLE = {"hashing": 1000, "wordllama": 1000, "use": 300, "minilm": 200, "e5": 40}


def main() -> None:
    docs = [d.text for d in corpus()]
    rows = []
    print(f"{'embedder':<12}{'texts':>7}{'load s':>9}{'texts/s':>10}")
    for name, n in SAMPLE.items():
        emb = embedders.build(name)
        t = time.perf_counter()
        emb.embed_documents(docs[:2])  # loads the model
        load_s = time.perf_counter() - t
        t = time.perf_counter()
        emb.embed_documents(docs[2 : 2 + n])
        rate = n / (time.perf_counter() - t)
        rows.append({"embedder": emb.id, "texts": n, "load_s": round(load_s, 2), "texts_per_s": round(rate, 1)})
        print(f"{name:<12}{n:>7}{load_s:>9.2f}{rate:>10.1f}")
    print("wrote", write_result("embedders", {"rows": rows}))


if __name__ == "__main__":
    main()
