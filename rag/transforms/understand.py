"""Query understanding: what kind of question this is, and whether it asks several things.

``classify`` records the question type — fact, count, list, compare, procedure, follow-up,
reference (names a document and asks about another it points to) — and the asked fact (number,
date, person, place, organisation, list, yes/no, definition, procedure, reason:
:mod:`rag.answer_types`) in
the trace and in ``env.facts["question_type"]``; with ``top_k`` by type it widens or narrows how
many sources reach the context (a list or compare question needs more, a fact fewer). ``hyde``
reads the type through its ``only_for`` condition.

``split`` turns a question that enumerates ("一线城市和省会城市的住宿标准分别是多少？", "the hotel
caps in London and Lisbon") into one sub-query per item, each retrieved on its own; the pipeline
then keeps the best source of every part in the context. Its rules live by job:
:mod:`rag.transforms.asking` (whether a piece of a message asks; the questions a message asks),
:mod:`rag.transforms.parts_zh` and :mod:`rag.transforms.parts_en` (the parts of a Chinese and an English
message) and :mod:`rag.transforms.pointers` (a later part's pronoun read as the first part's topic).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rag.answer_types import asked_type
from rag.transforms import Transform, transforms
from rag.transforms.followup import content_of, is_follow_up
from rag.transforms.parts_en import en_parts
from rag.transforms.parts_zh import zh_parts
from rag.transforms.pointers import asked_again, pointer_in_split
from rag.transforms.slots import embedder_similarity
from rag.types import QueryEnv, QueryVariant

TYPES = ("fact", "count", "list", "compare", "procedure", "follow-up", "reference")

# a question that names one document and asks about another it points to ("《A》说按另一份制度
#执行，那份制度……", "the booking guide points to another policy — what does that policy …")
_REFERENCE = {
    "zh": re.compile(r"(另一份|那份|另外一份|它引用的|其中引用的|所引用的|里提到的那份|提到的另一)"),
    "en": re.compile(r"\b(another|the other|that) (policy|document|guide|rulebook|rules|handbook|manual|runbook)\b"
                     r"|\bthe (policy|document|guide|rules) it (mentions|refers to|points to|names)\b", re.I),
}

_RULES = {
    "zh": [("compare", r"区别|不同|差别|相比|比较|哪个更|哪种更|有何差异"),
           ("count", r"几个(?!月|小时|工作日|星期|礼拜|钟头|季度)|几种|几类|几项|多少个(?!月|小时|工作日|星期|礼拜|钟头|季度)|多少种|多少类|多少项"),
           ("list", r"哪些|哪几|有什么.{0,4}(要求|条件|规定)|包括什么|包含哪|列出|都有什么"),
           ("procedure", r"怎么|如何|怎样|流程|步骤|手续|办理")],
    "en": [("compare", r"\b(difference|differ|compare|compared|versus|vs\.?|better|which is (more|less))\b"),
           ("count", r"\bhow many (different )?(kinds|types|ways|steps|levels|tiers|categories|options)\b"),
           ("list", r"\b(which|what) (are|were) the\b|\blist\b|\bwhat (documents|items|options|steps)\b"),
           ("procedure", r"\bhow (do|can|should|to)\b|\b(steps|process|procedure)\b")],
}


def question_type(question: str, env: QueryEnv) -> str:
    lang = "en" if env.language == "en" else "zh"
    if env.history and is_follow_up(question, lang):
        return "follow-up"
    if _REFERENCE[lang].search(question):
        return "reference"
    for kind, pattern in _RULES[lang]:
        if re.search(pattern, question, re.I):
            return kind
    return "fact"


@transforms.register("classify", version="7")
def classify(*, top_k: dict[str, int] | None = None) -> Transform:
    """Record the question type; ``top_k`` (e.g. ``{list: 8, compare: 8, fact: 4}``) sets how
    many ranked sources the context gets for that type (others keep the config's ``top_k``). Version 4:
    the asked fact of an English question is read from its first question word, not from a when / who /
    where opening a clause inside it ("Who do I call when the VPN fails?" asks a person;
    :func:`rag.answer_types.without_subordinate_wh`). Version 5: a condition that opens the question ("When my manager
    is away, who approves …?") and a second question after ", and" are read as clauses of their own. Version 6: dates asked in the plural ("On which dates …?", "What days …?") are dates; version 7 (a review): only dates,
    days, years and months, and never before "of" ("What periods of leave …", "What hours of training …")."""
    table = dict(top_k or {})

    def transform(question: str, env: QueryEnv) -> list[QueryVariant]:
        kind = question_type(question, env)
        env.facts["question_type"] = kind
        env.facts["asked"] = asked_type(question)   # the kind of fact asked for (rag.answer_types)
        if kind in table:
            env.facts["top_k"] = int(table[kind])
        return [QueryVariant(question, "original")]

    return transform


# longer than this, a message is not split (the rules would take time and stack for nothing)
MAX_SPLIT_CHARS = 600


@transforms.register("split", version="32")
def split() -> Transform:
    """One sub-query per enumerated item (each retrieved separately; the question itself
    stays first). A question without an enumeration is left alone. Version 32: a part that asks how to reach a role it
    names ("…, and what is the Café Bar Manager's extension?") gets that role's directory row as its source
    (:func:`rag.part_sources.best_of_parts`), however the scene the parts share ranks its retrievers; one that asks
    how to reach whoever handles something of its own ("…, which extension do I ring to book the minibus?") gets the
    row of whom a source of the message names for it. Version 28: a joining word inside a title or a
    quoted name (《请假与休假制度》, 「研究与开发」, "AI与大数据") joins nothing, and an item that opens on one runs to its end
    and takes the nouns after it (“市场与销售”部门); no item starts inside one; an English "and" inside double quotes joins
    nothing ('the "Travel and Expenses Guide" and the "Security Handbook"'). Version 27: two sides of a reciprocal predicate
    ("信亲与信长交好", "谁与潘佩珠谈话") are one event; an English item is the noun phrase after "and" ("my sandwiches and drinks into the
    gallery": the rest goes with each item; "full-time and part-time staff" share their head), never a binomial ("health
    and safety", "bits and bobs"); a person a later English part points at after a "who" question is the one it asks
    for, and the part is read after it ("Who deals with loan requests, and what is their extension?"); a later Chinese
    clause that opens on an amount, a span or a part of the day and names nothing else leans on the one before it
    ("两头班中午几点能走，下午几点得回来？", "…有没有高温补贴，一个月给多少？"). Version 26: a wh-phrase with no verb of its own
    after a comma ("who tries to ring them first, after how long, and what is that team's extension?", "by when",
    "to whom") stays with the question before it, where a question follows the next joint. Version 24: a clause or phrase that opens an
    English message before its questions ("If I swap onto a bank holiday shift, how much notice …, and how are …?",
    "As a new starter, …") stays with each of them, and with one question after it the message is not split (v23
    cut "When my manager is away?" off as a question of its own); "by what time" and "from when" open a question.
    Version 25, after a hostile review: "When's …", "When exactly …" and "Since when …" are questions, not opening
    clauses; "from when" opens a question only before an auxiliary ("from when I start" stays in its clause); an
    enumeration after an opening clause is split ("When I travel, what is the allowance for Paris and Berlin?").
    Version 23: a pronoun of a later part reads
    the earlier topic as :func:`rag.transforms.slots.topic` (version 4 of ``followup``) finds it; a later Chinese
    question that opens on 那边 / 那里 / 当地 asks of the place the question before it names ("…去北京参加培训…？那边
    酒店每晚最多报多少？" → "北京酒店…"). Version 22: a question of several
    that asks two things itself ("…？他的目标年终奖是几个月工资，啥时候发？") is cut again; a later clause that
    names nothing of its own, in the sentence or a question of its own ("…？具体多少？"), is read after the one
    before it ("…几个月工资。啥时候发？"); 想领几本 / 想在嘉兴多待几天 ask nothing;
    a pronoun inside the scene every part carries ("…for their spring campaign. Before I answer: …") is left alone;
    a later English question that opens on a person of the first one's scene ("She's hinted she'll bring wine. Am I
    OK to keep it?") is asked in that scene; a question after a condition without its comma ("…, and once I've
    passed is that enough …?", "if I drive in will I still …?") is a part; chat spellings ask ("whats")."""

    def transform(question: str, env: QueryEnv) -> list[QueryVariant]:
        if len(question) > MAX_SPLIT_CHARS:   # a pasted email or document is no list of questions
            return [QueryVariant(question)]
        parts = en_parts(question) if env.language == "en" else zh_parts(question)
        parts = [p for p in dict.fromkeys(parts) if p and p != question]
        if len(parts) < 2:
            return [QueryVariant(question)]
        lang = "en" if env.language == "en" else "zh"
        # "What does VPN-203 mean and how do I fix it?": "it" in the second part is the first part's
        # topic; a third part's may point at the second ("which OS does it run, and when do I get it?")
        parts[1] = pointer_in_split(parts[1], parts[0], lang) or parts[1]
        def similar(text: str, others: Sequence[str]) -> Sequence[float]:   # the embedder only when a part asks again
            return embedder_similarity(env.space.embed_queries)(text, others)

        for i in range(1, len(parts)):
            if (again := asked_again(parts[i], parts[i - 1], lang, similar)) is not None:
                # what the part named must stand in its evidence (evidence's require_focus)
                env.facts.setdefault("part_focus", {})[again] = content_of(parts[i], lang)
                parts[i] = again
        env.facts["sub_queries"] = parts
        return [QueryVariant(question), *(QueryVariant(p, "sub") for p in parts)]

    return transform
