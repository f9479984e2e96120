"""Loading the scripts of ``examples/`` in tests: each imports :mod:`evaluation` from
beside itself, as ``python examples/<script>.py`` lets it."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

from tests.script_loader import load_module

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
"""The examples' folder."""


def load_example(name: str) -> ModuleType:
    """``examples/<name>.py`` as a module (the folder on ``sys.path`` for its imports)."""
    return load_module(EXAMPLES, name, f"example_{name}")


REPORT_LINE = re.compile(r"against (\S+)\s+([-+0-9.]+)(%| net points per deal) ")
"""A line of :func:`evaluation.report`: the level and its figure."""


def reported(out: str) -> dict[str, float]:
    """Each level's figure in an example's printed report (a win share as a fraction)."""
    found = {}
    for level, figure, unit in REPORT_LINE.findall(out):
        found[level] = float(figure) / 100 if unit == "%" else float(figure)
    return found
