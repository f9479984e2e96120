"""Saukopf: the Schafkopf variant with pigs, for four players and the Dreihaxer for three."""

from saustall.core.registry import register
from saustall.games.saukopf.game import SaukopfGame, SaukopfState, describe
from saustall.games.saukopf.rulesets import ALL_RULESETS, SAUKOPF

for _ruleset in ALL_RULESETS:
    register(_ruleset, SaukopfGame, default=_ruleset is SAUKOPF)

__all__ = ["SaukopfGame", "SaukopfState", "describe"]
