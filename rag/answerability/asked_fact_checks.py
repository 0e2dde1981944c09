"""Checks of the sentence that carries the asked fact (evidence v79), each a reason to refuse what the key-term support
and the asked type let through:

- **a part of the subject the best source never writes** (:mod:`rag.answerability.attributes`, signal
  ``attribute_unwritten``): "大果西番莲的根部有什么作用？" against an entry on the plant's fruit;
- **no candidate of the asked type at all** (signal ``untyped_sources``, running prose only): "青穹牧业在哪个省？"
  answered from sentences about other places; never a "when" that asks in what case ("When do I need three written
  quotes?", 什么时候需要…), which a condition answers, nor a "how much" the best window says is free or paid in full;
- **a work named in title marks that the asked fact's sentence never names** (:mod:`rag.answerability.book_titles`,
  signal ``title_unnamed``, evidence v82): "《宇宙奇兵》是何时被改编的？" against a programme listing's dates;
- **the counted thing uncounted** (:mod:`rag.answerability.counted`, signal ``uncounted``, running prose only): "伊丽莎白港机场有几条
  跑道？" against "机场又有13个停机坪";
- **the asked event unsaid** (:mod:`rag.answerability.event_verbs`, signal ``event_unsaid``): "蒋巨峰是何时辞去四川省长
  职务的？" against the dates of his other posts (where and who in running prose only).
"""

from __future__ import annotations

import re

from rag.answer_types import UNTYPED, has_candidate
from rag.answerability.asked_fact import (
    ASKING_NOUNS,
    AskedFact,
    about_another,
    header_of,
    sentences_of,
    source_numbered,
)
from rag.answerability.attributes import attribute_unwritten
from rag.answerability.book_titles import title_unnamed
from rag.answerability.contrasts import sides_of
from rag.answerability.counted import asked_ordinal, counted_noun, counts, ordinal_in
from rag.answerability.event_verbs import event_unsaid
from rag.answerability.occasions import occasion_of
from rag.answerability.pending import pending_clause
from rag.measures import NO_AMOUNT_NEEDED
from rag.text import CJK as _CJK
from rag.types import ContextItem


def asked_fact_refusal(question: str, asked: AskedFact, top: list[ContextItem], window: int, *, sub_queries: bool,
                       attributes: bool = True, untyped: bool = True, events: bool = True,
                       counted: bool = True, english_events: bool = False, titles: bool = True) -> tuple[str, str] | None:
    """(the reason, the signal) when a check refuses ``question`` given its asked fact over the ``top`` sources; None
    when none does. ``sub_queries``: the message was split in parts (each part is left to its own decision).
    ``english_events`` (off): the asked event of an English "when" question in running prose (evidence v81; off
    because it refuses answerable questions whose sentence writes the event in other words, see docs/answerability.md)."""
    if attributes and (asked.kind in UNTYPED or asked.kind == "list") and asked.best \
            and (part := attribute_unwritten(question, _best_source(asked, top), ASKING_NOUNS, what=asked.prose)):
        return f"asks about {part!r}, which the source that best carries the question never writes", "attribute_unwritten"
    if untyped and asked.kind in _NAMED_KINDS and asked.source is None and asked.prose and not sub_queries \
            and not (asked.kind == "date" and _ASKS_CONDITION.search(question)) \
            and not (asked.kind == "number" and NO_AMOUNT_NEEDED.search(asked.best)):
        # (running prose only: a handbook states what no candidate reader finds — 不收费, 在人力资源部办理, 三个工作日内)
        return f"asked {asked.kind}: no sentence of the top sources that carries the question's key terms holds one", \
            "untyped_sources"
    if titles and (title := title_unnamed(question, *_read_with_header(asked, top))):
        return f"asks about 《{title}》, which the sentence that holds the asked fact never names", "title_unnamed"
    windows: list[str] | None = None

    def typed() -> list[str]:   # the windows with a candidate, read once for the checks below that need them
        nonlocal windows
        if windows is None:
            windows = typed_windows(asked, top, question, window)
        return windows

    # an English "when" (v81, english_events): running prose only, never one that asks in what case
    english = english_events and asked.prose and not _ASKS_CONDITION.search(question)
    if events and ((asked.kind == "date" and (_CJK.search(question) or english))
                   or (asked.kind in ("place", "person", "organisation", "list") and asked.prose)) \
            and (unsaid := event_unsaid(question, asked.sentence, asked.kind,
                                        [span for span in typed() if pending_clause(span, question) is None],
                                        _title(asked, top), english)):
        # (a window that says the fact is not known yet — "将争夺第三个冠军", "the winner will be announced" — writes the
        # event of what may come, not of what came: rag.answerability.pending)
        # (where and who in running prose only: a handbook's "在哪里办理？" is answered by a row that writes the room)
        return (f"asks {_ASKED_WORD[asked.kind]} {'/'.join(unsaid[:3])} happened; the sentence with a {asked.kind} "
                f"[{asked.source}] writes none of it"), "event_unsaid"
    if counted and asked.kind == "number" and asked.source is not None and asked.prose and not sub_queries:
        if (nouns := counted_noun(question)) and not any(counts(span, nouns) for span in typed()):
            return (f"asks how many {'/'.join(nouns)}; no sentence of [{asked.source}] writes a number of them",
                    "uncounted")
        if (classifier := asked_ordinal(question)) and not any(ordinal_in(span, classifier) for span in typed()):
            return f"asks which 第几{classifier}; no sentence of [{asked.source}] writes one", "uncounted"
    return None


_ASKED_WORD = {"date": "when", "place": "where", "person": "who", "organisation": "which body", "list": "which ones"}
_NAMED_KINDS = frozenset({"number", "date", "person", "place", "organisation"})
# "When do I need three written quotes?", 什么时候需要…: a "when" that asks in what case, answered by a condition
_ASKS_CONDITION = re.compile(r"\bwhen (?:do|does|should|must|can|could|would|will|may|might|have|has|need|needs) (?:i|you|we|they|"
                             r"staff|employees|people|someone|anyone|one|he|she|it|a|an|my|our|your)\b|\bwhen (?:is|are) "
                             r"(?:[\w-]+ ){0,4}(?:required|needed|necessary|allowed|mandatory|compulsory|due)\b|"
                             r"什么时候(?:需要|要|得|必须|应该|应当|可以|能|才)|什么情况下|何种情况|哪些情况", re.I)


def _title(asked: AskedFact, top: list[ContextItem]) -> str:
    """The title of the source the asked fact's sentence was read from."""
    return "" if (item := source_numbered(top, asked.source)) is None else item.title or ""


def _read_with_header(asked: AskedFact, top: list[ContextItem]) -> tuple[str, tuple[str, ...]]:
    """The sentence that holds the asked fact (the best window when none holds a candidate of the asked type), with
    its source's title and heading, and that title and the headings on their own: what names the subject of that
    sentence."""
    number, text = (asked.source, asked.sentence) if asked.source is not None else (asked.best_source, asked.best)
    if (item := source_numbered(top, number)) is None:
        return "", ()
    titles = (item.title or "", *item.heading_path)
    return "\n".join((header_of(item), *titles, text)), titles


def _best_source(asked: AskedFact, top: list[ContextItem]) -> str:
    """The text of the top source the best window was read from."""
    return asked.best if (item := source_numbered(top, asked.best_source)) is None else item.text


def typed_windows(asked: AskedFact, top: list[ContextItem], question: str, window: int) -> list[str]:
    """The windows that hold a candidate of the asked type: of the asked fact's source in running prose (another
    paragraph's dated sentence is about something else), of every top source otherwise (the best of them may stand in
    another source than the one that states the event: "年假没休完能顺延到什么时候？" beside a holiday notice's dates);
    for a person, every window of the asked fact's source (the answer may be a post, which no name reader finds:
    "行政权名义上属于谁？" — 君主). Never a window about another occasion or another side of a contrast than the question
    names, nor one stating a related entity's fact (evidence v88: :func:`rag.answerability.asked_fact.about_another`,
    which the support reads by too)."""
    occasion, sides = occasion_of(question, question=True), sides_of(question)
    spans = []
    for item, said in sentences_of(top):
        if item.number == asked.source or not (asked.prose or asked.kind == "person"):
            header = header_of(item)
            spans += [" ".join(said[i:i + window]) for i in range(len(said))
                      if not about_another(question, occasion, sides, said[i:i + window], header,
                                           lambda t: has_candidate(t, asked.kind, question))]
    return [span for span in spans if asked.kind == "person" or has_candidate(span, asked.kind, question)]
