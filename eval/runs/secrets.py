"""Secrets never stored: the values of every ``api_key_env`` variable a config names, and of any
``Authorization`` / ``api-key`` header it sets, are replaced by ``[redacted]`` in everything a
case record keeps — errors, raw replies, answers, judge calls — before it is checkpointed, so
``cases.jsonl``, the reports and the logs never hold them (a service that echoes its request
headers in an error body is the case this guards)."""

from __future__ import annotations

import os
from typing import Any

from eval.runs.log import CaseRecord

SECRET_HEADERS = {"authorization", "api-key", "x-api-key", "proxy-authorization"}
MARK = "[redacted]"


def secrets_of(config: Any, env: dict[str, str] | None = None) -> list[str]:
    """Every secret value the config's components may send, longest first (so a key that
    contains another is replaced whole)."""
    env = os.environ if env is None else env
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "api_key_env" and isinstance(value, str) and env.get(value):
                    found.add(env[value])
                elif key == "headers" and isinstance(value, dict):
                    for name, header in value.items():
                        if name.lower() in SECRET_HEADERS and isinstance(header, str):
                            found.update(p for p in (header, header.split(" ", 1)[-1]) if p)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(config.model_dump(mode="json") if hasattr(config, "model_dump") else config)
    return sorted((s for s in found if len(s) >= 6), key=len, reverse=True)


def redact(text: Any, secrets: list[str]) -> Any:
    if not isinstance(text, str) or not secrets:
        return text
    for secret in secrets:
        text = text.replace(secret, MARK)
    return text


def scrub(record: CaseRecord, secrets: list[str]) -> CaseRecord:
    """The record with every secret replaced, wherever text from outside lands in it."""
    if not secrets:
        return record
    record.error = redact(record.error, secrets)
    record.raw_response = redact(record.raw_response, secrets)
    record.answer = redact(record.answer, secrets)
    for item in (*record.context, *record.citations):
        for key in ("text", "title"):
            if key in item:
                item[key] = redact(item[key], secrets)
    for judgement in record.judgements.values():
        judgement["detail"] = redact(judgement.get("detail", ""), secrets)
        for call in judgement.get("calls", []):
            call["raw"], call["error"] = redact(call.get("raw", ""), secrets), redact(call.get("error", ""), secrets)
    return record


def redacted_config(dump: Any) -> Any:
    """A config dump fit to store: secret header values written into it are replaced (the
    ``api_key_env`` names stay — they name a variable, not its value)."""
    if isinstance(dump, dict):
        out = {}
        for key, value in dump.items():
            if key == "headers" and isinstance(value, dict):
                out[key] = {k: MARK if k.lower() in SECRET_HEADERS else v for k, v in value.items()}
            else:
                out[key] = redacted_config(value)
        return out
    if isinstance(dump, list):
        return [redacted_config(v) for v in dump]
    return dump
