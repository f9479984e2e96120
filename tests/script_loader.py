"""Loading the project's scripts in tests, as ``python scripts/<name>.py`` would run them:
their folder on ``sys.path`` for their imports, the module registered under its name."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
"""The measuring scripts' folder."""


def load_module(folder: Path, name: str, module_name: str | None = None) -> ModuleType:
    """``folder/<name>.py`` as the module ``module_name`` (default ``name``), with
    ``folder`` on ``sys.path`` for its own imports."""
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    spec = importlib.util.spec_from_file_location(module_name or name, folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as a module."""
    return load_module(SCRIPTS, name)
