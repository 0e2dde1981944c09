"""Suites: a corpus plus golden cases (the public format of DESIGN §5).

This module reads what indexing needs (name, language, corpus folder, identities) and checks
it with file and line; case-level validation arrives with ``ragbench run``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rag._yaml import load_yaml
from rag.config import Language


class Identity(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    departments: list[str] = []
    clearance: int = Field(default=0, ge=0)


class SuiteFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    language: Language
    corpus: str
    description: str = ""
    identities: dict[str, Identity] = {}
    cases: str | list[Any] | None = None


class Suite(BaseModel):
    model_config = ConfigDict(frozen=True)

    spec: SuiteFile
    path: Path

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def language(self) -> str:
        return self.spec.language

    @property
    def corpus_dir(self) -> Path:
        return self.path.parent / self.spec.corpus


def load_suite(path: str | Path) -> Suite:
    doc = load_yaml(path)
    if not isinstance(doc.data, dict):
        raise doc.error("a suite file must be a mapping")
    spec = doc.validate(SuiteFile)
    suite = Suite(spec=spec, path=Path(path))
    if not suite.corpus_dir.is_dir():
        raise doc.error(f"corpus folder {str(suite.corpus_dir)!r} does not exist", ["corpus"])
    return suite
