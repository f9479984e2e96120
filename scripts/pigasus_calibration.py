"""Calibrate the Pigasus bot levels against modelled people: ``python scripts/pigasus_calibration.py``.

Plays games of one modelled person
(:func:`~saustall.games.pigasus.bots.reaction.person_level`: grabs a pair a median 0.8
to 3 s after it appears) against one, two or three bots of one level (``--players
2,3,4``), the person's seat rotating through every seat and the seeds fixed (game ``i``
uses seed ``1000 + i``), and prints how often the person wins outright, with the Wilson
95% interval. The figures are quoted in ``docs/bots.md`` and in the docstring of
:mod:`saustall.games.pigasus.bots.reaction`. ``--json PATH`` also saves every cell
(players, level, the person's reaction in ms, wins, games) as one JSON document, which
``scripts/bot_ratings.py`` reads to rate the levels.
"""

from __future__ import annotations

import argparse
import json
from typing import Sequence

from saustall.bots.base import LEVELS as NAMED_LEVELS
from saustall.games.pigasus.bots.reaction import person_wins
from saustall.arena.simulate import wilson_interval

PERSONS_MS = (800, 1000, 1500, 2000, 2500, 3000)


def cell(wins: int, games: int) -> str:
    """``wins/games (low-high%)``: the count and its Wilson 95% interval."""
    low, high = wilson_interval(wins, games)
    return f"{wins}/{games} ({100 * low:.0f}-{100 * high:.0f}%)"


def main(argv: Sequence[str] | None = None) -> None:
    """Print one Markdown table per table size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200, help="games per cell")
    parser.add_argument("--levels", default=",".join(NAMED_LEVELS), help="levels, comma-separated")
    parser.add_argument("--players", default="2,3",
                        help="table sizes, comma-separated (one person, the rest bots)")
    parser.add_argument("--persons", default=",".join(str(ms) for ms in PERSONS_MS),
                        help="the person's median reaction times in ms, comma-separated")
    parser.add_argument("--json", metavar="PATH",
                        help="also save every cell here (for scripts/bot_ratings.py)")
    args = parser.parse_args(argv)
    persons = [int(ms) for ms in args.persons.split(",")]
    cells: list[dict[str, object]] = []
    header = " | ".join(f"{ms / 1000:g} s" for ms in persons)
    for players in (int(n) for n in args.players.split(",")):
        bots = "one bot" if players == 2 else f"{players - 1} bots"
        print(f"\n{players} players (one person, {bots} of the level), "
              f"{args.games} games per cell; how often the person wins:\n")
        print(f"| level | {header} |")
        print("| --- |" + " --- |" * len(persons))
        for level in args.levels.split(","):
            wins = [person_wins(level, ms, args.games, players) for ms in persons]
            cells.extend({"players": players, "level": level, "person_ms": ms,
                          "wins": won, "games": args.games}
                         for ms, won in zip(persons, wins))
            row = " | ".join(cell(won, args.games) for won in wins)
            print(f"| `{level}` | {row} |", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"kind": "pigasus-calibration", "cells": cells}, out, indent=1)
            out.write("\n")


if __name__ == "__main__":
    main()
