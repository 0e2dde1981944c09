"""The summary table ``ragbench run`` prints."""

from __future__ import annotations

from typing import NamedTuple

from eval.runs.log import Aggregate, RunLog, SuiteSummary
from eval.runs.summary import KINDS


class Leading(NamedTuple):
    """The split a suite's summary leads with, its case count and its metrics."""

    name: str          # "test", or "all" when the suite has no test split
    cases: int
    metrics: dict[str, Aggregate]


def leading_split(suite: SuiteSummary) -> Leading:
    """The test split when the suite has one (parameters are fit on dev, so test is the number
    to report), else all cases. The printed summary and the run report's charts both lead with it."""
    test = suite.splits.get("test")
    if test is not None:
        return Leading("test", test.cases, test.metrics)
    return Leading("all", suite.cases, suite.metrics)


def fmt(agg: Aggregate) -> tuple[str, str]:
    if agg.value is None:
        return "—", ""
    if agg.aggregation in ("p50", "p95"):
        value = f"{agg.value:.1f} ms"
        ci = f"[{agg.low:.1f}, {agg.high:.1f}]" if agg.low is not None else ""
    elif agg.aggregation == "sum":
        value = f"{agg.value:g}"
        ci = f"[{agg.low:.1f}, {agg.high:.1f}]" if agg.low is not None and agg.method.startswith("clopper") else ""
    else:
        value = f"{agg.value:.4f}"
        ci = f"[{agg.low:.4f}, {agg.high:.4f}]" if agg.low is not None else ""
    return value, ci


def _split_table(suite: SuiteSummary) -> list[str]:
    """Test split first (the number to report), with its interval; dev beside it, and the gap."""
    test, dev = suite.splits["test"], suite.splits.get("dev")
    lines = [f"  test split: {test.cases} cases, {test.passed} passed"
             + (f"; dev split: {dev.cases} cases, {dev.passed} passed" if dev else ""),
             f"  {'metric':<24}{'test':>12}  {'95% CI':<20}{'n':>5}{'dev':>12}{'dev−test':>10}"]
    for name, agg in test.metrics.items():
        value, ci = fmt(agg)
        arrow = "↑" if agg.higher_is_better else "↓"
        d = dev.metrics.get(name) if dev else None
        dev_value = fmt(d)[0] if d else "—"
        gap = f"{d.value - agg.value:+.3f}" if d and d.value is not None and agg.value is not None \
            and agg.aggregation == "mean" else ""
        n = f"{agg.n}/{agg.n_total}" if agg.n_total is not None else str(agg.n)
        lines.append(f"  {name + ' ' + arrow:<24}{value:>12}  {ci:<20}{n:>5}{dev_value:>12}{gap:>10}")
    return lines


def _where(lead: Leading) -> str:
    return "all cases" if lead.name == "all" else f"{lead.name} split"


def refusal_line(suite: SuiteSummary) -> list[str]:
    """Negative rejection — the share of must-refuse cases refused, 1 − false answer — beside
    false refusal, on the leading split: the two numbers the answer-versus-refuse gate is about."""
    lead = leading_split(suite)
    fa, fr = lead.metrics.get("false_answer"), lead.metrics.get("false_refusal")
    if fa is None or fa.value is None or fr is None or fr.value is None:
        return []
    ci = f" [{1 - fa.high:.4f}, {1 - fa.low:.4f}]" if fa.low is not None and fa.high is not None else ""
    return [f"  negative rejection {1 - fa.value:.4f}{ci} on {fa.n} must-refuse cases; "
            f"false refusal {fr.value:.4f} on {fr.n} ({_where(lead)})"]


def kinds_line(suite: SuiteSummary) -> list[str]:
    """Multi-turn and multi-document cases passed on the leading split, with exact intervals."""
    from eval.metrics.stats import beta_interval

    lead = leading_split(suite)
    kinds = suite.splits[lead.name].kinds if lead.name in suite.splits else suite.kinds
    said = []
    for kind in sorted(kinds, key=lambda k: list(KINDS).index(k) if k in KINDS else len(KINDS)):
        passed, cases = kinds[kind]   # in KINDS' order: run.json stores its keys sorted
        lo, hi = beta_interval(passed, cases)
        said.append(f"{kind} {passed}/{cases} passed ({passed / cases:.3f} [{lo:.3f}, {hi:.3f}])")
    return [f"  {'; '.join(said)} ({_where(lead)})"] if said else []


def format_summary(log: RunLog) -> str:
    lines = [f"run {log.run_id}: {log.status}"]
    for suite in log.suites.values():
        lines.append("")
        lines.append(f"{suite.name}  ({suite.mode}, {suite.language}): {suite.cases} cases, "
                     f"{suite.passed} passed" + (f", {suite.errors} errors" if suite.errors else ""))
        if leading_split(suite).name == "test":
            lines.extend(_split_table(suite))
        else:
            lines.append(f"  {'metric':<24}{'value':>12}  {'95% CI':<20}{'n':>5}")
            for name, agg in suite.metrics.items():
                value, ci = fmt(agg)
                arrow = "↑" if agg.higher_is_better else "↓"
                n = f"{agg.n}/{agg.n_total}" if agg.n_total is not None else str(agg.n)
                lines.append(f"  {name + ' ' + arrow:<24}{value:>12}  {ci:<20}{n:>5}")
        lines.extend(refusal_line(suite))
        lines.extend(kinds_line(suite))
        if suite.judge:
            by = ", ".join(f"{k} {v}" for k, v in suite.judge["judgements"].items())
            lines.append(f"  judge: {by}; failure rate {suite.judge['failure_rate']} (max {suite.judge['max_failure_rate']})")
        if suite.confusion:
            columns = list(next(iter(suite.confusion.values())))
            lines.append("  expected \\ got    " + "".join(f"{c:>11}" for c in columns))
            for expect, row in suite.confusion.items():
                lines.append(f"  {expect:<18}" + "".join(f"{row.get(c, 0):>11}" for c in columns))
    if log.judge:
        u = log.judge.get("usage", {})
        lines.append("")
        lines.append(f"judge {log.judge.get('id')}: {u.get('calls', 0)} calls, {u.get('cached', 0)} from cache, "
                     f"{u.get('failed', 0)} endpoint errors; {u.get('prompt_tokens', 0)} + {u.get('completion_tokens', 0)} "
                     f"tokens; cost {log.judge.get('cost', 0)}")
    return "\n".join(lines)
