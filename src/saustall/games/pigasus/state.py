"""Pigasus, section 2 of the engine: the state (deck, table, piles, the Pigasus).

:class:`PigasusStateBase` holds a game's data and answers the questions every rule
asks (which cards lie face up, who holds the Pigasus, when the next timed change is due);
:class:`~saustall.games.pigasus.game.PigasusState` adds legal actions, apply, views and
returns in the engine's fixed order.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, Self

from saustall.core.errors import InvalidOptionError
from saustall.core.game import Action, Game, GameState
from saustall.core.rng import DEFAULT_STREAM, new_rng
from saustall.games.pigasus.cards import CODES, NUM_CARDS, SET_ASIDE, partner


PHASE_PLAY: Final = "play"
PHASE_HELD: Final = "held"
PHASE_OVER: Final = "over"
"""The Pigasus is in the middle / held by someone / the game has ended."""

RIGHT: Final = "right"
SPLIT: Final = "split"
WRONG: Final = "wrong"
CROWDED: Final = "crowded"
"""Outcomes of one holder's grab (see ``docs/rules/pigasus.md``)."""

PARTNER: Final = tuple(partner(card) for card in range(NUM_CARDS))
"""``PARTNER[c]`` is the one card that pairs with card ``c``."""


class Holder(NamedTuple):
    """One player holding the Pigasus: when they grabbed, the cards pointed at so far,
    and when they finished pointing (None while still pointing)."""

    seat: int
    grabbed_at: int
    cards: tuple[int, ...]
    done_at: int | None

    @property
    def done(self) -> bool:
        """True once the holder has pointed at two cards, given up, or run out of time."""
        return self.done_at is not None

    def claim(self) -> tuple[int, int] | None:
        """The two cards claimed as a pair (sorted), or None for no complete claim."""
        if len(self.cards) != 2:
            return None
        a, b = self.cards
        return (a, b) if a < b else (b, a)


STAT_KEYS: Final = ("grabs", "right", "split", "wrong", "crowded", "cards_won", "cards_paid")
"""What :attr:`PigasusStateBase.stats` counts per seat, in this order (spelled out there)."""
STAT_INDEX: Final = {key: index for index, key in enumerate(STAT_KEYS)}
"""The place of each statistic within a seat's counts."""
NUM_STATS: Final = len(STAT_KEYS)
"""Counts per seat."""
GRABS_INDEX: Final = STAT_INDEX["grabs"]
"""The place of the grab count within a seat's counts."""


def slot_of(table: list[int], card: int) -> int:
    """The first slot of ``table`` holding ``card`` (``-1``: an empty slot), or -1.

    A plain loop on purpose: compiled, it compares machine integers, where ``in`` and
    ``index`` on a list compare objects (the most of a reveal's cost on a full table)."""
    for slot in range(len(table)):
        if table[slot] == card:
            return slot
    return -1


def pairs_on(table: list[int]) -> int:
    """How many matching pairs lie among the table slots (-1 marks an empty slot)."""
    on_table = set(table)
    return sum(1 for c in on_table if c >= 0 and c < PARTNER[c] and PARTNER[c] in on_table)


class Setup:
    """What a game fixes at its start and never changes: shared by every clone."""

    __slots__ = ("game", "num_players", "seed", "options", "rng_stream", "team_play",
                 "team_of", "members", "num_units", "window", "point_limit", "last_call",
                 "event_cap", "bench", "seats")

    def __init__(self, game: Game, num_players: int, seed: int,
                 options: dict[str, Any], rng_stream: str) -> None:
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.rng_stream = rng_stream
        self.window: int = options["window_ms"]
        self.point_limit: int = options["point_limit_ms"]
        self.last_call: int = options["last_call_ms"]
        self.event_cap: int = options["event_cap"]
        self.bench: bool = options["bench_empty_handed"]
        first = options["first_dealer"]
        if not 0 <= first < num_players:
            raise InvalidOptionError(
                f"option 'first_dealer' must be a seat 0-{num_players - 1}, not {first}")
        self.team_play: bool = bool(game.ruleset.params["teams"])
        self.num_units: int
        if self.team_play:
            teams: int = options["num_teams"]
            if num_players < 2 * teams:
                raise InvalidOptionError(
                    f"{teams} teams need at least {2 * teams} players, not {num_players}")
            self.num_units = teams
        else:
            self.num_units = num_players
        self.team_of: tuple[int, ...] = tuple(p % self.num_units for p in range(num_players))
        self.members: tuple[tuple[int, ...], ...] = tuple(
            tuple(p for p in range(num_players) if self.team_of[p] == u)
            for u in range(self.num_units))
        self.seats: tuple[int, ...] = tuple(range(num_players))


_COMPILED: Final = not __file__.endswith(".py")
"""True when this module runs compiled by mypyc (see ``setup.py``)."""


class PigasusStateBase(GameState):
    """What a game of Pigasus holds, and the questions about it every rule asks.

    :class:`~saustall.games.pigasus.game.PigasusState` adds the rules. Piles belong to
    units: players, or teams in team play.

    Kept compact for search and replay: what the game fixes at its start lives in one
    shared :class:`Setup`; piles are tuples and the set-aside cards, the box and the
    last outcome are replaced rather than edited, so a clone shares them.
    """

    __slots__ = ("game", "num_players", "seed", "options", "history", "rng_stream", "_setup",
                 "rng", "now", "phase", "tiebreak", "contenders", "dealer", "deck",
                 "set_aside", "table", "table_times", "piles", "box", "holders", "held_since",
                 "changed_at", "reveals", "settled", "benched", "_counts", "_last",
                 "outcome", "_winners", "end_reason", "_pairs", "_cache", "_cache_at")

    def __init__(self, game: Game, num_players: int, seed: int,
                 options: dict[str, Any], rng_stream: str = DEFAULT_STREAM,
                 *, twin_of: "PigasusStateBase | None" = None) -> None:
        """A new game; with ``twin_of``, a copy of that state instead (see :meth:`clone`)."""
        if twin_of is not None:
            self._copy(twin_of)
            return
        self.game = game
        self.rng_stream = rng_stream
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.history: list[Action] = []
        setup = self._setup = Setup(game, num_players, seed, options, rng_stream)
        self.benched: frozenset[int] = frozenset()  # units that may not grab for now
        self.rng = new_rng(seed, rng_stream)
        cards = list(range(NUM_CARDS))
        self.rng.shuffle(cards)
        self.set_aside: list[int] = cards[:SET_ASIDE]  # replaced, never edited
        self.deck: list[int] = cards[SET_ASIDE:]  # the top card is the last one
        self.table: list[int] = []  # slot -> card, -1 for an empty slot
        self.table_times: list[int] = []  # slot -> when its card was revealed
        self.piles: list[tuple[int, ...]] = [() for _ in range(setup.num_units)]
        self.box: list[int] = []  # replaced, never edited
        self.now = 0
        self.phase = PHASE_PLAY
        self.tiebreak = False
        self.contenders: tuple[int, ...] = tuple(range(setup.num_units))
        self.dealer: int = options["first_dealer"]
        self.holders: list[Holder] = []
        self.held_since = 0
        self.changed_at = 0
        self.reveals = 0
        self.settled = 0  # holds judged so far
        self._counts: list[int] = [0] * (NUM_STATS * num_players)  # stats, seat by seat
        self._last: tuple[Any, ...] | None = None  # kind, seat, time, details: last_event
        self.outcome: list[dict[str, Any]] = []  # replaced, never edited
        self._winners: tuple[int, ...] = ()
        self.end_reason: str | None = None
        self._pairs = 0  # matching pairs face up on the table
        self._cache: dict[int | None, Any] = {}  # to_act and legal lists of this position
        self._cache_at = -1

    def clone(self) -> Self:
        # Spelled out, not a loop over __slots__: clone is a search bot's inner loop.
        # The setup, tuples, and the containers that are replaced rather than edited
        # (set_aside, box, outcome, the cache of this position) are shared.
        if _COMPILED:  # mypyc's classes are made only through __init__
            return type(self)(self.game, self.num_players, self.seed, self.options,
                              self.rng_stream, twin_of=self)
        twin = self.__class__.__new__(self.__class__)  # pure Python: skip __init__'s call
        twin._copy(self)
        return twin

    def _copy(self, source: "PigasusStateBase") -> None:
        twin, self = self, source
        twin.game = self.game
        twin.num_players = self.num_players
        twin.seed = self.seed
        twin.options = self.options
        twin.rng_stream = self.rng_stream
        twin.history = self.history[:]
        twin._setup = self._setup
        twin.rng = self.rng.clone()
        twin.now = self.now
        twin.phase = self.phase
        twin.tiebreak = self.tiebreak
        twin.contenders = self.contenders
        twin.dealer = self.dealer
        twin.deck = self.deck[:]
        twin.set_aside = self.set_aside
        twin.table = self.table[:]
        twin.table_times = self.table_times[:]
        twin.piles = self.piles[:]
        twin.box = self.box
        twin.holders = self.holders[:]
        twin.held_since = self.held_since
        twin.changed_at = self.changed_at
        twin.reveals = self.reveals
        twin.settled = self.settled
        twin.benched = self.benched
        twin._counts = self._counts[:]
        twin._last = self._last
        twin.outcome = self.outcome
        twin._winners = self._winners
        twin.end_reason = self.end_reason
        twin._pairs = self._pairs
        twin._cache = self._cache
        twin._cache_at = self._cache_at

    def _adopt(self, other: "PigasusStateBase") -> None:
        """Take over every field of ``other`` (a changed copy of this state)."""
        self._copy(other)

    # -- what the game fixes at its start ----------------------------------------------
    @property
    def team_play(self) -> bool:
        """True in team play (the ``pigasus-teams`` ruleset)."""
        return self._setup.team_play

    @property
    def team_of(self) -> tuple[int, ...]:
        """The unit (team, or the player alone) of every seat."""
        return self._setup.team_of

    @property
    def members(self) -> tuple[tuple[int, ...], ...]:
        """The seats of every unit."""
        return self._setup.members

    @property
    def num_units(self) -> int:
        """How many units score: players, or teams in team play."""
        return self._setup.num_units

    @property
    def window(self) -> int:
        """Grabs this many ms or less after the first grab hold the Pigasus together."""
        return self._setup.window

    @property
    def point_limit(self) -> int:
        """Ms a holder has to point before the grab counts as wrong."""
        return self._setup.point_limit

    @property
    def last_call(self) -> int:
        """Ms without change after the last card (a pair still showing) that end the game."""
        return self._setup.last_call

    @property
    def event_cap(self) -> int:
        """The game stops after this many actions."""
        return self._setup.event_cap

    @property
    def bench(self) -> bool:
        """True if a wrong grab with nothing to give back benches the unit."""
        return self._setup.bench

    @property
    def stats(self) -> list[dict[str, int]]:
        """Per seat: grabs, right, split, wrong and crowded holds, cards won and paid."""
        counts = self._counts
        return [{"grabs": counts[at], "right": counts[at + 1], "split": counts[at + 2],
                 "wrong": counts[at + 3], "crowded": counts[at + 4],
                 "cards_won": counts[at + 5], "cards_paid": counts[at + 6]}
                for at in range(0, len(counts), NUM_STATS)]

    @property
    def last_event(self) -> dict[str, Any] | None:
        """The last thing that happened, as views show it (None before the first)."""
        if self._last is None:
            return None
        kind, seat, at, details = self._last
        if kind == "tiebreak":
            return {"kind": kind, "at": at,
                    "contenders": [list(self._setup.members[u]) for u in details]}
        event: dict[str, Any] = {"kind": kind, "player": seat, "at": at}
        if kind == "reveal":
            event["card"], event["slot"] = CODES[details[0]], details[1]
        elif kind == "grab":
            event["joined"] = details
        elif kind == "point":
            event["cards"] = [CODES[c] for c in details]
        return event

    # -- small helpers -----------------------------------------------------------------
    def table_cards(self) -> list[int]:
        """The cards face up on the table, in slot order."""
        return [c for c in self.table if c >= 0]

    def visible_pairs(self) -> list[tuple[int, int]]:
        """Matching pairs on the table now (public: everyone sees the table)."""
        on_table = set(self.table_cards())
        return sorted((c, PARTNER[c]) for c in on_table if c < PARTNER[c] and PARTNER[c] in on_table)

    def penalty(self) -> int:
        """Cards a wrong grab gives back: the number of players, or of teams."""
        return self._setup.num_units

    def scores(self) -> list[int]:
        """Collected cards per unit (player, or team in team play)."""
        return [len(pile) for pile in self.piles]

    def window_closes(self) -> int | None:
        """The first ms at which a grab no longer joins the current hold."""
        return self.held_since + self._setup.window + 1 if self.phase == PHASE_HELD else None

    def _unit_holds(self, unit: int) -> bool:
        team_of = self._setup.team_of
        return any(team_of[h[0]] == unit for h in self.holders)

    def holder(self, seat: int) -> Holder | None:
        """The hold of ``seat`` while it holds the Pigasus, else None."""
        for h in self.holders:
            if h[0] == seat:
                return h
        return None

    def next_due(self) -> int | None:
        """When the state will next change by the passing of time alone, if ever.

        The server sends a ``tick`` at this time (or later) so the change happens even
        if nobody acts.
        """
        phase = self.phase
        if phase == PHASE_HELD:
            due: int | None = None
            for h in self.holders:
                if h[3] is None and (due is None or h[1] < due):
                    due = h[1]
            if due is not None:
                return due + self._setup.point_limit + 1
            return self.held_since + self._setup.window + 1
        if phase == PHASE_PLAY and not self.deck and self._pairs:
            return self.changed_at + self._setup.last_call
        return None
