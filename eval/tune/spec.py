"""Tune files: a base config, a search space over config paths, an objective, a budget, splits.

```yaml
name: tune-scifact
base: scifact.yaml                         # relative to this file
space:                                     # config path → a range or choices
  fusion.name: {choices: [rrf, convex]}
  fusion.params.k: {int: [5, 200], log: true, when: {fusion.name: rrf}}
  fusion.params.weights.dense: {float: [0.05, 0.95], when: {fusion.name: convex}}
  sparse_index.params.k1: {float: [0.3, 2.5]}
objective: {metric: ndcg@10}               # or terms: {false_refusal: -0.5, false_answer: -0.5}, constant: 1
budget: {trials: 100, minutes: 60}         # whichever ends first
splits: {fit: dev, report: test}           # case split names (or a BEIR suite's qrels per split)
seed: 20261130                             # TPE is seeded: the same file gives the same trials
prune: {sample: 0.25, pruner: median}      # optional: a trial first runs a quarter of the fit cases
workers: 2                                 # optional: trials in parallel processes (same file + workers = same trials)
cv: 5                                      # optional: nested cross-validation — the tune's own unseen-case estimate
```

A parameter with ``when`` is sampled only when every condition holds (a value, or a list of
allowed values, of parameters sampled before it); otherwise the base config's value stays.
"""

from __future__ import annotations

import copy
import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, model_validator

from eval.config import RunConfig, set_path, validate_config
from eval.metrics import resolve
from rag._yaml import YamlDoc, load_mapping, load_yaml
from rag.errors import ConfigError, InputError


class Param(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    float_: tuple[float, float] | None = Field(default=None, alias="float")
    int_: tuple[int, int] | None = Field(default=None, alias="int")
    choices: list[Any] | None = None
    log: bool = False
    step: float | None = None
    when: dict[str, Any] = {}

    @model_validator(mode="after")
    def _one_kind(self) -> Param:
        kinds = [k for k in (self.float_, self.int_, self.choices) if k is not None]
        if len(kinds) != 1:
            raise ValueError("give exactly one of float: [low, high], int: [low, high] or choices: [...]")
        bounds = self.float_ or self.int_
        if bounds is not None and not bounds[0] < bounds[1]:
            raise ValueError(f"the range {list(bounds)} must have low < high")
        if self.log and bounds is not None and bounds[0] <= 0:
            raise ValueError("a log range must be positive")
        if self.choices is not None and not self.choices:
            raise ValueError("choices must not be empty")
        return self

    def active(self, chosen: dict[str, Any]) -> bool:
        for path, wanted in self.when.items():
            allowed = wanted if isinstance(wanted, list) else [wanted]
            if path not in chosen or chosen[path] not in allowed:
                return False
        return True


class Objective(BaseModel):
    """Maximised: ``metric`` (negated when lower is better), or ``constant + Σ weight · metric``
    over ``terms`` — e.g. balanced refusal accuracy is ``{terms: {false_refusal: -0.5,
    false_answer: -0.5}, constant: 1}``, and a latency penalty is a negative ``latency_p50`` term.
    With several suites, the mean of each suite's value (``suite`` picks one)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    metric: str | None = None
    terms: dict[str, float] = {}
    constant: float = 0.0
    suite: str | None = None

    @model_validator(mode="after")
    def _one(self) -> Objective:
        if (self.metric is None) == (not self.terms):
            raise ValueError("give either metric: NAME or terms: {NAME: weight}")
        return self

    def weights(self) -> dict[str, float]:
        if self.metric is not None:
            return {self.metric: 1.0 if resolve(self.metric).higher_is_better else -1.0}
        return dict(self.terms)

    def describe(self) -> str:
        if self.metric is not None:
            return self.metric if resolve(self.metric).higher_is_better else f"−{self.metric}"
        parts = [f"{w:+g}·{m}" for m, w in self.terms.items()]
        return (f"{self.constant:g} " if self.constant else "") + " ".join(parts)


class Budget(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    trials: PositiveInt = 50
    minutes: float | None = Field(default=None, gt=0)


class Prune(BaseModel):
    """Two rungs per trial: a seeded sample of the fit cases first; a trial whose sample score
    falls below the pruner's bar (the median of earlier trials' samples, or successive halving's
    top share) stops there; the others go on to the remaining cases (the sample's results are
    kept, not run again)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    sample: float = Field(default=0.25, gt=0, lt=1)     # share of each suite's fit cases in the first rung
    pruner: Literal["median", "halving"] = "median"
    warmup_trials: PositiveInt = 5                      # trials that always run in full first


class Splits(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    fit: str = "dev"
    report: str = "test"


class TuneFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    description: str = ""
    base: str
    space: dict[str, Param]
    objective: Objective
    budget: Budget = Budget()
    splits: Splits = Splits()
    seed: int = 20261130
    startup_trials: PositiveInt = 10      # random trials before TPE models the space
    prune: Prune | None = None            # stop poor trials after a sample of the fit cases
    workers: PositiveInt = 1              # trials at once, each in its own process (cores divided among them)
    cv: int | None = Field(default=None, ge=2)   # nested cross-validation of the whole tune, K folds of the fit split


@dataclass
class Tune:
    spec: TuneFile
    path: Path
    base_path: Path
    base_doc: YamlDoc

    def config_for(self, assignments: dict[str, Any], name: str) -> tuple[RunConfig, dict[str, Any]]:
        """The base config with ``assignments`` applied, validated like a file. A component
        chosen by name (``fusion.name: rrf``) that differs from the base's starts from its own
        defaults: the base component's parameters are not carried over to another component."""
        data = copy.deepcopy(self.base_doc.data)
        data["name"] = name
        data.pop("splits", None)   # the tune decides which split each run sees
        names = {k: v for k, v in assignments.items() if k.endswith(".name")}
        for key, value in names.items():
            stage = key[: -len(".name")]
            current = _get(data, stage)
            current_name = current.get("name") if isinstance(current, dict) else current
            if current_name != value:
                set_path(data, stage, {"name": value})
        for key, value in assignments.items():
            if key not in names:
                set_path(data, key, copy.deepcopy(value))
        return validate_config(self.base_doc, data), data


def _get(data: Any, path: str) -> Any:
    node = data
    for part in path.split("."):
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict):
            node = node.get(part)
        else:
            return None
    return node


def load_tune(path: str | Path) -> Tune:
    path = Path(path)
    doc, spec = load_mapping(path, TuneFile, "tune file")
    if not spec.space:
        raise doc.error("the search space is empty", ["space"])
    for key in spec.space:
        head = key.split(".")[0]
        if head not in RunConfig.model_fields:
            close = difflib.get_close_matches(head, list(RunConfig.model_fields), n=1)
            raise doc.error(f"{key!r} names no config field" + (f"; did you mean {close[0]!r}?" if close else ""),
                            ["space", key])
        for cond in spec.space[key].when:
            if cond not in spec.space or list(spec.space).index(cond) >= list(spec.space).index(key):
                raise doc.error(f"'when' names {cond!r}, which is not a parameter listed before {key!r}",
                                ["space", key, "when"])
    for name in spec.objective.weights():
        try:
            resolve(name)
        except (InputError, ConfigError, KeyError) as exc:
            raise doc.error(f"objective: {exc}", ["objective"]) from exc
    base_path = path.parent / spec.base
    base_doc = load_yaml(base_path)
    if not isinstance(base_doc.data, dict):
        raise base_doc.error("a config must be a mapping")
    tune = Tune(spec, path, base_path, base_doc)
    _check_in_sample(doc, tune, tune.config_for({}, f"{spec.name}-check")[0], ["base"])
    # every choice and both ends of every range must give a valid config
    for key, param in spec.space.items():
        values = param.choices if param.choices is not None else list(param.float_ or param.int_ or [])
        for value in values:
            probe = {**{c: (v[0] if isinstance(v, list) else v) for c, v in param.when.items()}, key: value}
            try:
                config, _ = tune.config_for(probe, f"{spec.name}-check")
            except (ConfigError, InputError) as exc:
                raise doc.error(f"space {key!r} = {value!r} gives an invalid config: {exc}", ["space", key]) from exc
            _check_in_sample(doc, tune, config, ["space", key])
    return tune


def _check_in_sample(doc: YamlDoc, tune: Tune, config: RunConfig, where: list[str]) -> None:
    """A learned fusion fitted on the tune's own fit split would score every trial on its
    training cases (0.93 in-sample against 0.77 cross-validated on SciFact): refused."""
    fusion = config.fusion
    if fusion.name == "learned" and not fusion.params.get("model") \
            and fusion.params.get("fit_split", "dev") == tune.spec.splits.fit:
        raise doc.error(f"a learned fusion fitted on the tune's fit split {tune.spec.splits.fit!r} would score every "
                        "trial on its own training cases; give it another fit_split (or a fitted model)", where)
