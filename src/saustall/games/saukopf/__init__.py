"""Saukopf: the Schafkopf variant with pigs, for four players and the Dreihaxer for three."""

from saustall.games.saukopf.game import SaukopfGame, SaukopfState, describe

__all__ = ["SaukopfGame", "SaukopfState", "describe"]
