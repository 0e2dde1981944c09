"""The scripts under goldensets/_build, loaded as modules for their tests (they are scripts, not a package)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load(name: str) -> ModuleType:
    """``goldensets/_build/<name>.py`` as a module."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "goldensets" / "_build" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
