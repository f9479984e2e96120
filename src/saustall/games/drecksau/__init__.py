"""Drecksau / Dirty Pig: every edition in the rulebooks, Sauschön and its tournament."""

from saustall.core.registry import register
from saustall.games.drecksau.actions import describe
from saustall.games.drecksau.game import DrecksauGame, DrecksauState
from saustall.games.drecksau.rulesets import ALL_RULESETS, DIRTY_PIG

for _ruleset in ALL_RULESETS:
    register(_ruleset, DrecksauGame, default=_ruleset is DIRTY_PIG)

__all__ = ["DrecksauGame", "DrecksauState", "describe"]
