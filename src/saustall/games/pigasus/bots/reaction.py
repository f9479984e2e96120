"""Pigasus bots with human reaction times, and a pure simulation driver.

A real-time bot does not pick from a list of legal moves on its turn: it watches the
table and decides *when* to act. Its interface, used by the simulator, the terminal
client and the server alike:

``bot.react(view, now) -> PigasusAction | None``
    ``view`` is the bot's seat view (``state.view(seat)``), ``now`` the driver's clock
    in ms. The answer is the one action the bot plans next, stamped with the time at
    which it means to act (never before ``now``), or None when it plans nothing. Call it
    again whenever the view changes (and whenever you like): the bot draws its random
    reaction times once per thing it notices, so asking twice gives the same plan.
    Apply the plan when the clock reaches its time, unless a newer call replaced it.

``bot.rejected(action, error)``
    Optional feedback when the engine refused a planned action (a grab that came too
    late); the bot gives up that attempt.

``bot.choose(view, legal)``
    The plain :class:`~saustall.bots.base.Bot` protocol, for harnesses without a clock:
    picks from the listed legal actions.

Levels and their calibration
----------------------------
People are offered ``beginner``, ``club`` and ``expert`` (the named levels of
:data:`saustall.bots.base.LEVELS`; ``club`` is the default). A median adult reacts to a
visual match in roughly 0.6-1.0 s, and needs longer to find *which* two cards match, the
longer the more cards lie open. Each level draws its time from noticing a pair to grabbing
it from a log-normal distribution (median, and the 10-90% range, for a table of 8 cards):

========  ==================  =====  =======  ==========  ========
level     reaction (8 cards)  sigma  notices  false grab  pointing
========  ==================  =====  =======  ==========  ========
beginner  1.81 s (1.16-2.83)  0.35   75%      5%          0.9 s
club      1.42 s (0.97-2.09)  0.30   80%      3%          0.7 s
expert    0.76 s (0.55-1.05)  0.25   92%      1%          0.45 s
========  ==================  =====  =======  ==========  ========

("notices": the chance to see a given pair at each look; "false grab": the chance per
revealed card to grab for a look-alike; "pointing": median time from grab to pointing.)
The median reaction is ``reaction_ms + per_card_ms * cards``: beginner 1450 ms + 45 ms
per open card, club 1100 + 40, expert 600 + 20. A pair a bot misses gets a new look at
the next change of the table, so a miss costs it about one deal interval (1.5 s).

``beginner`` also holds back at bigger tables (:attr:`Level.crowd_sigma` 0.15): with
``r`` rivals its median is multiplied by ``exp(0.15 * E[max of r standard normals])``:
1 in a duel, 1.09 at 3 players (1.97 s on 8 cards), 1.13 at 4, 1.19 at 6, 1.25 at 10.
Why: the person must out-collect every bot at the table, and the fastest of several
independent bots is quicker than one, so a level that is beatable in a duel is not at a
table of three (before, a 2 s person won 180/200 3-player, 118/200 6-player and 76/200
8-player games against ``beginner``). A real slow player is as slow at any table, so no
fixed model of one keeps "a slow newcomer wins" beyond two players: against ``n - 1``
copies of themselves a person wins about ``1/n`` of the games. The level keeps its
promise by reacting later, not by noticing less: a lower notice rate (50%, no holding
back; 100 games) makes the duel a pushover (a 3 s person wins 69/100) and still gives way
at big tables (81/100 at 8 players), as the chance that *some* bot sees a pair,
``1 - (1 - notice) ** r``, climbs with ``r``; and it leaves pairs lying unseen in front
of nine bots, where a late grab is just what a slow player does. ``club`` and
``expert`` react the same at any table size: they are the real game.

Calibrated against modelled people (:func:`person_level`: a median reaction of N s to a
pair on any table, nine pairs in ten noticed), one person against one, two or three bots
of a level, 200 seeded games per cell (100 at 4 players), the person's seat rotating
(:func:`person_wins`, ``python scripts/pigasus_calibration.py``). How often the person
wins, with the Wilson 95% interval (percent):

Two players (one bot):

========  ============  ============  ============  ============  ============  ==========
level     0.8 s         1 s           1.5 s         2 s           2.5 s         3 s
========  ============  ============  ============  ============  ============  ==========
beginner  200 (98-100)  200 (98-100)  200 (98-100)  183 (87-95)   119 (53-66)   29 (10-20)
club      200 (98-100)  200 (98-100)  182 (86-94)   88 (37-51)    10 (3-9)      1 (0-3)
expert    170 (79-89)   46 (18-29)    0 (0-2)       0 (0-2)       0 (0-2)       0 (0-2)
========  ============  ============  ============  ============  ============  ==========

Three players (two bots):

========  ============  ============  ============  ============  ============  ==========
level     0.8 s         1 s           1.5 s         2 s           2.5 s         3 s
========  ============  ============  ============  ============  ============  ==========
beginner  200 (98-100)  200 (98-100)  200 (98-100)  192 (92-98)   103 (45-58)   17 (5-13)
club      199 (97-100)  199 (97-100)  186 (89-96)   47 (18-30)    2 (0-4)       0 (0-2)
expert    165 (77-87)   30 (11-21)    0 (0-2)       0 (0-2)       0 (0-2)       0 (0-2)
========  ============  ============  ============  ============  ============  ==========

Four players (three bots), 100 games a cell: beginner 95 (89-98) at 2 s, 40 (31-50) at
2.5 s; club 85 (77-91) at 1.5 s, 15 (9-23) at 2 s; expert 80 (71-87) at 0.8 s, 19
(13-28) at 1 s. Bigger tables, the 2 s person against ``beginner``, 200 games: 6 players
184 (87-95), 8 players 190 (91-97), 10 players 178 (84-93).

So a person reacting in 2 s beats ``beginner`` at every table size measured (2 players
92%, 3 players 96%, 4 players 95%, 6 to 10 players 89-95%), and it is an even game for
one reacting in about 2.6 s (2 players), 2.5 s (3 players) or 2.4 s (4 players). ``club``
is an even game for a newcomer who reacts in about 2 s in a duel (44% at 2 s); at 3
players the 2 s person wins only 24%, even at about 1.8 s (4 players: 15%). ``expert``
is an even game for a quick player reacting in about 0.9 s at 2, 3 and 4 players. The
earlier levels stay registered for old records and simulations (two players, 40 games a
cell, measured before this calibration; they are unchanged): ``slow`` (person wins 40/40
at 2 s, 27/40 at 3 s), ``casual`` (the old default: 5/40 at 2 s, 24/40 at 1.5 s) and
``sharp`` (3/40 at 0.8 s).

How a bot plays, by level (see :data:`LEVELS`):

- When the table changes, it scans it. Each matching pair on the table is noticed with
  probability ``notice``; a missed pair gets a new chance at the next change. A noticed
  pair is grabbed after a reaction time drawn from a log-normal distribution whose median
  grows with the number of cards on the table.
- With probability ``false_alarm`` per revealed card, it "sees" a pair that is none (two
  cards that look alike) and grabs for it: a wrong grab.
- Holding the Pigasus, it points at the first card after a log-normal delay and at the
  second a little later. Benched (a wrong grab with no cards to give back), it waits.
- As dealer it reveals one card every ``deal_interval_ms`` after the last change.

:func:`simulate_game` plays a whole game of bots on simulated time, deterministically
from a seed; it does no I/O.
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from saustall.bots.base import register_bot, register_level_ratings
from saustall.core.errors import IllegalActionError
from saustall.core.game import Action, View
from saustall.core.record import GameRecord
from saustall.core.registry import get_variant
from saustall.core.rng import derive_seed
from saustall.games.pigasus.cards import card_from_code, near_misses, pairs_among, partner
from saustall.games.pigasus.driver import RealtimeTable
from saustall.games.pigasus.facts import game_facts
from saustall.games.pigasus.game import (
    GRAB, POINT, REVEAL, TICK, PigasusAction, PigasusState,
)


@dataclass(frozen=True)
class Level:
    """How quick, attentive and careful a bot is."""

    name: str
    reaction_ms: float
    """Median time to spot a pair and grab, on an empty table."""
    per_card_ms: float
    """Extra median time per card on the table (a bigger table takes longer to scan)."""
    sigma: float
    """Spread of the log-normal reaction time (sigma of its logarithm)."""
    notice: float
    """Chance to notice a given pair at each look at a changed table."""
    false_alarm: float
    """Chance per revealed card to grab for a pair that is not there."""
    point_ms: float
    """Median delay between grabbing and pointing."""
    crowd_sigma: float = 0.0
    """How much the bot holds back at bigger tables: with ``r`` rivals its median
    reaction is multiplied by ``exp(crowd_sigma * expected_max_normal(r))``, so 1 (no
    change) with one rival. With ``crowd_sigma == sigma`` the fastest of ``r`` such bots
    is, at the median, as quick as one of them in a duel (see :func:`crowd_factor`)."""


LEVELS: dict[str, Level] = {
    # The levels offered to people (see the module doc for their calibration).
    # beginner holds back at bigger tables (crowd_sigma): a 2 s person must out-collect
    # every one of its bots, and the fastest of several bots is quicker than one.
    "beginner": Level("beginner", reaction_ms=1450, per_card_ms=45, sigma=0.35, notice=0.75,
                      false_alarm=0.05, point_ms=900, crowd_sigma=0.15),
    "club": Level("club", reaction_ms=1100, per_card_ms=40, sigma=0.3, notice=0.8,
                  false_alarm=0.03, point_ms=700),
    "expert": Level("expert", reaction_ms=600, per_card_ms=20, sigma=0.25, notice=0.92,
                    false_alarm=0.01, point_ms=450),
    # Earlier names, kept for old records, simulations and scripts.
    "slow": Level("slow", reaction_ms=1300, per_card_ms=60, sigma=0.35, notice=0.55,
                  false_alarm=0.06, point_ms=900),
    "casual": Level("casual", reaction_ms=800, per_card_ms=35, sigma=0.3, notice=0.8,
                    false_alarm=0.025, point_ms=600),
    "sharp": Level("sharp", reaction_ms=450, per_card_ms=15, sigma=0.2, notice=0.97,
                   false_alarm=0.0, point_ms=350),
}
"""Every difficulty level by name: ``beginner``, ``club`` and ``expert`` for people, then
the earlier ``slow``, ``casual`` and ``sharp`` (still registered)."""


@functools.lru_cache(maxsize=None)
def expected_max_normal(count: int) -> float:
    """The expected largest of ``count`` independent standard normal draws (0 for one).

    Computed by integrating ``x * count * pdf(x) * cdf(x) ** (count - 1)`` on a fixed
    grid, so the same count always gives the same float; cached, as bots ask at every
    pair they notice.
    """
    if count <= 1:
        return 0.0
    steps, low, high = 4000, -8.0, 8.0
    width = (high - low) / steps
    total = 0.0
    for index in range(steps + 1):
        x = low + index * width
        density = math.exp(-x * x / 2) / math.sqrt(2 * math.pi)
        below = 0.5 * (1 + math.erf(x / math.sqrt(2)))
        weight = 0.5 if index in (0, steps) else 1.0
        total += weight * x * count * density * below ** (count - 1)
    return total * width


def crowd_factor(crowd_sigma: float, rivals: int) -> float:
    """The factor on a level's median reaction at a table with ``rivals`` rivals.

    The fastest of ``r`` log-normal draws of spread ``sigma`` lies, on the log scale,
    about ``sigma * expected_max_normal(r)`` below the median of one draw; scaling the
    median up by as much (``crowd_sigma == sigma``) gives the person, pair after pair,
    about the race they would have against one such bot.
    """
    if crowd_sigma <= 0 or rivals <= 1:
        return 1.0
    return math.exp(crowd_sigma * expected_max_normal(rivals))


def person_level(reaction_ms: float) -> Level:
    """A model of a person who grabs a pair a median ``reaction_ms`` after it appears.

    Used to calibrate the levels: the person notices nine pairs in ten, grabs for a
    look-alike after one revealed card in fifty and points at the pair within about 0.6 s
    of grabbing (they already know which two cards they saw).
    """
    return Level(f"person-{reaction_ms / 1000:g}s", reaction_ms=reaction_ms, per_card_ms=0,
                 sigma=0.3, notice=0.9, false_alarm=0.02, point_ms=600)


DEFAULT_DEAL_INTERVAL_MS = 1500
"""A comfortable pace: one card every 1.5 s."""


@dataclass
class _Belief:
    pair: tuple[int, int]
    notice_at: int
    real: bool


class PigasusBot:
    """A bot that reacts like a person of a given :class:`Level`.

    ``level`` is a :class:`Level` or a level name; ``seed`` seeds its own random source;
    ``deal_interval_ms`` is its pace as dealer.
    """

    def __init__(self, level: Level | str, seed: int = 0,
                 deal_interval_ms: int = DEFAULT_DEAL_INTERVAL_MS) -> None:
        if isinstance(level, str):
            if level not in LEVELS:
                raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
            level = LEVELS[level]
        self.level = level
        self.seed = seed
        self.deal_interval_ms = deal_interval_ms
        self.name = f"pigasus-{level.name}"
        self._rng = random.Random(seed)
        self._beliefs: dict[tuple[int, int], _Belief] = {}
        self._table_key: tuple[Any, ...] | None = None
        self._reveals_seen = 0
        self._point_plan: tuple[int, int, int, tuple[int, ...]] | None = None
        self._given_up: set[tuple[int, int]] = set()

    def __repr__(self) -> str:
        return f"PigasusBot({self.level.name!r}, seed={self.seed})"

    # -- timing draws ------------------------------------------------------------------
    def _lognormal(self, median: float) -> int:
        return max(1, round(self._rng.lognormvariate(math.log(median), self.level.sigma)))

    def reaction_time(self, cards_on_table: int, rivals: int = 1) -> int:
        """Draw one reaction time (ms) for a table of ``cards_on_table`` cards and
        ``rivals`` players outside the bot's team (see :attr:`Level.crowd_sigma`)."""
        level = self.level
        median = level.reaction_ms + level.per_card_ms * cards_on_table
        return self._lognormal(median * crowd_factor(level.crowd_sigma, rivals))

    # -- looking at the table ----------------------------------------------------------
    def _look(self, view: View) -> None:
        table = [card_from_code(entry["card"]) for entry in view["table"]]
        key = (tuple(table), view["table_changed_at"], view["reveals"])
        if key == self._table_key:
            return
        self._table_key = key
        since = int(view["table_changed_at"])
        on_table = set(table)
        # Forget beliefs about cards that left, and false alarms once judged or stale.
        self._beliefs = {pair: b for pair, b in self._beliefs.items()
                         if b.real and set(pair) <= on_table}
        self._given_up.clear()
        level = self.level
        me = view["observer"]
        rivals = sum(1 for team in view["team_of"] if team != view["team_of"][me])
        for pair in pairs_among(table):
            if pair not in self._beliefs and self._rng.random() < level.notice:
                self._beliefs[pair] = _Belief(
                    pair, since + self.reaction_time(len(table), rivals), True)
        new_cards = int(view["reveals"]) - self._reveals_seen
        self._reveals_seen = int(view["reveals"])
        if new_cards > 0 and level.false_alarm > 0 and self._rng.random() < level.false_alarm:
            newest = max(view["table"], key=lambda e: e["at"])["card"] if view["table"] else None
            lookalikes = near_misses(table)
            if newest is not None:
                card = card_from_code(newest)
                with_new = [p for p in lookalikes if card in p]
                lookalikes = with_new or lookalikes
            if lookalikes:
                pair = lookalikes[self._rng.randrange(len(lookalikes))]
                if pair not in self._beliefs:
                    self._beliefs[pair] = _Belief(
                        pair, since + self.reaction_time(len(table), rivals), False)

    def _next_belief(self, table: set[int]) -> _Belief | None:
        live = [b for b in self._beliefs.values()
                if set(b.pair) <= table and b.pair not in self._given_up]
        return min(live, key=lambda b: (b.notice_at, b.pair)) if live else None

    # -- the real-time interface -------------------------------------------------------
    def react(self, view: View, now: int) -> PigasusAction | None:
        """The action this bot plans next, stamped with its time (see the module doc)."""
        if view["phase"] == "over":
            return None
        me = view["observer"]
        if not isinstance(me, int):
            raise ValueError("a Pigasus bot needs a seat's view, not a spectator's")
        self._look(view)
        unit = view["team_of"][me]
        table = {card_from_code(entry["card"]) for entry in view["table"]}
        may_grab = unit in view["contenders"] and unit not in view["benched"]
        if view["phase"] == "held":
            pigasus = view["pigasus"]
            mine = next((h for h in pigasus["holders"] if h["player"] == me), None)
            if mine is not None:
                if mine["pointed"] is not None:  # finished pointing
                    return None
                pointed = [card_from_code(code) for code in mine["fingers"]]
                return self._point(me, int(mine["at"]), pointed, table, now)
            team_holds = any(h["team"] == unit for h in pigasus["holders"])
            closes = int(pigasus["window_closes"])
            belief = self._next_belief(table)
            if may_grab and not team_holds and belief is not None and belief.notice_at < closes \
                    and now < closes:
                return PigasusAction(me, max(belief.notice_at, now), GRAB)
            return None
        plans: list[PigasusAction] = []
        if may_grab:
            belief = self._next_belief(table)
            if belief is not None:
                plans.append(PigasusAction(me, max(belief.notice_at, now), GRAB))
        if view["dealer"] == me and view["deck_count"] > 0:
            at = int(view["table_changed_at"]) + self.deal_interval_ms
            plans.append(PigasusAction(me, max(at, now), REVEAL))
        if not plans:
            return None
        return min(plans, key=lambda a: (a.time, a.kind != GRAB))

    def _point(self, me: int, grabbed_at: int, pointed: list[int], table: set[int],
               now: int) -> PigasusAction:
        """The next finger move: the first card, then the second, or giving up."""
        if self._point_plan is None or self._point_plan[0] != grabbed_at:
            belief = self._next_belief(table)
            cards: tuple[int, ...] = belief.pair if belief is not None else ()
            delay = self._lognormal(self.level.point_ms)
            gap = self._lognormal(self.level.point_ms / 3)
            self._point_plan = (grabbed_at, grabbed_at + delay, gap, cards)
        _, at, gap, cards = self._point_plan
        remaining = [c for c in cards if c not in pointed]
        if not cards or not set(cards) <= table or len(remaining) + len(pointed) != 2 \
                or not remaining:
            return PigasusAction(me, max(at, now), POINT, ())
        return PigasusAction(me, max(at + gap * len(pointed), now), POINT, (remaining[0],))

    def rejected(self, action: PigasusAction, error: IllegalActionError) -> None:
        """The engine refused ``action``: give up the attempt it was part of."""
        if action.kind == GRAB:
            self._given_up.update(pair for pair, b in self._beliefs.items()
                                  if b.notice_at <= action.time)

    # -- the turn-based Bot protocol ---------------------------------------------------
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Pick from listed legal actions: point at a pair, grab a seen pair, deal, wait."""
        actions = [a for a in legal if isinstance(a, PigasusAction)]
        if not actions:
            return legal[0]
        table = [card_from_code(entry["card"]) for entry in view["table"]]
        pairs = pairs_among(table)
        points = [a for a in actions if a.kind == POINT]
        if points:
            me = view["observer"]
            holders = view["pigasus"]["holders"] if view["pigasus"] else []
            mine = next((h for h in holders if h["player"] == me), None)
            pointed = [card_from_code(c) for c in mine["fingers"]] if mine else []
            in_pairs = {c for pair in pairs for c in pair}
            for a in points:
                if len(a.cards) != 1:
                    continue
                card = a.cards[0]
                if pointed and partner(pointed[0]) == card:
                    return a
                if not pointed and card in in_pairs:
                    return a
            return next(a for a in points if not a.cards)
        by_kind = {a.kind: a for a in actions}
        if pairs and GRAB in by_kind and self._rng.random() < self.level.notice:
            return by_kind[GRAB]
        for kind in (REVEAL, TICK):
            if kind in by_kind:
                return by_kind[kind]
        return actions[0]


def make_level_factory(level: str) -> Any:
    """A bot factory (seed -> bot) for ``level``, as :func:`register_bot` expects."""
    def factory(seed: int) -> PigasusBot:
        return PigasusBot(LEVELS[level], seed)
    factory.__doc__ = f"A {level} Pigasus bot."
    return factory


for _level in LEVELS:
    register_bot("pigasus", _level, make_level_factory(_level))

# Measured strength: the median reaction of a modelled person who wins half the games
# against two bots of the level (docs/bots.md, *Ratings*: python scripts/bot_ratings.py).
register_level_ratings("pigasus", "even_reaction_s", {
    ("pigasus", "beginner"): (2.5, 2.429, 2.609,
        "3 players, a modelled person: 100 games at 13 reaction times 0.5-3.5 s, 2026-12-04"),
    ("pigasus", "club"): (1.78, 1.717, 1.85,
        "3 players, a modelled person: 100 games at 13 reaction times 0.5-3.5 s, 2026-12-04"),
    ("pigasus", "expert"): (0.899, 0.876, 0.923,
        "3 players, a modelled person: 100 games at 13 reaction times 0.5-3.5 s, 2026-12-04"),
})


# --------------------------------------------------------------------------------------
# Simulation
# --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SimulationResult:
    """What one simulated game gives: scores, grab statistics and game length."""

    ruleset: str
    num_players: int
    seed: int
    levels: tuple[str, ...]
    team_of: tuple[int, ...]
    scores: tuple[int, ...]
    """Cards collected per unit (player, or team in team play)."""
    winners: tuple[int, ...]
    end_reason: str | None
    stats: tuple[Mapping[str, int], ...]
    """Per seat: grabs, right, split, wrong, crowded, cards_won, cards_paid."""
    length_ms: int
    events: int
    reveals: int
    tiebreak: bool
    refused: int
    """Planned actions the engine refused (grabs that came too late)."""
    record: GameRecord
    facts: Any = None
    """The game's facts (:func:`saustall.games.pigasus.facts.game_facts`)."""


def simulate_game(num_players: int = 4, seed: int = 0,
                  levels: Sequence[str | Level] | None = None, ruleset: str = "pigasus",
                  options: Mapping[str, Any] | None = None,
                  deal_interval_ms: int = DEFAULT_DEAL_INTERVAL_MS,
                  params: Mapping[str, Any] | None = None,
                  variant_name: str | None = None) -> SimulationResult:
    """Play one whole game of bots on simulated time; same arguments, same game.

    ``params`` sets balance levers of the ruleset: a house-rule variant (named
    ``variant_name``; :func:`saustall.core.registry.get_variant`).

    ``levels`` gives each seat's level, by name or as a :class:`Level` (e.g. a
    :func:`person_level`), cycled if shorter; default all ``"casual"``.
    """
    chosen = tuple(levels or ("casual",))
    unknown = [name for name in chosen if isinstance(name, str) and name not in LEVELS]
    if unknown:
        raise ValueError(f"unknown bot level {unknown[0]!r}; levels: {', '.join(LEVELS)}")
    resolved = [LEVELS[name] if isinstance(name, str) else name for name in chosen]
    seats = tuple(resolved[i % len(resolved)] for i in range(num_players))
    game = get_variant("pigasus", ruleset, params, variant_name)
    state = game.new_state(num_players, seed, options)
    assert isinstance(state, PigasusState)
    bots = {seat: PigasusBot(seats[seat], derive_seed(seed, "pigasus-bot", seat),
                             deal_interval_ms)
            for seat in range(num_players)}
    table = RealtimeTable(state, bots)
    table.run_to_end()
    return SimulationResult(
        ruleset=game.ruleset.name, num_players=num_players, seed=seed,
        levels=tuple(level.name for level in seats),
        team_of=state.team_of, scores=tuple(state.scores()), winners=state.winners(),
        end_reason=state.end_reason, stats=tuple(dict(row) for row in state.stats),
        length_ms=state.now, events=len(state.history), reveals=state.reveals,
        tiebreak=state.tiebreak, refused=len(table.rejections),
        record=state.record(), facts=game_facts(state),
    )


def person_wins(level: str | Level, reaction_ms: float, games: int, players: int = 2,
                first_seed: int = 1000) -> int:
    """Games out of ``games`` a :func:`person_level` person reacting in a median
    ``reaction_ms`` wins outright against ``players - 1`` bots of ``level``.

    Game ``i`` has seed ``first_seed + i`` and seats the person at ``i % players``, so
    every seat is played in turn and the same arguments give the same count (the
    calibration in the module doc and ``scripts/pigasus_calibration.py``).
    """
    person = person_level(reaction_ms)
    wins = 0
    for index in range(games):
        seat = index % players
        order: list[str | Level] = [level] * players
        order[seat] = person
        if simulate_game(players, seed=first_seed + index, levels=order).winners == (seat,):
            wins += 1
    return wins
