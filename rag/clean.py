"""Text cleaners: make text from any loader uniform before it is scanned and chunked."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Literal

from rag.hygiene import mask_pii
from rag.registry import Registry

Cleaner = Callable[[str], str]
cleaners: Registry[Cleaner] = Registry("cleaner")

# Control characters except tab and newline; zero-width characters and the BOM.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200d\u2060\ufeff]")
# U+3000 ideographic space, U+00A0 no-break space and the other Unicode spaces.
_SPACES = re.compile(r"[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]")
_FULLWIDTH_ALNUM = re.compile(r"[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]")
_TRAILING = re.compile(r"[ \t]+\n")
_BLANK_RUNS = re.compile(r"\n{3,}")


@cleaners.register("standard", version="1")
def standard(*, fullwidth_alnum: bool = True, pii: Literal["keep", "mask"] = "keep") -> Cleaner:
    """Remove control and zero-width characters; turn exotic spaces into plain spaces.

    Full-width digits and Latin letters (``５００``) become ASCII so that numbers match across
    sources; full-width Chinese punctuation is kept, since sentence splitting relies on it.
    ``pii: mask`` replaces phone numbers, Chinese ID-card numbers and e-mail addresses by
    ``[PHONE]`` / ``[ID]`` / ``[EMAIL]`` (:mod:`rag.hygiene`) before anything is indexed; being
    a parameter, it enters the index key.
    """

    def clean(text: str) -> str:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        text = _CONTROL.sub("", text)
        text = _SPACES.sub(" ", text)
        if fullwidth_alnum:
            text = _FULLWIDTH_ALNUM.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)
        text = _TRAILING.sub("\n", text)
        if pii == "mask":
            text = mask_pii(text)
        return _BLANK_RUNS.sub("\n\n", text).strip()

    return clean


@cleaners.register("none", version="1")
def none() -> Cleaner:
    """Leave text exactly as loaded (for measuring what cleaning is worth)."""
    return lambda text: text
