"""Optional libraries' tests are collected only where they are installed: never skipped,
absent otherwise. The library examples need the ``rl-examples`` extra (``make
rl-examples`` installs it); the JAX back end's tests need JAX (the ``jax`` extra)."""

from __future__ import annotations

from importlib.util import find_spec

collect_ignore = [] if all(find_spec(name) is not None for name in (
    "torch", "sb3_contrib", "tianshou")) else ["test_library_examples.py"]
if find_spec("jax") is None:
    collect_ignore += ["test_jax_drecksau.py"]
