"""The contracts every stage of the pipeline speaks.

Stages depend on this module and never on each other's internals. Everything here is plain
data: frozen dataclasses that serialise to JSON through ``to_dict`` / ``from_dict``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal, Protocol

__all__ = [
    "AnswerFrame",
    "BEHAVIOURS",
    "BEHAVIOUR_OF",
    "Behaviour",
    "Candidate",
    "Chunk",
    "Citation",
    "ContextItem",
    "DECLINES",
    "DECLINING",
    "Decision",
    "Document",
    "EXACT",
    "EXPECTS",
    "Identity",
    "LEVELS",
    "LoadIssue",
    "OUTCOMES",
    "Outcome",
    "Quarantined",
    "QueryVariant",
    "SearchHit",
    "QueryEnv",
    "SearchSpace",
    "TraceRecord",
]


@dataclass(frozen=True, slots=True)
class Document:
    """One source document after loading and cleaning.

    ``text`` is Markdown-flavoured plain text: headings as ``#`` lines and tables as ``|``
    rows, whatever the source format, so every chunker sees one structure.
    ``page_starts`` holds the character offset where each page begins (PDF only).
    """

    doc_id: str
    text: str
    title: str
    source: str
    metadata: dict[str, Any] = field(default_factory=dict)
    page_starts: tuple[int, ...] = ()

    def page_at(self, offset: int) -> int | None:
        """1-based page number of a character offset, or None when the source has no pages."""
        if not self.page_starts:
            return None
        page = 0
        for i, start in enumerate(self.page_starts):
            if start <= offset:
                page = i
            else:
                break
        return page + 1

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Document:
        return cls(**{**data, "page_starts": tuple(data.get("page_starts", ()))})


@dataclass(frozen=True, slots=True)
class Chunk:
    """A retrievable unit of a document.

    ``text`` is what gets embedded and indexed (it may start with a heading-path header);
    ``start``/``end`` locate the covered span in the document's text. Parent-child chunkers
    set ``parent_id`` and ``parent_text`` so the context builder can expand a hit.
    ``metadata`` carries the document's access labels, so retrievers can filter on them.
    """

    chunk_id: str
    doc_id: str
    text: str
    ord: int
    start: int
    end: int
    title: str = ""
    source: str = ""
    heading_path: tuple[str, ...] = ()
    page: int | None = None
    parent_id: str | None = None
    parent_text: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Chunk:
        return cls(**{**data, "heading_path": tuple(data.get("heading_path", ()))})


@dataclass(frozen=True, slots=True)
class LoadIssue:
    """A corpus file that was skipped, and why (unsupported, corrupt, empty, undecodable)."""

    source: str
    reason: str


@dataclass(frozen=True, slots=True)
class Sanitized:
    """A document indexed without the passages that carried instructions aimed at the model."""

    doc_id: str
    source: str
    rules: str          # the poison rules that matched, comma-separated
    removed: list[str]  # the passages cut out


@dataclass(frozen=True, slots=True)
class Quarantined:
    """A document kept out of the index because it carries instructions aimed at the model."""

    doc_id: str
    source: str
    reason: str
    excerpt: str


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One scored chunk returned by an index."""

    chunk_id: str
    score: float


@dataclass(frozen=True, slots=True)
class Identity:
    """Who asks. A document with no department is public; otherwise it is visible when its
    department is among ``departments`` and its clearance is at most ``clearance``."""

    name: str
    departments: tuple[str, ...] = ()
    clearance: int = 0

    def can_see(self, metadata: dict[str, Any]) -> bool:
        department = metadata.get("department")
        if not department:
            return True
        return department in self.departments and int(metadata.get("clearance", 0)) <= self.clearance


@dataclass(frozen=True, slots=True)
class QueryVariant:
    """One text to retrieve with. ``kind`` is original, rewrite, multi or hyde; a HyDE text
    is a guess written by a model: it may find evidence but is never evidence itself."""

    text: str
    kind: str = "original"


@dataclass(slots=True)
class Candidate:
    """A chunk on its way through retrieval, fusion and reranking.

    ``scores`` keeps every stage's score by name (``dense``, ``bm25``, ``fused``,
    ``rerank``), so later stages and triage can see where a chunk rose or fell.
    """

    chunk: Chunk
    score: float
    scores: dict[str, float] = field(default_factory=dict)

    @property
    def chunk_id(self) -> str:
        return self.chunk.chunk_id


@dataclass(frozen=True, slots=True)
class ContextItem:
    """A numbered source handed to the generator: ``[number]`` in the answer cites it."""

    number: int
    chunk_id: str
    doc_id: str
    title: str
    heading_path: tuple[str, ...]
    text: str
    score: float
    tokens: int
    scores: dict[str, float] = field(default_factory=dict)


Behaviour = Literal["answered", "partial", "conflict", "background", "refused"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """One of the five outcomes, in each of its vocabularies: what a golden case expects (``expect``),
    the answerability ``action`` (:class:`Decision`), its evidence ``level``, the pipeline's
    ``behaviour`` (:class:`AnswerFrame`), and whether it ``declines`` — states no fact (a refusal,
    and "related but insufficient"). A case expecting ``answer`` or ``refuse`` passes with any
    behaviour on the same side of ``declines``; one asserting an exact level (partial, conflict,
    background) passes only with that level's behaviour."""

    expect: str
    action: str
    level: str
    behaviour: str
    declines: bool


# the one table: expect ↔ decision ↔ evidence level ↔ behaviour
OUTCOMES: tuple[Outcome, ...] = (
    Outcome("answer", "answer", "enough", "answered", False),
    Outcome("partial", "partial", "partial", "partial", False),
    Outcome("conflict", "conflict", "conflict", "conflict", False),
    Outcome("background", "background", "background", "background", True),
    Outcome("refuse", "refuse", "none", "refused", True),
)
EXPECTS: tuple[str, ...] = tuple(o.expect for o in OUTCOMES)
BEHAVIOURS: tuple[str, ...] = tuple(o.behaviour for o in OUTCOMES)
BEHAVIOUR_OF: dict[str, str] = {o.action: o.behaviour for o in OUTCOMES}   # decision action → behaviour
LEVELS: dict[str, str] = {o.action: o.level for o in OUTCOMES}              # decision action → evidence level
DECLINES: frozenset[str] = frozenset(o.expect for o in OUTCOMES if o.declines)       # expectations that state no fact
DECLINING: frozenset[str] = frozenset(o.behaviour for o in OUTCOMES if o.declines)   # behaviours that state no fact
# expectations that assert an exact level → the one behaviour that meets them
EXACT: dict[str, str] = {o.expect: o.behaviour for o in OUTCOMES if o.expect not in ("answer", "refuse")}


def declined(behaviour: str | None) -> bool | None:
    """Whether a behaviour states no fact (None: the target did not say)."""
    return None if behaviour is None else behaviour in DECLINING


@dataclass(frozen=True, slots=True)
class Decision:
    """Answerability, decided from the evidence before generating: ``answer`` (evidence level
    *enough*), ``partial``, ``conflict`` (two sources disagree: ``evidence`` holds the two
    ``(source number, statement)`` pairs), ``background`` (related but insufficient) or
    ``refuse`` (*none*). An ``answer`` whose score was under the bar, let through because a statement
    means the question (evidence v90), holds that ``(source number, statement)`` in ``evidence``."""

    action: Literal["answer", "partial", "conflict", "background", "refuse"]
    reason: str
    signals: dict[str, float] = field(default_factory=dict)
    evidence: tuple[tuple[int, str], ...] = ()
    # model calls the decision itself made (a reader model: rag.answerability.reader), counted with the generator's
    usage: dict[str, int] = field(default_factory=dict)
    # the check that refused (``score``, ``scatter``, ``meaning``, ``event_unsaid``, ``router`` …): what
    # ``ragbench triage`` counts a gate's refusals by; empty for the other actions
    check: str = ""

    @classmethod
    def refused_by(cls, check: str, reason: str, signals: dict[str, float], value: float = 1.0) -> Decision:
        """A refusal by a check that marks itself among the signals (``{check: value}``, a flag or a count) and names
        itself as the check: the one name written once."""
        return cls("refuse", reason, {**signals, check: value}, check=check)

    def as_record(self) -> dict[str, Any]:
        """The decision as a run log and ``serve`` write it: its usage is counted in the answer's, not here; its check
        only when it names one."""
        record = {"action": self.action, "reason": self.reason, "signals": dict(self.signals),
                  "evidence": tuple(tuple(pair) for pair in self.evidence)}
        if self.check:
            record["check"] = self.check
        return record

    @property
    def level(self) -> str:
        return LEVELS[self.action]


@dataclass(frozen=True, slots=True)
class RouteDecision:
    """The router's choice before retrieval: ``rag`` (retrieve and answer), ``direct`` (reply
    without retrieval: ``reply``) or ``refuse`` (refuse early)."""

    route: Literal["rag", "direct", "refuse"]
    reason: str
    reply: str = ""


@dataclass(frozen=True, slots=True)
class Citation:
    """A ``[n]`` in the answer. ``ghost`` means n was not a source in the context. The
    citation verifier sets ``support`` (how well the source backs the sentences that cite it,
    0–1) and ``supported``; both stay None when no verifier ran."""

    number: int
    chunk_id: str | None
    doc_id: str | None
    ghost: bool = False
    support: float | None = None
    supported: bool | None = None


@dataclass(frozen=True, slots=True)
class SourceCard:
    """One document behind an answer: the chunks of it in the context, and those cited."""

    doc_id: str
    title: str
    chunk_ids: tuple[str, ...]
    cited: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TraceRecord:
    """What one stage did: which component with which params, how long it took, what it got
    and what it passed on (ids with scores)."""

    stage: str
    component: str
    params: dict[str, Any]
    latency_ms: float
    input: dict[str, Any] = field(default_factory=dict)
    output: list[tuple[str, float]] = field(default_factory=list)
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """A shallow, JSON-ready copy (``dataclasses.asdict`` deep-copies every params dict and
        output pair, which cost more than the cached retrieval itself)."""
        return {"stage": self.stage, "component": self.component, "params": self.params,
                "latency_ms": self.latency_ms, "input": self.input, "output": [list(o) for o in self.output],
                "note": self.note}


@dataclass(slots=True)
class AnswerFrame:
    """The answer to one question, with its evidence, citations and the stage trace."""

    question: str
    answer: str
    behaviour: Behaviour
    decision: Decision
    context: list[ContextItem] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    trace: list[TraceRecord] = field(default_factory=list)
    asked_as: str | None = None
    usage: dict[str, int] = field(default_factory=dict)
    sources: list[SourceCard] = field(default_factory=list)
    route: str = "rag"             # the router's choice: rag | direct | refuse

    @property
    def ghost_citations(self) -> list[Citation]:
        return [c for c in self.citations if c.ghost]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class SearchSpace(Protocol):
    """What query-time stages see of an indexed corpus. ``allowed`` is a boolean mask over
    ``chunks`` positions; every search applies it before scoring."""

    chunks: list[Chunk]
    chunk_by_id: dict[str, Chunk]
    language: str

    def embed_queries(self, texts: list[str]) -> Any: ...

    def embed_passages(self, texts: list[str]) -> Any: ...

    def tokenize(self, text: str) -> list[str]: ...

    def dense_search(self, query: Any, k: int, allowed: Any = None) -> list[SearchHit]: ...

    def sparse_search(self, tokens: list[str], k: int, allowed: Any = None) -> list[SearchHit]: ...


@dataclass
class QueryEnv:
    """The runtime a query-time stage gets: the corpus it searches, the mask of chunks the
    asker may see (None = all), the chat model when one is configured, and the conversation so
    far (``{role, content}`` turns) when the question is a follow-up."""

    space: SearchSpace
    allowed: Any = None
    chat: Any = None
    history: tuple[dict[str, str], ...] = ()   # earlier turns of a conversation, oldest first
    facts: dict[str, Any] = field(default_factory=dict)   # what query understanding found (question type, …)
    reader: Any = None   # the answerability reader's chat model behind the run's cache, when one is configured

    @property
    def language(self) -> str:
        return self.space.language
