"""Start a real local server for a test, on a free loopback port, and stop it afterwards."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import time
from collections.abc import Iterator

import httpx
import pytest


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def running(command: list[str], ready_url: str, attempts: int = 600, env: dict[str, str] | None = None) -> Iterator[None]:
    """Run ``command`` (with ``env`` added to the environment) until ``ready_url`` answers 200
    (a bounded poll; nothing is asserted about time), yield, then terminate it."""
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, **env} if env else None)
    try:
        for _ in range(attempts):
            if proc.poll() is not None:
                pytest.fail(f"{command[:3]} exited during start-up with {proc.returncode}")
            try:
                if httpx.get(ready_url, timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        else:
            pytest.fail(f"{ready_url} never became ready")
        yield
    finally:
        proc.terminate()
        proc.wait(timeout=20)


