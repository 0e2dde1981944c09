"""Transforms that ask the configured chat model: multi-query and HyDE."""

from __future__ import annotations

import re

from pydantic import PositiveInt

from rag.errors import ConfigError
from rag.transforms import Transform, transforms
from rag.types import QueryEnv, QueryVariant

_MULTI = {
    "en": "Write {n} different search queries that would find documents answering the question. "
          "One per line, no numbering, no other text.\n\nQuestion: {q}",
    "zh": "请写出 {n} 个不同的检索查询，用于查找能回答下面问题的文档。每行一个，不要编号，不要其他内容。\n\n问题：{q}",
}
_HYDE = {
    "en": "Write a short passage (3 sentences) that a company document answering this question "
          "might contain. Write only the passage.\n\nQuestion: {q}",
    "zh": "请写一段简短的文字（3 句话），模拟一份能回答该问题的公司文档中的内容。只输出这段文字。\n\n问题：{q}",
}


# A list marker at the start of a line ("- ", "• ", "2. ", "3) ", "1、", "(4) "): only there, so
# that a trailing code ("error VPN-809") or a leading number that is content ("2024 budget") stays.
_MARKER = re.compile(r"^\s*(?:[-•*·]\s+|\d{1,2}\s*[.)、:：]\s*|[（(]\d{1,2}[)）]\s*)")


def list_item(line: str) -> str:
    return _MARKER.sub("", line).strip()


def _chat(env: QueryEnv, component: str):  # noqa: ANN202
    if env.chat is None:
        raise ConfigError(f"query transform {component!r} needs a chat_model in the config",
                          field="chat_model")
    return env.chat


@transforms.register("multi_query", version="1", needs_chat=True)
def multi_query(*, n: PositiveInt = 3) -> Transform:
    """The question plus ``n`` paraphrases written by the chat model."""

    def transform(question: str, env: QueryEnv) -> list[QueryVariant]:
        prompt = _MULTI["en" if env.language == "en" else "zh"].format(n=n, q=question)
        reply = _chat(env, "multi_query").complete([{"role": "user", "content": prompt}]).text
        lines = [list_item(ln) for ln in reply.splitlines()]
        extra = [ln for ln in dict.fromkeys(lines) if ln and ln != question][:n]
        return [QueryVariant(question), *(QueryVariant(t, "multi") for t in extra)]

    return transform


@transforms.register("hyde", version="2", needs_chat=True)
def hyde(*, only_for: list[str] | None = None) -> Transform:
    """Hypothetical document embeddings: the model writes a passage that might answer the
    question, and retrieval also searches with it. The passage is a guess: it is marked
    ``hyde`` in the trace and never enters the context or a citation. ``only_for`` limits it
    to question types (``[procedure, compare]``: abstract questions, not a code or a number);
    it needs ``classify`` earlier in ``query_transforms``."""

    def transform(question: str, env: QueryEnv) -> list[QueryVariant]:
        if only_for is not None:
            kind = env.facts.get("question_type")
            if kind is None:
                raise ConfigError("hyde's only_for needs the classify transform before it", field="query_transforms")
            if kind not in only_for:
                return [QueryVariant(question)]
        prompt = _HYDE["en" if env.language == "en" else "zh"].format(q=question)
        passage = _chat(env, "hyde").complete([{"role": "user", "content": prompt}]).text.strip()
        return [QueryVariant(question)] + ([QueryVariant(passage, "hyde")] if passage else [])

    return transform
