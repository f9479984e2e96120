"""Pigasus: the real-time race to grab the Pigasus and point at a matching pair."""

from saustall.core.registry import register
from saustall.games.pigasus.game import (
    PigasusAction, PigasusGame, PigasusState, decode_action, describe, encode_action, grab,
    point, reveal, tick,
)
from saustall.games.pigasus.rulesets import ALL_RULESETS, PIGASUS

for _ruleset in ALL_RULESETS:
    register(_ruleset, PigasusGame, default=_ruleset is PIGASUS)

__all__ = ["PigasusAction", "PigasusGame", "PigasusState", "decode_action", "describe",
           "encode_action", "grab", "point", "reveal", "tick"]
