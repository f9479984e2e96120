"""The toy game package of tests/fixtures/saustall-nim, made importable and registered.

``make test`` installs it (``pip install -e tests/fixtures/saustall-nim``); a checkout
without it installed imports it from its source directory instead, so the game's tests run
either way (what needs the installed entry point is marked and says so).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "saustall-nim"
"""The toy game's distribution (its pyproject.toml)."""


def _installed() -> bool:
    """True if the toy game is installed as a distribution (its entry point exists)."""
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        distribution("saustall-nim")
    except PackageNotFoundError:
        return False
    return True


INSTALLED = _installed()
"""Asked once, before :func:`load_nim` puts the source directory on the path (where the
metadata of an editable install would be found as if it were installed)."""


def installed() -> bool:
    """True if the toy game is installed as a distribution (its entry point exists)."""
    return INSTALLED


def load_nim() -> None:
    """Make sure the toy game is registered: found by its entry point when installed, else
    imported from its source directory and its support record added as the entry point
    would add it."""
    from saustall.core.registry import add_support, game_names

    if "nim" in game_names():
        return
    if importlib.util.find_spec("saustall_nim") is None:
        sys.path.insert(0, str(FIXTURE / "src"))
    from saustall_nim.support import SUPPORT

    add_support(SUPPORT)
