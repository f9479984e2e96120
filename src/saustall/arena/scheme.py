"""The duplicate scheme: which bots sit where, for every deal of an arena.

Card luck dominates a few hundred games of cards. Duplicate play removes most of it: every
deal (the same seed, so the same shuffled cards) is played several times, with the bots
moved round the seats, so that every bot gets every hand and every seat of that deal. A
bot's result on a deal is then compared with the other bots' results *on the same deal*.

* **Tables.** With at least as many bots as seats, every group of ``players`` bots sits
  down on every deal (all combinations: with 3 bots at 2-player tables, the three
  pairings). With fewer bots than seats, the bots fill the seats in turn (bots A, B at
  four seats: A B A B).
* **Seatings** of a table (``mode="all"``, the default): every distinct arrangement of
  its bots over the seats when there are at most :data:`MAX_ARRANGEMENTS` (2 players: 2,
  3 players: 6, 4 players: 24), so seat, hand and neighbour effects all cancel; beyond
  that a balanced rotation: the cyclic shifts of the table and of its reverse (every bot
  in every seat, with each neighbour on both sides). ``mode="rotate"`` uses only the
  cyclic shifts (every bot once in every seat; fewer games per deal).

Every deal is played with every seating of every table, so all bots play the same deals.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Sequence

from saustall.core.errors import InvalidOptionError

MAX_ARRANGEMENTS = 24
"""The most arrangements per table played in full; more get a balanced rotation."""

SEATING_MODES = ("all", "rotate")
"""``all``: every arrangement (balanced rotation past :data:`MAX_ARRANGEMENTS`);
``rotate``: the cyclic shifts only."""


def tables(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The groups of bots that sit down together on every deal, in a fixed order."""
    if len(bots) >= players:
        return list(combinations(bots, players))
    return [tuple(bots[seat % len(bots)] for seat in range(players))]


def _unique(lineups: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    seen: set[tuple[str, ...]] = set()
    kept = []
    for lineup in lineups:
        if lineup not in seen:
            seen.add(lineup)
            kept.append(lineup)
    return kept


def rotations(table: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The cyclic shifts of ``table``: every bot once in every seat."""
    n = len(table)
    return _unique([tuple(table[(seat - shift) % n] for seat in range(n))
                    for shift in range(n)])


def arrangements(table: tuple[str, ...], mode: str = "all") -> list[tuple[str, ...]]:
    """The seatings of one table (see the module docstring)."""
    if mode not in SEATING_MODES:
        raise InvalidOptionError(f"seating must be one of {', '.join(SEATING_MODES)}, "
                                 f"not {mode!r}")
    if mode == "rotate":
        return rotations(table)
    every = _unique(list(permutations(table)))
    if len(every) <= MAX_ARRANGEMENTS:
        return every
    return _unique(rotations(table) + rotations(tuple(reversed(table))))


def seatings(bots: Sequence[str], players: int, mode: str = "all") -> tuple[tuple[str, ...], ...]:
    """Every seating played on each deal: the arrangements of every table."""
    if len(bots) < 2:
        raise InvalidOptionError("an arena needs at least two different bots, e.g. "
                                 "--bots heuristic,random")
    repeated = sorted({bot for bot in bots if list(bots).count(bot) > 1})
    if repeated:
        raise InvalidOptionError(f"name each bot once; repeated: {', '.join(repeated)}")
    return tuple(lineup for table in tables(bots, players)
                 for lineup in arrangements(table, mode))
