"""Chat models for the stages that call an LLM (generation, multi-query, HyDE, LLM reranking).

``openai`` talks to any OpenAI-compatible ``/chat/completions`` endpoint; ``scripted`` is a
deterministic fake for tests and offline demos. :class:`CachedChat` replays identical requests
from a persistent cache keyed by the request's hash.
"""

from __future__ import annotations

from rag.chat import openai, scripted  # noqa: E402,F401  (register built-ins)
from rag.chat.base import ChatModel, ChatResult, Message, chat_models
from rag.chat.cache import CachedChat

__all__ = ["CachedChat", "ChatModel", "ChatResult", "Message", "chat_models"]
