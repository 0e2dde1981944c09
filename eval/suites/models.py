"""The suite format's models: identities, turns, cases, the suite file and a loaded suite."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rag.config import Language
from rag.types import DECLINES, Identity


class IdentitySpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    departments: list[str] = []
    clearance: int = Field(default=0, ge=0)


class Turn(BaseModel):
    """One earlier turn of a conversation."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    role: Literal["user", "assistant"]
    content: str = Field(min_length=1)


class Case(BaseModel):
    """One golden question. ``expected_docs`` items are document ids; an inner list is an
    OR-group (any one of its documents satisfies it)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    id: str = Field(min_length=1)
    question: str = Field(min_length=1)
    # answer / refuse, or an evidence level to assert exactly: partial, conflict (two sources
    # disagree), background (related but insufficient: declines, like refuse)
    expect: Literal["answer", "partial", "conflict", "background", "refuse"] = "answer"
    expected_docs: list[str | list[str]] = []
    relevance: dict[str, int] = {}
    reference: str | None = None
    as_: str | None = Field(default=None, alias="as")
    tags: list[str] = []
    must_contain: list[str] = []       # the answer must hold every one of these
    answers: list[str] = []            # gold answers: the answer must hold at least one (CMRC, SQuAD spans)
    must_not_contain: list[str] = []
    split: Literal["dev", "test"] | None = None
    history: list[Turn] = []     # the conversation before this question, oldest first
    route: Literal["rag", "direct", "refuse"] | None = None   # the route a router should take

    @field_validator("id", mode="before")
    @classmethod
    def _id_as_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) else value

    @field_validator("expected_docs", "tags", "must_contain", "answers", "must_not_contain", mode="before")
    @classmethod
    def _one_as_list(cls, value: Any) -> Any:
        """``expected_docs: policy`` means ``[policy]``; a number is an id or a string."""
        if isinstance(value, str | int):
            return [str(value)]
        if isinstance(value, list):
            return [str(v) if isinstance(v, int) else v for v in value]
        return value

    @property
    def groups(self) -> list[tuple[str, ...]]:
        return [tuple(g) if isinstance(g, list) else (g,) for g in self.expected_docs]

    def grade(self, doc_id: str) -> int:
        return self.relevance.get(doc_id, 1)

    @property
    def contains(self) -> list[tuple[str, ...]]:
        """What the answer must hold, as groups of which any one member will do: each
        ``must_contain`` string on its own, and the ``answers`` as one group — unless the case
        must decline, whose gold answer was cut out of the corpus on purpose (a negative-rejection
        case keeps it as a record; its ``must_contain`` strings still count as they always did)."""
        gold = [tuple(self.answers)] if self.answers and self.expect not in DECLINES else []
        return [(s,) for s in self.must_contain] + gold


class SuiteFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    language: Language
    corpus: str
    description: str = ""
    format: Literal["cases", "beir", "table"] = "cases"
    mode: Literal["full", "retrieval"] | None = None
    identities: dict[str, IdentitySpec] = {}
    cases: str | list[Any] | None = None
    queries: str | None = None
    # one qrels file (its queries are the cases), or one per split: {dev: qrels/train.tsv,
    # test: qrels/test.tsv} — a split's qrels are read only when that split is asked for
    qrels: str | dict[Literal["dev", "test"], str] | None = None
    columns: dict[str, str] = {}


class Suite(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    spec: SuiteFile
    path: Path
    cases: list[Case]
    case_lines: dict[str, tuple[str, int | None]] = {}
    hash: str = ""
    warnings: list[str] = []

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def language(self) -> str:
        return self.spec.language

    @property
    def mode(self) -> str:
        """``retrieval`` suites (BEIR by default) are scored on rankings only."""
        return self.spec.mode or ("retrieval" if self.spec.format == "beir" else "full")

    @property
    def corpus_dir(self) -> Path:
        """The corpus folder, or one corpus file: a BEIR suite's ``corpus.jsonl`` (named, or
        found in the standard layout where queries.jsonl and qrels/ sit beside it)."""
        path = self.path.parent / self.spec.corpus
        if self.spec.format == "beir" and path.is_dir():
            found = beir_corpus_file(path)
            if found is not None:
                return found
        return path

    def identity(self, name: str | None) -> Identity | None:
        if name is None:
            return None
        spec = self.spec.identities[name]
        return Identity(name, tuple(spec.departments), spec.clearance)


def beir_corpus_file(folder: Path) -> Path | None:
    """A BEIR folder's corpus file, in the standard layout."""
    for name in ("corpus.jsonl", "corpus.jsonl.gz"):
        if (folder / name).is_file():
            return folder / name
    return None
