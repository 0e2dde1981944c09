"""Systems under test (DESIGN §4): a case in, a :class:`Reply` out.

``builtin`` is the reference pipeline; ``http`` calls any JSON or SSE endpoint; ``python`` calls
``module:function``. Suites, metrics, gates, reports and judges read only what a reply carries,
so they work the same over every target. What a target cannot return (document ids, citations,
a stage trace) is ``None`` in the reply, and the metrics that need it are *not measurable* for
that case — never 0.
"""

from __future__ import annotations

from eval.targets import builtin, http, python  # noqa: E402,F401,I001  (register built-ins)
from eval.targets.base import Ask, BoundTarget, Reply, Target, TargetError, targets

__all__ = ["Ask", "BoundTarget", "Reply", "Target", "TargetError", "targets"]
