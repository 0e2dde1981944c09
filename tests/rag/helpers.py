"""Small builders for query-path tests: chunks, candidates, and a SearchSpace stand-in."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from rag.embedders import embedders
from rag.indexes import top_k
from rag.tokenizers import tokenizers
from rag.types import Candidate, Chunk, ContextItem, QueryEnv, SearchHit


def chunk(cid: str, text: str = "", doc: str | None = None, **kw) -> Chunk:
    return Chunk(cid, doc or cid.split("#")[0], text or cid, 0, 0, len(text or cid), **kw)


def cands(*pairs: tuple[str, float], key: str = "x") -> list[Candidate]:
    return [Candidate(chunk(cid), score, {key: score}) for cid, score in pairs]


def item(number: int, text: str, doc: str = "d", score: float = 1.0, title: str = "T") -> ContextItem:
    return ContextItem(number, f"{doc}#{number}", doc, title, (), text, score, len(text))


@dataclass
class Space:
    """A SearchSpace over given chunks: token-overlap 'dense' and BM25-free 'sparse'."""

    chunks: list[Chunk]
    language: str = "en"
    queries: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._tok = tokenizers.build("english" if self.language == "en" else "jieba")
        self._emb = embedders.build({"name": "hashing", "params": {"dim": 256}})

    @property
    def chunk_by_id(self) -> dict[str, Chunk]:
        return {c.chunk_id: c for c in self.chunks}

    def tokenize(self, text: str) -> list[str]:
        return self._tok(text)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        self.queries += texts
        return self._emb.embed_queries(texts)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self._emb.embed_documents(texts)

    def _overlap(self, query: str, allowed, k: int) -> list[SearchHit]:
        q = set(self.tokenize(query))
        scores = np.array([len(q & set(self.tokenize(c.text))) for c in self.chunks], dtype=float)
        if allowed is not None:
            scores[~allowed] = -1
        order = [i for i in np.argsort(-scores, kind="stable") if scores[i] > 0][:k]
        return [SearchHit(self.chunks[i].chunk_id, float(scores[i])) for i in order]

    def dense_search(self, query, k, allowed=None):
        vectors = self._emb.embed_documents([c.text for c in self.chunks])
        return top_k([c.chunk_id for c in self.chunks], vectors @ query, k, allowed)

    def sparse_search(self, tokens, k, allowed=None):
        return self._overlap(" ".join(tokens), allowed, k)


def env(chunks: list[Chunk], language: str = "en", chat=None, allowed=None) -> QueryEnv:
    return QueryEnv(Space(chunks, language), allowed, chat)


def part_source(root, docs: dict[str, str], part: str, order: list[str]) -> tuple[list[str], dict]:
    """``rag.part_sources.best_of_parts`` over a real (hashing + BM25) index of ``docs`` for a message whose second part is
    ``part`` and whose lists rank the documents in ``order``: the parts' best sources, and the facts it set."""
    from types import SimpleNamespace

    from rag.config import PipelineConfig
    from rag.indexing import Indexer
    from rag.part_sources import best_of_parts
    from rag.registry import ComponentSpec
    from rag.types import QueryVariant

    config = PipelineConfig(embedder=ComponentSpec(name="hashing", params={"dim": 256}),
                            retrievers=[ComponentSpec(name="bm25")])
    corpus = root / "corpus"
    corpus.mkdir(parents=True)
    for name, text in docs.items():
        (corpus / name).write_text(text, encoding="utf-8")
    language = "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in part) else "en"
    idx, _ = Indexer(root / "w").ensure("kb", corpus, config, language)
    by_doc = {c.doc_id: c for c in idx.chunks}
    ranked = [by_doc[d].chunk_id for d in order]
    retrieval = SimpleNamespace(candidates=[Candidate(by_doc[d], 1.0 - i / 10, {}) for i, d in enumerate(order)],
                                variants=[QueryVariant("whole", "original"), QueryVariant("first part", "sub"),
                                          QueryVariant(part, "sub")],
                                stages={"bm25#1": ranked[:1], "bm25#2": ranked, "dense#2": ranked},
                                env=SimpleNamespace(space=idx, facts={}, allowed=None, language=language))
    return best_of_parts(retrieval), retrieval.env.facts


def use_nearer_rows():   # noqa: ANN201 - a rag.answerability.unnamed_rows.NearerRows
    """The evidence rule's check that a word stands nearer a table's row labels than its headers, over the offline USE
    embedder (the Chinese suites' embedder; the English pipeline reads it with MiniLM)."""
    from types import SimpleNamespace

    from rag.answerability.table_checks import nearer_rows as _nearer_rows
    from rag.embedders import embedders

    use = embedders.build({"name": "use"})
    return _nearer_rows(SimpleNamespace(space=SimpleNamespace(embed_queries=use.embed_queries)))
