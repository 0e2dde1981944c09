"""Run configs: the pipeline config plus the suites it is evaluated on.

``load_config`` reads YAML safely, applies ``-P key=value`` overrides, validates into frozen
models and checks every component name and parameter against its registry, so that every
mistake is reported with file, line and field before anything runs.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from pydantic import Field

from rag._yaml import YamlDoc, load_yaml
from rag.answerability import answerability
from rag.chat import chat_models
from rag.chunkers import chunkers
from rag.clean import cleaners
from rag.config import PerLanguage, PipelineConfig
from rag.context import context_builders
from rag.embedders import embedders
from rag.errors import ConfigError, InputError
from rag.fusion import fusions
from rag.generators import generators
from rag.indexes import dense_indexes, sparse_indexes
from rag.loaders import loaders
from rag.pipeline import needs_chat
from rag.poison import scanners
from rag.registry import ComponentSpec, Registry
from rag.rerankers import rerankers
from rag.retrievers import retrievers
from rag.tokenizers import tokenizers
from rag.transforms import transforms


class RunConfig(PipelineConfig):
    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    description: str = ""
    suites: list[str]
    workdir: str = ".ragbench"
    metrics: list[str] | None = None

    def resolved_workdir(self) -> Path:
        return Path(os.environ.get("RAGBENCH_WORKDIR", self.workdir))


STAGES: dict[str, Registry[Any]] = {
    "cleaner": cleaners,
    "poison_scan": scanners,
    "chunker": chunkers,
    "embedder": embedders,
    "tokenizer": tokenizers,
    "dense_index": dense_indexes,
    "sparse_index": sparse_indexes,
    "query_transforms": transforms,
    "retrievers": retrievers,
    "fusion": fusions,
    "reranker": rerankers,
    "context": context_builders,
    "answerability": answerability,
    "generator": generators,
    "chat_model": chat_models,
}


def apply_override(data: dict[str, Any], assignment: str) -> None:
    """``chunker.params.max_chars=300``: set a dotted path; the value is parsed as YAML."""
    key, sep, raw = assignment.partition("=")
    if not sep or not key:
        raise InputError(f"override {assignment!r} is not key=value", field="-P")
    parts = key.split(".")
    node = data
    for part in parts[:-1]:
        child = node.get(part)
        if isinstance(child, str):  # a bare component name grows into {name: ...}
            child = {"name": child}
        elif child is None:
            child = {}
        elif not isinstance(child, dict):
            raise InputError(f"cannot set {key!r}: {part!r} is not a mapping", field="-P")
        node[part] = child
        node = child
    node[parts[-1]] = yaml.safe_load(raw)


def _check_components(doc: YamlDoc, config: RunConfig) -> None:
    for stage, registry in STAGES.items():
        value = getattr(config, stage)
        if value is None:
            continue
        if isinstance(value, PerLanguage):
            choices = [((stage, lang), spec) for lang in ("en", "zh", "mixed") if (spec := getattr(value, lang))]
        elif isinstance(value, list):
            choices = [((stage, str(i)), spec) for i, spec in enumerate(value)]
        else:
            choices = [((stage,), value)]
        for loc, spec in choices:
            _check(doc, registry, spec, loc)
    for suffix, spec in config.loaders.items():
        _check(doc, loaders, spec, ("loaders", suffix))
    missing = needs_chat(config)
    if missing and config.chat_model is None:
        first = missing[0].split(".")
        raise ConfigError(f"{', '.join(missing)} need a chat_model, and none is configured",
                          file=str(doc.path), line=doc.line_of(first), field="chat_model")


def _check(doc: YamlDoc, registry: Registry[Any], spec: ComponentSpec, loc: tuple[str, ...]) -> None:
    try:
        registry.check(spec, field_path=".".join(loc))
    except InputError as exc:
        parts = (exc.field or "").split(".")
        raise ConfigError(exc.message, file=str(doc.path), line=doc.line_of(parts),
                          field=exc.field) from exc


def _check_metrics(doc: YamlDoc, config: RunConfig) -> None:
    from eval.metrics import resolve

    for i, name in enumerate(config.metrics or []):
        try:
            resolve(name)
        except InputError as exc:
            raise ConfigError(exc.message, file=str(doc.path), line=doc.line_of(["metrics", i]),
                              field=f"metrics.{i}") from exc


def load_config(path: str | Path, overrides: list[str] | None = None) -> RunConfig:
    doc = load_yaml(path)
    if not isinstance(doc.data, dict):
        raise doc.error("a config must be a mapping")
    data = doc.data
    for assignment in overrides or []:
        top = assignment.partition("=")[0].split(".")[0]
        field = RunConfig.model_fields.get(top)
        if top not in data and field is not None and hasattr(field.default, "model_dump"):
            data[top] = field.default.model_dump()  # override inside a default component
        apply_override(data, assignment)
    config: RunConfig = doc.validate(RunConfig, data)
    _check_components(doc, config)
    _check_metrics(doc, config)
    base = Path(path).parent
    for i, suite in enumerate(config.suites):
        if not (base / suite).is_file() and not Path(suite).is_file():
            raise doc.error(f"suite file {suite!r} not found", ["suites", i])
    return config


def suite_paths(config: RunConfig, config_path: str | Path) -> list[Path]:
    """Suite paths are relative to the config file, or else to the working directory."""
    base = Path(config_path).parent
    return [base / s if (base / s).is_file() else Path(s) for s in config.suites]
