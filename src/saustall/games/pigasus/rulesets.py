"""Pigasus rulesets as data.

| ruleset | players | who scores | wrong-grab penalty |
| --- | --- | --- | --- |
| ``pigasus`` | 2-10 | each player for themselves | as many cards as there are players |
| ``pigasus-teams`` | 4-10, in 2-5 teams | each team into one shared pile | as many cards as there are teams |

Both are real-time: every action carries the acting seat and a time in milliseconds.
The timing options (all integers, milliseconds) are explained in ``docs/rules/pigasus.md``.
"""

from __future__ import annotations

from saustall.core.game import OptionSpec, ParamSpec, Ruleset

WINDOW = OptionSpec(
    "window_ms", 150,
    "grabs this many ms or less after the first grab count as simultaneous (0-1000)",
    minimum=0, maximum=1000)
POINT_LIMIT = OptionSpec(
    "point_limit_ms", 10000,
    "a player holding the Pigasus who has not pointed after this many ms made a wrong "
    "grab (1000-120000)",
    minimum=1000, maximum=120000)
LAST_CALL = OptionSpec(
    "last_call_ms", 5000,
    "after the last card, the game ends once this many ms pass with no change while a "
    "pair is still on the table (0-60000)",
    minimum=0, maximum=60000)
EVENT_CAP = OptionSpec(
    "event_cap", 5000,
    "the game stops after this many actions and is scored as it stands (200-100000)",
    minimum=200, maximum=100000)
BENCH = OptionSpec(
    "bench_empty_handed", True,
    "a player (team) who grabs wrongly with no cards to give back may not grab again "
    "until someone takes a pair")
FIRST_DEALER = OptionSpec("first_dealer", 0, "the seat that deals first (0-based)",
                          minimum=0)
NUM_TEAMS = OptionSpec("num_teams", 2, "number of teams; seats alternate between teams",
                       (2, 3, 4, 5))


def _lever(option: OptionSpec) -> ParamSpec:
    """A timing option as a balance lever: a variant sets its default."""
    return ParamSpec(option.name, option.default, option.help, option.minimum,
                     option.maximum, ("option", option.name))


LEVERS = tuple(_lever(option) for option in (WINDOW, POINT_LIMIT, LAST_CALL, EVENT_CAP, BENCH))
"""Pigasus's balance levers (docs/design.md): its timings, the event cap, the bench."""


PIGASUS = Ruleset(
    game="pigasus", name="pigasus", title="Pigasus",
    summary="Real-time race: spot two cards with swapped bodies and heads, grab the Pigasus, point.",
    min_players=2, max_players=10,
    params={"teams": False},
    options=(WINDOW, POINT_LIMIT, LAST_CALL, EVENT_CAP, BENCH, FIRST_DEALER),
    realtime=True,
    levers=LEVERS,
)

PIGASUS_TEAMS = Ruleset(
    game="pigasus", name="pigasus-teams", title="Pigasus in teams",
    summary="Pigasus with teams sharing one pile; any member may grab or deal.",
    min_players=4, max_players=10,
    params={"teams": True},
    options=(WINDOW, POINT_LIMIT, LAST_CALL, EVENT_CAP, BENCH, FIRST_DEALER, NUM_TEAMS),
    realtime=True,
    levers=LEVERS,
)

ALL_RULESETS = (PIGASUS, PIGASUS_TEAMS)
