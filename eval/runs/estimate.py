"""``ragbench run --estimate``: what judging a run will cost, before anything is sent to the judge.

The judge's prompts depend on the answers, so the estimate needs them first:

- the builtin pipeline with no chat model runs offline and free, so it is run (into a scratch
  folder: nothing is written under the reports folder);
- any other target (an HTTP service, a python function, a pipeline that calls a chat model)
  would be asked, which may cost too: the estimate then reads the answers of an earlier run of
  the config instead (``--resume RUN_DIR``, or the newest run of the same name), and says so.

Every judge request that run would send is then rendered by ragas exactly as in a real run and
answered by the rule-based judge (:mod:`eval.judges.dry`) — so the statement-then-verdict steps
are walked and counted — without a byte leaving the machine. A request already in the judge's
cache costs nothing and is counted apart. **Tokens** are estimated by script, since no tokenizer
can be downloaded offline: about one token per CJK character and per four other characters of
the request (system and user messages); output tokens are the size of the shortest valid reply
(a real judge adds reasons, so read them as a floor). Cost uses the judge's ``price_per_1k_*``.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from eval.config import reader_spec
from eval.judges.client import JudgeCache
from eval.judges.dry import transport
from eval.judges.judged import JUDGED, judge_for, judge_metric
from eval.judges.jury import Jury
from eval.runs.checkpoint import read_cases, read_run
from eval.runs.judging import inputs_of
from eval.runs.runner import metric_names, run
from eval.targets import targets
from rag.errors import InputError

FIELDS = ("cases", "calls", "cached", "prompt_tokens", "completion_tokens")


class _ReadOnlyCache(JudgeCache):
    """The judge's real cache, read but never written — a dry reply must not become a cached
    one — while a request the run would send twice is remembered here, so it counts once (the
    second time the run would read it from the cache)."""

    def __init__(self, path: Any) -> None:
        super().__init__(path)
        self.seen: dict[str, Any] = {}

    def get(self, key: str) -> Any | None:
        return self.seen.get(key) or super().get(key)

    def put(self, key: str, value: Any) -> None:
        self.seen.setdefault(key, value)


def dry_judge(prepared: Any) -> Any:
    """The configured judge, its requests answered in process by rule, no budget."""
    from rag.http import RetryingPoster, make_client

    judge = judge_for(prepared.config, prepared.workspace.cache("judge"))
    for client in judge.members if isinstance(judge, Jury) else [judge]:
        client._poster = RetryingPoster(make_client(None, 30.0, transport()), max_retries=0)
        client.max_calls = client.max_cost = None
        client.limits.rpm = client.limits.tpm = None
        client.cache = _ReadOnlyCache(prepared.workspace.cache("judge"))
    return judge


def offline(prepared: Any) -> bool:
    entry = targets.get(prepared.config.target.name)
    return bool(entry.info.get("local")) and prepared.config.chat_model is None and reader_spec(prepared.config) is None


def answers(prepared: Any, earlier: Path | None, cases: set[tuple[str, str]] | None, scratch: Path
            ) -> tuple[list[Any], str]:
    """The records whose answers the judge would read, and where they came from."""
    if earlier is None and offline(prepared):
        unjudged = prepared.with_config(prepared.config.model_copy(update={"judge": None}))
        run_dir, _ = run(unjudged, out_root=scratch, cases=cases, progress=False)
        return read_cases(run_dir), "the offline pipeline, run now"
    folder = earlier or _newest_run(prepared)
    if folder is None:
        raise InputError(f"--estimate needs the target's answers, and target {prepared.config.target.name!r} "
                         "would be asked for them (that may cost); run it once (with --limit N for a sample) "
                         "and estimate from that run with --resume RUN_DIR", field="--estimate")
    wanted = cases
    records = [r for r in read_run(folder)[1] if wanted is None or (r.suite, r.case_id) in wanted]
    return records, f"the answers of run {folder.name}"


def _newest_run(prepared: Any) -> Path | None:
    root = prepared.workspace.out("runs")
    runs = sorted(root.glob(f"{prepared.config.name}-*"), reverse=True) if root.is_dir() else []
    return next((r for r in runs if (r / "run.json").is_file()), None)


def estimate(prepared: Any, earlier: Path | None = None, cases: set[tuple[str, str]] | None = None) -> dict[str, Any]:
    """Per suite and judged metric: calls to send, calls served by the cache, and the estimated
    input and output tokens and cost of the calls to send."""
    if prepared.config.judge is None:
        raise InputError("the config has no judge: nothing to estimate", field="--estimate")
    client = dry_judge(prepared)
    members = client.members if isinstance(client, Jury) else [client]
    price_of = {m.id: m.prices for m in members} | {None: members[0].prices}
    with tempfile.TemporaryDirectory() as tmp:
        records, source = answers(prepared, earlier, cases, Path(tmp))
    by_suite = {s.name: s for s in prepared.suites()}
    rows: dict[str, dict[str, dict[str, float]]] = {}
    for suite_name in dict.fromkeys(r.suite for r in records):
        suite = by_suite.get(suite_name)
        if suite is None:
            continue
        index, _ = prepared.index(suite)
        cases_of = {c.id: c for c in suite.cases}
        names = [m for m in metric_names(prepared.config, suite.mode) if m in JUDGED]
        for record in (r for r in records if r.suite == suite_name and r.mode == "full" and r.error is None):
            case = cases_of.get(record.case_id)
            if case is None:
                continue
            for name in names:
                judged = judge_metric(name, inputs_of(case, record), client, index.embed_queries)
                row = rows.setdefault(suite_name, {}).setdefault(name, Counter())
                row["cases"] += 1
                for call in judged["calls"]:
                    if call["cached"]:
                        row["cached"] += 1
                    else:
                        prices = price_of.get(call.get("judge"), price_of[None])
                        row["calls"] += 1
                        row["prompt_tokens"] += call["prompt_tokens"]
                        row["completion_tokens"] += call["completion_tokens"]
                        row["cost"] += (call["prompt_tokens"] * prices[0] + call["completion_tokens"] * prices[1]) / 1000
    out = {"source": source, "judge": client.id, "suites": {}}
    for suite_name, metrics in rows.items():
        out["suites"][suite_name] = {
            name: {**{k: int(row[k]) for k in FIELDS}, "cost": round(row["cost"], 6)} for name, row in metrics.items()}
    total: Counter[str] = Counter(dict.fromkeys(FIELDS, 0))
    cost = 0.0
    for metrics in out["suites"].values():
        for row in metrics.values():
            total.update({k: row[k] for k in FIELDS})
            cost += row["cost"]
    out["total"] = {**{k: int(total[k]) for k in FIELDS}, "cost": round(cost, 6)}
    return out


def format_estimate(est: dict[str, Any]) -> str:
    lines = [f"estimate from {est['source']}; judge {est['judge']}; nothing was sent",
             f"  {'suite':<14}{'metric':<22}{'cases':>6}{'calls':>7}{'cached':>8}{'input tok':>11}"
             f"{'output tok':>11}{'cost':>10}"]
    for suite, metrics in est["suites"].items():
        for name, row in metrics.items():
            lines.append(f"  {suite:<14}{name:<22}{row.get('cases', 0):>6}{row.get('calls', 0):>7}"
                         f"{row.get('cached', 0):>8}{row.get('prompt_tokens', 0):>11}"
                         f"{row.get('completion_tokens', 0):>11}{row['cost']:>10.4f}")
    t = est["total"]
    lines.append(f"  {'total':<36}{t.get('cases', 0):>6}{t.get('calls', 0):>7}{t.get('cached', 0):>8}"
                 f"{t.get('prompt_tokens', 0):>11}{t.get('completion_tokens', 0):>11}{t.get('cost', 0):>10.4f}")
    lines.append("tokens estimated by script (≈1 per CJK character, ≈1 per 4 other characters; output: the "
                 "shortest valid reply, a floor); cost from the judge's price_per_1k_prompt / _completion")
    return "\n".join(lines)


def limited(suites: list[Any], n: int) -> set[tuple[str, str]]:
    """``--limit N``: N cases of each suite, drawn reproducibly (a hash of suite and case id) and
    stratified by split (each split its share, largest remainders first)."""
    import hashlib
    import math

    chosen: set[tuple[str, str]] = set()
    for suite in suites:
        splits: dict[str, list[Any]] = {}
        for case in suite.cases:
            splits.setdefault(case.split or "", []).append(case)
        total = len(suite.cases)
        take = min(n, total)
        quotas = {s: take * len(cs) / total for s, cs in splits.items()}
        counts = {s: math.floor(q) for s, q in quotas.items()}
        for s in sorted(quotas, key=lambda s: (-(quotas[s] - counts[s]), s))[:take - sum(counts.values())]:
            counts[s] += 1
        for s, cs in splits.items():
            ranked = sorted(cs, key=lambda c, name=suite.name: hashlib.sha256(f"{name}:{c.id}".encode()).hexdigest())
            chosen |= {(suite.name, c.id) for c in ranked[:counts[s]]}
    return chosen
