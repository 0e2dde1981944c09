"""Sweep configs: a base pipeline config plus axes, expanded into named variants.

```yaml
name: sweep-scifact
base: scifact.yaml                      # relative to this file
grid:                                   # every combination
  fusion.params.normalise: [minmax, zscore]
  top_k: [5, 10]
zip:                                    # lists walked together (equal lengths)
  fusion.params.weights.dense: [0.3, 0.5, 0.7]
  fusion.params.weights.bm25:  [0.7, 0.5, 0.3]
variants:                               # explicit named variants
  bm25-only: {retrievers: [{name: bm25, params: {top_k: 100}}]}
executor: local                         # local | ray
workers: 2
halving: {sample: 0.3, keep: 0.5, metric: ndcg@10}   # optional successive halving
```

Grid and zip combine as a product; explicit variants are added as they are. Every variant is
validated like a config file, and an axis path that does not exist is an error naming it.
"""

from __future__ import annotations

import copy
import difflib
import itertools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt

from eval.config import RunConfig, set_path, validate_config
from eval.sweeps.executors import executors
from rag._yaml import YamlDoc, load_mapping, load_yaml
from rag.errors import ConfigError, InputError
from rag.registry import ComponentSpec


class Halving(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    sample: float = Field(default=0.3, gt=0, lt=1)
    keep: float = Field(default=0.5, gt=0, lt=1)
    metric: str = "ndcg@10"
    suite: str | None = None


class Significance(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    test: Literal["permutation", "bootstrap"] = "permutation"
    alpha: float = Field(default=0.05, gt=0, lt=1)
    resamples: PositiveInt = 9999


class SweepFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    description: str = ""
    base: str
    grid: dict[str, list[Any]] = {}
    zip: dict[str, list[Any]] = {}
    variants: dict[str, dict[str, Any]] = {}
    executor: ComponentSpec = ComponentSpec(name="local")   # local | ray, or {name: ray, params: {address, runtime_env}}
    workers: PositiveInt = 1
    halving: Halving | None = None
    significance: Significance = Significance()
    primary: str | None = None  # the metric the leaderboard sorts by; default: the first
    # stage effects: each variant's tagged cases and the rest, against the baseline variant
    effects: dict[str, list[str]] = {}
    baseline: str | None = None      # default: the first variant
    effects_split: str = "test"      # dev | test | all


@dataclass
class Variant:
    name: str
    assignments: dict[str, Any]
    config: RunConfig
    data: dict[str, Any] = field(repr=False, default_factory=dict)


@dataclass
class Sweep:
    spec: SweepFile
    path: Path
    base_path: Path
    variants: list[Variant]

    @property
    def axes(self) -> list[str]:
        return [*self.spec.grid, *self.spec.zip]


def _short_keys(paths: list[str]) -> dict[str, str]:
    """The last path component names an axis, or the last two where that is ambiguous."""
    out = {}
    for path in paths:
        parts = path.split(".")
        short = parts[-1]
        if sum(p.split(".")[-1] == short for p in paths) > 1:
            short = ".".join(parts[-2:])
        out[path] = short
    return out


def short_value(value: Any) -> str:
    if isinstance(value, dict):
        if "name" in value:
            params = value.get("params") or {}
            return "-".join([str(value["name"]), *(short_value(v) for v in params.values())])
        return "-".join(f"{k}{short_value(v)}" for k, v in value.items())
    if isinstance(value, list):
        return "+".join(short_value(v) for v in value)
    return str(value)


def variant_name(assignments: dict[str, Any], short: dict[str, str]) -> str:
    raw = ",".join(f"{short[p]}={short_value(v)}" for p, v in assignments.items())
    return re.sub(r"[^A-Za-z0-9_.=,+-]", "-", raw) or "base"


def expand(spec: SweepFile, doc: YamlDoc) -> list[tuple[str, dict[str, Any]]]:
    """(name, assignments) for every variant, in a stable order."""
    if spec.zip:
        lengths = {len(v) for v in spec.zip.values()}
        if len(lengths) != 1:
            raise doc.error(f"zip lists must have equal lengths, got {sorted(lengths)}", ["zip"])
    for key, values in {**spec.grid, **spec.zip}.items():
        if not values:
            raise doc.error("an axis needs at least one value", ["grid" if key in spec.grid else "zip", key])
    grid = [dict(zip(spec.grid, combo, strict=True)) for combo in itertools.product(*spec.grid.values())] or [{}]
    zipped = [dict(zip(spec.zip, combo, strict=True)) for combo in zip(*spec.zip.values(), strict=True)] or [{}]
    short = _short_keys([*spec.grid, *spec.zip])
    out = []
    if spec.grid or spec.zip:
        for g, z in itertools.product(grid, zipped):
            assignments = {**g, **z}
            out.append((variant_name(assignments, short), assignments))
    for name, overrides in spec.variants.items():
        out.append((name, dict(overrides)))
    if not out:
        out.append(("base", {}))
    names = [n for n, _ in out]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise doc.error(f"two variants share the name(s) {dupes}", ["variants"])
    return out


def _known_path(path: str) -> bool:
    return path.split(".")[0] in RunConfig.model_fields


def load_sweep(path: str | Path) -> Sweep:
    path = Path(path)
    doc, spec = load_mapping(path, SweepFile, "sweep file")
    try:   # the executor and its params, checked against the registry before anything runs
        executors.check(spec.executor.model_copy(update={"params": {k: v for k, v in spec.executor.params.items()
                                                                    if k != "workers"}}), field_path="executor")
    except InputError as exc:
        raise doc.error(exc.message, ["executor"]) from exc
    base_path = path.parent / spec.base
    base_doc = load_yaml(base_path)
    if not isinstance(base_doc.data, dict):
        raise base_doc.error("a config must be a mapping")
    for section in ("grid", "zip"):
        for axis in getattr(spec, section):
            if not _known_path(axis):
                close = difflib.get_close_matches(axis.split(".")[0], list(RunConfig.model_fields), n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise doc.error(f"axis {axis!r} names no config field{hint}", [section, axis])
    variants = []
    for name, assignments in expand(spec, doc):
        data = copy.deepcopy(base_doc.data)
        data["name"] = name
        for key, value in assignments.items():
            where = _where(spec, name, key)
            if not _known_path(key):
                raise doc.error(f"{key!r} names no config field", where)
            try:
                set_path(data, key, copy.deepcopy(value))
                config = None
            except InputError as exc:
                raise doc.error(f"axis {key!r}: {exc.message}", where) from exc
        try:
            config = validate_config(base_doc, data)
        except ConfigError as exc:
            axis = next((k for k in assignments if exc.field and (exc.field == k or exc.field.startswith(k.split(".params")[0]))), None)
            hint = f"axis {axis!r} " if axis else ""
            raise doc.error(f"variant {name!r}: {hint}gives an invalid config: {exc.field}: {exc.message}",
                            _where(spec, name, axis) if axis else ["variants"]) from exc
        variants.append(Variant(name, assignments, config, data))
    seen: dict[str, str] = {}
    for v in variants:  # two variants that run the same pipeline waste a run and skew Holm
        key = json.dumps(v.config.model_dump(mode="json", exclude={"name"}), sort_keys=True, default=str)
        if key in seen:
            raise doc.error(f"variants {seen[key]!r} and {v.name!r} give identical configs; drop one value of the "
                            "axis (5 and 5.0, or a value equal to the default, are the same)",
                            _where(spec, v.name, next(iter(v.assignments), "variants")))
        seen[key] = v.name
    names = [v.name for v in variants]
    for variant in spec.effects:
        if variant not in names:
            raise doc.error(f"effects names no variant {variant!r}; variants: {', '.join(names)}", ["effects", variant])
    if spec.baseline is not None and spec.baseline not in names:
        raise doc.error(f"baseline names no variant {spec.baseline!r}", ["baseline"])
    return Sweep(spec, path, base_path, variants)


def _where(spec: SweepFile, name: str, key: str) -> list[str]:
    if key in spec.grid:
        return ["grid", key]
    if key in spec.zip:
        return ["zip", key]
    return ["variants", name, key.split(".")[0]]
