"""A jury: several judges score every case, and the case's value is their ``mean``, ``median``
or ``majority`` verdict (each judge's value ≥ 0.5 is a "yes"; the share of "yes", rounded to
0 or 1, ties to 0.5). Each judge keeps its own statuses, calls and cache entries (the cache key
holds its URL and model); the jury's case status is ``ok`` only when every judge scored it.
The run summary reports how far the judges agree (Krippendorff's α per metric) beside the
spread across repeats.
"""

from __future__ import annotations

import statistics
from typing import Any, Literal

from eval.judges.client import JudgeClient

Aggregate = Literal["mean", "median", "majority"]


class Jury:
    """Duck-types a :class:`JudgeClient` for the runner: usage, cost and limits are the judges'."""

    def __init__(self, members: list[JudgeClient], aggregate: Aggregate = "mean") -> None:
        if len(members) < 2:
            raise ValueError("a jury needs at least two judges")
        self.members, self.aggregate = members, aggregate
        self.id = "jury(" + ", ".join(m.id for m in members) + f"; {aggregate})"
        self.concurrency = max(m.concurrency for m in members)
        self.max_failure_rate = min(m.max_failure_rate for m in members)
        self.repeats = max(m.repeats for m in members)

    @property
    def usage(self) -> dict[str, int]:
        total: dict[str, int] = {}
        for m in self.members:
            for k, v in m.usage.items():
                total[k] = total.get(k, 0) + v
        return total

    @property
    def cost(self) -> float:
        return sum(m.cost for m in self.members)

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "aggregate": self.aggregate, "members": [m.describe() for m in self.members]}

    def combine(self, values: list[float]) -> float:
        if self.aggregate == "median":
            return float(statistics.median(values))
        if self.aggregate == "majority":
            share = sum(v >= 0.5 for v in values) / len(values)
            return 0.5 if share == 0.5 else float(share > 0.5)
        return float(sum(values) / len(values))


def verdict_of(jury: Jury, members: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The jury's judgement of one case and metric from its members' judgements."""
    statuses = [j["status"] for j in members.values()]
    calls = [{**c, "judge": jid} for jid, j in members.items() for c in j.get("calls", [])]
    if all(s == "ok" for s in statuses):
        values = [float(j["value"]) for j in members.values()]
        spread = max(values) - min(values)
        return {"status": "ok", "value": jury.combine(values), "detail": "", "repeats": values, "spread": spread,
                "calls": calls, "members": {jid: {k: v for k, v in j.items() if k != "calls"} for jid, j in members.items()}}
    first = next(s for s in statuses if s != "ok")
    detail = "; ".join(f"{jid}: {j['status']} {j.get('detail', '')}".strip() for jid, j in members.items()
                       if j["status"] != "ok")
    return {"status": first, "value": None, "detail": detail, "repeats": [], "calls": calls,
            "members": {jid: {k: v for k, v in j.items() if k != "calls"} for jid, j in members.items()}}
