"""The top-k cut, made to hold what the question needs: the best source of every part of a
split question (:func:`cover_parts`), the document a reference question points to
(:func:`cover_linked`), and the document the evidence itself points to (:func:`cover_references`:
"大宗采购须按《费用报销细则》走采购审批" brings in the approval rule of 《费用报销细则》).
Each returns what it brought in, for the top-k card of the trace. Access control holds: only
candidates, or chunks the asker may see, are ever brought in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rag.part_sources import best_of_parts
from rag.types import Candidate

if TYPE_CHECKING:
    from rag.pipeline import Retrieval


def cover_parts(final: list[Candidate], retrieval: Retrieval, k: int, best: list[str] | None = None,
                brought: dict[str, Candidate] | None = None) -> list[str]:
    """When the question was split into sub-queries, make the top-k hold the best source of
    every part (``best``, :func:`best_of_parts` when not given), replacing the lowest-ranked
    candidates that are no part's best. Returns the chunk ids brought in."""
    best = best_of_parts(retrieval) if best is None else best
    if not best:
        return []
    by_id = {**(brought or {}), **{c.chunk_id: c for c in retrieval.candidates}}
    added: list[str] = []
    for cid in best:
        if any(c.chunk_id == cid for c in final) or cid not in by_id:
            continue
        replaceable = [j for j in range(len(final) - 1, -1, -1) if final[j].chunk_id not in best]
        if len(final) < k:
            final.append(by_id[cid])
        elif replaceable:
            final[replaceable[0]] = by_id[cid]
        else:
            continue
        added.append(cid)
    return added


def cover_linked(final: list[Candidate], retrieval: Retrieval, k: int, space: Any) -> str | None:
    """A reference question ("《A》 says follow another policy — what does that policy say …")
    is answered from the document A points to: the top-k keeps the graph route's best chunk of
    a document the question does not name, second after the best candidate (so a tight context
    budget does not cut it), in place of the lowest-ranked one. Returns the chunk id moved or
    brought in."""
    graph_list = retrieval.stages.get("graph")
    if retrieval.env.facts.get("question_type") != "reference" or not graph_list or not final:
        return None
    from rag.retrievers.graph import graph_of

    named = graph_of(space).named_documents(retrieval.question)
    by_id = {c.chunk_id: c for c in retrieval.candidates}
    best = next((cid for cid in graph_list if cid in by_id and by_id[cid].chunk.doc_id not in named), None)
    if best is None or any(c.chunk_id == best for c in final[:2]):
        return None
    rest = [c for c in final if c.chunk_id != best]
    final[:] = [*rest[:1], by_id[best], *rest[1:]][:k]
    return best


def cover_references(final: list[Candidate], retrieval: Retrieval, k: int, space: Any,
                     keep: tuple[str, ...] = ()) -> list[str]:
    """When a sentence that carries the question's words sends the reader to another document
    ("须按《费用报销细则》走采购审批", "claimed as set out in the Expense Policy"), the answer
    stands there: bring in that document's chunk holding the most of the question's words, just
    after the chunk that points to it, in place of the lowest-ranked candidate that is nobody's
    best source (``keep``: chunks an earlier cover brought in, a part's best source). Read for the whole question and for each part of a split one; the pointing
    chunk must be the question's (or the part's) best source among the top two of the cut, or
    the part's own best, and the linked document must not be in the cut already. Returns the
    chunk ids brought in."""
    if not final:
        return []
    from rag.answerability.question_terms import content_terms
    from rag.memo import chunk_terms
    from rag.retrievers.graph import graph_of
    from rag.text import statements

    env = retrieval.env
    graph = graph_of(space)
    words = chunk_terms(space)
    position = {c.chunk_id: i for i, c in enumerate(space.chunks)}
    asked = [retrieval.question, *(v.text for v in retrieval.variants if v.kind == "sub")]
    protected: set[str] = set(keep)
    brought: list[str] = []
    for question in dict.fromkeys(asked):
        terms = content_terms(question, env)
        if not terms:
            continue

        def share(chunk_id: str, terms: set[str] = terms) -> float:
            return len(terms & words.get(chunk_id, frozenset())) / len(terms)

        pointing = max(final[:2] if question == retrieval.question else final, key=lambda c: share(c.chunk_id))
        protected.add(pointing.chunk_id)
        linked: list[str] = []
        for sentence, _ in statements(pointing.chunk.text):
            if not terms & set(space.tokenize(sentence)):
                continue   # a reference in a sentence about something else
            linked += graph.referred(sentence, skip_doc=pointing.chunk.doc_id)
        present = {c.chunk_id for c in final}
        for doc in dict.fromkeys(linked):
            if graph.doc_titles.get(doc) == pointing.chunk.title:
                continue   # a version of the pointing document itself
            visible = [cid for cid in graph.chunks_of.get(doc, [])
                       if cid in position and (env.allowed is None or env.allowed[position[cid]])
                       and not space.chunk_by_id[cid].metadata.get("withdrawn")]   # "replaces the 2021 rules"
            best = max(visible, key=share, default=None)
            if best is None or share(best) == 0 or best in present:
                continue   # nothing of the question there; or its best chunk is read already
            at = next(i for i, c in enumerate(final) if c.chunk_id == pointing.chunk_id)
            replaceable = [j for j in range(len(final) - 1, at, -1) if final[j].chunk_id not in protected]
            if len(final) >= k and not replaceable:
                break
            if len(final) >= k:
                del final[replaceable[0]]
            score = pointing.score - 1e-6   # read right after the chunk that points to it
            final.insert(at + 1, Candidate(space.chunk_by_id[best], score, {"linked": round(share(best), 4)}))
            protected.add(best)
            brought.append(best)
            break   # one document per question or part
    return brought


def cover(final: list[Candidate], retrieval: Retrieval, k: int, space: Any,
          follow_references: bool) -> tuple[list[str], str | None, list[str]]:
    """The top-k cut made to hold what the question needs, in order: every part's best source
    (:func:`cover_parts`), the document a reference question points to (:func:`cover_linked`) and,
    with ``follow_references``, the document the evidence points to (:func:`cover_references`),
    which never takes the place of a part's best source, however that reached the cut. Returns
    what each brought in, for the trace."""
    brought: dict[str, Candidate] = {}
    best = best_of_parts(retrieval, brought)
    covered = cover_parts(final, retrieval, k, best, brought)
    # a part's own source or directory the cut could not hold is no source of that part's answer
    cut = {c.chunk_id for c in final}
    facts = retrieval.env.facts
    for part, cid in list(facts.get("part_source", {}).items()):
        if cid not in cut:
            del facts["part_source"][part]
            facts.get("part_contacts", {}).pop(part, None)
    for candidate in final:
        if candidate.chunk_id in best:
            # a part's best source: the context keeps it past the cap on chunks per document
            # (rag.context.packed), or a part of the message would lose its only source
            candidate.scores["part_best"] = 1.0
    linked = cover_linked(final, retrieval, k, space)
    kept = (*best, *covered, *([linked] if linked else []))
    followed = cover_references(final, retrieval, k, space, kept) if follow_references else []
    return covered, linked, followed
