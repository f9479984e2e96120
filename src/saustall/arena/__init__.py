"""The arena: duplicate matches between bots, with confidence intervals and ratings.

``saustall arena GAME --bots A,B,... --games N`` (:mod:`saustall.cli.arena`). The duplicate
scheme is in :mod:`saustall.arena.scheme`, the statistics in :mod:`saustall.arena.stats`,
the running in :mod:`saustall.arena.run`, the HTML report in :mod:`saustall.arena.report`.
"""

from saustall.arena.run import ArenaResult, BotResult, PairResult, run_arena
from saustall.arena.scheme import seatings

__all__ = ["ArenaResult", "BotResult", "PairResult", "run_arena", "seatings"]
