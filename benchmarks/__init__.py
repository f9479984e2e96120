"""Saustall's benchmarks: speed and load measurements, run from the repository's root.

Not part of the installed package (``pyproject.toml`` finds packages under ``src/`` only):
``python -m benchmarks.engine`` (``make bench``), ``python -m benchmarks.compare``
(``make bench-compare``), ``python -m benchmarks.rl_envs`` (``make bench-rl``),
``python -m benchmarks.batched`` (``make bench-batched``) and ``python -m benchmarks.server``
(``make bench-server``). ``docs/speed.md`` says what each measures.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root: the directory that holds ``benchmarks/`` (and ``tests/``)."""


def child_environment() -> dict[str, str]:
    """This process's environment with the repository's root first on ``PYTHONPATH``, so
    that a child process (``python -m benchmarks...``, a server loading
    ``--bot-module benchmarks.server_bots``) finds the benchmarks from any directory."""
    paths = [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
