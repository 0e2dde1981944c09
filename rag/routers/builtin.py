"""The built-in routers (see the package docstring)."""

from __future__ import annotations

import json
import re
import threading
from typing import Any

from rag.errors import ConfigError
from rag.memo import corpus_terms
from rag.routers import Router, routers
from rag.text import in_another_language
from rag.types import QueryEnv, RouteDecision

_GREETING = {
    "zh": re.compile(r"^(你好|您好|嗨|哈喽|早上好|上午好|中午好|下午好|晚上好|早安|晚安|谢谢|多谢|感谢|谢谢你|再见|拜拜|好的|收到|哈哈+|在吗|在不在)"
                     r"[啊呀呢吧哈～~！!。.，,\s]*$"),
    "en": re.compile(r"^(hi|hello|hey|hiya|good (morning|afternoon|evening)|thanks|thank you|thx|cheers|bye|goodbye|"
                     r"see you|ok|okay|great|cool)( there| so much| a lot)?[\s!.,?]*$", re.I),
}
_ABOUT = {
    "zh": re.compile(r"^(你是谁|你是什么|你叫什么|你能做什么|你会什么|你可以做什么|你有什么用|你是机器人吗|介绍一下你自己)[？?！!。\s]*$"),
    "en": re.compile(r"^(who are you|what are you|what can you do|what do you do|are you a (bot|robot|human)|"
                     r"what is your name|introduce yourself)[\s?!.]*$", re.I),
}
REPLIES = {
    ("greeting", "zh"): "你好！我可以根据公司知识库回答制度、IT 与行政方面的问题，请直接提问。",
    ("greeting", "en"): "Hello! I answer questions from the company knowledge base: policies, IT and office matters.",
    ("about", "zh"): "我是知识库问答助手：根据你有权查看的公司文档回答问题，并标注来源。",
    ("about", "en"): "I am the knowledge-base assistant: I answer from the company documents you may see, citing them.",
}


class Vocabulary:
    """Per corpus, once: every term of every chunk (whoever may see it: knowing that the
    corpus speaks of a topic reveals nothing of what it says)."""

    def __init__(self) -> None:
        self._by_space: dict[int, tuple[Any, tuple[frozenset[str], str]]] = {}
        self._lock = threading.Lock()

    def of(self, env: QueryEnv) -> tuple[frozenset[str], str]:
        """The corpus's terms, and its whole text (a Chinese term also counts inside a longer
        word, since segmentation differs between a question and a document)."""
        with self._lock:
            hit = self._by_space.get(id(env.space))
            if hit is None or hit[0] is not env.space:
                hit = (env.space, (corpus_terms(env.space), "\n".join(c.text for c in env.space.chunks).lower()))
                self._by_space[id(env.space)] = hit
            return hit[1]

    def knows(self, env: QueryEnv, term: str) -> bool:
        terms, text = self.of(env)
        return term in terms or (not term.isascii() and term in text)


_CJK_RUN = re.compile(r"[\u3400-\u9fff]+")


def _bigrams(text: str) -> list[str]:
    return [run[i:i + 2] for run in _CJK_RUN.findall(text) for i in range(len(run) - 1)]


def _content(tokens: list[str]) -> list[str]:
    """Terms that carry content: not a bare number, and an ASCII word of three letters or a
    code with a digit (``L5``)."""
    return [t for t in tokens if not t.isdigit()
            and (len(t) > 2 or any(ch.isdigit() for ch in t) if t.isascii() else len(t) > 1)]


@routers.register("none", version="1")
def none() -> Router:
    """Every question takes the RAG path."""
    return lambda question, env: RouteDecision("rag", "no router")


@routers.register("rules", version="2")
def rules(*, out_of_scope: bool = True) -> Router:
    """Offline: a greeting or small talk, or a question about the assistant itself, is answered
    directly with a fixed reply; with ``out_of_scope``, a question none of whose Latin content
    terms and none of whose Chinese character bigrams occurs anywhere in the corpus is refused
    before retrieval (zero overlap: no threshold to fit). Version 2: a question asked in another
    language than the corpus's (:func:`rag.text.in_another_language`: "How many days per week can
    I work from home?" to a Chinese knowledge base) shares no words with it by nature, so the
    vocabulary says nothing: it takes the RAG path, and the evidence rule decides on meaning."""
    vocabulary = Vocabulary()

    def route(question: str, env: QueryEnv) -> RouteDecision:
        lang = "en" if env.language == "en" else "zh"
        q = question.strip()
        if _GREETING[lang].match(q) or _GREETING["en"].match(q):
            return RouteDecision("direct", "greeting or small talk", REPLIES[("greeting", lang)])
        if _ABOUT[lang].match(q) or _ABOUT["en"].match(q):
            return RouteDecision("direct", "a question about the assistant", REPLIES[("about", lang)])
        if out_of_scope:
            # a question asked within a conversation is judged with the user's earlier turns:
            # "还有吗？" alone mentions nothing of the corpus
            q = " ".join([t["content"] for t in env.history if t.get("role") == "user"] + [q])
            # Latin content terms by the tokenizer; Chinese by character bigrams of the question
            # as written, since a segmenter cuts a question and a document differently
            # (jieba: 年假能 → 年 / 假能, while the policy says 年假)
            terms = [t for t in _content(env.space.tokenize(q)) if t.isascii()] + _bigrams(q)
            if terms and not in_another_language(question, env.language) and not any(vocabulary.knows(env, t) for t in terms):
                return RouteDecision("refuse", f"the corpus never mentions {sorted(set(terms))[:5]}")
        return RouteDecision("rag", "needs the corpus")

    return route


_PROMPT = ("Route the user's message for a company knowledge-base assistant. Answer with JSON only: "
           '{{"route": "direct" | "rag" | "refuse", "reply": "<a short reply when direct>"}}. '
           "direct: greetings, thanks, questions about the assistant. rag: anything the company documents may "
           "answer. refuse: clearly unrelated to the company (weather, sports, general trivia).\n\nMessage: {q}")


@routers.register("llm", version="1", needs_chat=True)
def llm() -> Router:
    """The chat model routes; an unreadable reply routes to ``rag`` (never loses a question)."""

    def route(question: str, env: QueryEnv) -> RouteDecision:
        if env.chat is None:
            raise ConfigError("router 'llm' needs a chat_model in the config", field="chat_model")
        text = env.chat.complete([{"role": "user", "content": _PROMPT.format(q=question)}]).text
        match = re.search(r"\{.*\}", text, re.S)
        try:
            data = json.loads(match.group(0)) if match else {}
        except ValueError:
            data = {}
        kind = data.get("route") if isinstance(data, dict) else None
        if kind not in ("direct", "rag", "refuse"):
            return RouteDecision("rag", f"unreadable router reply: {text[:80]!r}")
        return RouteDecision(kind, "chat model", str(data.get("reply") or "") if kind == "direct" else "")

    return route
