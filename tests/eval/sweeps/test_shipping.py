"""Shipping sweep variants to machines without the driver's filesystem, and the one-line
errors a Ray cluster's failures become. No Ray cluster here (tests/eval/sweeps/test_ray_cluster.py
has the real one): the worker's side runs in this process."""

from __future__ import annotations

import gzip
import io
import json
import pickle
import tarfile
from pathlib import Path

import pytest

from eval.config import RunConfig, load_config, suite_paths
from eval.runs.log import RunLog
from eval.suites import load_suite
from eval.sweeps.executors import Task, connect_failure, ray_failure, run_task
from eval.sweeps.shipping import land, pack, run_shipped, unpack
from eval.sweeps.spec import load_sweep
from rag.errors import ConfigError, InfrastructureError, InputError, MissingDependencyError

SWEEP = "name: s\nbase: config.yaml\nvariants:\n  k3: {top_k: 3}\n  k5: {top_k: 5}\n"


def tasks_of(project: Path) -> list[Task]:
    """The tasks a sweep hands its executor (as eval.sweeps.run builds them)."""
    (project / "sweep.yaml").write_text(SWEEP, encoding="utf-8")
    sweep = load_sweep(project / "sweep.yaml")
    return [Task(v.name, v.config.model_dump(mode="json"), str(sweep.base_path),
                 str(project / "sweeps" / "s" / "runs" / v.name)) for v in sweep.variants]


def test_what_the_ray_executor_sends_names_no_driver_path(project: Path) -> None:
    tasks = tasks_of(project)
    assert str(project) in json.dumps(tasks[0].config)       # the config names its suite by a driver path
    bundle, shipped = pack(tasks)
    driver = {str(project).encode(), str(project.resolve()).encode()}
    sent = pickle.dumps(shipped) + gzip.decompress(bundle)
    assert not any(path in sent for path in driver)
    assert [s.config["suites"] for s in shipped] == [["s0/suite.yaml"]] * 2      # one suite, shipped once
    assert [s.run_name for s in shipped] == ["k3", "k5"]
    with tarfile.open(fileobj=io.BytesIO(bundle)) as tar:
        names = set(tar.getnames())
    assert {"s0/suite.yaml", "s0/cases.jsonl", "s0/docs/hotel.md", "s0/docs/pay.md.metadata.yaml"} <= names


def test_a_shipped_variant_records_what_a_local_one_records(project: Path, tmp_path: Path) -> None:
    task = tasks_of(project)[0]
    local = Task(task.name, task.config, task.base_path, str(tmp_path / "local" / task.name))
    run_task(local)
    bundle, (shipped,) = pack([task])
    result = land(task, run_shipped(bundle, shipped))
    assert result["status"] == "complete" and result["run_dir"] == task.run_dir
    here, there = RunLog.read(Path(local.run_dir)), RunLog.read(Path(task.run_dir))
    assert there.config == here.config and there.config_path == here.config_path
    assert there.config_hash == here.config_hash and there.run_id == here.run_id
    assert {n: (s.hash, s.results_digest) for n, s in there.suites.items()} == \
        {n: (s.hash, s.results_digest) for n, s in here.suites.items()}
    assert (Path(task.run_dir) / "cases.jsonl").is_file()        # the case records came back (timings differ)


def test_a_suite_that_names_its_corpus_by_an_absolute_path_is_refused(project: Path) -> None:
    suite = project / "suite" / "suite.yaml"
    suite.write_text(suite.read_text(encoding="utf-8").replace("corpus: docs", f"corpus: {project / 'suite' / 'docs'}"),
                     encoding="utf-8")
    with pytest.raises(InputError, match="absolute path"):
        pack(tasks_of(project))


IMPORT_FAILED = ("The remote function failed to import on the worker. This may be because needed library "
                 "dependencies are not installed in the worker environment or cannot be found from sys.path "
                 "['/tmp', '/opt/venv/lib/python3.11/site-packages']:\n\x1b[36mray::run_shipped()\x1b[39m "
                 "(pid=13461, ip=10.0.0.7)\n  File \"pickle.py\", line 1\nModuleNotFoundError: No module named 'eval'")


def test_ragbench_missing_on_the_cluster_is_one_line() -> None:
    failure = ray_failure(RuntimeError(IMPORT_FAILED), "k3")
    assert isinstance(failure, InfrastructureError) and "\n" not in str(failure)
    assert "cannot import ragbench (No module named 'eval')" in str(failure)
    assert "pip install 'ragbench[ray]==" in str(failure)
    other = ray_failure(RuntimeError("ModuleNotFoundError: No module named 'sentence_transformers'"), "k3")
    assert isinstance(other, InfrastructureError) and "'sentence_transformers'" in str(other)
    assert ray_failure(ValueError("a bug"), "k3") is None      # a bug keeps its traceback


def test_rays_own_wrappers_are_read_through() -> None:
    exceptions = pytest.importorskip("ray.exceptions")
    wrapped = exceptions.RayTaskError("run_shipped", IMPORT_FAILED, RuntimeError(IMPORT_FAILED)).as_instanceof_cause()
    assert "cannot import ragbench" in str(ray_failure(wrapped, "k3"))
    argument = exceptions.RayTaskError("run_shipped", "tb", exceptions.RaySystemError("System error: No module named 'rag'"))
    assert "No module named 'rag'" in str(ray_failure(argument.as_instanceof_cause(), "k3"))
    env = ray_failure(exceptions.RuntimeEnvSetupError("Failed to set up runtime environment.\nValueError: no such pip "
                                                      "package 'ragbnech'"), "k3")
    assert isinstance(env, InfrastructureError) and "runtime_env" in str(env) and "ragbnech" in str(env)
    assert "\n" not in str(env)
    config = ConfigError("bad value", file="suite.yaml", line=3, field="corpus")
    raised = exceptions.RayTaskError("run_shipped", "tb", config).as_instanceof_cause()
    assert ray_failure(raised, "k3") is config                  # a ragbench error raised on the worker is itself
    torch = exceptions.RayTaskError("run_shipped", "tb", MissingDependencyError(
        "'torch' is not installed; install it with: pip install 'ragbench[minilm]'")).as_instanceof_cause()
    failure = ray_failure(torch, "k3")
    assert isinstance(failure, InfrastructureError) and "pip install 'ragbench[minilm]'" in str(failure)
    crash = exceptions.WorkerCrashedError()
    assert isinstance(ray_failure(crash, "k3"), InfrastructureError)


def test_a_cluster_that_cannot_be_reached_or_refuses_the_token_is_one_line() -> None:
    def failed(last: str) -> ConnectionError:
        try:
            try:
                raise RuntimeError(f"Failed to connect to GCS. Last connection error: Traceback (most recent call "
                                   f"last):\n  File \"node.py\", line 996, in _init_gcs_client\n{last}")
            except RuntimeError as exc:
                raise ConnectionError("Failed to connect to Ray cluster at 10.0.0.7:6379") from exc
        except ConnectionError as exc:
            return exc

    down = connect_failure(failed("ray.exceptions.RpcError: Timed out while waiting for GCS to become available."),
                           "10.0.0.7:6379")
    assert str(down) == ("cannot reach the Ray cluster at 10.0.0.7:6379: ray.exceptions.RpcError: Timed out while "
                         "waiting for GCS to become available.")
    refused = connect_failure(failed("ray.exceptions.AuthenticationError: RPC error: InvalidAuthToken: "
                                     "Authentication token is missing or incorrect."), "10.0.0.7:6379")
    assert "\n" not in str(refused) and "set RAY_AUTH_MODE=token" in str(refused)


def test_a_beir_suite_that_reaches_up_a_folder_unpacks_with_the_same_hash(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "corpus").mkdir(parents=True)
    (data / "qrels").mkdir()
    (data / "corpus" / "corpus.jsonl").write_text("\n".join(
        json.dumps({"_id": f"d{i}", "title": t, "text": f"All about {t}."}) for i, t in enumerate(["hotels", "meals"])))
    (data / "queries.jsonl").write_text("\n".join(json.dumps({"_id": f"q{i}", "text": f"what about {t}"})
                                                  for i, t in enumerate(["hotels", "meals"])))
    (data / "qrels" / "dev.tsv").write_text("query-id\tcorpus-id\tscore\nq0\td0\t1\n")
    (data / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\n")
    (tmp_path / "suites").mkdir()
    (tmp_path / "suites" / "mini.yaml").write_text(
        "name: mini\nlanguage: en\nformat: beir\ncorpus: ../data/corpus\nqueries: ../data/queries.jsonl\n"
        "qrels: {dev: ../data/qrels/dev.tsv, test: ../data/qrels/test.tsv}\n", encoding="utf-8")
    (tmp_path / "base.yaml").write_text("name: b\nsuites: [suites/mini.yaml]\nembedder: {name: hashing, params: {dim: 8}}\n")
    config = load_config(tmp_path / "base.yaml")
    bundle, (shipped,) = pack([Task("v", config.model_dump(mode="json"), str(tmp_path / "base.yaml"), "runs/v")])
    unpack(bundle, tmp_path / "worker")
    (path,) = suite_paths(RunConfig.model_validate(shipped.config), tmp_path / "worker" / "sweep.yaml")
    assert path == tmp_path / "worker" / "s0" / "suites" / "mini.yaml"
    assert load_suite(path).hash == load_suite(tmp_path / "suites" / "mini.yaml").hash


def test_a_symlinked_corpus_travels_as_files_and_hidden_files_stay_behind(project: Path, tmp_path: Path) -> None:
    """A corpus folder that is a symlink (large data usually is) ships as its files, not as a
    link that would dangle on the worker; .git and other hidden files stay behind."""
    real = tmp_path / "data" / "docs"
    real.parent.mkdir(parents=True)
    (project / "suite" / "docs").rename(real)
    (project / "suite" / "docs").symlink_to(real, target_is_directory=True)
    (real / ".git").mkdir()
    (real / ".git" / "HEAD").write_text("ref: refs/heads/main", encoding="utf-8")
    bundle, _ = pack(tasks_of(project))
    with tarfile.open(fileobj=io.BytesIO(bundle)) as tar:
        members = {m.name: m for m in tar.getmembers()}
    assert members["s0/docs"].isdir() and members["s0/docs/hotel.md"].isfile()
    assert not any(m.issym() or m.islnk() for m in members.values())
    assert not any("/.git" in name for name in members)
    unpack(bundle, tmp_path / "worker")
    assert (tmp_path / "worker" / "s0" / "docs" / "hotel.md").read_text(encoding="utf-8").startswith("# Hotels")


def test_a_member_that_would_land_outside_the_folder_is_refused(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        data = b"owned"
        info = tarfile.TarInfo("../escaped.txt")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    with pytest.raises(tarfile.TarError):
        unpack(buffer.getvalue(), tmp_path / "worker")
    assert not (tmp_path / "escaped.txt").exists()
