"""The pipeline config: which component runs each stage, chosen by name from a registry.

Configs are frozen pydantic models with ``extra="forbid"``, so a misspelt key is an error
with its line, never a silently ignored setting. ``eval`` extends this with suites and runs.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, PositiveInt, model_validator

from rag.registry import ComponentSpec

Language = Literal["en", "zh", "mixed"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PerLanguage(Frozen):
    """A component chosen by the suite's language (``en`` / ``zh`` / ``mixed``)."""

    en: ComponentSpec | None = None
    zh: ComponentSpec | None = None
    mixed: ComponentSpec | None = None

    def pick(self, language: str) -> ComponentSpec | None:
        return getattr(self, language) or (self.zh if language == "mixed" else None)


# Defaults follow ../shared/OFFLINE.md: MiniLM is best for English and useless for Chinese,
# multilingual USE handles Chinese and mixed corpora; both run offline.
DEFAULT_EMBEDDER = PerLanguage(
    en=ComponentSpec(name="minilm"), zh=ComponentSpec(name="use"), mixed=ComponentSpec(name="use")
)
DEFAULT_TOKENIZER = PerLanguage(
    en=ComponentSpec(name="english"), zh=ComponentSpec(name="jieba"), mixed=ComponentSpec(name="jieba")
)


class PipelineConfig(Frozen):
    """Every stage of the pipeline, index time then query time."""

    loaders: dict[str, ComponentSpec] = {}
    cleaner: ComponentSpec = ComponentSpec(name="standard")
    poison_scan: ComponentSpec = ComponentSpec(name="patterns")
    versions: ComponentSpec = ComponentSpec(name="text")
    chunker: ComponentSpec = ComponentSpec(name="heading_aware")
    embedder: ComponentSpec | PerLanguage = DEFAULT_EMBEDDER
    tokenizer: ComponentSpec | PerLanguage = DEFAULT_TOKENIZER
    dense_index: ComponentSpec = ComponentSpec(name="exact")
    sparse_index: ComponentSpec = ComponentSpec(name="bm25s")
    # by the corpus's language: a multilingual embedder (use, e5) under which a question asked in
    # another language is searched, judged and answered (rag/cross_lingual.py); unset: the corpus's own
    cross_embedder: ComponentSpec | PerLanguage | None = None

    query_transforms: list[ComponentSpec] = []
    retrievers: list[ComponentSpec] = [ComponentSpec(name="dense"), ComponentSpec(name="bm25")]
    fusion: ComponentSpec = ComponentSpec(name="rrf")
    reranker: ComponentSpec = ComponentSpec(name="none")
    top_k: PositiveInt = 5
    # bring in the document a top source sends the reader to ("须按《费用报销细则》走采购审批")
    follow_references: bool = False
    context: ComponentSpec = ComponentSpec(name="packed")
    answerability: ComponentSpec = ComponentSpec(name="evidence")
    generator: ComponentSpec = ComponentSpec(name="extractive")
    verifier: ComponentSpec = ComponentSpec(name="overlap")
    router: ComponentSpec = ComponentSpec(name="none")
    chat_model: ComponentSpec | None = None

    @model_validator(mode="after")
    def _weights_name_retrievers(self) -> PipelineConfig:
        """A fusion weight for a retriever the config does not run is a typo (``bm_25``),
        never a silent 1.0."""
        weights = self.fusion.params.get("weights")
        if isinstance(weights, dict):
            names = sorted({r.name for r in self.retrievers})
            unknown = sorted(set(weights) - set(names))
            if unknown:
                import difflib

                hints = [f"{u!r} (did you mean {m[0]!r}?)" if (m := difflib.get_close_matches(u, names, n=1)) else repr(u)
                         for u in unknown]
                raise ValueError(f"fusion.params.weights names no retriever of this config: {', '.join(hints)}; "
                                 f"retrievers: {', '.join(names)}")
        return self

    def embedder_for(self, language: str) -> ComponentSpec:
        return _pick(self.embedder, language, "embedder")

    def cross_embedder_for(self, language: str) -> ComponentSpec | None:
        """The embedder for questions asked in another language than a corpus in ``language``,
        or None (the corpus's own)."""
        if isinstance(self.cross_embedder, PerLanguage):
            return getattr(self.cross_embedder, language)
        return self.cross_embedder

    def tokenizer_for(self, language: str) -> ComponentSpec:
        return _pick(self.tokenizer, language, "tokenizer")


def _pick(choice: ComponentSpec | PerLanguage, language: str, what: str) -> ComponentSpec:
    if isinstance(choice, ComponentSpec):
        return choice
    picked = choice.pick(language)
    if picked is None:
        from rag.errors import ConfigError

        raise ConfigError(f"no {what} configured for language {language!r}", field=f"{what}.{language}")
    return picked
