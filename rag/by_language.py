"""Settings given once or by corpus language (``{zh: 0.48, en: 0.60}``, a ``default`` for the rest): thresholds and
weights differ by embedder (MiniLM for English, USE for Chinese), and so may the components a stage reads (the
extractive generator's ``reader``). One place for every stage's reading of such a setting: a language's own value,
else ``default`` (:func:`for_language` for any value, :func:`by_language` and :func:`by_language_or_none` for the
numeric thresholds and weights of answerability)."""

from __future__ import annotations

from typing import Any

from rag.errors import ConfigError

KEYS = frozenset({"zh", "en", "mixed", "default"})


def is_by_language(value: Any) -> bool:
    """Whether ``value`` is given by language: a mapping with a language key (or ``default``)."""
    return isinstance(value, dict) and bool(set(value) & KEYS)


def for_language(value: Any, language: str) -> Any:
    """The value a setting takes for ``language``: its own, else ``default``, else None; a value not given by language
    is the value for every language."""
    return value.get(language, value.get("default")) if is_by_language(value) else value


def by_language(value: float | dict[str, float], language: str) -> float:
    """A setting given once or by language (``{zh: 0.48, en: 0.60}``, a ``default`` for the rest)."""
    if not isinstance(value, dict):
        return value
    if language in value:
        return value[language]
    if "default" in value:
        return value["default"]
    raise ConfigError(f"no value for language {language!r} in {value}", field="answerability.params")


def by_language_or_none(value: float | dict[str, float] | None, language: str) -> float | None:
    """:func:`by_language` for an optional setting: None when it is unset for ``language``."""
    if isinstance(value, dict):
        value = value.get(language, value.get("default"))
    return None if value is None else float(value)
