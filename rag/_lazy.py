"""Import heavy optional libraries only inside the factory that needs them."""

from __future__ import annotations

import importlib
from types import ModuleType

from rag.errors import MissingDependencyError


def require(module: str, *, pip: str) -> ModuleType:
    """Import ``module`` or raise an error that names the pip command which installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingDependencyError(
            f"{module!r} is not installed; install it with: pip install {pip}"
        ) from exc
