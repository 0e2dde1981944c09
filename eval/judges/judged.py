"""Judged metrics: ragas' LLM metrics, scored case by case with every judge call accounted for.

Each case × metric ends with one status:

- ``ok`` — scored, value in [0, 1];
- ``judge_error`` — the endpoint failed (timeout, 5xx after retries, refused) on a call;
- ``invalid_output`` — the judge's reply did not parse into the schema ragas asked for, after
  ``parse_retries`` more attempts;
- ``undefined`` — the metric has no value here (no statements in the answer, a refusal, no
  context, no reference);
- ``out_of_range`` — ragas returned a score outside [0, 1] (a judge that said ``attributed: 2``);
- ``pending`` — not judged yet: a judge budget (``max_calls``, ``max_cost``) ran out first. The
  run is incomplete, and ``--resume`` judges it.

Only ``ok`` values are aggregated; ``judge_error`` and ``invalid_output`` count as failures
against the judge's ``max_failure_rate``. The raw replies stay in the case record. Cases are
scored one by one, never as one all-or-nothing batch.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from eval.judges.client import JudgeBudget, JudgeCache, JudgeClient, JudgeFailure, Ledger, judges
from eval.judges.jury import Jury, verdict_of

FAILED = ("judge_error", "invalid_output")
PENDING = "pending"          # not judged yet: the suite's judging phase, or a budget that ran out
TO_JUDGE = (*FAILED, PENDING)  # what a run (or its resume) judges


def pending(detail: str = "") -> dict[str, Any]:
    return {"status": PENDING, "value": None, "detail": detail, "repeats": [], "calls": []}


@dataclass(frozen=True)
class JudgedSpec:
    ragas_class: str
    needs_answer: bool = False      # a refusal has nothing to judge
    needs_context: bool = False
    needs_reference: bool = False
    embeddings: bool = False
    calls: str = ""                 # judge calls per case (README)


JUDGED: dict[str, JudgedSpec] = {
    "faithfulness": JudgedSpec("Faithfulness", needs_answer=True, needs_context=True, calls="2"),
    "answer_relevancy": JudgedSpec("AnswerRelevancy", needs_answer=True, embeddings=True, calls="3 (strictness)"),
    "context_recall": JudgedSpec("ContextRecall", needs_context=True, needs_reference=True, calls="1"),
    "context_precision": JudgedSpec("ContextPrecisionWithReference", needs_context=True, needs_reference=True,
                                    calls="1 per context item"),
    "factual_correctness": JudgedSpec("FactualCorrectness", needs_answer=True, needs_reference=True,
                                      calls="2 (claims of answer and reference) + 2 (NLI)"),
}


@dataclass(frozen=True)
class CaseInputs:
    question: str
    answer: str
    refused: bool
    contexts: list[str]
    reference: str | None


def _arguments(name: str, x: CaseInputs) -> dict[str, Any]:
    return {
        "faithfulness": {"user_input": x.question, "response": x.answer, "retrieved_contexts": x.contexts},
        "answer_relevancy": {"user_input": x.question, "response": x.answer},
        "context_recall": {"user_input": x.question, "retrieved_contexts": x.contexts, "reference": x.reference},
        "context_precision": {"user_input": x.question, "reference": x.reference, "retrieved_contexts": x.contexts},
        "factual_correctness": {"response": x.answer, "reference": x.reference},
    }[name]


def undefined_because(spec: JudgedSpec, x: CaseInputs) -> str | None:
    if spec.needs_answer and (x.refused or not x.answer.strip()):
        return "the case was refused: no answer to judge"
    if spec.needs_context and not x.contexts:
        return "no context"
    if spec.needs_reference and not x.reference:
        return "the case has no reference"
    return None


def build_metric(name: str, llm: Any, embed: Any | None) -> Any:
    from eval.judges.ragas_adapter import embeddings, ragas

    ragas()
    from ragas.metrics import collections

    spec = JUDGED[name]
    cls = getattr(collections, spec.ragas_class)
    if spec.embeddings:
        return cls(llm=llm, embeddings=embeddings(embed))
    return cls(llm=llm)


def judge_metric(name: str, x: CaseInputs, client: Any, embed: Any | None = None) -> dict[str, Any]:
    """Score one case on one judged metric, ``client.repeats`` times (a jury: each of its judges,
    then their aggregate); the judgement record."""
    from eval.judges.ragas_adapter import judge_llm, run_sync

    spec = JUDGED[name]
    why = undefined_because(spec, x)
    if why:
        return {"status": "undefined", "value": None, "detail": why, "repeats": [], "calls": []}
    if isinstance(client, Jury):
        members = {m.id: judge_metric(name, x, m, embed) for m in client.members}
        if any(j["status"] == PENDING for j in members.values()):
            return {**pending(next(j["detail"] for j in members.values() if j["status"] == PENDING))}
        return verdict_of(client, members)
    values: list[float] = []
    statuses: list[str] = []
    calls: list[dict[str, Any]] = []
    detail = ""
    for repeat in range(client.repeats):
        ledger = Ledger()
        metric = build_metric(name, judge_llm(client, ledger, repeat), embed)
        status, value = "ok", None
        try:
            result = run_sync(metric.ascore(**_arguments(name, x)))
            value = float(result.value) if result.value is not None else math.nan
            if math.isnan(value):
                status, detail = "undefined", "ragas returned no value (e.g. no statements extracted)"
            elif not 0.0 <= value <= 1.0:
                status, detail = "out_of_range", f"ragas returned {value}"
        except JudgeFailure as exc:
            status, detail = exc.call.status, exc.call.error
        except JudgeBudget as exc:   # nothing more is sent: left to a resume
            return {**pending(str(exc)), "calls": calls + [{**asdict(c), "repeat": repeat, "raw": c.raw[:4000]}
                                                         for c in ledger.calls]}
        except ValueError as exc:    # ragas' own input checks
            status, detail = "undefined", f"{type(exc).__name__}: {exc}"[:300]
        calls += [{**asdict(c), "repeat": repeat, "raw": c.raw[:4000]} for c in ledger.calls]
        statuses.append(status)
        if status == "ok":
            values.append(float(value))  # type: ignore[arg-type]
    detail = detail or verdict_detail(calls)
    # the case's status: ok if every repeat scored; else the first failure
    status = "ok" if statuses and all(s == "ok" for s in statuses) else next(s for s in statuses if s != "ok")
    mean = sum(values) / len(values) if values and status == "ok" else None
    spread = (max(values) - min(values)) if len(values) > 1 else 0.0
    return {"status": status, "value": mean, "detail": detail, "repeats": values, "spread": spread,
            "calls": calls}


def verdict_detail(calls: list[dict[str, Any]]) -> str:
    """What the judge found wanting, read from its own verdicts: the answer's statements it did
    not find supported (faithfulness, factual correctness), the reference's statements it did not
    find in the context (context recall)."""
    import json

    wanting: list[str] = []
    for call in calls:
        if call["status"] != "ok":
            continue
        try:
            data = json.loads(call["raw"])
        except ValueError:
            continue
        if call["schema"] == "NLIStatementOutput":
            wanting += [s.get("statement", "") for s in data.get("statements", []) if not s.get("verdict")]
        elif call["schema"] == "ContextRecallOutput":
            wanting += [c.get("statement", "") for c in data.get("classifications", []) if not c.get("attributed")]
    wanting = list(dict.fromkeys(w for w in wanting if w))
    return ("not supported: " + " | ".join(wanting[:5])) if wanting else ""


def judge_for(config: Any, cache: Any) -> Any:
    """The configured judge — or jury, when ``judge`` lists several — with its persistent cache
    (a SQLite file), or None."""
    if config.judge is None:
        return None
    specs = config.judge if isinstance(config.judge, list) else [config.judge]
    clients = []
    for i, spec in enumerate(specs):
        client = judges.build(spec, field_path=f"judge.{i}" if isinstance(config.judge, list) else "judge")
        client.cache = JudgeCache(cache)
        clients.append(client)
    return Jury(clients, config.jury) if len(clients) > 1 else clients[0]


def identity(client: JudgeClient, names: list[str]) -> dict[str, Any]:
    """What a judged run was judged with: the judge, ragas' version, each metric's prompt hashes."""
    import importlib.metadata

    from eval.judges.ragas_adapter import judge_llm, prompt_hashes

    first = client.members[0] if isinstance(client, Jury) else client
    prompts = {n: prompt_hashes(build_metric(n, judge_llm(first, Ledger(), 0), lambda texts: [[0.0]] * len(texts)))
               for n in names if n in JUDGED}
    return {**client.describe(), "ragas": importlib.metadata.version("ragas"), "prompts": prompts}
