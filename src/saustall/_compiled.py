"""The optional compiled core (mypyc, see setup.py) and its guard against a stale build.

An editable install puts the compiled extensions (``.so``) next to the ``.py`` files and
Python prefers the extension. The build records a hash of each compiled module's source
(``_compiled_sources.json``, generated); :class:`PureFallbackFinder` loads the ``.py``
files instead of the extensions when that record is missing, when any recorded source
changed since (the compiled modules call each other natively, so they are used all or
none), or when ``SAUSTALL_PURE_PYTHON=1``.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PURE_ENV = "SAUSTALL_PURE_PYTHON"
"""Set to ``1`` to run (and install) pure Python."""

PACKAGE_DIR = Path(__file__).resolve().parent
SOURCES_FILE = PACKAGE_DIR / "_compiled_sources.json"


def recorded_sources(path: Path = SOURCES_FILE) -> dict[str, str]:
    """Module name to the source hash recorded at build time; empty without a build."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return {str(name): str(digest) for name, digest in data.items()} if isinstance(
        data, dict) else {}


def source_path(module: str, package_dir: Path = PACKAGE_DIR) -> Path:
    """The ``.py`` file of ``module`` (a ``saustall.`` name) under ``package_dir``."""
    return package_dir.joinpath(*module.split(".")[1:]).with_suffix(".py")


def stale_modules(recorded: dict[str, str], package_dir: Path = PACKAGE_DIR) -> list[str]:
    """The recorded modules whose source no longer has the recorded hash."""
    stale = []
    for module, digest in recorded.items():
        try:
            current = hashlib.sha256(source_path(module, package_dir).read_bytes()).hexdigest()
        except OSError:
            current = ""
        if current != digest:
            stale.append(module)
    return sorted(stale)


def compiled_allowed(recorded: dict[str, str], package_dir: Path = PACKAGE_DIR) -> bool:
    """Whether the compiled extensions may be used: a build is recorded, no source
    changed since, and pure Python is not asked for."""
    if os.environ.get(PURE_ENV) == "1" or not recorded:
        return False
    return not stale_modules(recorded, package_dir)


class PureFallbackFinder:
    """A meta-path finder that, for ``saustall`` modules, finds the ``.py`` source in
    place of a compiled extension; every other module is left to the usual finders."""

    def __init__(self, prefix: str = "saustall.") -> None:
        """Intercept the modules whose names start with ``prefix``."""
        self.prefix = prefix

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        """The source's spec when the usual finder would load an extension; else None."""
        if not fullname.startswith(self.prefix):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None or not spec.origin.endswith(
                tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            return None
        source = Path(spec.origin).parent / (fullname.rpartition(".")[2] + ".py")
        if not source.is_file():
            return None
        return importlib.util.spec_from_file_location(fullname, source)


_allowed: bool | None = None


def install() -> None:
    """Put :class:`PureFallbackFinder` first on ``sys.meta_path`` unless the compiled
    build is current (called once from ``saustall/__init__.py``)."""
    global _allowed
    _allowed = compiled_allowed(recorded_sources())
    if not _allowed and not any(isinstance(f, PureFallbackFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, PureFallbackFinder())


def compiled_modules() -> list[str]:
    """The names of the modules actually running compiled (imports the recorded ones)."""
    running = []
    for module in sorted(recorded_sources()):
        try:
            loaded = importlib.import_module(module)
        except ImportError:
            continue
        if str(getattr(loaded, "__file__", "")).endswith(
                tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            running.append(module)
    return running
