"""The question's names, acronyms and codes that no document the asker may see holds (the evidence rule's
``refuse_unknown_names``, signal ``unknown_names``): the question is about something the asker's corpus never
mentions (``CEO``, ``Wi-Fi``, ``P6``, ``Paris``; every Latin word of a Chinese question)."""

from __future__ import annotations

import re

from rag.acronyms import written_out
from rag.answerability.corpus_terms import CorpusTerms
from rag.answerability.question_terms import names_in
from rag.types import QueryEnv

# (two capitals, "TA", "TL", "DT", abbreviate too many things — a teaching assistant, a team leader — for their
# absence to show that no document speaks of what they name; the rest of the evidence rule decides)
_TWO_CAPITALS = re.compile(r"[A-Z]{2}s?")
# an acronym or a code in the plural ("PDFs", "P60S")
_PLURAL = re.compile(r"^(.*[A-Z0-9])s$|^(.*[0-9])S$")


def unknown_names(question: str, env: QueryEnv, corpus_terms: CorpusTerms) -> list[str]:
    """The names of ``question`` that no document the asker may see holds, in order."""
    def unknown(name: str) -> bool:
        return bool((toks := env.space.tokenize(name)) and not any(corpus_terms.visible(env, t) for t in toks)
                    and not corpus_terms.visible_compact(env, name) and not written_out(env, name))

    # an acronym or a code in the plural is the acronym ("my L5s", "two PDFs", "the VPNs"), and the sources' plural
    # holds the question's singular ("DVD" in "DVDs", which the stemmer leaves whole)
    return sorted(name for name in names_in(question)
                  if not _TWO_CAPITALS.fullmatch(name) and unknown(name)
                  and not ((plural := _PLURAL.match(name)) and not unknown(plural.group(1) or plural.group(2)))
                  and not (name[-1:].isupper() and not unknown(f"{name}s")))
