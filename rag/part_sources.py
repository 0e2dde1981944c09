"""A part's best source: for every part of a split question, the hit that answers that part — the one its own
retrievers agree on (:func:`best_of_parts`), a hit naming the post and its holder for a part that asks who holds one,
a hit of its own where a scene the parts share drew every part to one document, and the directory rows of whom another
part's source names for a part that asks how to reach them (:mod:`rag.contacts`). :mod:`rag.cover` keeps these in the
top-k cut; the extractive generator answers each part from its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rag.memo import PerCorpus
from rag.text import CJK, EN_FUNCTION_WORDS, years_in
from rag.types import Candidate

if TYPE_CHECKING:
    from rag.pipeline import Retrieval

_PART_RRF_K = 60   # reciprocal-rank fusion's usual constant (Cormack et al. 2009), for a part's own lists
_PART_DEPTH = 5    # how far down each of its lists a part's best source is looked for


def _outdated(candidate: Candidate | None, years: set[str]) -> bool:
    """An outdated or withdrawn version — unless the part asks for it by its year ("2022 版"), which
    must stand in its title or its ``version`` (a year of joining or an amount asks for no version)."""
    if candidate is None:
        return False
    meta = candidate.chunk.metadata
    if not (meta.get("withdrawn") or "outdated" in (meta.get("tags") or [])):
        return False
    return not years & years_in(f"{candidate.chunk.title} {meta.get('version') or ''}")


def best_of_parts(retrieval: Retrieval, brought: dict[str, Candidate] | None = None) -> list[str]:
    """The best source of every part of a split question: the hit its own retrievers agree on
    most (reciprocal-rank fusion of the part's lists, :data:`_PART_RRF_K`), skipping outdated
    versions ("2022 版" beside the current rules, unless the part names a year, which asks for a
    version by name); ties go to the hit the whole question ranks higher. Where the part's lists
    disagree on their first hit, a first hit that holds every word of the part wins: the part's
    content terms the corpus has, without a lone Chinese character (不, 找), at least two of them,
    and a fact of the kind the part asks (a number, a date, a name …: never a yes-or-no or a "what
    is", which a contents page, an index or a glossary holding the words would win) — "收费主管是谁？":
    the directory row BM25 puts first, not a repair rule fusion prefers for being second in both
    lists. The whole question's rank alone favours the other parts' documents, which the message's
    words also match. Other
    variants (rewrites, multi-query, HyDE) are search aids, not parts."""
    from rag.answer_types import UNTYPED, asked_type, has_candidate, post_asked
    from rag.answerability.question_terms import content_terms
    from rag.memo import chunk_terms, corpus_terms

    by_id = {c.chunk_id: c for c in retrieval.candidates}
    rank = {c.chunk_id: r for r, c in enumerate(retrieval.candidates)}
    best: list[str] = []
    chosen: dict[str, str] = {}   # each part's best source
    for i, variant in enumerate(retrieval.variants):
        if variant.kind != "sub":
            continue
        words = chunk_terms(retrieval.env.space)   # memoised per corpus
        # the words a source can hold: the corpus has them, and a lone Chinese character (不, 找) is too slight to count
        terms = {t for t in content_terms(variant.text, retrieval.env) & corpus_terms(retrieval.env.space)
                 if not (len(t) == 1 and CJK.match(t))}
        kind = asked_type(variant.text)
        years = years_in(variant.text)
        lists = [ids for name, ids in retrieval.stages.items() if name.endswith(f"#{i}") and ids]
        fused: dict[str, float] = {}
        for ids in lists:
            for r, cid in enumerate(ids[:_PART_DEPTH]):
                if cid in by_id and not _outdated(by_id[cid], years):
                    fused[cid] = fused.get(cid, 0.0) + 1.0 / (_PART_RRF_K + r)
        if fused:
            # where the part's retrievers disagree on their first hit, the one that holds every word of the part
            firsts = {ids[0] for ids in lists}
            # (and a fact of the kind the part asks, which a contents page, an index or a glossary never states)
            holds = {cid for cid in firsts & fused.keys() if len(terms) > 1 and kind not in UNTYPED
                     and terms <= words.get(cid, frozenset()) and has_candidate(by_id[cid].chunk.text, kind, variant.text)}
            # (of several, one that says it all in one statement wins: the directory row "岗位: 保安队长; …; 分机: 8201"
            # for "保安队长的分机是多少？", not a fire-safety page naming 保安队长 in one sentence and 分机 in another)
            together = {cid for cid in holds if _said_together(by_id[cid].chunk.text, terms, kind, variant.text,
                                                               retrieval.env.space)} if len(holds) > 1 else set()
            ranked = sorted(fused, key=lambda cid: (cid not in holds, cid not in together, -fused[cid],
                                                    rank.get(cid, len(rank))))
        else:   # every hit an outdated version: the first of each list, as the whole question ranks them
            ranked = sorted((ids[0] for ids in lists), key=lambda cid: rank.get(cid, len(rank)))
        if ranked and (post := post_asked(variant.text)):
            # "负责装修巡查的装修管理员是谁？" asks a name: the source whose statement names the post with a person (the
            # directory row "岗位: 装修管理员; 姓名: 刘洋"), not the rule that says what the post does
            post_terms = {t for t in retrieval.env.space.tokenize(post) if not (len(t) == 1 and CJK.match(t))} \
                & corpus_terms(retrieval.env.space)
            named = next((cid for cid in ranked if cid in by_id and post_terms
                          and _names_holder(by_id[cid].chunk.text, post, post_terms, variant.text, retrieval.env.space)),
                         None)
            if named is not None:
                ranked = [named, *(cid for cid in ranked if cid != named)]
                # (the generator answers the part from it, rag.generators.extractive)
                retrieval.env.facts.setdefault("part_source", {})[variant.text] = named
        if ranked and ranked[0] in best:
            # its best source is another part's already: a scene the parts share ("A customer wants to take their
            # complaint to Stage 2. … who is the Customer Resolution Manager and on what extension?") draws every part
            # to the same document. The part's own source holds every word of the question it asks, scene aside,
            # and a fact of its kind (the directory row)
            own = _own_source(variant.text, ranked, best, by_id, words, retrieval)
            if own:
                ranked = [own]
                # the generator answers the part from it (rag.generators.extractive), not from the shared source
                retrieval.env.facts.setdefault("part_source", {})[variant.text] = own
        if ranked and ranked[0] in by_id:
            chosen[variant.text] = ranked[0]
            if ranked[0] not in best:
                best.append(ranked[0])
    for cid in _contacts_through_other_parts(retrieval, chosen, {} if brought is None else brought):
        if cid not in best:
            best.append(cid)
    return best


_CONTACT_STATEMENTS = 2   # of each other part's best source, the statements sharing most of its words
# a post or a person an asking sentence names: capitalised words in a row past its first word ("the Food Safety Lead"), a
# Chinese post or unit ("财务科", "值班经理")
_NAMES_SOMEONE = re.compile(r"(?<=[\w,;:’'] )[A-Z][\w&'’-]*(?: [A-Z][\w&'’-]*)+|(?:找|联系|问|给|打给)[\u4e00-\u9fff]{2,6}?(?:科|部|中心|"
                            r"办公室)|[\u4e00-\u9fff]{1,4}(?:经理|主管|主任|专员|负责人|组长|队长|班长)")


def _contact_words(space: Any) -> frozenset[str]:
    """The tokens of the words that ask how to reach someone, as ``space`` tokenises them."""
    # (and the words that say what the call is about, not whom: "who do I ring about it?")
    return frozenset(space.tokenize("ring call phone telephone contact reach number extension ext about regarding "
                                    "打 联系 号码 分机号 分机 电话 " + " ".join(EN_FUNCTION_WORDS)))


_CONTACT_WORDS = PerCorpus(_contact_words)


def _contacts_through_other_parts(retrieval: Retrieval, chosen: dict[str, str], extra: dict[str, Candidate]) -> list[str]:
    """A part that asks how to reach a role it names ("…, and what is the Café Bar Manager's extension?"; the ask tied
    to the whole name, :func:`rag.contacts.contact_asked_of`) asks for that role's directory entry (:mod:`rag.contacts`),
    which its own words may not rank into the cut when the scene the parts share draws its retrievers to the other
    part's document. A part that asks how to reach someone it does not name ("…, and who do I ring to book it?",
    "打哪个分机？") and says nothing else of its own asks for whom another part's answer names: the directory row of a
    role, team or person a statement of another part's best source names ("Book your refresher through the Training
    Coordinator"), read in the statements that share most of that part's words; one that asks about something of its
    own ("…, and which extension do I ring to book the minibus?") asks for whom a statement of the message's sources
    holding those words hands it to (:func:`_handled_by`), unless it names someone no directory lists ("…ring for the
    Food Safety Lead?"), whose number its own words find. The directory's chunk becomes the part's source
    (``part_source``) and the labels its rows (``part_contacts``), which the extractive generator quotes. Returns
    the chunks to bring in (``extra`` gets those that are no candidate); a chunk the asker may not see is never
    one."""
    from rag.answerability.question_terms import content_terms
    from rag.contacts import ASKS_CONTACT, contact_asked_of, directory, entries_named, named_in
    from rag.text import asked_in_part, statements

    env = retrieval.env
    space = env.space
    if len(chosen) < 2 or not any(ASKS_CONTACT.search(part) for part in chosen):
        return []
    position = {c.chunk_id: i for i, c in enumerate(space.chunks)}
    entries = [e for e in directory(space) if env.allowed is None or env.allowed[position[e.chunk_id]]]
    listed = {e.chunk_id for e in entries}
    terms_of = {part: content_terms(part, env) for part in chosen}
    brought: list[str] = []
    for part in chosen:
        _, asking = asked_in_part(part)
        if not ASKS_CONTACT.search(asking):
            continue   # it asks nothing of the kind
        asked_of = [e for e in entries if any(contact_asked_of(label, asking) for label in e.labels)]
        if asked_of:
            # it asks how to reach one it names ("…, and what is the Café Bar Manager's extension?"): that entry, which
            # the part's own words may not rank into the cut when the scene the parts share draws them elsewhere (never
            # one it names beside the ask: "who do I ring when the IT Service Desk is closed?"); the entries of the
            # first directory that lists it
            rows = [e for e in asked_of if e.chunk_id == asked_of[0].chunk_id]
            _bring(retrieval, part, rows, [label for e in rows for label in e.labels if contact_asked_of(label, asking)],
                   extra, brought)
            continue
        others = [other for other in chosen if other != part]
        # (its own words, which no other part says — "which extension do I ring to book the minibus?", "报修打哪个分机？" —
        # are what it asks about: whom a source names for them; never when another part's source is a directory
        # already, whose row holds the number: "马鞍山片区的区域经理是谁？分机号多少？")
        own_words = content_terms(ASKS_CONTACT.sub(" ", asking), env) - _CONTACT_WORDS(space) \
            - set().union(*(terms_of[other] for other in others))
        own = {t for t in own_words if not (len(t) == 1 and CJK.match(t))}
        if any(chosen[other] in listed for other in others):
            continue
        if own and any(not any(named_in(label, named.group()) for e in entries for label in e.labels)
                       for named in _NAMES_SOMEONE.finditer(asking)):
            continue   # it asks of someone it names whom no directory lists ("…ring for the Food Safety Lead?"): its words
            # find the sentence that gives their number ("Phone the Food Safety Lead on ext 2214")
        said: list[str] = []
        if own:
            # it asks how to reach whoever handles something of its own ("…, and which extension do I ring to book
            # the minibus?"): whom the sources of the message's parts hand it to, in two statements in a row that
            # hold those words ("The group has one minibus … Book it through the Activities Coordinator")
            rows, labels = _handled_by(own, dict.fromkeys(chosen.values()), space, entries)
            if rows:
                _bring(retrieval, part, rows, labels, extra, brought)
            continue
        for other, source in chosen.items():
            if other == part:
                continue
            scored = [(len(terms_of[other] & set(space.tokenize(text))), text)
                      for text, _ in statements(space.chunk_by_id[source].text)]
            said += [text for n, text in sorted(scored, key=lambda p: -p[0])[:_CONTACT_STATEMENTS] if n]
        rows = entries_named(said, entries)
        if rows:
            _bring(retrieval, part, rows, [label for e in rows for label in e.labels
                                           if any(named_in(label, s) for s in said)], extra, brought)
    return brought


_HANDLED_WINDOWS = 50   # windows read at most for whom a source hands a part's task to


def _handled_by(own: set[str], sources: Iterable[str], space: Any, entries: list[Any]) -> tuple[list[Any], list[str]]:
    """The directory entries of whom ``sources`` hand what a contact part asks about to: of their running text, the
    windows of two statements in a row that hold every one of ``own`` (all but one of three or more), most first, and
    in the first of them that has one, a statement holding one of those words that hands it to someone listed
    ("Book it through the Activities Coordinator", "通知设备科报修"; :func:`rag.contacts.handed_to`, never in the negative).
    The entries of that directory chunk naming them, and the labels handed to."""
    from rag.contacts import handed_to
    from rag.text import statements

    need = len(own) if len(own) <= 2 else len(own) - 1
    found: list[tuple[int, list[str]]] = []
    for source in sources:
        said = [text for text, row in statements(space.chunk_by_id[source].text) if not row]
        for i, text in enumerate(said):
            window = said[i - 1:i + 1] if i else [text]
            if (held := len(own & set(space.tokenize(" ".join(window))))) >= need:
                found.append((held, window))
    for _, window in sorted(found, key=lambda p: -p[0])[:_HANDLED_WINDOWS]:
        for statement in window:
            if not own & set(space.tokenize(statement)):
                continue
            handed = [e for e in entries if any(handed_to(label, statement) for label in e.labels)]
            if handed:
                rows = [e for e in handed if e.chunk_id == handed[0].chunk_id]
                return rows, list(dict.fromkeys(label for e in rows for label in e.labels if handed_to(label, statement)))
    return [], []


def _bring(retrieval: Retrieval, part: str, rows: list[Any], labels: list[str], extra: dict[str, Candidate],
           brought: list[str]) -> None:
    """Make the directory chunk of ``rows`` the part's source (``part_source``) and ``labels`` whom it asks how to
    reach (``part_contacts``); a chunk no retriever returned is brought in for the cut (``extra``), never added to
    the ranking the run reports."""
    target = rows[0].chunk_id
    if not any(c.chunk_id == target for c in retrieval.candidates):
        low = min((c.score for c in retrieval.candidates), default=0.0)
        extra[target] = Candidate(retrieval.env.space.chunk_by_id[target], low, {"contact": 1.0})
    retrieval.env.facts.setdefault("part_source", {})[part] = target
    retrieval.env.facts.setdefault("part_contacts", {})[part] = labels
    brought.append(target)


def _said_together(text: str, terms: set[str], kind: str, part: str, space: Any) -> bool:
    """Whether one statement of ``text`` (a sentence, or a table row read with its header) holds every one of
    ``terms`` and a fact of the asked ``kind``."""
    from rag.answer_types import has_candidate
    from rag.text import statements

    for statement, _ in statements(text):
        held = set(space.tokenize(statement))
        if all(t in held or (CJK.search(t) and t in statement) for t in terms) and has_candidate(statement, kind, part):
            return True
    return False


def _names_holder(text: str, post: str, terms: set[str], part: str, space: Any) -> bool:
    """Whether one statement of ``text`` names the post (every one of its ``terms``, or all but one of three or more:
    "本小区收费主管" in the row "收费主管") with the person who holds it beside it (:func:`rag.holders.holder_named_with`),
    a person the part does not name itself."""
    from rag.holders import holder_named_with, names_in
    from rag.text import statements

    for statement, row in statements(text):
        held = set(space.tokenize(statement))
        missing = [t for t in terms if not (t in held or (CJK.search(t) and t in statement))]
        if len(missing) > (1 if len(terms) >= 3 else 0):
            continue
        names = [n for n in names_in(statement) if n not in part]
        if names and holder_named_with(statement, post, names, row):
            return True
    return False


def _own_source(part: str, ranked: list[str], best: list[str], by_id: dict[str, Candidate],
                words: dict[str, frozenset[str]], retrieval: Retrieval) -> str | None:
    """The first of ``ranked`` (a part's fused hits) that no other part has taken, holding every word the part's
    asking sentence has in the corpus (two at least, no lone Chinese character) and a fact of the kind it asks."""
    from rag.answer_types import UNTYPED, asked_type, has_candidate
    from rag.answerability.question_terms import content_terms
    from rag.memo import corpus_terms
    from rag.text import asked_in_part

    scene, asking = asked_in_part(part)
    kind = asked_type(asking)
    if not scene or kind in UNTYPED:
        return None
    terms = {t for t in content_terms(asking, retrieval.env) & corpus_terms(retrieval.env.space)
             if not (len(t) == 1 and CJK.match(t))}
    # (and asks about something of its own: two of those words at least that the shared source does not hold —
    # "多久更换一次？" after "餐饮部员工配发几套工服？" asks of the same uniforms, which that source's row answers)
    if len(terms) < 2 or len(terms - words.get(ranked[0], frozenset())) < 2:
        return None
    return next((cid for cid in ranked if cid in by_id and cid not in best and terms <= words.get(cid, frozenset())
                 and has_candidate(by_id[cid].chunk.text, kind, asking)), None)
