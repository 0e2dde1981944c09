"""``--to-suite``: failing cases as a suite on the same corpus and identities, so badcases
become a regression set."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from eval.config import RunConfig, suite_paths
from eval.suites import load_suite
from rag.errors import InputError
from rag.store import write_text_atomic


def to_suite(log: Any, bad: list[Any], out: Path) -> Path:
    """The failing cases as a suite file on the same corpus and identities (one per suite)."""
    suites = {s: None for s in dict.fromkeys(r.suite for r in bad)}
    if len(suites) != 1:
        raise InputError(f"the failing cases come from {len(suites)} suites ({', '.join(suites)}); pick one with "
                         "--suite", field="--to-suite")
    (name,) = suites
    source = next((Path(p) for p in _suite_paths(log) if load_suite(p, check_corpus=False).name == name), None)
    if source is None:
        raise InputError(f"cannot find suite {name!r} of run {log.run_id}", field="--to-suite")
    original = load_suite(source, check_corpus=False)
    by_id = {c.id: c for c in original.cases}
    cases = [by_id[r.case_id].model_dump(mode="json", by_alias=True, exclude_defaults=True) for r in bad]
    corpus = (source.parent / original.spec.corpus).resolve()
    try:   # relative to the new suite file where it can be, so the suite travels (a Ray bundle refuses absolute paths)
        where = os.path.relpath(corpus, Path(out).resolve().parent)
    except ValueError:   # another drive (Windows)
        where = str(corpus)
    spec = original.spec.model_dump(mode="json", exclude_defaults=True)
    spec.update({"name": f"{name}-badcases", "corpus": where, "cases": cases,
                 "description": f"failing cases of run {log.run_id} ({name})"})
    write_text_atomic(out, yaml.safe_dump(spec, allow_unicode=True, sort_keys=False))
    return out


def _suite_paths(log: Any) -> list[str]:
    config = RunConfig.model_validate(log.config)
    return [str(p) for p in suite_paths(config, log.config_path)]


