"""The Ray executor against a real cluster: ``ray start --head`` on loopback, joined by a
``ragbench sweep`` driver that shares nothing with its workers but the object store.

How this Ray (2.60) is made to run on loopback only, and why a driver was refused before:

- ``ray start --node-ip-address 127.0.0.1`` alone does not bind to loopback: Ray turns a loopback
  address into the machine's own (``resolve_ip_for_localhost``), and a driver given
  ``127.0.0.1:PORT`` is redirected the same way. ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` — in the
  environment of both the cluster and the driver, read when ``ray`` is imported — makes Ray take
  loopback as the node's address (as it does on macOS): every server then listens on 127.0.0.1.
- Since Ray 2.52, ``ray start`` turns token authentication on when it finds a token
  (``~/.ray/auth_token``), but a driver given an explicit address never does (only a bare
  ``ray.init()`` looks for one): it connects without a token and the cluster answers
  ``InvalidAuthToken``. So the test sets ``RAY_AUTH_MODE=token`` and a fresh ``RAY_AUTH_TOKEN``
  (the first of Ray's token sources) for both sides, whatever the home folder holds.

The driver is a subprocess, for both reasons: Ray reads these variables once per process.
The cluster is stopped by SIGTERM to its ``ray start --block`` process (which drains and stops
what it started), then SIGKILL to its process group for anything left — never ``ray stop``,
which would stop every Ray instance on the machine.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from eval.runs.log import RunLog
from eval.sweeps.run import run_sweep

VARIANTS = "variants:\n  k3: {top_k: 3}\n  k4: {top_k: 4}\n  k5: {top_k: 5}\n"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster(NamedTuple):
    env: dict[str, str]     # what a driver needs to join it: RAY_ADDRESS, the token, loopback
    logs: Path              # its session logs (one .out and .err per worker process)


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[Cluster]:
    """A two-CPU Ray cluster on loopback with token authentication, stopped afterwards."""
    pytest.importorskip("ray", reason="ray is not installed (pip install 'ragbench[ray]')")
    temp = Path(tempfile.mkdtemp(prefix="rb-ray-"))   # short: Ray's socket paths must fit 107 bytes
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env.update({"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(16),
                "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_USAGE_STATS_ENABLED": "0"})
    log = temp / "ray-start.log"
    command = [sys.executable, "-m", "ray.scripts.scripts", "start", "--head", "--block",
               "--node-ip-address", "127.0.0.1", "--port", str(port), "--num-cpus", "2",
               "--object-store-memory", str(100 * 1024**2), "--include-dashboard", "false",
               "--ray-client-server-port", str(free_port()), "--dashboard-agent-listen-port", str(free_port()),
               "--temp-dir", str(temp / "ray"), "--disable-usage-stats"]
    with log.open("w") as out:
        cluster = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 120   # a safety net for a hung start, not a measurement
        while "Ray runtime started" not in log.read_text(errors="replace"):
            if cluster.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"ray start did not start:\n{log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.2)
        yield Cluster({**env, "RAY_ADDRESS": f"127.0.0.1:{port}"}, temp / "ray")
    finally:
        cluster.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            cluster.wait(timeout=60)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(cluster.pid, signal.SIGKILL)   # its own process group: only what it started
        cluster.wait()
        shutil.rmtree(temp, ignore_errors=True)


def sweep(path: Path, out: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``ragbench sweep`` as a driver process of its own (run from the sweep's folder)."""
    return subprocess.run([sys.executable, "-m", "eval.cli", "sweep", str(path), "--out", str(out)], cwd=path.parent,
                          env=env, capture_output=True, text=True, timeout=600)   # timeout: a safety net


def recorded(folder: Path) -> dict[str, dict]:
    """What each variant's run log records that must not depend on where it ran."""
    out = {}
    for run_dir in sorted((folder / "runs").iterdir()):
        log = RunLog.read(run_dir)
        out[run_dir.name] = {"status": log.status, "config": log.config, "config_path": log.config_path,
                             "config_hash": log.config_hash,
                             "suites": {n: (s.hash, s.results_digest) for n, s in log.suites.items()}}
    return out


@pytest.mark.slow
def test_a_sweep_on_a_real_ray_cluster_records_what_a_local_sweep_records(project: Path,
                                                                           ray_cluster: Cluster) -> None:
    (project / "local.yaml").write_text(f"name: s\nbase: config.yaml\n{VARIANTS}", encoding="utf-8")
    (project / "ray.yaml").write_text(f"name: s\nbase: config.yaml\n{VARIANTS}executor: ray\n", encoding="utf-8")
    local, _ = run_sweep(project / "local.yaml", out_root=project / "local", progress=False)

    env = {**ray_cluster.env, "RAGBENCH_WORKDIR": str(project / "driver-work")}
    driver = sweep(project / "ray.yaml", project / "ray", env)
    assert driver.returncode == 0, driver.stderr[-3000:]
    (remote,) = (project / "ray").iterdir()
    assert json.loads((remote / "sweep.json").read_text(encoding="utf-8"))["status"] == "complete"
    assert recorded(remote) == recorded(local)
    assert all(s["status"] == "complete" for s in recorded(remote).values())

    # the variants ran in the cluster's worker processes (each says so as it indexes in its
    # scratch workspace); the two run after the first go to two workers at once
    logs = ray_cluster.logs.glob("session_*/logs/worker-*.err")
    workers = [p for p in logs if "tiny: loading and chunking" in p.read_text(errors="replace")]
    assert len(workers) >= 2


@pytest.mark.slow
def test_a_cluster_that_refuses_the_driver_is_one_line(project: Path, ray_cluster: Cluster) -> None:
    (project / "ray.yaml").write_text(f"name: s\nbase: config.yaml\n{VARIANTS}executor: ray\n", encoding="utf-8")
    # not the cluster's token; and two attempts to connect, not Ray's twenty
    env = {**ray_cluster.env, "RAY_AUTH_TOKEN": secrets.token_hex(16), "RAY_NUM_REDIS_GET_RETRIES": "2"}
    driver = sweep(project / "ray.yaml", project / "ray", env)
    assert driver.returncode == 3
    errors = [line for line in driver.stderr.splitlines() if line.startswith("ragbench: error:")]
    assert len(errors) == 1 and "cannot reach the Ray cluster at 127.0.0.1:" in errors[0]
    assert "refused this driver's authentication token; set RAY_AUTH_MODE=token" in errors[0]
