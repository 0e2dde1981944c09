"""An acronym the asker uses and the corpus only writes out ("MFA" → "multi-factor authentication"):
the question is read with the words beside it, so that retrieval, answerability and the answer
find the passage that never writes the letters (:mod:`rag.acronyms`)."""

from __future__ import annotations

import re

from rag.acronyms import written_out
from rag.transforms import Transform, transforms
from rag.types import QueryEnv, QueryVariant

_CAPITALS = re.compile(r"(?<![A-Za-z0-9-])[A-Z]{2,6}s?(?![A-Za-z0-9-])")


@transforms.register("acronyms", version="1")
def acronyms() -> Transform:
    """Write each acronym that no document the asker may see holds, and one writes out, with its
    words: "do I have to use MFA?" → "do I have to use MFA (multi-factor authentication)?"."""

    def transform(question: str, env: QueryEnv) -> list[QueryVariant]:
        spelled = {m.group(): words for m in _CAPITALS.finditer(question) if (words := written_out(env, m.group()))}
        if not spelled:
            return [QueryVariant(question)]
        rewritten = _CAPITALS.sub(lambda m: f"{m.group()} ({spelled[m.group()]})" if m.group() in spelled else m.group(),
                                  question)
        env.facts["acronyms"] = "; ".join(f"{a}: {w}" for a, w in spelled.items())
        return [QueryVariant(rewritten, "rewrite")]

    return transform
