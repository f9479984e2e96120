"""Calibrate the Pigasus bot levels against modelled people: ``python scripts/pigasus_calibration.py``.

Plays two-player games of each named level against :func:`person_level` people who grab
a pair a median 0.8 to 3 s after it appears (seats alternate, seeds fixed) and prints how
often the person wins. The figures are quoted in ``docs/bots.md``.
"""

from __future__ import annotations

import argparse

from saustall.bots.base import LEVELS as NAMED_LEVELS
from saustall.bots.pigasus import LEVELS, person_level, simulate_game

PERSONS_MS = (800, 1000, 1500, 2000, 2500, 3000)


def person_wins(level: str, reaction_ms: int, games: int) -> int:
    """Games out of ``games`` a person reacting in ``reaction_ms`` wins outright."""
    person = person_level(reaction_ms)
    wins = 0
    for index in range(games):
        seat = index % 2
        order = [person, LEVELS[level]] if seat == 0 else [LEVELS[level], person]
        if simulate_game(2, seed=1000 + index, levels=order).winners == (seat,):
            wins += 1
    return wins


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40, help="games per cell")
    parser.add_argument("--levels", default=",".join(NAMED_LEVELS), help="levels, comma-separated")
    args = parser.parse_args()
    header = " | ".join(f"{ms / 1000:g} s" for ms in PERSONS_MS)
    print(f"| level | person wins vs a person reacting in: {header} |")
    for level in args.levels.split(","):
        cells = " | ".join(f"{person_wins(level, ms, args.games)}/{args.games}"
                           for ms in PERSONS_MS)
        print(f"| {level} | {cells} |", flush=True)


if __name__ == "__main__":
    main()
