"""Rule-based rewrites: no model, deterministic."""

from __future__ import annotations

import re
import unicodedata

from rag.transforms import Transform, transforms
from rag.types import QueryEnv, QueryVariant

# Chinese question scaffolding that carries no content ("请问…是多少？").
_ZH_FILLER = re.compile(r"^(请问|我想问一下|我想知道|想问下|麻烦问一下)|(是多少|是什么|怎么办|有哪些|吗|呢|呀|啊)?[？?。!！]*$")
_EN_FILLER = re.compile(r"^(hi|hello|hey|please|can you tell me|could you tell me|i want to know)[,\s]+", re.I)


@transforms.register("identity", version="1")
def identity() -> Transform:
    """Search with the question as asked."""
    return lambda question, env: [QueryVariant(question)]


@transforms.register("rules", version="1")
def rules(*, synonyms: dict[str, list[str]] | None = None) -> Transform:
    """Keeps the question first, then adds a normalised variant (NFKC, question scaffolding
    removed) and one variant per matching synonym, e.g. ``{"报销": ["报账"]}``."""
    table = synonyms or {}

    def transform(question: str, env: QueryEnv) -> list[QueryVariant]:
        out = [QueryVariant(question)]
        normalised = unicodedata.normalize("NFKC", question).strip()
        normalised = _EN_FILLER.sub("", _ZH_FILLER.sub("", normalised)).strip()
        texts = {question}
        if normalised and normalised not in texts:
            out.append(QueryVariant(normalised, "rewrite"))
            texts.add(normalised)
        for word, alternatives in table.items():
            if word in question:
                for alt in alternatives:
                    text = question.replace(word, alt)
                    if text not in texts:
                        out.append(QueryVariant(text, "rewrite"))
                        texts.add(text)
        return out

    return transform
