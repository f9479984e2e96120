"""The server load benchmark runs with either kind of client part: Node and Python."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("kind", ["node", "python"])
def test_bench_players(kind: str) -> None:
    """A short, small run: actions applied, no errors, latencies measured."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])])}
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks.server", "--tables", "3", "--seconds", "6",
         "--client-kind", kind],
        capture_output=True, text=True, timeout=60, env=env, check=False)
    report = f"exit status {run.returncode}\nstdout:\n{run.stdout}\nstderr:\n{run.stderr}"
    assert run.returncode == 0, report
    assert f"clients: {kind} (2 processes)" in run.stdout, report
    applied = re.search(r"actions applied\s*: (\d+)", run.stdout)
    assert applied and int(applied.group(1)) > 0, report
    assert re.search(r"errors to clients\s*: 0$", run.stdout, re.MULTILINE), report
    for line in ("action -> ack", "action -> new state"):
        found = re.search(rf"{line}\s*: p50 .*\(n=(\d+),", run.stdout)
        assert found and int(found.group(1)) > 0, report
