"""Saustall: pig-themed card games as real software (see README.md)."""

from saustall._compiled import compiled_modules, install

__version__ = "0.1.0"
__all__ = ["__version__", "compiled_modules"]

# Before any engine module loads: use the .py files if the compiled build is stale.
install()
