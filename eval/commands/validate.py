"""``ragbench validate FILE…``: configs and suites checked without running anything."""

from __future__ import annotations

import sys
from pathlib import Path

from eval.config import load_config, suite_paths
from eval.gate.spec import load_gate, resolution_warnings
from eval.metrics.answer import needs_reference
from eval.runs.runner import metric_names
from eval.suites import load_suite
from eval.sweeps.spec import load_sweep
from eval.tune.spec import load_tune
from rag._yaml import load_yaml
from rag.errors import InputError


def kind_of(path: Path) -> str:
    doc = load_yaml(path)
    data = doc.data if isinstance(doc.data, dict) else {}
    if "base" in data and "space" in data:
        return "tune"
    if "base" in data:
        return "sweep"
    if "rules" in data:
        return "gate"
    if "suites" in data:
        return "config"
    if "corpus" in data or "language" in data:
        return "suite"
    raise doc.error("cannot tell what this is: a config has 'suites', a suite 'corpus', "
                    "a sweep 'base', a tune 'base' and 'space', a gate 'rules'")


def reference_warnings(path: Path, config) -> list[str]:  # noqa: ANN001
    """Answer cases without a ``reference`` when the config runs a metric that reads one."""

    out = []
    for suite_path in suite_paths(config, path):
        suite = load_suite(suite_path, check_corpus=False)
        wanting = [m for m in metric_names(config, suite.mode) if needs_reference(m)]
        lacking = [c for c in suite.cases if c.expect == "answer" and not c.reference]
        if wanting and lacking:
            file, line = suite.case_lines.get(lacking[0].id, (str(suite.path), None))
            out.append(f"{file}:{line or '?'}: {len(lacking)} answer case(s) of {suite.name} have no reference, "
                       f"which {', '.join(wanting)} need(s); first: {lacking[0].id}")
    return out


def validate(files: list[Path]) -> int:

    failed = 0
    for path in files:
        try:
            kind = kind_of(path)
            if kind == "gate":

                for warning in resolution_warnings(load_gate(path)):
                    print(f"ragbench: warning: {warning}", file=sys.stderr)
            elif kind == "tune":

                load_tune(path)
            elif kind == "sweep":

                load_sweep(path)
            elif kind == "config":
                for warning in reference_warnings(path, load_config(path)):
                    print(f"ragbench: warning: {warning}", file=sys.stderr)
            else:
                for warning in load_suite(path).warnings:
                    print(f"ragbench: warning: {warning}", file=sys.stderr)
        except InputError as exc:
            print(f"ragbench: error: {exc}", file=sys.stderr)
            failed += 1
            continue
        print(f"ok  {path}  ({kind})")
    return 2 if failed else 0
