"""A judge that answers ragas' schemas by rule, without a model: every statement of the answer
is supported when the context contains it (string containment). Exact and repeatable.

It serves two jobs: ``ragbench run --estimate`` renders every judge request a run would send and
answers it here, so ragas walks the same steps (statements, then verdicts) and every call is
counted and sized without sending anything; and the tests' fake judge answers with it.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

_SENT = re.compile(r"(?<=[.!?。！？])\s*")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENT.split(text or "") if re.search(r"\w", s)]


def _in(statement: str, context: str) -> int:
    return int(statement.rstrip(".。").lower() in context.lower())


def answer(schema: str, data: dict[str, Any]) -> dict[str, Any]:
    """The reply to one ragas request (its schema name and its input)."""
    if schema == "StatementGeneratorOutput":
        return {"statements": sentences(data["answer"])}
    if schema == "NLIStatementOutput":
        return {"statements": [{"statement": s, "reason": "by containment", "verdict": _in(s, data["context"])}
                               for s in data["statements"]]}
    if schema == "ContextRecallOutput":
        return {"classifications": [{"statement": s, "reason": "by containment", "attributed": _in(s, data["context"])}
                                    for s in sentences(data["answer"])]}
    if schema == "ContextPrecisionOutput":
        return {"reason": "by containment", "verdict": int(any(_in(s, data["context"]) for s in sentences(data["answer"])))}
    if schema == "AnswerRelevanceOutput":
        return {"question": data["response"], "noncommittal": 0}
    if schema == "ClaimDecompositionOutput":
        return {"claims": sentences(data["response"])}
    raise ValueError(f"the rule-based judge knows no schema {schema}")


def parse(body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The schema name and ragas' input of a judge request."""
    system, prompt = body["messages"][0]["content"], body["messages"][1]["content"]
    match = re.search(r"JSON schema \((\w+)\)", system)
    if match is None:
        raise ValueError("not a judge request")
    return match.group(1), json.loads(prompt.rsplit("input: ", 1)[1].rsplit("\nOutput:", 1)[0])


def transport() -> httpx.MockTransport:
    """An in-process endpoint answering every request by rule; its usage is each side's size,
    estimated (:func:`eval.judges.client.estimate_tokens`)."""
    from eval.judges.client import estimate_tokens

    def handle(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        schema, data = parse(body)
        content = json.dumps(answer(schema, data), ensure_ascii=False)
        return httpx.Response(200, json={"choices": [{"message": {"content": content}}],
                                         "usage": {"prompt_tokens": estimate_tokens(body["messages"]),
                                                   "completion_tokens": estimate_tokens(content)}})

    return httpx.MockTransport(handle)
