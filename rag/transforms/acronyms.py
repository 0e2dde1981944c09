"""An acronym the asker uses and the corpus only writes out ("MFA" → "multi-factor authentication"):
the question is read with the words beside it, so that retrieval, answerability and the answer
find the passage that never writes the letters (:mod:`rag.acronyms`)."""

from __future__ import annotations

import re

from rag.acronyms import written_out
from rag.transforms import Transform, transforms
from rag.types import QueryEnv, QueryVariant

_CAPITALS = re.compile(r"(?<![A-Za-z0-9-])[A-Z]{3,4}s?(?![A-Za-z0-9-])")
_SHOUTED = re.compile(r"(?<![A-Za-z])[A-Z]{2,}(?![A-Za-z])")
# at most this many acronyms are looked up per question: each is one pass over the corpus
MAX_ACRONYMS = 3


@transforms.register("acronyms", version="2")
def acronyms() -> Transform:
    """Write each acronym that no document the asker may see holds, and one writes out, with its
    words: "do I have to use MFA?" → "do I have to use MFA (multi-factor authentication)?". Not in a
    shouted message (three or more words in capitals, "WHY IS MY VPN NOT WORKING"), not an acronym the
    question already writes out or explains ("multi-factor authentication (MFA)", "MFA (…)"), and at
    most :data:`MAX_ACRONYMS` per question."""

    def transform(question: str, env: QueryEnv) -> list[QueryVariant]:
        if len(_SHOUTED.findall(question)) >= 3:
            return [QueryVariant(question)]
        lowered = question.lower()
        found = [m for m in _CAPITALS.finditer(question) if not question[m.end():].lstrip().startswith("(")]
        spelled: dict[str, str] = {}
        for name in list(dict.fromkeys(m.group() for m in found))[:MAX_ACRONYMS]:
            words = written_out(env, name)
            if words and words not in lowered:
                spelled[name] = words
        if not spelled:
            return [QueryVariant(question)]
        rewritten = _CAPITALS.sub(lambda m: f"{m.group()} ({spelled[m.group()]})" if m.group() in spelled else m.group(),
                                  question)
        env.facts["acronyms"] = "; ".join(f"{a}: {w}" for a, w in spelled.items())
        return [QueryVariant(rewritten, "rewrite")]

    return transform
