"""The CI examples for a user's own repository parse, and every ragbench command in them exists
with the flags they use."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
import yaml

from eval.cli import _parser

ROOT = Path(__file__).resolve().parents[1]
FILES = [ROOT / "examples/ci/github-actions.yml", ROOT / "examples/ci/gitlab-ci.yml"]


def _commands(node: object, shell: bool = False) -> list[str]:
    """The ragbench command lines of every shell step (``run:`` in GitHub, ``script:`` in GitLab)."""
    if isinstance(node, dict):
        return [c for k, v in node.items() for c in _commands(v, shell or k in ("run", "script"))]
    if isinstance(node, list):
        return [c for v in node for c in _commands(v, shell)]
    if isinstance(node, str) and shell:
        return [line.strip() for line in node.splitlines() if line.strip().startswith("ragbench ")]
    return []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_ragbench_command_in_the_ci_examples_parses(path: Path) -> None:
    commands = _commands(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert {c.split()[1] for c in commands} >= {"validate", "gate"}
    for command in commands:
        args = shlex.split(command.split("#")[0])[1:]
        _parser().parse_args(args)          # an unknown command or flag exits 2 here


def test_the_github_example_installs_cpu_torch_starts_the_service_and_caches_the_workdir() -> None:
    text = FILES[0].read_text(encoding="utf-8")
    assert "download.pytorch.org/whl/cpu" in text and "actions/cache" in text and ".ragbench" in text
    assert "uvicorn" in text and "upload-artifact" in text and "--junit" in text
