"""The entity graph of a corpus, built at index time (stage ``graph``, stored as node-link JSON):
documents, the codes and titles they mention, and the documents they refer to (networkx).

Nodes are chunks, documents (``doc:<id>``), codes (``code:vpn809``, compared without separators)
and references (``ref:<title>`` for 《…》). Edges: a chunk belongs to its document; a chunk
mentions a code or a reference; a reference (or a plain mention of another document's title,
"see the Expense Policy") links to that document. A question's entities are the codes it
contains, the 《…》 titles it names and the document titles it mentions; every chunk within
``hops`` document hops of them scores 1 / (1 + hops); a chunk holding a code asked about, 1.

A text mentions a title when the title, lower-cased, stands anywhere in it. The titles are found in one pass
of an Aho–Corasick automaton over all of them (``pyahocorasick``; ``matcher="automaton"``), not one substring
search per title (``matcher="scan"``, kept to measure against: ``perf/graph.py``): on SciFact's 5,183 abstracts,
with the 59,522 title names of format 3, the scan read a chunk in ≈ 32 ms, so the graph of 14,789 chunks took ten
minutes; the automaton reads one in 0.14 ms.
"""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

from rag._lazy import require
from rag.text import CJK, EN_FUNCTION_WORDS, compact, title_core

GRAPH_FORMAT = 5   # bump when what the graph holds changes: it is in the graph index key

_CODE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{1,10}[-_ ]?\d{2,}[A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
_REF = re.compile(r"《([^》]{2,40})》")
MATCHERS = ("automaton", "scan")
# a tail is a short name ("the Expense Policy"); a longer run of a title's words is a sentence, and a title of n words
# would give n tails of up to n words each (a hostile or run-on title: quadratic names)
MAX_TAIL_WORDS = 6
# a name longer than this is looked for with a plain substring test, not put in the automaton: pyahocorasick frees its
# trie recursively, and a title of ≈ 500,000 characters (≈ 30,000 in a thread with a small stack) overflowed the stack
MAX_AUTOMATON_CHARS = 300
# a tail names a document when it is a name, not a phrase: it opens with a Latin letter or digit and holds no Chinese
_TAIL_OPENS = re.compile(r"[a-z0-9]")


def title_names(chunks: list[Any]) -> dict[str, list[str]]:
    """What other documents call each document: its title's core and, in English, its tails of two to six words
    ("Larkfield Labs Expense Policy" is also "the Expense Policy"), each with the documents it names (a rule issued
    twice under one title: both). A tail is no name when it opens with a function word ("and Absence" of "Sickness
    and Absence", "to work") or with punctuation ("— October" of "Staff Newsletter — October"), when it holds Chinese
    (a Chinese title is named whole), or when it ends two different titles ("breast cancer" of two abstracts' titles);
    tails are at most ``MAX_TAIL_WORDS`` words long. Format 5."""
    cores: dict[str, list[str]] = {}
    tails: dict[str, set[str]] = {}
    for c in chunks:
        core = title_core(c.title)
        if len(core) >= 4:
            docs = cores.setdefault(core, [])
            if c.doc_id not in docs:
                docs.append(c.doc_id)
        words = core.split()
        for i in range(max(1, len(words) - MAX_TAIL_WORDS), len(words) - 1):
            tail = " ".join(words[i:])
            if words[i] not in EN_FUNCTION_WORDS and _TAIL_OPENS.match(words[i]) and not CJK.search(tail):
                tails.setdefault(tail, set()).add(core)
    names = dict(cores)
    for tail, owners in tails.items():
        if len(tail) >= 4 and tail not in names and len(owners) == 1:
            names[tail] = list(cores.get(next(iter(owners)), []))
    return {name: docs for name, docs in names.items() if docs}


class Graph:
    def __init__(self, chunks: list[Any], *, build: bool = True, matcher: str = "automaton") -> None:
        nx = require("networkx", pip="networkx")
        if matcher not in MATCHERS:
            raise ValueError(f"matcher must be one of {MATCHERS}, not {matcher!r}")
        self.matcher = matcher
        self._automaton: tuple[Any, Any, list[str]] | None = None   # (the titles it was built for, it, long names)
        self._lock = threading.Lock()
        self.g = nx.Graph()
        self.ids = [c.chunk_id for c in chunks]
        self.doc_titles = {c.doc_id: c.title for c in chunks}
        self.chunk_doc = {c.chunk_id: c.doc_id for c in chunks}
        self.titles: dict[str, list[str]] = {}   # a title as others call it → the documents carrying it
        if build:
            self._build(chunks)

    def _build(self, chunks: list[Any]) -> None:
        self.titles = title_names(chunks)
        for c in chunks:
            self.g.add_edge(c.chunk_id, f"doc:{c.doc_id}")
            for node in self.entities(c.text, skip_doc=c.doc_id):
                self.g.add_edge(c.chunk_id, node)
        for node in list(self.g.nodes):   # a reference to a document's title links to that document
            if isinstance(node, str) and node.startswith("ref:"):
                ref = node[4:]
                for core, docs in self.titles.items():   # 《差旅管理办法》 names 青禾科技差旅管理办法
                    if ref == core or (len(ref) >= 4 and (ref in core or core in ref)):
                        for doc in docs:
                            self.g.add_edge(node, f"doc:{doc}")

    def entities(self, text: str, skip_doc: str | None = None) -> set[str]:
        found = {f"code:{compact(m)}" for m in _CODE.findall(text)}
        for ref in _REF.findall(text):
            found.add(f"ref:{title_core(ref)}")
        for core in self.mentioned_titles(text.lower()):
            found.update(f"doc:{doc}" for doc in self.titles[core] if doc != skip_doc)
        return found

    def mentioned_titles(self, lowered: str) -> set[str]:
        """The title names (keys of ``titles``) that stand anywhere in ``lowered``."""
        if self.matcher == "scan" or not self.titles:
            return {core for core in self.titles if core in lowered}
        built = self._automaton
        if built is None or built[0] is not self.titles:
            with self._lock:   # built once, by the first of the questions that run at the same time
                built = self._automaton
                if built is None or built[0] is not self.titles:
                    built = self._automaton = self._build_automaton()
        _, automaton, long_names = built
        found = {core for _, core in automaton.iter(lowered)} if len(automaton) else set()
        return found | {core for core in long_names if core in lowered}

    def __getstate__(self) -> dict[str, Any]:   # (a lock does not pickle; the automaton is rebuilt on first use)
        return {**self.__dict__, "_lock": None, "_automaton": None}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _lock=threading.Lock())

    def _build_automaton(self) -> tuple[Any, Any, list[str]]:
        ahocorasick = require("ahocorasick", pip="pyahocorasick")
        automaton = ahocorasick.Automaton()
        long_names = []
        for core in self.titles:
            if len(core) > MAX_AUTOMATON_CHARS:
                long_names.append(core)
            else:
                automaton.add_word(core, core)
        if len(automaton):
            automaton.make_automaton()
        return self.titles, automaton, long_names

    def links(self, doc: str) -> set[str]:
        """The documents a document points to: a 《reference》 or a title its chunks mention."""
        out: set[str] = set()
        for chunk in self.chunks_of.get(doc, []):
            for n in self.g.neighbors(chunk):
                n = str(n)
                if n.startswith("ref:"):
                    out.update(str(d)[4:] for d in self.g.neighbors(n) if str(d).startswith("doc:"))
                elif n.startswith("doc:") and n[4:] != doc:
                    out.add(n[4:])
        out.discard(doc)
        return out

    def reached(self, query: str, hops: int) -> tuple[dict[str, int], dict[str, str | None], set[str]]:
        """Documents the question's entities lead to within ``hops`` document hops: hop per
        document, the document each was reached from, and the chunks that hold a code asked
        about."""
        hop: dict[str, int] = {}
        parent: dict[str, str | None] = {}
        coded: set[str] = set()
        for entity in sorted(e for e in self.entities(query) if e in self.g):
            if entity.startswith("doc:"):
                hop.setdefault(entity[4:], 0)
                parent.setdefault(entity[4:], None)
            elif entity.startswith("ref:"):
                for d in self.g.neighbors(entity):
                    if str(d).startswith("doc:"):
                        hop.setdefault(str(d)[4:], 0)
                        parent.setdefault(str(d)[4:], None)
            else:   # a code: the chunks that mention it, and their documents
                for chunk in self.g.neighbors(entity):
                    coded.add(str(chunk))
                    doc = self.chunk_doc.get(str(chunk))
                    if doc:
                        hop.setdefault(doc, 0)
                        parent.setdefault(doc, None)
        frontier = sorted(hop)
        for h in range(1, hops + 1):
            nxt = []
            for doc in frontier:
                for target in sorted(self.links(doc)):
                    if target not in hop:
                        hop[target], parent[target] = h, doc
                        nxt.append(target)
            frontier = nxt
        return hop, parent, coded

    def scores(self, query: str, hops: int) -> dict[str, float]:
        """Every chunk of a reached document scores 1 / (1 + its document's hop); a chunk that
        holds a code the question asks about scores 1."""
        hop, _, coded = self.reached(query, hops)
        out = {chunk: 1.0 / (1 + h) for doc, h in hop.items() for chunk in self.chunks_of.get(doc, [])}
        out.update(dict.fromkeys(coded, 1.0))
        return out

    @property
    def chunks_of(self) -> dict[str, list[str]]:
        if not hasattr(self, "_chunks_of"):
            by_doc: dict[str, list[str]] = {}
            for chunk in self.ids:
                by_doc.setdefault(self.chunk_doc[chunk], []).append(chunk)
            self._chunks_of = by_doc
        return self._chunks_of

    def named_documents(self, query: str) -> set[str]:
        """The documents a question names: by title, or by a 《reference》 that resolves to one."""
        return set(self.referred(query))

    def referred(self, text: str, skip_doc: str | None = None) -> list[str]:
        """The documents ``text`` names, in a stable order: by title (not ``skip_doc``'s own), or
        by a 《reference》 that resolves to one."""
        out: list[str] = []
        for entity in sorted(e for e in self.entities(text, skip_doc) if e in self.g):
            if entity.startswith("doc:"):
                out.append(entity[4:])
            elif entity.startswith("ref:"):
                out += sorted(str(n)[4:] for n in self.g.neighbors(entity) if str(n).startswith("doc:"))
        return out

    def hops(self, query: str, hops: int, limit: int = 5) -> list[str]:
        """Where the question's entities led, document by document: "《费用报销细则》 →
        《差旅管理办法》"; a document reached without a hop is listed alone."""
        hop, parent, _ = self.reached(query, hops)
        out = []
        for doc in sorted(hop, key=lambda d: (-hop[d], d)):
            path, at = [], doc
            while at is not None:
                path.append(f"《{self.doc_titles.get(at, at)}》")
                at = parent.get(at)
            line = " → ".join(reversed(path))
            if not any(line in other for other in out):
                out.append(line)
        return out[:limit]

    def save(self, folder: Path) -> None:
        nx = require("networkx", pip="networkx")
        data = {"format": GRAPH_FORMAT, "ids": self.ids, "doc_titles": self.doc_titles, "titles": self.titles,
                "chunk_doc": self.chunk_doc,
                "graph": nx.node_link_data(self.g, edges="edges")}
        (folder / "graph.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> Graph:
        nx = require("networkx", pip="networkx")
        data = json.loads((folder / "graph.json").read_text(encoding="utf-8"))
        graph = cls([], build=False)
        graph.ids, graph.doc_titles, graph.titles = data["ids"], data["doc_titles"], data["titles"]
        graph.chunk_doc = data["chunk_doc"]
        graph.g = nx.node_link_graph(data["graph"], edges="edges")
        return graph
