"""The graph route: documents, the codes and titles they mention, and the documents they refer
to, as one graph (networkx); a question's entities expanded one or two hops to chunks.

Nodes are chunks, documents (``doc:<id>``), codes (``code:vpn809``, compared without separators)
and references (``ref:<title>`` for 《…》). Edges: a chunk belongs to its document; a chunk
mentions a code or a reference; a reference (or a plain mention of another document's title,
"see the Expense Policy") links to that document. A question's entities are the codes it
contains, the 《…》 titles it names and the document titles it mentions; every chunk within
``hops`` entity hops of them scores the sum over entities of 1 / (1 + distance). The graph is
built in memory on first use per corpus; access control applies before scoring.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import PositiveInt, conint

from rag._lazy import require
from rag.retrievers import Retriever, retrievers
from rag.retrievers._per_corpus import PerCorpus, top_hits
from rag.text import compact
from rag.types import Candidate, QueryEnv, QueryVariant

_CODE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{1,10}[-_ ]?\d{2,}[A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
_REF = re.compile(r"《([^》]{2,40})》")
_CORE = re.compile(r"[（(][^）)]*[)）]|\b(19|20)\d{2}\b|\d{4}\s*年度?|版")


def title_core(title: str) -> str:
    """A title without its year, version and parenthesised notes: what other documents call it."""
    return re.sub(r"\s+", " ", _CORE.sub("", title)).strip(" -:：").lower()


class Graph:
    def __init__(self, chunks: list[Any]) -> None:
        nx = require("networkx", pip="networkx")
        self.g = nx.Graph()
        self.ids = [c.chunk_id for c in chunks]
        titles: dict[str, str] = {}
        for c in chunks:
            core = title_core(c.title)
            words = core.split()
            # "Larkfield Labs Expense Policy" is also "the Expense Policy": its tails of 2+ words
            for name in [core, *(" ".join(words[i:]) for i in range(1, len(words) - 1))]:
                if len(name) >= 4:
                    titles.setdefault(name, c.doc_id)
        self.titles = titles
        for c in chunks:
            self.g.add_edge(c.chunk_id, f"doc:{c.doc_id}")
            for node in self.entities(c.text, skip_doc=c.doc_id):
                self.g.add_edge(c.chunk_id, node)
        for node in list(self.g.nodes):   # a reference to a document's title links to that document
            if isinstance(node, str) and node.startswith("ref:"):
                ref = node[4:]
                for core, doc in titles.items():   # 《差旅管理办法》 names 青禾科技差旅管理办法
                    if ref == core or (len(ref) >= 4 and (ref in core or core in ref)):
                        self.g.add_edge(node, f"doc:{doc}")

    def entities(self, text: str, skip_doc: str | None = None) -> set[str]:
        found = {f"code:{compact(m)}" for m in _CODE.findall(text)}
        for ref in _REF.findall(text):
            found.add(f"ref:{title_core(ref)}")
        lowered = text.lower()
        for core, doc in self.titles.items():
            if doc != skip_doc and core in lowered:
                found.add(f"doc:{doc}")
        return found

    def scores(self, query: str, hops: int) -> dict[str, float]:
        nx = require("networkx", pip="networkx")
        out: dict[str, float] = {}
        for entity in self.entities(query) & set(self.g.nodes):
            # entity → chunk is one step; each further entity hop is two (chunk → entity → chunk)
            for node, dist in nx.single_source_shortest_path_length(self.g, entity, cutoff=2 * hops - 1).items():
                if not str(node).startswith(("doc:", "code:", "ref:")):
                    out[node] = out.get(node, 0.0) + 1.0 / (1 + dist)
        return out


graph_for = PerCorpus(lambda space: Graph(space.chunks))


@retrievers.register("graph", version="1", searches="chunks")
def graph(*, top_k: PositiveInt = 20, hops: conint(ge=1, le=2) = 2) -> Retriever:  # type: ignore[valid-type]
    """Chunks within ``hops`` entity hops of the question's codes, 《titles》 and document names."""
    k = top_k

    def retrieve(variants: list[QueryVariant], env: QueryEnv) -> list[list[Candidate]]:
        import numpy as np

        space = env.space
        if not space.chunks:
            return [[] for _ in variants]
        g = graph_for(space)
        by_id = space.chunk_by_id
        position = {cid: i for i, cid in enumerate(g.ids)}
        out = []
        for v in variants:
            found = g.scores(v.text, hops)
            scores = np.zeros(len(g.ids))
            for cid, s in found.items():
                scores[position[cid]] = s
            hits = top_hits(g.ids, scores, k, env.allowed)
            out.append([Candidate(by_id[cid], s, {"graph": s}) for cid, s in hits])
        return out

    return retrieve

