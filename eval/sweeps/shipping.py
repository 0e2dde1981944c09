"""Sweep variants shipped to machines that do not share the driver's filesystem (a Ray cluster).

The driver packs every suite the variants read — the suite file, its cases and its corpus —
into one bundle (a tar archive that the Ray executor puts in the object store once); each
variant travels as a :class:`Shipped` task that names its suites inside the bundle and carries
no path of the driver's. A worker unpacks the bundle into a scratch folder, runs the variant
there with a workspace of its own (it builds its own indexes and caches, and deletes them
after), and hands back the run folder's files. The driver writes them into the sweep folder
(:func:`land`) and puts back what the run records of where its config came from — the driver's
suite paths and workdir, the config file and the config hash — so that a shipped variant's run
log reads like a local one's. The per-case results digest never depended on paths: a suite
keeps its hash (its file, cases and corpus bytes, by relative path) wherever it is unpacked.
"""

from __future__ import annotations

import io
import os
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from eval.config import RunConfig, suite_paths
from eval.prepare import prepare
from eval.runs.folders import config_hash
from eval.runs.log import RunLog
from eval.runs.runner import run
from eval.runs.secrets import redacted_config
from eval.suites import load_suite, suite_files
from eval.sweeps.task import Task
from eval.workspace import DEFAULT_WORKDIR, Workspace
from rag.errors import InfrastructureError, InputError

MAX_BUNDLE = 2 * 2**30   # compressed bytes: the object store holds it, and every worker extracts it

ANCHOR = "sweep.yaml"   # the worker's stand-in for the base config: suites are relative to it


@dataclass(frozen=True)
class Shipped:
    """A variant as it travels to a worker: its config names its suites inside the bundle."""

    name: str
    config: dict[str, Any]          # suites: paths in the bundle; workdir: the default (unused)
    run_name: str                   # the run folder's name; its parent is the driver's business
    case_ids: tuple[tuple[str, str], ...] | None = None


def pack(tasks: list[Task]) -> tuple[bytes, list[Shipped]]:
    """One bundle with every suite the tasks read (each once, however many variants read it),
    and the tasks as they are shipped."""
    buffer = io.BytesIO()
    names: dict[Path, str] = {}     # a suite file on the driver → its path in the bundle
    shipped = []
    # dereference: a symlinked corpus folder (or a file linked inside it, which the corpus scan
    # accepts when it stays inside) travels as what it points to, never as a link
    with tarfile.open(fileobj=buffer, mode="w:gz", compresslevel=1, dereference=True) as tar:
        for task in tasks:
            config = RunConfig.model_validate(task.config)
            suites = []
            for path in suite_paths(config, task.base_path):
                key = Path(os.path.abspath(path))
                if key not in names:
                    names[key] = _add_suite(tar, key, f"s{len(names)}")
                suites.append(names[key])
            shipped.append(Shipped(task.name, {**task.config, "suites": suites, "workdir": DEFAULT_WORKDIR},
                                   Path(task.run_dir).name, task.case_ids))
    if buffer.tell() > MAX_BUNDLE:
        raise InputError(f"the suites to ship come to {buffer.tell() / 2**30:.1f} GiB compressed (limit "
                         f"{MAX_BUNDLE / 2**30:.0f} GiB); put the corpus where the workers can read it and "
                         "run the sweep there", field="executor")
    return buffer.getvalue(), shipped


def _visible(member: tarfile.TarInfo) -> tarfile.TarInfo | None:
    """Hidden files and folders (.git, .DS_Store) stay behind, as the corpus scan skips them."""
    return None if any(part.startswith(".") for part in PurePosixPath(member.name).parts[1:]) else member


def _add_suite(tar: tarfile.TarFile, path: Path, prefix: str) -> str:
    """Put the suite at ``path`` and everything it reads under ``prefix``, keeping their layout
    relative to one another; return the suite file's name in the bundle."""
    suite = load_suite(path, check_corpus=False)
    spec = suite.spec
    named = [spec.corpus, spec.cases if isinstance(spec.cases, str) else None, spec.queries,
             *(spec.qrels.values() if isinstance(spec.qrels, dict) else [spec.qrels])]
    absolute = next((n for n in named if n and Path(n).is_absolute()), None)
    if absolute:
        raise InputError(f"{path}: {absolute} is an absolute path; a suite shipped to a Ray cluster names "
                         "its corpus and cases relative to its own file", field="suites")
    files = sorted({Path(os.path.abspath(p)) for p in suite_files(suite) if p.exists()})
    root = Path(os.path.commonpath([path.parent, *files]))
    added: list[Path] = []
    for file in files:   # sorted: a folder comes before what is in it, which it already holds
        if not any(file.is_relative_to(folder) for folder in added):
            tar.add(file, arcname=f"{prefix}/{file.relative_to(root).as_posix()}", filter=_visible)
            added.append(file)
    return f"{prefix}/{path.relative_to(root).as_posix()}"


def unpack(bundle: bytes, folder: Path) -> None:
    """Extract with tarfile's "data" filter, which refuses members that would land outside the
    folder, links and device files; a Python without it (3.11.0–3.11.3) is refused."""
    if not hasattr(tarfile, "data_filter"):
        raise InfrastructureError("the Ray worker's Python has no safe tar extraction (tarfile.data_filter, "
                                  "Python ≥ 3.11.4); upgrade it on the nodes")
    with tarfile.open(fileobj=io.BytesIO(bundle), mode="r:gz") as tar:
        tar.extractall(folder, filter="data")


def run_shipped(bundle: bytes, task: Shipped) -> dict[str, Any]:
    """Run one shipped variant in a scratch folder of the worker and hand back its files and the
    config it ran with: nothing is read from or written to the driver's paths."""
    with tempfile.TemporaryDirectory(prefix="ragbench-") as scratch:
        root = Path(scratch)
        unpack(bundle, root / "suites")
        prepared = prepare(root / "suites" / ANCHOR, config=RunConfig.model_validate(task.config),
                           workspace=Workspace(root / "work", root / "reports"))
        run_dir, log = run(prepared, run_dir=root / "runs" / task.run_name, progress=False,
                           cases=set(task.case_ids) if task.case_ids is not None else None)
        files = {p.relative_to(run_dir).as_posix(): p.read_bytes() for p in sorted(run_dir.rglob("*")) if p.is_file()}
    return {"name": task.name, "status": log.status, "caches": log.caches, "files": files,
            "config": prepared.config.model_dump(mode="json")}


def land(task: Task, result: dict[str, Any]) -> dict[str, Any]:
    """Write a shipped variant's files into its run folder on the driver, and record in its run
    log the config as the driver knows it: its suite paths, workdir, config file and hash."""
    folder = Path(task.run_dir)
    for name, data in result.pop("files").items():
        rel = PurePosixPath(name)
        if rel.is_absolute() or ".." in rel.parts:
            raise InfrastructureError(f"variant {task.name}: a worker handed back a file outside its run folder: {name}")
        target = folder.joinpath(*rel.parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    used = {**result.pop("config"), "suites": task.config["suites"], "workdir": task.config["workdir"]}
    log = RunLog.read(folder)
    log.config, log.config_path, log.config_hash = redacted_config(used), task.base_path, config_hash(used)
    log.write(folder)
    return {**result, "run_dir": str(folder)}
