"""The library examples' tests are collected only where the ``rl-examples`` extra is
installed (``make rl-examples`` installs it): never skipped, absent otherwise."""

from __future__ import annotations

from importlib.util import find_spec

collect_ignore = [] if all(find_spec(name) is not None for name in (
    "torch", "sb3_contrib", "tianshou")) else ["test_library_examples.py"]
