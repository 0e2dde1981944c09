"""Where ragbench keeps what it builds and what it writes, and the environment that moves them.

A :class:`Workspace` is read once from the environment and the config:

- ``root`` — the work folder (``RAGBENCH_WORKDIR``, else the config's ``workdir``, else
  ``.ragbench``): indexes, and every cache under ``root/cache``;
- ``reports`` — the folder that run, sweep and tune folders go under (``RAGBENCH_REPORTS``,
  else ``reports``).

Every cache file is named here (:data:`CACHES`), so no other module spells out
``workdir / "cache" / …`` or reads the environment. The pipeline's parts (indexer, chat model,
candidate cache) are assembled from a workspace only by :mod:`eval.prepare`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

WORKDIR_ENV = "RAGBENCH_WORKDIR"
REPORTS_ENV = "RAGBENCH_REPORTS"
DEFAULT_WORKDIR = ".ragbench"
DEFAULT_REPORTS = "reports"

# every file under <root>/cache, by what it caches
CACHES = {
    "chat": "chat.sqlite",              # chat model replies, by request hash
    "candidates": "candidates.sqlite",  # retriever outputs, by index key + query + retriever spec
    "judge": "judge.sqlite",            # judge calls, by request hash
    "fusion": "fusion",                 # fitted learned-fusion models, by their training data
}


@dataclass(frozen=True)
class Workspace:
    root: Path
    reports: Path

    @classmethod
    def of(cls, workdir: str | None = None, env: Mapping[str, str] | None = None) -> Workspace:
        """The workspace this process works in: the environment first, then ``workdir`` (a
        config's), then the defaults."""
        env = os.environ if env is None else env
        return cls(Path(env.get(WORKDIR_ENV) or workdir or DEFAULT_WORKDIR),
                   Path(env.get(REPORTS_ENV) or DEFAULT_REPORTS))

    def cache(self, what: str) -> Path:
        """The cache file (or folder) for ``what`` — a key of :data:`CACHES`."""
        return self.root / "cache" / CACHES[what]

    def out(self, kind: str) -> Path:
        """The default folder for ``runs``, ``sweeps`` or ``tunes``."""
        return self.reports / kind

    def scratch(self, name: str) -> Path:
        """A folder of the workspace for the harness's own use (a gate's baseline checkouts)."""
        return self.root / name

    @staticmethod
    def environment(root: Path) -> dict[str, str]:
        """Variables that put a child process in a workspace of its own under ``root``."""
        return {REPORTS_ENV: str(root / "reports"), WORKDIR_ENV: str(root / "workdir")}
