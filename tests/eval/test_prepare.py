"""The one assembly point: a Workspace read once, prepare() and the pipelines it hands out."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from eval.prepare import Prepared, prepare
from eval.runs.runner import run
from eval.workspace import Workspace

ROOT = Path(__file__).resolve().parents[2]
ASSEMBLY = ROOT / "eval" / "prepare.py"
PARTS = {"Pipeline", "Indexer", "CandidateCache", "CachedChat", "chat_for"}


def _calls(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            names.add(f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else "")
    return names


def test_nothing_but_the_assembly_point_builds_the_pipeline_or_its_parts() -> None:
    offenders = {str(p.relative_to(ROOT)): sorted(_calls(p) & PARTS) for p in (ROOT / "eval").rglob("*.py")
                 if p != ASSEMBLY and _calls(p) & PARTS}
    assert offenders == {}
    assert {"Pipeline", "Indexer", "CandidateCache", "CachedChat"} <= _calls(ASSEMBLY)


def test_only_the_workspace_reads_the_environment_or_names_a_cache_file() -> None:
    offenders = []
    for path in (ROOT / "eval").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if path.name != "workspace.py" and ("RAGBENCH_WORKDIR" in text or "RAGBENCH_REPORTS" in text
                                            or '"cache"' in text or ".sqlite" in text):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_run_takes_a_prepared_config_and_a_handful_of_keywords() -> None:
    params = inspect.signature(run).parameters
    assert len(params) <= 6 and next(iter(params)) == "prepared"


def test_the_workspace_reads_the_environment_over_the_config(tmp_path: Path) -> None:
    assert Workspace.of("mine", {}) == Workspace(Path("mine"), Path("reports"))
    env = {"RAGBENCH_WORKDIR": str(tmp_path / "w"), "RAGBENCH_REPORTS": str(tmp_path / "r")}
    space = Workspace.of("mine", env)
    assert space.root == tmp_path / "w" and space.out("runs") == tmp_path / "r" / "runs"
    assert space.cache("candidates") == tmp_path / "w" / "cache" / "candidates.sqlite"
    assert Workspace.of(None, Workspace.environment(tmp_path / "child")) == \
        Workspace(tmp_path / "child" / "workdir", tmp_path / "child" / "reports")


def test_a_learned_fusion_is_fitted_once_and_every_pipeline_uses_it(tmp_path: Path, monkeypatch) -> None:
    from tests.eval.tune.test_tune import make_project

    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    folder = make_project(tmp_path)
    config = folder / "learned.yaml"
    config.write_text((folder / "base.yaml").read_text().replace(
        "fusion: {name: convex, params: {weights: {dense: 1.0, bm25: 1.0}, normalise: minmax}}",
        "fusion: {name: learned, params: {kind: logistic}}"), encoding="utf-8")
    said: list[str] = []
    prepared = prepare(config, splits=["test"], say=said.append, progress=False)
    model = Path(prepared.config.fusion.params["model"])
    assert model.is_file() and sum("fitting" in s for s in said) == 1
    assert not any("also scores" in s for s in said)               # the test split is not the fit split
    (suite,) = prepared.suites()
    assert {c.split for c in suite.cases} == {"test"}
    pipeline = prepared.pipeline_for(suite)
    assert pipeline.config.fusion.params["model"] == str(model)
    again = prepare(config, splits=["dev"], say=said.append, progress=False)   # reused, and the warning given
    assert again.config.fusion.params["model"] == str(model) and sum("fitting" in s for s in said) == 1
    assert any("also scores" in s for s in said)
    assert isinstance(again.again(1), Prepared) and again.again(1).repeat == 1
