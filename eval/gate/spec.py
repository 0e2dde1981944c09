"""Gate files: what is gated, how noisy the target is, and the rules.

```yaml
name: ci
config: default.yaml             # the pipeline config to run
baseline: ../reports/baselines/ci.json
suites: [kb-zh, kb-en]           # every one must be in the candidate run
deterministic: true              # or: repeats: 5 to measure a noisy target's noise
repeats: 1
alpha: 0.05                      # for noisy targets' one-sided tests
rules:
  - {metric: acl_leaks, max: 0}
  - {metric: refusal_accuracy, min: 0.9, max_drop: 0.02}
  - {max_new_failures: 0, tags: [acl, injection]}
  - {metric: hit@5, max_drop: 0.02, case_sampling: {alpha: 0.05}}
```

A deterministic target has no run-to-run noise, so every pass→fail flip is a real change and
any drop beyond ``max_drop`` fails. A noisy target is run ``repeats`` times on each side and a
drop fails only when a one-sided paired test in the metric's bad direction rejects at
``alpha``. ``case_sampling`` is a separate question — would the drop hold on new questions? —
and only where a rule asks for it does a drop that case sampling cannot confirm stop short of
failing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, model_validator

from eval.config import load_config, suite_paths
from eval.gate.significance import resolution
from eval.metrics import resolve
from eval.suites import load_suite
from rag._yaml import load_mapping
from rag.errors import InputError


class CaseSampling(BaseModel):
    """Fail on a drop only if a one-sided paired test over cases says it would hold on new
    questions; otherwise the verdict is ``on_noise``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    test: Literal["auto", "sign", "permutation"] = "auto"
    alpha: float = Field(default=0.05, gt=0, lt=1)
    resamples: PositiveInt = 9999
    on_noise: Literal["inconclusive", "pass"] = "inconclusive"


class Rule(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    metric: str | None = None
    suite: str | None = None
    min: float | None = None
    max: float | None = None
    max_drop: float | str | None = None
    max_new_failures: int | None = Field(default=None, ge=0)
    tags: list[str] = []
    case_sampling: CaseSampling | None = None

    @model_validator(mode="before")
    @classmethod
    def _renamed(cls, data: Any) -> Any:
        if isinstance(data, dict) and "significance" in data:
            raise ValueError("'significance' is gone: a deterministic target fails on any drop beyond max_drop, "
                             "a noisy one is measured with the gate's 'repeats'; to also ask whether a drop "
                             "would hold on new questions, use case_sampling: {alpha: 0.05}")
        return data

    @model_validator(mode="after")
    def _has_a_bound(self) -> Rule:
        if self.max_new_failures is None:
            if self.metric is None:
                raise ValueError("a rule names a metric, or is a max_new_failures rule")
            if self.min is None and self.max is None and self.max_drop is None:
                raise ValueError("a rule needs min, max, max_drop or max_new_failures")
        elif self.metric is not None and (self.min, self.max, self.max_drop) != (None, None, None):
            raise ValueError("max_new_failures counts failing cases: write it as a rule of its own")
        if self.tags and self.max_new_failures is None:
            raise ValueError("tags select the cases of a max_new_failures rule")
        if isinstance(self.max_drop, str) and not (self.max_drop.endswith("%") and _number(self.max_drop[:-1])):
            raise ValueError("max_drop is a number (absolute) or a percentage like '5%' (relative)")
        return self

    @property
    def label(self) -> str:
        if self.max_new_failures is not None:
            return "new_failures" + (f"[{','.join(self.tags)}]" if self.tags else "")
        return str(self.metric)

    def allowed_drop(self, base: float) -> float:
        if isinstance(self.max_drop, str):
            return abs(base) * float(self.max_drop[:-1]) / 100
        return float(self.max_drop or 0.0)

    def describe(self) -> str:
        parts = []
        if self.min is not None:
            parts.append(f"min {self.min}")
        if self.max is not None:
            parts.append(f"max {self.max}")
        if self.max_drop is not None:
            parts.append(f"max_drop {self.max_drop}")
        if self.max_new_failures is not None:
            parts.append(f"max_new_failures {self.max_new_failures}" + (f" tags {self.tags}" if self.tags else ""))
        if self.case_sampling:
            parts.append(f"case sampling α={self.case_sampling.alpha}")
        return ", ".join(parts)


def _number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


class GateFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    config: str
    baseline: str
    suites: list[str] = []
    overrides: list[str] = []
    deterministic: bool | None = None
    repeats: PositiveInt = 1
    alpha: float = Field(default=0.05, gt=0, lt=1)
    on_noise: Literal["inconclusive", "pass"] = "inconclusive"
    rules: list[Rule] = Field(min_length=1)
    labels: str | list[str] | None = None   # people's labels: the judge's agreement, checked on the candidate
    require_qualified: bool = False     # a rule on a judged metric needs a qualified judge (else exit 2)

    @model_validator(mode="after")
    def _noise_declared_once(self) -> GateFile:
        if self.deterministic is False and self.repeats < 2:
            raise ValueError("a noisy target (deterministic: false) is measured with repeats: 2 or more")
        return self

    @property
    def noisy(self) -> bool:
        """Measured as noisy: repeats were asked for and determinism was not declared."""
        return self.repeats > 1 and not self.deterministic


@dataclass
class Gate:
    spec: GateFile
    path: Path

    @property
    def config_path(self) -> Path:
        return self.path.parent / self.spec.config

    @property
    def baseline_path(self) -> Path:
        return self.path.parent / self.spec.baseline

    @property
    def labels_paths(self) -> list[Path]:
        labels = self.spec.labels or []
        return [self.path.parent / p for p in ([labels] if isinstance(labels, str) else labels)]


def load_gate(path: str | Path) -> Gate:
    path = Path(path)
    doc, spec = load_mapping(path, GateFile, "gate file")
    if not (path.parent / spec.config).is_file():
        raise doc.error(f"config {spec.config!r} not found", ["config"])
    for i, labels in enumerate([spec.labels] if isinstance(spec.labels, str) else spec.labels or []):
        if not (path.parent / labels).is_file():
            raise doc.error(f"labels file {labels!r} not found", ["labels"] if isinstance(spec.labels, str) else ["labels", i])
    if spec.require_qualified and not spec.labels:
        raise doc.error("require_qualified needs people's labels to qualify the judge (labels: FILE)",
                        ["require_qualified"])
    for i, rule in enumerate(spec.rules):
        if rule.metric is None:
            continue
        try:
            resolve(rule.metric)
        except InputError as exc:
            raise doc.error(exc.message, ["rules", i, "metric"]) from exc
    return Gate(spec, path)


def resolution_warnings(gate: Gate) -> list[str]:
    """Rules whose ``max_drop`` is finer than what the gated suites can measure: below one
    case's share for a deterministic target (the rule then tolerates no flip at all), below
    the sign test's reach for a noisy one (drops in between can never fail)."""

    config = load_config(gate.config_path, list(gate.spec.overrides))
    suites = [load_suite(p, check_corpus=False) for p in suite_paths(config, gate.config_path)]
    if gate.spec.suites:
        suites = [s for s in suites if s.name in gate.spec.suites]
    out = []
    for rule in gate.spec.rules:
        if rule.metric is None or rule.max_drop is None or isinstance(rule.max_drop, str):
            continue
        metric = resolve(rule.metric)
        for suite in suites:
            if rule.suite and suite.name != rule.suite:
                continue
            n = sum(1 for c in suite.cases if c.expected_docs) if metric.needs == "retrieval" else len(suite.cases)
            res = resolution(n, float(rule.max_drop), deterministic=not gate.spec.noisy, alpha=gate.spec.alpha)
            if not gate.spec.noisy and float(rule.max_drop) < res.step:
                out.append(f"{gate.path}: {suite.name} {rule.metric}: max_drop {rule.max_drop} is below one case "
                           f"of {n} ({res.step:.4f}): the rule fails on a single flipped case")
            elif gate.spec.noisy and float(rule.max_drop) + 1e-12 < res.drop - res.step:
                out.append(f"{gate.path}: {suite.name} {rule.metric}: max_drop {rule.max_drop} is below the smallest "
                           f"drop a one-sided sign test can detect on {n} cases ({res.drop:.4f}, {res.why}): "
                           "drops in between never fail")
    return out
