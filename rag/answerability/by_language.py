"""Settings given by language: thresholds and weights differ by embedder (MiniLM for English, USE for Chinese)."""

from __future__ import annotations

from rag.errors import ConfigError


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
