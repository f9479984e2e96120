"""What the wheel holds: the package and its data, no benchmark and no test helper.

The file list is the one setuptools builds the wheel from: the packages that
``[tool.setuptools.packages.find]`` finds and the files ``[tool.setuptools.package-data]``
adds (read from ``pyproject.toml``, so a change there is checked too; no build needed).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parents[2]


def wheel_files() -> list[Path]:
    """Every file the wheel takes from the source tree (modules and package data)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = config["packages"]["find"]
    where = ROOT / found["where"][0]
    packages = find_packages(str(where), include=found.get("include", ("*",)),
                             exclude=found.get("exclude", ()))
    files: set[Path] = set()
    for package in packages:
        directory = where / package.replace(".", "/")
        files.update(directory.glob("*.py"))
    for package, patterns in config["package-data"].items():
        directory = where / package.replace(".", "/")
        for pattern in patterns:
            files.update(path for path in directory.glob(pattern) if path.is_file())
    return sorted(files)


def test_the_wheel_holds_the_package_and_no_benchmark_or_test_helper() -> None:
    files = wheel_files()
    names = {path.relative_to(ROOT / "src").as_posix() for path in files}
    assert "saustall/core/game.py" in names and "saustall/web/static/index.html" in names
    assert all(name.startswith("saustall/") for name in names), names
    shipped_benchmarks = [name for name in names
                          if "bench" in Path(name).name or Path(name).suffix == ".mjs"
                          or Path(name).name == "pgtemp.py"]
    assert shipped_benchmarks == []


OUTSIDE_IMPORT = re.compile(r"^\s*(?:from|import)\s+(?:benchmarks|tests)\b.*$", re.MULTILINE)
"""An import (at any depth of a module) of the benchmarks or the tests."""


def test_no_module_of_the_package_imports_the_benchmarks_or_the_tests() -> None:
    importing = [f"{path.name}: {line}" for path in (ROOT / "src" / "saustall").rglob("*.py")
                 for line in OUTSIDE_IMPORT.findall(path.read_text())]
    assert importing == []
