"""Pigasus: the real-time race to grab the Pigasus and point at a matching pair."""

from saustall.games.pigasus.game import (
    PigasusAction, PigasusGame, PigasusState, decode_action, describe, encode_action, grab,
    point, reveal, tick,
)

__all__ = ["PigasusAction", "PigasusGame", "PigasusState", "decode_action", "describe",
           "encode_action", "grab", "point", "reveal", "tick"]
