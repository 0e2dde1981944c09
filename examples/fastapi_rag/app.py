"""A small RAG service of the kind ragbench evaluates through its ``http`` target: FastAPI,
BM25 over a folder of Markdown and text files, an extractive answer with numbered sources.
It knows nothing of ragbench.

    DOCS=goldensets/kb-en/docs uvicorn examples.fastapi_rag.app:app --port 8001
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import bm25s
from fastapi import FastAPI
from pydantic import BaseModel

DOCS = Path(os.environ.get("DOCS", "goldensets/kb-en/docs"))
MIN_SCORE = float(os.environ.get("MIN_SCORE", "2.0"))

paths = sorted(p for p in DOCS.iterdir() if p.suffix in (".md", ".txt"))
texts = [p.read_text(encoding="utf-8") for p in paths]
ids = [p.stem for p in paths]
retriever = bm25s.BM25()
retriever.index(bm25s.tokenize(texts, stopwords="en", show_progress=False), show_progress=False)

app = FastAPI(title="my RAG")


class Question(BaseModel):
    question: str
    history: list[dict] = []
    min_score: float | None = None     # a caller may set the refusal threshold per request


@app.post("/ask")
def ask(q: Question) -> dict:
    query = " ".join([t["content"] for t in q.history if t.get("role") == "user"][-1:] + [q.question])
    docs, scores = retriever.retrieve(bm25s.tokenize([query], stopwords="en", show_progress=False), k=3,
                                      show_progress=False)
    hits = [(int(d), float(s)) for d, s in zip(docs[0], scores[0], strict=True) if s > 0]
    if not hits or hits[0][1] < (MIN_SCORE if q.min_score is None else q.min_score):
        return {"answer": "Sorry, I cannot answer that from our documents.", "refused": True, "sources": []}
    words = set(re.findall(r"\w+", q.question.lower()))
    sentences = re.split(r"(?<=[.!?])\s+|\n+", texts[hits[0][0]])
    best = max(sentences, key=lambda s: len(words & set(re.findall(r"\w+", s.lower()))))
    return {"answer": f"{best.strip()} [1]", "refused": False,
            "sources": [{"doc_id": ids[i], "text": texts[i][:500], "score": s} for i, s in hits],
            "citations": [{"number": 1, "doc_id": ids[hits[0][0]]}]}
