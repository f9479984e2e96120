"""Shared set-up of the environment tests: every ruleset and its modules."""

from __future__ import annotations

from types import ModuleType

from saustall.core.registry import rulesets
from saustall.rl import drecksau_v0, pigasus_v0, saukopf_v0

MODULES: dict[str, ModuleType] = {"drecksau": drecksau_v0, "saukopf": saukopf_v0,
                                  "pigasus": pigasus_v0}
"""The environment module of each game."""

RULESETS = [(r.game, r.name) for r in rulesets() if r.game in MODULES]
"""Every registered ruleset of a game with an environment here, as (game, ruleset) (a game
installed from another package, such as the toy Nim of tests/fixtures, has none)."""
TURN_BASED = [(g, r) for g, r in RULESETS if g != "pigasus"]
"""The turn-based rulesets (AEC environments)."""
REALTIME = [(g, r) for g, r in RULESETS if g == "pigasus"]
"""The real-time rulesets (parallel environments)."""


def players_of(game: str, ruleset: str) -> list[int]:
    """Every allowed player count of a ruleset."""
    found = next(r for r in rulesets(game) if r.name == ruleset)
    return list(range(found.min_players, found.max_players + 1))
