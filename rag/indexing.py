"""Build or reuse the indexes of one corpus.

Index keys hash everything index-time: the corpus files' bytes (and sidecars), the loader,
cleaner, poison-scan and chunker specs with their versions (the *chunk key*), then the
embedder and dense backend (the *dense key*) or the tokenizer and BM25 backend (the *sparse
key*). Variants with equal keys share one artefact; a changed key can never reuse a stale one.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from rag.chunkers import chunkers
from rag.clean import cleaners
from rag.config import PipelineConfig
from rag.corpus import CorpusFile, load_corpus, scan
from rag.embedders import CachedEmbedder, EmbeddingCache, embedders
from rag.hygiene import placeholders_in
from rag.indexes import DenseSearcher, SparseSearcher, dense_indexes, sparse_indexes
from rag.indexes.graph import GRAPH_FORMAT
from rag.loaders import extension_of, loader_for, loaders
from rag.poison import scanners
from rag.registry import ComponentSpec
from rag.retrievers import retrievers
from rag.script import VERSION as SCRIPT_VERSION
from rag.script import written_chunks
from rag.store import ArtifactStore, diff_manifests, stable_hash
from rag.tokenizers import tokenizers
from rag.types import Chunk, LoadIssue, Quarantined, Sanitized, SearchHit
from rag.versions import versioners

CHUNKS_FORMAT = 5  # 5: traditional Chinese folded to simplified, chunks carry their text as written; 4: outdated documents are marked by the versions stage; 2: documents withdrawn in their own words are marked; 3: page furniture
                   # removed, placeholder chunks flagged


@dataclass(frozen=True)
class IndexKeys:
    chunks: str
    dense: str
    sparse: str
    manifests: dict[str, dict[str, Any]]
    graph: str = ""

    def by_kind(self) -> dict[str, str]:
        """The key of each index kind, as retrievers name what they search (the candidate
        cache keys a retriever's output by the index it searched)."""
        return {"chunks": self.chunks, "dense": self.dense, "sparse": self.sparse, "graph": self.graph}


@dataclass
class StageReport:
    kind: str
    key: str
    action: str  # built | reused | rebuilt | skipped
    reason: str = ""
    seconds: float = 0.0
    detail: str = ""


@dataclass
class IndexReport:
    name: str
    stages: list[StageReport] = field(default_factory=list)
    documents: int = 0
    chunks: int = 0
    issues: list[LoadIssue] = field(default_factory=list)
    quarantined: list[Quarantined] = field(default_factory=list)
    sanitized: list[Sanitized] = field(default_factory=list)
    outdated: list[dict[str, Any]] = field(default_factory=list)   # documents the versions stage marked
    embedded: int = 0
    embed_cache_hits: int = 0


def compute_keys(files: list[CorpusFile], config: PipelineConfig, language: str) -> IndexKeys:
    """All three keys, from file digests and component specs alone: nothing is loaded."""
    used = sorted({extension_of(f.path.name) for f in files})
    loader_desc = {}
    for suffix in used:
        spec = config.loaders.get(suffix)
        name = spec.name if spec else loader_for(suffix)
        if name:
            loader_desc[suffix] = loaders.describe(spec or ComponentSpec(name=name))
    chunk_manifest = {
        "format": CHUNKS_FORMAT,
        "corpus": {f.rel: f.digest for f in files},
        "loaders": loader_desc,
        "cleaner": cleaners.describe(config.cleaner),
        "poison_scan": scanners.describe(config.poison_scan),
        "versions": versioners.describe(config.versions),
        "chunker": chunkers.describe(config.chunker),
        "script": SCRIPT_VERSION,   # how traditional Chinese is folded (rag.script)
    }
    chunk_key = stable_hash(chunk_manifest)
    dense_manifest = {
        "chunks": chunk_key,
        "embedder": embedders.describe(config.embedder_for(language)),
        "dense_index": dense_indexes.describe(config.dense_index),
    }
    sparse_manifest = {
        "chunks": chunk_key,
        "tokenizer": tokenizers.describe(config.tokenizer_for(language)),
        "sparse_index": sparse_indexes.describe(config.sparse_index),
    }
    graph_manifest = {"chunks": chunk_key, "graph": GRAPH_FORMAT}
    return IndexKeys(
        chunk_key, stable_hash(dense_manifest), stable_hash(sparse_manifest),
        {"chunks": chunk_manifest, "dense": dense_manifest, "sparse": sparse_manifest, "graph": graph_manifest},
        stable_hash(graph_manifest),
    )


def flag_placeholders(chunk: Chunk) -> Chunk:
    """A chunk whose text is not filled in yet (×××, 待定, TBD) carries ``placeholders``."""
    found = placeholders_in(chunk.text)
    return replace(chunk, metadata={**chunk.metadata, "placeholders": found}) if found else chunk


def searched_indexes(config: PipelineConfig) -> set[str]:
    """The indexes the config's retrievers search (``dense``, ``sparse``): only those are built."""
    return {retrievers.get(spec.name).info.get("searches", "chunks") for spec in config.retrievers}


def read_chunks(directory: Path) -> list[Chunk]:
    """A stored chunk set. Its folder is named by its key, so the same folder always holds the
    same chunks: a process that opens one many times (every trial of a tune) parses it once."""
    return list(_read_chunks(str(directory)))


@functools.lru_cache(maxsize=8)
def _read_chunks(directory: str) -> tuple[Chunk, ...]:
    with (Path(directory) / "chunks.jsonl").open(encoding="utf-8") as fh:
        return tuple(Chunk.from_dict(json.loads(line)) for line in fh)


@dataclass
class CorpusIndex:
    """The opened artefacts of one corpus: chunks, both searchers, and the query-side
    embedder and tokenizer that match how the index was built."""

    name: str
    keys: IndexKeys
    store: ArtifactStore
    config: PipelineConfig
    language: str
    cache: EmbeddingCache

    @cached_property
    def chunks(self) -> list[Chunk]:
        return read_chunks(self.store.path("chunks", self.keys.chunks))

    @cached_property
    def chunk_ids(self) -> list[str]:
        return [c.chunk_id for c in self.chunks]

    @cached_property
    def chunk_by_id(self) -> dict[str, Chunk]:
        return {c.chunk_id: c for c in self.chunks}

    @cached_property
    def doc_metadata(self) -> dict[str, dict[str, Any]]:
        """Each indexed document's labels (access control among them)."""
        return {c.doc_id: c.metadata for c in self.chunks}

    @cached_property
    def excluded(self) -> dict[str, str]:
        """Documents of the corpus that have no chunk, and why: ``quarantined`` (poison scan)
        or ``empty`` (no text after cleaning, an empty file)."""
        data = json.loads((self.store.path("chunks", self.keys.chunks) / "ingest.json").read_text(encoding="utf-8"))
        out = {q["doc_id"]: "quarantined" for q in data["quarantined"]}
        for issue in data["issues"]:
            if "empty" in issue["reason"] or "no text" in issue["reason"]:
                out[issue["source"].split("#", 1)[1] if "#" in issue["source"] else
                    issue["source"].rsplit(".", 1)[0]] = "empty"
        return out

    @cached_property
    def embedder(self) -> CachedEmbedder:
        return CachedEmbedder(embedders.build(self.config.embedder_for(self.language)), self.cache)

    @cached_property
    def tokenize(self) -> Any:
        return tokenizers.build(self.config.tokenizer_for(self.language))

    @cached_property
    def dense(self) -> DenseSearcher:
        if not self.chunks:
            return _Empty()
        backend = dense_indexes.build(self.config.dense_index)
        return backend.open(self.store.path("dense", self.keys.dense), self.chunk_ids)

    @cached_property
    def sparse(self) -> SparseSearcher:
        if not self.chunks:
            return _Empty()
        backend = sparse_indexes.build(self.config.sparse_index)
        return backend.open(self.store.path("sparse", self.keys.sparse), self.chunk_ids)

    @cached_property
    def graph(self) -> Any:
        """The entity graph built at index time, or ``None`` when no retriever asked for it."""
        if not self.keys.graph or not self.store.has("graph", self.keys.graph):
            return None
        from rag.indexes.graph import Graph

        return Graph.load(self.store.path("graph", self.keys.graph))

    @property
    def tokens_key(self) -> tuple[str, dict[str, Any]]:
        manifest = {"chunks": self.keys.chunks, "tokenizer": self.keys.manifests["sparse"]["tokenizer"]}
        return stable_hash(manifest), manifest

    @cached_property
    def stored_tokens(self) -> list[list[str]] | None:
        """The chunks' tokens as the sparse index was built from them, or ``None`` (no sparse
        index was built for this corpus and tokenizer)."""
        key, _ = self.tokens_key
        if not self.store.has("tokens", key):
            return None
        return json.loads((self.store.path("tokens", key) / "tokens.json").read_text(encoding="utf-8"))

    # The SearchSpace protocol (rag/types.py), which query-time stages use.
    def embed_queries(self, texts: list[str]) -> Any:
        return self.embedder.embed_queries(texts)

    def embed_passages(self, texts: list[str]) -> Any:
        """Chunk texts as the dense index embeds them (from the embedding cache when indexed)."""
        return self.embedder.embed_documents(texts)

    def dense_search(self, query: Any, k: int, allowed: Any = None) -> list[SearchHit]:
        return self.dense.search(query, k, allowed)

    def sparse_search(self, tokens: list[str], k: int, allowed: Any = None) -> list[SearchHit]:
        return self.sparse.search(tokens, k, allowed)


class _Empty:
    """The searcher of a corpus with no chunks (everything was skipped or quarantined)."""

    ids: list[str] = []

    def search(self, query: Any, k: int, allowed: Any = None) -> list[SearchHit]:
        return []


class Indexer:
    """Builds what is missing for a corpus, reuses what matches, and says which it did."""

    def __init__(self, workdir: str | Path, say: Callable[[str], None] | None = None) -> None:
        """``say`` receives a line before each slow step (loading, embedding, indexing)."""
        self.workdir = Path(workdir)
        self.store = ArtifactStore(self.workdir / "indexes")
        self.cache = EmbeddingCache(self.workdir / "cache" / "embeddings.sqlite")
        self.say = say or (lambda line: None)

    def ensure(
        self, name: str, corpus_dir: str | Path, config: PipelineConfig, language: str
    ) -> tuple[CorpusIndex, IndexReport]:
        files = scan(corpus_dir)
        keys = compute_keys(files, config, language)
        report = IndexReport(name)
        pointer = self.store.pointer(name)
        index = CorpusIndex(name, keys, self.store, config, language, self.cache)

        chunk_stage = self._stage("chunks", keys.chunks, keys.manifests["chunks"], pointer)
        if chunk_stage.action != "reused":
            self.say(f"{name}: loading and chunking {len(files)} file(s)")
            self._build_chunks(files, config, keys, chunk_stage, report)
        else:
            self._read_ingest_report(keys.chunks, report)
        report.stages.append(chunk_stage)

        searched = searched_indexes(config)
        dense_stage = self._stage("dense", keys.dense, keys.manifests["dense"], pointer)
        if "dense" not in searched:
            dense_stage = StageReport("dense", keys.dense, "skipped", detail="no retriever of this config searches it")
        elif dense_stage.action != "reused":
            self.say(f"{name}: embedding {len(index.chunks)} chunk(s) with {config.embedder_for(language)} "
                     "(cached texts are not embedded again)")
            self._build_dense(index, dense_stage, report)
        report.stages.append(dense_stage)

        sparse_stage = self._stage("sparse", keys.sparse, keys.manifests["sparse"], pointer)
        if "sparse" not in searched:
            sparse_stage = StageReport("sparse", keys.sparse, "skipped", detail="no retriever of this config searches it")
        elif sparse_stage.action != "reused":
            self.say(f"{name}: building the {config.sparse_index.name} index")
            self._build_sparse(index, sparse_stage)
        report.stages.append(sparse_stage)

        if "graph" in searched:   # the entity graph, for the graph route
            graph_stage = self._stage("graph", keys.graph, keys.manifests["graph"], pointer)
            if graph_stage.action != "reused":
                self.say(f"{name}: building the entity graph")
                self._build_graph(index, graph_stage)
            report.stages.append(graph_stage)

        report.chunks = len(index.chunks)
        built = {s.kind for s in report.stages if s.action != "skipped"}
        self.store.set_pointer(name, {
            **pointer,
            **{kind: {"key": getattr(keys, kind), "manifest": keys.manifests[kind]} for kind in built},
        })
        return index, report

    def _stage(self, kind: str, key: str, manifest: dict[str, Any], pointer: dict[str, Any]) -> StageReport:
        if self.store.has(kind, key):
            return StageReport(kind, key, "reused")
        previous = pointer.get(kind)
        if previous and previous["key"] != key:
            changes = diff_manifests(previous["manifest"], manifest)
            return StageReport(kind, key, "rebuilt", "; ".join(changes) or "key changed")
        return StageReport(kind, key, "built", "new")

    def _build_chunks(self, files: list[CorpusFile], config: PipelineConfig, keys: IndexKeys,
                      stage: StageReport, report: IndexReport) -> None:
        start = time.perf_counter()
        corpus = load_corpus(
            files,
            clean=cleaners.build(config.cleaner, field_path="cleaner"),
            scan_poison=scanners.build(config.poison_scan, field_path="poison_scan"),
            loader_specs=config.loaders,
        )
        documents = versioners.build(config.versions, field_path="versions")(corpus.documents)
        chunk = chunkers.build(config.chunker, field_path="chunker")
        chunks = [flag_placeholders(c) for doc in documents
                  for c in written_chunks(chunk(doc), doc, corpus.as_written.get(doc.doc_id))]
        ingest = {
            "documents": len(corpus.documents),
            "issues": [asdict(i) for i in corpus.issues],
            "quarantined": [asdict(q) for q in corpus.quarantined],
            "sanitized": [asdict(s) for s in corpus.sanitized],
            "outdated": [{"doc_id": d.doc_id, "source": d.source, "why": d.metadata.get("withdrawn_notice", ""),
                          "superseded_by": d.metadata.get("superseded_by")}
                         for d in documents if d.metadata.get("withdrawn")],
        }
        with self.store.building("chunks", keys.chunks, keys.manifests["chunks"]) as tmp:
            with (tmp / "chunks.jsonl").open("w", encoding="utf-8") as fh:
                for c in chunks:
                    fh.write(json.dumps(c.to_dict(), ensure_ascii=False) + "\n")
            (tmp / "ingest.json").write_text(json.dumps(ingest, ensure_ascii=False, indent=1), encoding="utf-8")
        stage.seconds = time.perf_counter() - start
        stage.detail = f"{len(corpus.documents)} documents → {len(chunks)} chunks"
        self._read_ingest_report(keys.chunks, report)

    def _read_ingest_report(self, chunk_key: str, report: IndexReport) -> None:
        data = json.loads((self.store.path("chunks", chunk_key) / "ingest.json").read_text(encoding="utf-8"))
        report.documents = data["documents"]
        report.issues = [LoadIssue(**i) for i in data["issues"]]
        report.quarantined = [Quarantined(**q) for q in data["quarantined"]]
        report.sanitized = [Sanitized(**s) for s in data.get("sanitized", [])]
        report.outdated = data.get("outdated", [])

    def _build_dense(self, index: CorpusIndex, stage: StageReport, report: IndexReport) -> None:
        start = time.perf_counter()
        embedder = index.embedder
        before_hits, before_misses = embedder.hits, embedder.misses
        step = max(1024, embedder.flush_every)

        def progress(done: int, total: int) -> None:
            if total > step and (done % step < embedder.flush_every or done == total):
                self.say(f"{index.name}: embedded {done} of {total}")

        embedder.progress = progress
        try:
            vectors = embedder.embed_documents([c.text for c in index.chunks])
        finally:
            embedder.progress = None
        report.embedded += embedder.misses - before_misses
        report.embed_cache_hits += embedder.hits - before_hits
        backend = dense_indexes.build(index.config.dense_index, field_path="dense_index")
        with self.store.building("dense", index.keys.dense, index.keys.manifests["dense"]) as tmp:
            if index.chunks:
                backend.build(tmp, index.chunk_ids, vectors, [_acl_labels(c) for c in index.chunks])
        stage.seconds = time.perf_counter() - start
        stage.detail = (f"{embedder.id}: {embedder.misses - before_misses} embedded, "
                        f"{embedder.hits - before_hits} from cache")

    def _build_graph(self, index: CorpusIndex, stage: StageReport) -> None:
        from rag.indexes.graph import Graph

        start = time.perf_counter()
        graph = Graph(index.chunks)
        with self.store.building("graph", index.keys.graph, index.keys.manifests["graph"]) as tmp:
            graph.save(tmp)
        stage.seconds = time.perf_counter() - start
        stage.detail = f"{graph.g.number_of_nodes()} nodes, {graph.g.number_of_edges()} edges"

    def _build_sparse(self, index: CorpusIndex, stage: StageReport) -> None:
        start = time.perf_counter()
        tokens, reused = self._tokens(index)
        backend = sparse_indexes.build(index.config.sparse_index, field_path="sparse_index")
        with self.store.building("sparse", index.keys.sparse, index.keys.manifests["sparse"]) as tmp:
            if index.chunks:
                backend.build(tmp, index.chunk_ids, tokens)
        stage.seconds = time.perf_counter() - start
        stage.detail = f"{sum(map(len, tokens))} tokens" + (" (tokenised before)" if reused else "")

    def _tokens(self, index: CorpusIndex) -> tuple[list[list[str]], bool]:
        """The chunks' tokens under the config's tokenizer, stored once per (chunks, tokenizer):
        a BM25 variant (k1, b, backend) re-uses them, and so does every stage that needs a
        chunk's tokens (rules reranker, answerability, router)."""
        key, manifest = index.tokens_key
        if self.store.has("tokens", key):
            return json.loads((self.store.path("tokens", key) / "tokens.json").read_text(encoding="utf-8")), True
        tokens = [index.tokenize(c.text) for c in index.chunks]
        with self.store.building("tokens", key, manifest) as tmp:
            (tmp / "tokens.json").write_text(json.dumps(tokens, ensure_ascii=False), encoding="utf-8")
        return tokens, False


def _acl_labels(chunk: Chunk) -> dict[str, Any]:
    meta = chunk.metadata
    return {"doc_id": chunk.doc_id, "department": meta.get("department", ""),
            "clearance": int(meta.get("clearance", 0))}

