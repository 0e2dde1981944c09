"""Citation verifiers: does the source an answer cites back the sentence that cites it?

Each cited sentence (the text before a ``[n]`` marker, back to the previous marker or sentence
end) is checked against the chunk numbered ``n``. ``overlap`` (offline) scores the share of
the sentence's content terms found in the source and the cosine between them under the corpus's
embedder, and takes the larger; ``llm`` asks the chat model; ``none`` skips the check. A
citation's ``support`` is its best-supported sentence's score; it is ``supported`` at
``min_support`` or above.
"""

from __future__ import annotations

from collections.abc import Callable

from rag.registry import Registry
from rag.types import Citation, ContextItem, QueryEnv

Verifier = Callable[[str, list[Citation], list[ContextItem], QueryEnv], list[Citation]]
verifiers: Registry[Verifier] = Registry("verifier")

from rag.verifiers import builtin  # noqa: E402,F401  (register built-ins)

__all__ = ["Verifier", "verifiers"]
