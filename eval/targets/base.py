"""The target contract: what a target is asked (:class:`Ask`) and what it answers (:class:`Reply`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from rag.errors import InfrastructureError
from rag.registry import Registry
from rag.types import Identity


class TargetError(InfrastructureError):
    """The target failed on one case: unreachable after its retries, an error status, or a
    reply that does not parse. ``raw`` keeps what the target sent (truncated), for the report."""

    def __init__(self, message: str, raw: str | None = None) -> None:
        super().__init__(message)
        self.raw = raw[:4000] if raw else raw


@dataclass(frozen=True)
class Ask:
    """One question as a target receives it."""

    question: str
    history: tuple[dict[str, str], ...] = ()   # earlier turns: {role: user|assistant, content}
    identity: Identity | None = None
    case_id: str = ""
    suite: str = ""
    language: str = "en"

    @property
    def identity_name(self) -> str | None:
        return self.identity.name if self.identity else None


@dataclass
class Reply:
    """What a target returned for one case. ``None`` means *the target did not say*: the
    metrics that need it are not measurable, which is different from an empty list."""

    answer: str = ""
    behaviour: str | None = None                 # answered | partial | refused; None: retrieval only
    ranking: list[tuple[str, float]] | None = None    # document ids, best first
    context: list[dict[str, Any]] | None = None       # number, chunk_id, doc_id, title, text, score
    citations: list[dict[str, Any]] | None = None     # number, chunk_id, doc_id, ghost
    usage: dict[str, int] | None = None
    decision: dict[str, Any] = field(default_factory=dict)
    trace: list[dict[str, Any]] = field(default_factory=list)
    # the pipeline's record (builtin only): each stage's full ranked list of chunk ids — each
    # retriever's, ``fused``, ``reranked``, ``top_k`` (the cut the context builder received) —
    # and the question's k; triage follows each golden document through it
    stages: dict[str, list[str]] | None = None
    top_k: int | None = None
    ttft_ms: float | None = None                       # time to first token (streaming targets)
    route: str | None = None                           # rag | direct | refuse, when the target routes


BoundTarget = Callable[[Ask], Reply]


class Target(Protocol):
    """A system under test. ``bind`` prepares it for one suite (the builtin pipeline opens the
    suite's index; a remote target needs nothing) and returns the callable the executor calls,
    possibly from several threads at once. ``counters`` are cache and request counts for the
    run log; ``close`` releases connections."""

    kind: str

    def bind(self, suite: Any, index: Any) -> BoundTarget: ...

    def counters(self) -> dict[str, dict[str, int]]: ...

    def close(self) -> None: ...


targets: Registry[Callable[..., Target]] = Registry("target")
