"""Chinese synonyms from Cilin (rag.synonyms)."""

from __future__ import annotations

import pytest

from rag.synonyms import zh_synonyms


@pytest.mark.parametrize(("word", "synonym"), [("出钱", "出资"), ("下蛋", "产卵"), ("退休", "离休"), ("创办", "创立")])
def test_synonyms_of_the_same_meaning(word: str, synonym: str) -> None:
    assert synonym in zh_synonyms(word)
    assert word in zh_synonyms(synonym)


@pytest.mark.parametrize("word", ["吃", "修", "去世", "ragbench"])
def test_no_synonyms_for_single_characters_long_groups_or_unknown_words(word: str) -> None:
    """吃 shares a group with 被 and 让; the group of 去世 gathers more than a dozen words of one field."""
    assert zh_synonyms(word) == frozenset()


def test_only_words_of_two_characters_or_more() -> None:
    assert all(len(w) >= 2 for w in zh_synonyms("出钱"))
