"""The metric registry, and what a metric reads of a case."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from rag.registry import ComponentSpec, Registry


@dataclass(frozen=True)
class Observation:
    """One case's golden data and what the pipeline did with it, as metrics see them."""

    groups: list[tuple[str, ...]]
    grades: dict[str, int]
    ranking: list[str]                 # document ids, best first, duplicates removed
    expect: str = "answer"
    behaviour: str | None = None       # answered | partial | refused; None in retrieval mode
    answer: str = ""
    context_docs: list[str] = field(default_factory=list)
    cited_docs: list[str | None] = field(default_factory=list)
    cited_support: list[bool | None] = field(default_factory=list)   # per citation: the verifier's verdict
    route: str | None = None            # the route taken (rag | direct | refuse)
    expected_route: str | None = None   # the route the case asserts
    seen_docs: set[str] = field(default_factory=set)       # every doc id in any list, context or citation
    forbidden: Callable[[str], bool] | None = None         # None when no identity asked
    must_contain: list[tuple[str, ...]] = field(default_factory=list)   # groups: any one member will do
    must_not_contain: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    latency_ms: float = 0.0
    tokens: int = 0
    reference: str | None = None
    language: str = "en"
    context_texts: list[str] = field(default_factory=list)
    judged: dict[str, float | None] = field(default_factory=dict)   # judged metrics, scored beforehand
    fates: dict[str, dict[str, Any]] = field(default_factory=dict)   # expected doc → rank per stage


@dataclass(frozen=True)
class Metric:
    name: str
    higher_is_better: bool
    needs: Literal["retrieval", "behaviour", "answer", "judge", "cost"]
    aggregation: Literal["mean", "sum", "p50", "p95"]
    compute: Callable[[Observation], float | None]  # None: not applicable to this case
    description: str = ""
    # what a target must return for the metric to be measurable: ranking, context (texts),
    # context_ids (document ids of the context), doc_ids (any document ids), citations, usage,
    # stages (the per-stage trace). A case whose target did not return one of them scores None.
    requires: tuple[str, ...] = ()


metrics: Registry[Metric] = Registry("metric")


def metric(
    name: str, *, higher_is_better: bool, needs: str, aggregation: str = "mean", description: str = "",
    requires: tuple[str, ...] = (),
) -> Callable[[Callable[[Observation], float | None]], Callable[[Observation], float | None]]:
    """Register a metric without a cutoff."""

    def decorate(fn: Callable[[Observation], float | None]) -> Callable[[Observation], float | None]:
        @metrics.register(name)
        def factory() -> Metric:
            return Metric(name, higher_is_better, needs, aggregation, fn, description, requires)  # type: ignore[arg-type]

        return fn

    return decorate


_AT = re.compile(r"^([a-z_]+)@(\d+)$")


def resolve(name: str, *, field_path: str = "metrics") -> Metric:
    """``ndcg@10`` → the ``ndcg`` factory with ``k=10``; ``refusal_accuracy`` → as is. Built once
    per name (it is asked for per case and metric: building checks the factory's signature)."""
    found = _RESOLVED.get(name)
    if found is None:
        match = _AT.match(name)
        spec: Any = ComponentSpec(name=match.group(1), params={"k": int(match.group(2))}) if match else name
        found = _RESOLVED[name] = metrics.build(spec, field_path=field_path)
    return found


_RESOLVED: dict[str, Metric] = {}
