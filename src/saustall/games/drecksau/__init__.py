"""Drecksau / Dirty Pig: every edition in the rulebooks, Sauschön and its tournament."""

from saustall.games.drecksau.actions import describe
from saustall.games.drecksau.game import DrecksauGame, DrecksauState

__all__ = ["DrecksauGame", "DrecksauState", "describe"]
