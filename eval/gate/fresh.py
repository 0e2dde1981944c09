"""A baseline computed on this machine from a git ref: like compared with like.

Floating-point results can differ in the last bits between CPUs, enough to flip a case that
sits on a threshold. ``ragbench gate --baseline-ref REF`` checks REF out into a temporary git
worktree, runs the same gate file there with REF's own code (``ragbench gate --update-baseline``
into a scratch file), and compares the candidate with that. Where REF also has a committed
baseline, cases on which the two disagree are reported as machine noise.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from eval.gate.baseline import Baseline
from eval.gate.spec import load_gate
from eval.workspace import Workspace
from rag.errors import InfrastructureError, InputError


def _git(*args: str, cwd: Path) -> str:
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()
    except FileNotFoundError as exc:
        raise InputError("--baseline-ref needs git on PATH", field="--baseline-ref") from exc
    except subprocess.CalledProcessError as exc:
        raise InputError(f"git {' '.join(args)}: {exc.stderr.strip() or exc}", field="--baseline-ref") from exc


def baseline_at_ref(gate_path: Path, ref: str, overrides: list[str], scratch: Path) -> tuple[Baseline, Baseline | None]:
    """(the fresh baseline of ``ref`` on this machine, ``ref``'s committed baseline or None).
    The run writes its baseline over the worktree's copy of the committed one, never over
    this checkout's."""
    gate_path = gate_path.resolve()
    top = Path(_git("rev-parse", "--show-toplevel", cwd=gate_path.parent))
    commit = _git("rev-parse", "--verify", f"{ref}^{{commit}}", cwd=top)
    rel_gate = gate_path.relative_to(top)
    scratch.mkdir(parents=True, exist_ok=True)
    tree = Path(tempfile.mkdtemp(prefix="ragbench-ref-", dir=scratch))
    _git("worktree", "add", "--detach", str(tree), commit, cwd=top)
    try:

        if not (tree / rel_gate).is_file():
            raise InputError(f"{rel_gate} does not exist at {ref}", field="--baseline-ref")
        baseline_path = load_gate(tree / rel_gate).baseline_path
        committed = Baseline.read(baseline_path) if baseline_path.is_file() else None
        # REF's code, its own indexes (a workdir per commit, kept for the next call), this venv
        work = scratch / commit[:12]
        env = {**os.environ, "PYTHONPATH": str(tree) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               **Workspace.environment(work)}
        cmd = [sys.executable, "-m", "eval.cli", "gate", str(rel_gate), "--update-baseline", "--force"]
        for o in overrides:
            cmd += ["-P", o]
        print(f"baseline: running {rel_gate} at {ref} ({commit[:12]}) in {tree}", file=sys.stderr, flush=True)
        done = subprocess.run(cmd, cwd=tree, env=env)
        if done.returncode != 0:
            raise InfrastructureError(f"the baseline run at {ref} exited {done.returncode}")
        return Baseline.read(baseline_path), committed
    finally:
        _git("worktree", "remove", "--force", str(tree), cwd=top)


def machine_noise(fresh: Baseline, committed: Baseline) -> list[str]:
    """Cases whose pass/fail differs between two baselines of the same ref."""
    out = []
    for suite, base in fresh.suites.items():
        other = committed.suites.get(suite)
        if other is None or other.hash != base.hash:
            continue
        for case_id, case in base.cases.items():
            before = other.cases.get(case_id)
            if before is not None and before.passed != case.passed:
                out.append(f"{suite}/{case_id}: committed {'pass' if before.passed else 'fail'}, "
                           f"fresh {'pass' if case.passed else 'fail'} ({before.behaviour} → {case.behaviour})")
    return out
