"""Metrics: each declares its direction, what it needs and how it aggregates; values are kept
per case so that comparisons can be paired. Names with ``@k`` take the cutoff: ``ndcg@10``."""

from __future__ import annotations

from eval.metrics import answer, behaviour, funnel, retrieval  # noqa: E402,F401  (register built-ins)
from eval.metrics.base import Metric, Observation, metric, metrics, resolve

__all__ = ["Metric", "Observation", "metric", "metrics", "resolve"]
