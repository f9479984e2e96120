"""Environments for agents (the optional ``rl`` extra); see ``docs/rl.md``.

PettingZoo AEC environments in the ``classic`` style, one module per game
(:mod:`~saustall.rl.drecksau_v0`, :mod:`~saustall.rl.saukopf_v0`), and a parallel one for
the real-time Pigasus (:mod:`~saustall.rl.pigasus_v0`); the batched Drecksau simulator
(:mod:`~saustall.rl.batched`, numpy only) and the batched Saukopf card play
(:mod:`~saustall.rl.batched_saukopf`). Importing this package also registers the
single-agent Gymnasium environments ``saustall/Drecksau-v0``, ``saustall/Saukopf-v0`` and
``saustall/Pigasus-v0`` (see :mod:`saustall.rl.gym_envs`) when Gymnasium is installed.
"""

from __future__ import annotations

from importlib.util import find_spec

if find_spec("gymnasium") is not None and find_spec("pettingzoo") is not None:
    from saustall.rl.gym_envs import register_envs

    register_envs()
