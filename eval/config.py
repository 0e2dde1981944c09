"""Run configs: the pipeline config plus the suites it is evaluated on.

``load_config`` reads YAML safely, applies ``-P key=value`` overrides, validates into frozen
models and checks every component name and parameter against its registry, so that every
mistake is reported with file, line and field before anything runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import Field, PositiveInt

from eval.judges.client import judges
from eval.labels.agreement import Qualification
from eval.metrics import resolve
from eval.suites import load_suite
from eval.targets import targets
from eval.targets.mapping import ResponseMap, check_paths
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
from rag.routers import routers
from rag.tokenizers import tokenizers
from rag.transforms import transforms
from rag.verifiers import verifiers
from rag.versions import versioners


class RunConfig(PipelineConfig):
    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.,=+-]*$")
    description: str = ""
    suites: list[str]
    workdir: str = ".ragbench"
    metrics: list[str] | None = None
    judge: ComponentSpec | list[ComponentSpec] | None = None   # an LLM judge for the judged metrics, or a jury
    jury: Literal["mean", "median", "majority"] = "mean"      # how a jury's judges make one value
    target: ComponentSpec = ComponentSpec(name="builtin")   # the system under test: builtin | http | python
    concurrency: PositiveInt = 1          # cases in flight at once; results do not depend on it
    splits: list[Literal["dev", "test"]] | None = None   # only these splits' cases (None: all)
    qualification: Qualification = Qualification()   # when a judge counts as agreeing with people


STAGES: dict[str, Registry[Any]] = {
    "cleaner": cleaners,
    "poison_scan": scanners,
    "versions": versioners,
    "chunker": chunkers,
    "embedder": embedders,
    "cross_embedder": embedders,
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
    "verifier": verifiers,
    "router": routers,
    "chat_model": chat_models,
    "judge": judges,
    "target": targets,
}


def set_path(data: dict[str, Any], key: str, value: Any) -> None:
    """Set ``a.b.c`` in nested mappings; a bare component name grows into ``{name: ...}``, and
    a stage left at its default is first filled with that default, so ``fusion.params.k=10``
    works on a config that never mentions fusion."""
    parts = key.split(".")
    field = RunConfig.model_fields.get(parts[0])
    if parts[0] not in data and len(parts) > 1 and field is not None and hasattr(field.default, "model_dump"):
        data[parts[0]] = field.default.model_dump()
    node: Any = data
    for part, nxt in zip(parts[:-1], parts[1:], strict=True):
        if isinstance(node, list):  # retrievers.0.params.top_k
            if not part.isdigit() or int(part) >= len(node):
                raise InputError(f"cannot set {key!r}: no item {part!r} in the list", field=key)
            child = node[int(part)]
            if isinstance(child, str):
                child = node[int(part)] = {"name": child}
            node = child
            continue
        child = node.get(part)
        if isinstance(child, str):
            child = {"name": child}
        elif child is None:
            child = [] if nxt.isdigit() else {}
        elif not isinstance(child, dict | list):
            raise InputError(f"cannot set {key!r}: {part!r} is not a mapping", field=key)
        node[part] = child
        node = child
    if isinstance(node, list):
        last = parts[-1]
        if not last.isdigit() or int(last) >= len(node):
            raise InputError(f"cannot set {key!r}: no item {last!r} in the list", field=key)
        node[int(last)] = value
    else:
        node[parts[-1]] = value


def apply_override(data: dict[str, Any], assignment: str) -> None:
    """``chunker.params.max_chars=300``: set a dotted path; the value is parsed as YAML."""
    key, sep, raw = assignment.partition("=")
    if not sep or not key:
        raise InputError(f"override {assignment!r} is not key=value", field="-P")
    set_path(data, key, yaml.safe_load(raw))


def reader_spec(config: RunConfig) -> ComponentSpec | None:
    """The evidence answerability's reader model (``answerability.params.reader``), if one is configured."""
    spec = config.answerability.params.get("reader") if config.answerability.name == "evidence" else None
    return None if spec is None else ComponentSpec.model_validate(spec if isinstance(spec, dict) else {"name": spec})


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
    if (reader := reader_spec(config)) is not None:   # (the answerability reader's model: checked as a stage's is)
        _check(doc, chat_models, reader, ("answerability", "params", "reader"))
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

    for i, name in enumerate(config.metrics or []):
        try:
            metric = resolve(name)
        except InputError as exc:
            raise ConfigError(exc.message, file=str(doc.path), line=doc.line_of(["metrics", i]),
                              field=f"metrics.{i}") from exc
        if metric.needs == "judge" and config.judge is None:
            raise ConfigError(f"{name} is judged by an LLM: configure a judge (judge: {{name: openai, params: "
                              "{model: …, base_url: …}}})", file=str(doc.path), line=doc.line_of(["metrics", i]),
                              field=f"metrics.{i}")


def load_config(path: str | Path, overrides: list[str] | None = None) -> RunConfig:
    doc = load_yaml(path)
    if not isinstance(doc.data, dict):
        raise doc.error("a config must be a mapping")
    data = doc.data
    for assignment in overrides or []:
        apply_override(data, assignment)
    return validate_config(doc, data)


def _check_target(doc: YamlDoc, config: RunConfig) -> None:
    """An http target's response mapping: its fields and JSONPath expressions, checked before
    anything runs (the API key is not needed to validate)."""
    if config.target.name != "http" or "response" not in config.target.params:
        return
    from pydantic import ValidationError


    loc = ["target", "params", "response"]
    try:
        check_paths(ResponseMap.model_validate(config.target.params["response"]))
    except ValidationError as exc:
        err = exc.errors()[0]
        where = [*loc, *[str(x) for x in err["loc"]]]
        raise ConfigError(err["msg"], file=str(doc.path), line=doc.line_of(where) or doc.line_of(loc),
                          field=".".join(where)) from exc
    except InputError as exc:
        where = (exc.field or ".".join(loc)).split(".")
        raise ConfigError(exc.message, file=str(doc.path), line=doc.line_of(where) or doc.line_of(loc),
                          field=".".join(where)) from exc


def validate_config(doc: YamlDoc, data: dict[str, Any]) -> RunConfig:
    """Validate config data (a file's, possibly changed by overrides or a sweep axis)."""
    config: RunConfig = doc.validate(RunConfig, data)
    _check_components(doc, config)
    _check_target(doc, config)
    _check_metrics(doc, config)
    base = Path(doc.path).parent
    for i, suite in enumerate(config.suites):
        if not (base / suite).is_file() and not Path(suite).is_file():
            raise doc.error(f"suite file {suite!r} not found", ["suites", i])
    return config


def suite_paths(config: RunConfig, config_path: str | Path) -> list[Path]:
    """Suite paths are relative to the config file, or else to the working directory."""
    base = Path(config_path).parent
    return [base / s if (base / s).is_file() else Path(s) for s in config.suites]


def load_suites(config: RunConfig, config_path: str | Path, only: list[str] | None = None,
                splits: list[str] | None = None) -> list[Any]:
    """The config's suites, loaded and validated; ``only`` keeps those named (``--suite``),
    ``splits`` the cases of those splits (``--split``)."""

    suites = [load_suite(p, splits=splits) for p in suite_paths(config, config_path)]
    if only:
        unknown = sorted(set(only) - {s.name for s in suites})
        if unknown:
            raise InputError(f"no suite named {', '.join(unknown)} in {config_path}", field="--suite")
        suites = [s for s in suites if s.name in only]
    return suites


def flatten(node: Any, prefix: str = "") -> dict[str, Any]:
    """A config as dotted paths → values (``retrievers.0.params.top_k``)."""
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            out.update(flatten(value, f"{prefix}{key}."))
        return out or {prefix.rstrip("."): {}}
    if isinstance(node, list) and node and all(isinstance(v, dict | list) for v in node):
        out = {}
        for i, value in enumerate(node):
            out.update(flatten(value, f"{prefix}{i}."))
        return out
    return {prefix.rstrip("."): node}


def config_changes(configs: list[dict[str, Any]], overrides: list[list[str]]) -> list[tuple[str, list[Any]]]:
    """What differs between resolved configs, by dotted path (name and description aside), each
    path with its value in every config ("—" where absent), then the ``-P`` overrides if those differ."""
    flat = [flatten(c) for c in configs]
    paths = sorted(set().union(*flat) - {"name", "description"})
    diff = [(p, [f.get(p, "—") for f in flat]) for p in paths if len({repr(f.get(p, "—")) for f in flat}) > 1]
    if len({tuple(o) for o in overrides}) > 1:
        diff.append(("-P", [" ".join(o) or "—" for o in overrides]))
    return diff
