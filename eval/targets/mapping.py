"""Reading a target's JSON reply: JSONPath expressions (jsonpath-ng) mapped to the fields of a
:class:`Reply`, and the request template a case fills in."""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from pydantic import BaseModel, ConfigDict

from eval.targets.base import Ask, Reply, TargetError
from rag.errors import ConfigError
from rag.types import BEHAVIOURS


class ResponseMap(BaseModel):
    """Where each field is in a reply. Paths are JSONPath (``$.choices[0].message.content``,
    ``sources``, ``data.items[*]``); the ``context_*``/``citation_*``/``ranking_*`` paths are
    relative to one item of their list. A field left ``None`` is one the target does not
    return: the metrics that need it are not measurable."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    answer: str = "answer"
    behaviour: str | None = None          # a field holding answered | partial | conflict | background | refused
    refused: str | None = None            # a boolean field: true when the system declined
    refusal_pattern: str | None = None    # else: a regex that marks a refusal in the answer
    contexts: str | None = None           # the list of retrieved passages
    context_text: str = "text"
    context_doc_id: str | None = "doc_id"
    context_chunk_id: str | None = "chunk_id"
    context_score: str | None = "score"
    citations: str | None = None
    citation_doc_id: str | None = "doc_id"
    citation_chunk_id: str | None = "chunk_id"
    citation_number: str | None = "number"
    ranking: str | None = None            # a ranked list of documents, deeper than the context
    ranking_doc_id: str = "doc_id"
    ranking_score: str | None = "score"
    usage: str | None = None              # prompt_tokens / completion_tokens (or input_/output_)
    route: str | None = None              # a field holding rag | direct | refuse (a routing target)
    delta: str = "delta"                  # SSE: the piece of answer text one event carries
    error: str | None = "error"           # a field whose presence means the target failed


@functools.lru_cache(maxsize=256)
def compiled(path: str) -> Any:
    from jsonpath_ng.exceptions import JsonPathParserError
    from jsonpath_ng.ext import parse

    try:
        return parse(path)
    except (JsonPathParserError, Exception) as exc:
        raise ConfigError(f"{path!r} is not a JSONPath expression: {exc}", field="target.params.response") from exc


def find(data: Any, path: str | None) -> tuple[bool, Any]:
    """(found, value). A path that matches several values (``[*]``) gives them as a list."""
    if path is None:
        return False, None
    matches = [m.value for m in compiled(path).find(data)]
    if not matches:
        return False, None
    return True, matches[0] if len(matches) == 1 and "*" not in path else matches


def check_paths(response: ResponseMap) -> None:
    for name, value in response.model_dump().items():
        if name == "refusal_pattern":
            if value:
                try:
                    re.compile(value)
                except re.error as exc:
                    raise ConfigError(f"refusal_pattern is not a regex: {exc}",
                                      field="target.params.response.refusal_pattern") from exc
        elif isinstance(value, str):
            try:
                compiled(value)
            except ConfigError as exc:
                exc.field = f"target.params.response.{name}"
                raise


def _item(item: Any, path: str | None) -> Any:
    if path is None or not isinstance(item, dict | list):
        return None
    found, value = find(item, path)
    return value if found else None


def _items(data: Any, path: str | None, raw: str, what: str) -> list[Any] | None:
    if path is None:
        return None
    found, value = find(data, path)
    if not found or value is None:
        return []
    if not isinstance(value, list):
        raise TargetError(f"the reply's {what} ({path}) is not a list", raw)
    return value


def to_reply(data: Any, m: ResponseMap, raw: str, *, answer: str | None = None) -> Reply:
    """A parsed reply mapped to a :class:`Reply`; a reply without its answer field is
    malformed (``TargetError``, the raw body kept)."""
    if not isinstance(data, dict | list):
        raise TargetError("the reply is not a JSON object", raw)
    found, err = find(data, m.error)
    if found and err:
        raise TargetError(f"the target reported an error: {str(err)[:300]}", raw)
    if answer is None:
        found, answer = find(data, m.answer)
        if not found:
            raise TargetError(f"the reply has no answer at {m.answer!r}", raw)
    text = "" if answer is None else str(answer)
    reply = Reply(answer=text, behaviour=behaviour_of(data, m, text))
    contexts = _items(data, m.contexts, raw, "contexts")
    if contexts is not None:
        reply.context = []
        for item in contexts:
            if isinstance(item, str):
                reply.context.append({"text": item, "doc_id": None, "chunk_id": None})
                continue
            score = _item(item, m.context_score)
            reply.context.append({"text": str(_item(item, m.context_text) or ""),
                                  "doc_id": _str(_item(item, m.context_doc_id)),
                                  "chunk_id": _str(_item(item, m.context_chunk_id)),
                                  "score": float(score) if isinstance(score, int | float) else None})
    citations = _items(data, m.citations, raw, "citations")
    if citations is not None:
        reply.citations = [{"number": _item(c, m.citation_number), "doc_id": _str(_item(c, m.citation_doc_id)),
                            "chunk_id": _str(_item(c, m.citation_chunk_id)),
                            "ghost": bool(_item(c, "ghost")), "supported": _item(c, "supported")}
                           for c in citations]
    ranking = _items(data, m.ranking, raw, "ranking")
    if ranking is not None:
        reply.ranking = []
        for item in ranking:
            if isinstance(item, list | tuple) and item:
                doc, score = item[0], item[1] if len(item) > 1 else 0.0
            else:
                doc, score = _item(item, m.ranking_doc_id), _item(item, m.ranking_score)
            if doc is not None:
                reply.ranking.append((str(doc), float(score) if isinstance(score, int | float) else 0.0))
    if m.route is not None:
        found, route = find(data, m.route)
        reply.route = str(route) if found and route in ("rag", "direct", "refuse") else None
    if m.usage is not None:
        found, usage = find(data, m.usage)
        usage = usage if found and isinstance(usage, dict) else {}
        reply.usage = {"prompt_tokens": int(usage.get("prompt_tokens", usage.get("input_tokens", 0)) or 0),
                       "completion_tokens": int(usage.get("completion_tokens", usage.get("output_tokens", 0)) or 0)}
    return reply


def behaviour_of(data: Any, m: ResponseMap, answer: str) -> str:
    if m.behaviour:
        found, value = find(data, m.behaviour)
        if found and value in BEHAVIOURS:
            return str(value)
    if m.refused:
        found, value = find(data, m.refused)
        if found:
            return "refused" if value is True or str(value).lower() in ("true", "1", "yes") else "answered"
    if m.refusal_pattern and re.search(m.refusal_pattern, answer):
        return "refused"
    return "answered"


def _str(value: Any) -> str | None:
    return None if value is None else str(value)


_PLACEHOLDER = re.compile(r"\{(question|history|identity|case_id|suite|language)\}")


def render(template: Any, ask: Ask) -> Any:
    """The request template with the case filled in. A string that is exactly ``{history}``
    becomes the list of turns, exactly ``{identity}`` the identity's name (or null); inside
    longer strings every placeholder is replaced by its text."""
    values: dict[str, Any] = {"question": ask.question, "history": [dict(t) for t in ask.history],
                              "identity": ask.identity_name, "case_id": ask.case_id, "suite": ask.suite,
                              "language": ask.language}
    if isinstance(template, str):
        whole = _PLACEHOLDER.fullmatch(template)
        if whole:
            return values[whole.group(1)]

        def text(match: re.Match[str]) -> str:
            value = values[match.group(1)]
            if isinstance(value, list):
                return json.dumps(value, ensure_ascii=False)
            return "" if value is None else str(value)

        return _PLACEHOLDER.sub(text, template)
    if isinstance(template, dict):
        return {k: render(v, ask) for k, v in template.items()}
    if isinstance(template, list):
        return [render(v, ask) for v in template]
    return template
