"""Which check of the answer-versus-refuse gate refused what: the ledger ``ragbench triage`` prints first.

A gate refuses by one of its checks: the evidence rule's score, scatter or meaning cut, a hard rule
(``event_unsaid``, ``unknown_names`` …: ``Decision.check``), the router. Each refusal of a case that must be declined is
one the check earned; each refusal of an answerable case is a false refusal it cost. The ledger counts both by suite,
split and check, with the share of the check's refusals that were right and its Clopper–Pearson 95 % interval, beside
the suite's share of cases to decline. The checks run in order, so each sees only the cases the ones before it let
through: the suite's share is a reference, not what a check refusing at random among its own cases would be right in.
The interval counts cases as independent; questions written from one document are not, so read it as the least
uncertainty there is.

A refusal that no check of the gate made is counted under what made it: ``background`` (the gate gave related sources
only), ``answer step`` (the gate answered and the generator declined: a model, or the extractive reader), ``(not named)`` (a decision that names no
check, or names it in a form no check name takes: a user's own service, or a run logged before evidence v109). Cases
the run could not observe (no behaviour, or an error) are left out, as the behaviour metrics leave them out, so a
suite's totals are its negative rejection and false refusal counts. A suite with cases to decline has its line even
when nothing was refused.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from eval.metrics.stats import beta_interval
from rag.types import DECLINES, declined

UNNAMED = "(not named)"
ANSWER_STEP = "answer step"
# what a check's name may be (a user's own decision may carry anything: a newline, markup, a megabyte)
_CHECK_NAME = re.compile(r"[\w .()-]{1,40}")


@dataclass(frozen=True)
class LedgerRow:
    """One check's refusals in one suite and split: ``right`` of cases that must be declined, ``wrong`` of answerable
    ones; ``low`` / ``high`` bound the share right (Clopper–Pearson 95 %)."""

    check: str
    right: int
    wrong: int
    low: float
    high: float

    @property
    def share_right(self) -> float:
        return self.right / (self.right + self.wrong)


@dataclass(frozen=True)
class SuiteLedger:
    """A suite's (and split's) refusals by check, with the counts they are read against."""

    suite: str
    split: str | None
    must_decline: int
    answerable: int
    rows: tuple[LedgerRow, ...]

    @property
    def base_rate(self) -> float:
        """The share of the suite's cases that must be declined."""
        return self.must_decline / (self.must_decline + self.answerable) if self.must_decline + self.answerable else 0.0

    @property
    def shown(self) -> bool:
        """Whether the ledger has a line for it: a refusal, or cases to decline (none refused is the worst line)."""
        return bool(self.rows) or self.must_decline > 0

    @property
    def refused_right(self) -> int:
        return sum(row.right for row in self.rows)

    @property
    def refused_wrong(self) -> int:
        return sum(row.wrong for row in self.rows)


def refusing_check(record: Any) -> str:
    """What made a declined case's refusal: the gate's check, ``background``, the answer step, or ``(not named)``."""
    decision = record.decision or {}
    action = decision.get("action")
    if action == "refuse":
        check = decision.get("check")
        return check if isinstance(check, str) and _CHECK_NAME.fullmatch(check) else UNNAMED
    if action == "background":
        return "background"
    return ANSWER_STEP if action else UNNAMED


def refusal_ledger(cases: list[Any]) -> list[SuiteLedger]:
    """The ledger of ``cases`` (a run's case records: :class:`eval.runs.log.CaseRecord`, which sits a layer above
    triage) by suite and split, in the order they first appear; each suite's checks by false
    refusals (most first), then refusals earned."""
    counts: dict[tuple[str, str | None], dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    totals: dict[tuple[str, str | None], list[int]] = {}
    for record in cases:
        refused = declined(record.behaviour)
        if refused is None or record.error:
            continue
        key = (record.suite, record.split)
        must = record.expect in DECLINES
        totals.setdefault(key, [0, 0])[0 if must else 1] += 1
        if refused:
            counts[key][refusing_check(record)][0 if must else 1] += 1
    ledgers = []
    for key, (must_decline, answerable) in totals.items():
        rows = []
        for check, (right, wrong) in counts[key].items():
            low, high = beta_interval(right, right + wrong)
            rows.append(LedgerRow(check, right, wrong, round(low, 4), round(high, 4)))
        rows.sort(key=lambda row: (-row.wrong, -row.right, row.check))
        ledgers.append(SuiteLedger(key[0], key[1], must_decline, answerable, tuple(rows)))
    return ledgers


def format_ledger(ledgers: list[SuiteLedger]) -> list[str]:
    """The ledger as ``ragbench triage`` prints it."""
    shown = [ledger for ledger in ledgers if ledger.shown]
    if not shown:
        return []
    lines = ["refusals by check: refused right (must be declined) / wrong (answerable), the share right [95% CI]"]
    for ledger in shown:
        split = f" [{ledger.split}]" if ledger.split else ""
        lines.append(f"  {ledger.suite}{split}: {ledger.refused_right} of {ledger.must_decline} to decline refused, "
                     f"{ledger.refused_wrong} of {ledger.answerable} answerable refused; the suite's share to decline "
                     f"{ledger.base_rate:.2f}")
        width = max((len(row.check) for row in ledger.rows), default=0)
        for row in ledger.rows:
            lines.append(f"    {row.check:<{width}}  {row.right:4d} / {row.wrong:<4d} "
                         f"{row.share_right:.2f} [{row.low:.2f}, {row.high:.2f}]")
    return lines
