"""Reinforcement-learning environments for Saustall's games (the optional ``rl`` extra).

PettingZoo AEC environments in the ``classic`` style, one module per game
(:mod:`~saustall.rl.drecksau_v0`, :mod:`~saustall.rl.saukopf_v0`), and a parallel one for
the real-time Pigasus (:mod:`~saustall.rl.pigasus_v0`). Importing this package also
registers the single-agent Gymnasium environments ``saustall/Drecksau-v0``,
``saustall/Saukopf-v0`` and ``saustall/Pigasus-v0`` (see :mod:`saustall.rl.gym_envs`).
Usage, observation tables and the action mappings: ``docs/rl.md``.
"""

from __future__ import annotations

from saustall.rl.gym_envs import register_envs

register_envs()
