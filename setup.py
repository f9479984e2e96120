"""Optional compiled core: the hot engine modules compiled with mypyc.

The project's metadata lives in pyproject.toml; this file only adds the C extensions.
Any reason not to compile (``SAUSTALL_PURE_PYTHON=1``, no mypyc, no C compiler, a failed
build) gives a pure-Python install and a one-line notice: the package works the same.

The build records a hash of every compiled module's source in
``src/saustall/_compiled_sources.json`` (generated, git-ignored); ``saustall/__init__.py``
loads the pure modules instead of the extensions when a source changed since (see
``saustall/_compiled.py``).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
# The hot modules, compiled together (one mypyc group: they call each other natively).
COMPILED = [
    "saustall/core/rng.py",
    "saustall/games/drecksau/targets.py",
    "saustall/games/drecksau/actions.py",
    "saustall/games/drecksau/state.py",
    "saustall/games/drecksau/game.py",
    "saustall/games/drecksau/tournament.py",
    "saustall/games/saukopf/cards.py",
    "saustall/games/saukopf/bidding.py",
    "saustall/games/saukopf/actions.py",
    "saustall/games/saukopf/state.py",
    "saustall/games/saukopf/observe.py",
    "saustall/games/saukopf/game.py",
    # the RL observation, built every step of an environment
    "saustall/games/saukopf/features.py",
    # the Saukopf search bot's playouts and hand ratings: most of its thinking time
    "saustall/games/saukopf/bots/eval.py",
    "saustall/games/saukopf/bots/rollout.py",
    # the exact endgame solver of the search bots' last tricks
    "saustall/games/saukopf/bots/endgame.py",
    "saustall/games/pigasus/actions.py",
    "saustall/games/pigasus/state.py",
    "saustall/games/pigasus/game.py",
]
SOURCES_FILE = SRC / "saustall" / "_compiled_sources.json"


def notice(reason: str) -> None:
    """The one line that says the install is pure Python, and why."""
    print(f"saustall: installing pure Python, no compiled core ({reason})", file=sys.stderr)


def record_sources() -> None:
    """Write the hash of each compiled module's source for the stale-build guard."""
    hashes = {}
    for path in COMPILED:
        name = path.removesuffix(".py").replace("/", ".")
        hashes[name] = hashlib.sha256((SRC / path).read_bytes()).hexdigest()
    SOURCES_FILE.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")


def forget_sources() -> None:
    """No record, no compiled module is used (even if an old extension is left over)."""
    SOURCES_FILE.unlink(missing_ok=True)


def have_compiler() -> bool:
    """Whether the C compiler Python was built with (or $CC) is on this machine."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(command.split()[0]) is not None


class OptionalBuildExt(build_ext):
    """build_ext that falls back to pure Python when compiling fails."""

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any build failure means: pure Python
            notice(f"the C build failed: {str(exc).splitlines()[0] if str(exc) else exc!r}")
            forget_sources()
            self.extensions = []
            return
        record_sources()

    def get_outputs(self) -> list[str]:
        try:
            return list(super().get_outputs())
        except Exception:  # noqa: BLE001
            return []


# setup.py also runs for metadata only (pip asks for egg_info / dist_info first): compile
# only for the commands that build.
BUILD_COMMANDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def extensions() -> list[Any]:
    """The mypyc extensions, or none (with the notice) when they cannot be built."""
    if not BUILD_COMMANDS.intersection(sys.argv[1:]):
        return []
    if os.environ.get("SAUSTALL_PURE_PYTHON") == "1":
        notice("SAUSTALL_PURE_PYTHON=1")
        forget_sources()
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        notice("mypyc is not installed")
        forget_sources()
        return []
    if not have_compiler():
        notice("no C compiler found")
        forget_sources()
        return []
    try:
        # Module names follow from the paths (mypy walks up the __init__.py files).
        return list(mypycify([f"src/{path}" for path in COMPILED], opt_level="3",
                             group_name="saustall_core", target_dir="build/mypyc"))
    except BaseException as exc:  # noqa: BLE001 - mypyc exits on type errors
        notice(f"mypyc failed: {exc!r}")
        forget_sources()
        return []


if __name__ == "__main__":  # setuptools runs it so; tests import the helpers above
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
