"""Pigasus: a real-time rules engine, in OpenSpiel's fixed order.

1. metadata (actions and their notation)
2. state (deck, table, piles, the Pigasus)
3. legal actions
4. apply
5. observe (views, determinization, inventory)
6. returns

Time is an input. Every action carries the acting seat and a time in integer
milliseconds; the engine never reads a clock, so a game is a pure function of its seed
and its actions. The server and the terminal stamp actions with their own clocks.

Actions are :class:`PigasusAction` named tuples ``(player, time, kind, cards)``
(``cards`` holds the card or the two cards, ascending, of a ``point``, or nothing):

| action | notation | who | effect |
| --- | --- | --- | --- |
| reveal the top card | ``p0@16000 reveal`` | the dealer (in teams: anyone in the dealer's team) | one more card face up on the table |
| grab the Pigasus | ``p2@15300 grab`` | anyone (in a tie-break: the tied players) | seize it; later grabs within the window hold it equally |
| point at a table card | ``p2@15420 point PC`` | a player holding the Pigasus | one finger on one card; the second card completes the claim |
| point at two table cards | ``p2@15420 point PC,CP`` | a player holding the Pigasus, before pointing at any card | both fingers at once: the claim is complete |
| give up pointing | ``p2@15420 point none`` | a player holding the Pigasus | no pair claimed: a wrong grab |
| let due time pass | ``p1@17000 tick`` | anyone, at exactly :meth:`PigasusState.next_due` | the timed change due then |

``p2`` is seat 2 (0-based); ``@15300`` the time in ms; card codes are two letters, body
then head (see :mod:`saustall.games.pigasus.cards`). A holder points at two cards one
after the other (``point PC`` then ``point CP``), as a finger goes from card to card, or
at both at once (``point PC,CP``, as a web client sends it).

Time-driven transitions happen when the first event at or after their due time arrives:
the grab window closing, a holder running out of time to point, and the last call after
the final card. :meth:`PigasusState.next_due` tells when the next one is due; when
nothing else happens, a ``tick`` stamped with exactly that time makes it happen (so
every tick in a record marks one transition). An event later than a due time is judged against the
state after the transition; if it is illegal there, it is rejected and nothing changes.

:meth:`PigasusState.legal_actions` lists the actions available at the current instant
``now`` (the time of the last event), plus a ``tick`` at the next due time; :meth:`apply`
accepts the same kinds of action at any time not earlier than ``now``. Pointing is listed
one card at a time (the two-card form is the same claim in one message), which keeps the
list short.

Rules references and every decision on an ambiguous point are in
``docs/rules/pigasus.md``; each decision has a test named after it.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, NamedTuple

from saustall.core.errors import (
    GameOverError, IllegalActionError, InvalidOptionError, MalformedActionError,
    NotYourTurnError,
)
from saustall.core.game import Action, Game, GameState, View, check_seat
from saustall.core.rng import DEFAULT_STREAM, Rng, new_rng
from saustall.games.pigasus.cards import (
    CODES, NUM_CARDS, SET_ASIDE, card_from_code, card_name, is_pair, partner,
)

# --------------------------------------------------------------------------------------
# 1. Metadata: actions and notation
# --------------------------------------------------------------------------------------

REVEAL, GRAB, POINT, TICK = "reveal", "grab", "point", "tick"
KINDS = (REVEAL, GRAB, POINT, TICK)

PHASE_PLAY, PHASE_HELD, PHASE_OVER = "play", "held", "over"
"""The Pigasus is in the middle / held by someone / the game has ended."""

RIGHT, SPLIT, WRONG, CROWDED = "right", "split", "wrong", "crowded"
"""Outcomes of one holder's grab (see ``docs/rules/pigasus.md``)."""


class PigasusAction(NamedTuple):
    """One timed action: who, when (ms), what, and for ``point`` the cards.

    ``cards`` is empty except for ``point``: the one card pointed at, two cards in
    ascending order (both at once), or empty for "point none" (giving up: no pair).
    """

    player: int
    time: int
    kind: str
    cards: tuple[int, ...] = ()


def reveal(player: int, time: int) -> PigasusAction:
    """The dealer ``player`` reveals the top card at ``time``."""
    return PigasusAction(player, time, REVEAL)


def grab(player: int, time: int) -> PigasusAction:
    """``player`` grabs the Pigasus at ``time``."""
    return PigasusAction(player, time, GRAB)


def point(player: int, time: int, a: int | None = None, b: int | None = None) -> PigasusAction:
    """``player`` points at card ``a`` (and ``b`` too), or with neither gives up."""
    if a is None:
        if b is not None:
            raise MalformedActionError("name the first card before the second")
        return PigasusAction(player, time, POINT, ())
    if b is None:
        return PigasusAction(player, time, POINT, (a,))
    if a == b:
        raise MalformedActionError("point at two different cards")
    return PigasusAction(player, time, POINT, (min(a, b), max(a, b)))


def tick(player: int, time: int) -> PigasusAction:
    """``player`` notes that it is ``time`` (lets due transitions happen)."""
    return PigasusAction(player, time, TICK)


MAX_SEATS = 100
"""Seats the notation can name (``p0``-``p99``); a table's own count is checked on apply."""
MAX_TIME = 10 ** 12
"""Times the notation can hold (up to twelve digits of ms)."""


def _shown(value: object) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 60 else text[:57] + '...'}"


def check_action(action: object) -> PigasusAction:
    """Return ``action`` if it has the form of a Pigasus action, else raise
    :class:`MalformedActionError` naming the wrong part.

    Every field must have its exact type: ``player`` and ``time`` ints (not bools, not
    floats), ``kind`` one of the kinds, ``cards`` a tuple of card numbers. Whether the seat
    exists at a given table is checked by the state.
    """
    if not isinstance(action, PigasusAction):
        raise MalformedActionError(
            f"a Pigasus action is a PigasusAction (player, time, kind, cards), "
            f"got {_shown(action)}")
    if type(action.player) is not int or not 0 <= action.player < MAX_SEATS:
        raise MalformedActionError(
            f"an action's player must be an int seat, got {_shown(action.player)}")
    if type(action.time) is not int or not 0 <= action.time < MAX_TIME:
        raise MalformedActionError(
            f"an action time is a whole number of ms, got {_shown(action.time)}")
    if type(action.kind) is not str or action.kind not in KINDS:
        raise MalformedActionError(
            f"no Pigasus action kind {action.kind!r}; kinds: {', '.join(KINDS)}")
    cards = action.cards
    if type(cards) is not tuple:
        raise MalformedActionError(f"an action's cards are a tuple, got {_shown(cards)}")
    if action.kind == POINT:
        if not (len(cards) <= 2
                and all(type(c) is int and 0 <= c < NUM_CARDS for c in cards)
                and (len(cards) < 2 or cards[0] < cards[1])):
            raise MalformedActionError(
                "point at one card, two different cards in ascending order, or none")
    elif cards:
        raise MalformedActionError(f"{action.kind} takes no cards")
    return action


def encode_action(action: Action) -> str:
    """The notation of an action (see the module docstring)."""
    action = check_action(action)
    head = f"p{action.player}@{action.time} {action.kind}"
    if action.kind != POINT:
        return head
    if not action.cards:
        return head + " none"
    return head + " " + ",".join(CODES[c] for c in action.cards)


_NOTATION = re.compile(
    r"^p(\d{1,2})@(\d{1,12})\s+(reveal|grab|tick|point)"
    r"(?:\s+(none|[A-Za-z]{2}(?:\s*,\s*[A-Za-z]{2})?))?$")


def decode_action(text: str) -> PigasusAction:
    """Parse notation; raises :class:`MalformedActionError` naming what is wrong."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action must be text, not {text!r}")
    found = _NOTATION.match(text.strip())
    if found is None:
        raise MalformedActionError(
            f"cannot read Pigasus action {text!r}; try 'p0@1200 reveal', 'p2@1500 grab', "
            "'p2@1700 point PC', 'p2@1700 point PC,CP', 'p2@1700 point none' or "
            "'p1@2000 tick'")
    seat, time, kind, target = int(found[1]), int(found[2]), found[3], found[4]
    if kind != POINT:
        if target is not None:
            raise MalformedActionError(f"{kind} takes no cards: {text!r}")
        return PigasusAction(seat, time, kind)
    if target is None:
        raise MalformedActionError(f"point needs a card or 'none': {text!r}")
    if target == "none":
        return PigasusAction(seat, time, POINT, ())
    codes = [code.strip() for code in target.split(",")]
    try:
        cards = [card_from_code(code) for code in codes]
    except KeyError:
        raise MalformedActionError(
            f"no such card in {text!r}: a card is two different animal letters of "
            "P, C, G, E, H, S, D, R, O (body then head)") from None
    if len(cards) == 2 and cards[0] == cards[1]:
        raise MalformedActionError(f"point at two different cards, not {codes[0]} twice")
    return PigasusAction(seat, time, POINT, tuple(sorted(cards)))


def describe(action: PigasusAction) -> str:
    """A short English sentence for an action."""
    who = f"Player {action.player + 1}"
    if action.kind == REVEAL:
        return f"{who} reveals a card"
    if action.kind == GRAB:
        return f"{who} grabs the Pigasus"
    if action.kind == TICK:
        return f"{who} lets the due time pass ({action.time} ms)"
    if not action.cards:
        return f"{who} gives up: no pair"
    return f"{who} points at " + " and ".join(
        f"{CODES[card]} ({card_name(card)})" for card in action.cards)


# --------------------------------------------------------------------------------------
# 2. State
# --------------------------------------------------------------------------------------

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


_STAT_KEYS = ("grabs", "right", "split", "wrong", "crowded", "cards_won", "cards_paid")


class PigasusState(GameState):
    """A game of Pigasus. Piles belong to units: players, or teams in team play."""

    __slots__ = ("game", "num_players", "seed", "options", "history", "team_play",
                 "team_of", "members", "num_units", "window", "point_limit", "last_call",
                 "event_cap", "rng", "now", "phase", "tiebreak", "contenders", "dealer",
                 "deck", "set_aside", "table", "table_times", "piles", "box", "holders",
                 "held_since", "changed_at", "reveals", "settled", "bench", "benched", "stats", "last_event",
                 "outcome", "_winners", "end_reason", "_cache", "_cache_at", "rng_stream")

    def __init__(self, game: "PigasusGame", num_players: int, seed: int,
                 options: dict[str, Any], rng_stream: str = DEFAULT_STREAM) -> None:
        self.game = game
        self.rng_stream = rng_stream
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.history: list[Action] = []
        self.window: int = options["window_ms"]
        self.point_limit: int = options["point_limit_ms"]
        self.last_call: int = options["last_call_ms"]
        self.event_cap: int = options["event_cap"]
        self.bench: bool = options["bench_empty_handed"]
        self.benched: frozenset[int] = frozenset()  # units that may not grab for now
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
        self.rng = new_rng(seed, rng_stream)
        cards = list(range(NUM_CARDS))
        self.rng.shuffle(cards)
        self.set_aside: list[int] = cards[:SET_ASIDE]
        self.deck: list[int] = cards[SET_ASIDE:]  # the top card is the last one
        self.table: list[int] = []  # slot -> card, -1 for an empty slot
        self.table_times: list[int] = []  # slot -> when its card was revealed
        self.piles: list[list[int]] = [[] for _ in range(self.num_units)]
        self.box: list[int] = []
        self.now = 0
        self.phase = PHASE_PLAY
        self.tiebreak = False
        self.contenders: tuple[int, ...] = tuple(range(self.num_units))
        self.dealer: int = first
        self.holders: list[Holder] = []
        self.held_since = 0
        self.changed_at = 0
        self.reveals = 0
        self.settled = 0  # holds judged so far
        self.stats: list[dict[str, int]] = [dict.fromkeys(_STAT_KEYS, 0)
                                            for _ in range(num_players)]
        self.last_event: dict[str, Any] | None = None
        self.outcome: list[dict[str, Any]] = []
        self._winners: tuple[int, ...] = ()
        self.end_reason: str | None = None
        self._cache: dict[int | None, Any] = {}  # to_act and legal lists of this position
        self._cache_at = -1

    def clone(self) -> "PigasusState":
        # Spelled out, not a loop over __slots__: clone is a search bot's inner loop.
        twin = PigasusState.__new__(PigasusState)
        twin.game = self.game
        twin.num_players = self.num_players
        twin.seed = self.seed
        twin.options = self.options
        twin.rng_stream = self.rng_stream
        twin.history = self.history[:]
        twin.team_play = self.team_play
        twin.team_of = self.team_of
        twin.members = self.members
        twin.num_units = self.num_units
        twin.window = self.window
        twin.point_limit = self.point_limit
        twin.last_call = self.last_call
        twin.event_cap = self.event_cap
        twin.rng = self.rng.clone()
        twin.now = self.now
        twin.phase = self.phase
        twin.tiebreak = self.tiebreak
        twin.contenders = self.contenders
        twin.dealer = self.dealer
        twin.deck = self.deck[:]
        twin.set_aside = self.set_aside[:]
        twin.table = self.table[:]
        twin.table_times = self.table_times[:]
        twin.piles = [pile[:] for pile in self.piles]
        twin.box = self.box[:]
        twin.holders = self.holders[:]
        twin.held_since = self.held_since
        twin.changed_at = self.changed_at
        twin.reveals = self.reveals
        twin.settled = self.settled
        twin.bench = self.bench
        twin.benched = self.benched
        twin.stats = [row.copy() for row in self.stats]
        twin.last_event = self.last_event
        twin.outcome = self.outcome[:]
        twin._winners = self._winners
        twin.end_reason = self.end_reason
        twin._cache = {}
        twin._cache_at = -1
        return twin

    def _adopt(self, other: "PigasusState") -> None:
        for name in PigasusState.__slots__:
            setattr(self, name, getattr(other, name))

    # -- small helpers -----------------------------------------------------------------
    def table_cards(self) -> list[int]:
        """The cards face up on the table, in slot order."""
        return [c for c in self.table if c >= 0]

    def visible_pairs(self) -> list[tuple[int, int]]:
        """Matching pairs on the table now (public: everyone sees the table)."""
        on_table = set(self.table_cards())
        return sorted((c, partner(c)) for c in on_table if c < partner(c) and partner(c) in on_table)

    def penalty(self) -> int:
        """Cards a wrong grab gives back: the number of players, or of teams."""
        return self.num_units

    def scores(self) -> list[int]:
        """Collected cards per unit (player, or team in team play)."""
        return [len(pile) for pile in self.piles]

    def window_closes(self) -> int | None:
        """The first ms at which a grab no longer joins the current hold."""
        return self.held_since + self.window + 1 if self.phase == PHASE_HELD else None

    def _unit_holds(self, unit: int) -> bool:
        return any(self.team_of[h.seat] == unit for h in self.holders)

    def holder(self, seat: int) -> Holder | None:
        """The hold of ``seat`` while it holds the Pigasus, else None."""
        for h in self.holders:
            if h.seat == seat:
                return h
        return None

    def next_due(self) -> int | None:
        """When the state will next change by the passing of time alone, if ever.

        The server sends a ``tick`` at this time (or later) so the change happens even
        if nobody acts.
        """
        if self.phase == PHASE_HELD:
            waiting = [h.grabbed_at + self.point_limit + 1
                       for h in self.holders if not h.done]
            if waiting:
                return min(waiting)
            return self.held_since + self.window + 1
        if self.phase == PHASE_PLAY and not self.deck and self.visible_pairs():
            return self.changed_at + self.last_call
        return None

    # ----------------------------------------------------------------------------------
    # 3. Legal actions
    # ----------------------------------------------------------------------------------
    def actor(self, action: Action) -> int:
        """The seat named in the action."""
        if not isinstance(action, PigasusAction):
            raise MalformedActionError(f"a Pigasus action is a PigasusAction, not {action!r}")
        return action.player

    def _cached(self) -> dict[int | None, Any]:
        if self._cache_at != len(self.history):
            self._cache = {}
            self._cache_at = len(self.history)
        return self._cache

    def to_act(self) -> tuple[int, ...]:
        """Every seat that has an action now (grabbing is open to everyone)."""
        cache = self._cached()
        found = cache.get(None)
        if found is None:
            found = cache[None] = self._to_act()
        return tuple(found)

    def _to_act(self) -> tuple[int, ...]:
        if self.phase == PHASE_OVER:
            return ()
        if self.next_due() is not None:  # anyone may tick
            return tuple(range(self.num_players))
        return tuple(p for p in range(self.num_players) if self._can_act_now(p))

    def _may_grab_now(self, seat: int) -> bool:
        unit = self.team_of[seat]
        if unit not in self.contenders or unit in self.benched:
            return False
        if self.phase == PHASE_PLAY:
            return True
        return (self.phase == PHASE_HELD and self.now <= self.held_since + self.window
                and not self._unit_holds(unit))

    def _may_reveal(self, seat: int) -> bool:
        return (self.phase == PHASE_PLAY and bool(self.deck)
                and self.team_of[seat] == self.team_of[self.dealer])

    def _can_act_now(self, seat: int) -> bool:
        if self._may_grab_now(seat) or self._may_reveal(seat):
            return True
        holder = self.holder(seat)
        return holder is not None and not holder.done

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The actions of ``player`` at the current instant, and a tick at the next due time.

        Grabs, reveals and points are listed at time ``now``; any later time is legal
        too (see :meth:`apply`). A holder may point at any table card not yet pointed
        at, or give up ("none").
        """
        if player is not None:
            check_seat(player, self.num_players)
        if self.phase == PHASE_OVER:
            return []
        if player is None:
            player = self.current_player
            if player < 0:
                return []
        cache = self._cached()
        found = cache.get(player)
        if found is None:
            found = cache[player] = self._legal(player)
        return list(found)

    def _legal(self, player: int) -> list[Action]:
        now = self.now
        actions: list[Action] = []
        if self._may_reveal(player):
            actions.append(PigasusAction(player, now, REVEAL))
        if self._may_grab_now(player):
            actions.append(PigasusAction(player, now, GRAB))
        holder = self.holder(player)
        if holder is not None and not holder.done:
            actions.append(PigasusAction(player, now, POINT, ()))
            actions.extend(PigasusAction(player, now, POINT, (card,))
                           for card in sorted(self.table_cards()) if card not in holder.cards)
        due = self.next_due()
        if due is not None:
            actions.append(PigasusAction(player, due, TICK))
        return actions

    def _problem(self, action: PigasusAction) -> Exception | None:
        """Why ``action`` is illegal in this state (already advanced to its time), or None."""
        seat, kind = action.player, action.kind
        if self.phase == PHASE_OVER:
            return None if kind == TICK else GameOverError()
        unit = self.team_of[seat]
        if kind == TICK:
            return None
        if kind == REVEAL:
            if self.phase == PHASE_HELD:
                return IllegalActionError("no card is revealed while someone holds the Pigasus",
                                          "no-reveal-while-held")
            if unit != self.team_of[self.dealer]:
                who = "the dealer's team" if self.team_play else "the dealer"
                return IllegalActionError(
                    f"only {who} reveals cards; player {self.dealer + 1} is dealing",
                    "dealer-reveals")
            if not self.deck:
                return IllegalActionError("there are no cards left to reveal", "deck-empty")
            return None
        if kind == GRAB:
            if unit not in self.contenders:
                return IllegalActionError("in the tie-break only the tied players may grab",
                                          "tiebreak-contenders-only")
            if unit in self.benched:
                who = "your team" if self.team_play else "you"
                return IllegalActionError(
                    f"{who} grabbed wrongly with no cards to give back: no grabbing until "
                    "someone takes a pair", "benched")
            if self.phase == PHASE_HELD:
                if action.time > self.held_since + self.window:
                    return IllegalActionError(
                        f"too late: player {self.holders[0].seat + 1} holds the Pigasus since "
                        f"{self.held_since} ms and the window closed after {self.window} ms",
                        "pigasus-held")
                if self._unit_holds(unit):
                    what = "your team already holds" if self.team_play else "you already hold"
                    return IllegalActionError(f"{what} the Pigasus", "hold-once")
            return None
        # POINT
        holder = self.holder(seat)
        if holder is None:
            return IllegalActionError("only a player holding the Pigasus points at cards",
                                      "only-holder-points")
        if holder.done:
            return IllegalActionError("you have finished pointing", "point-once")
        on_table = self.table_cards()
        missing = [CODES[c] for c in action.cards if c not in on_table]
        if missing:
            return IllegalActionError(f"{' and '.join(missing)} is not on the table",
                                      "point-at-table-cards")
        if len(action.cards) == 2 and holder.cards:
            return IllegalActionError(
                f"you already point at {CODES[holder.cards[0]]}: point at one more card",
                "point-two-different-cards")
        if action.cards and action.cards[0] in holder.cards:
            return IllegalActionError(f"you already point at {CODES[action.cards[0]]}",
                                      "point-two-different-cards")
        return None

    def explain_illegal(self, action: Action, player: int) -> Exception:
        """The typed error telling why ``action`` is not legal for ``player`` now."""
        try:
            self._check_form(action, player)
        except (MalformedActionError, IllegalActionError) as exc:
            return exc
        assert isinstance(action, PigasusAction)
        target = self._advanced(action.time)
        problem = target._problem(action)
        if problem is not None:
            return problem
        return IllegalActionError(f"{encode_action(action)} is legal now", "none")

    def _check_form(self, action: Action, player: object) -> None:
        if player is not None:
            check_seat(player, self.num_players)
        action = check_action(action)
        check_seat(action.player, self.num_players)
        if player is not None and player != action.player:
            raise NotYourTurnError(f"player {player} may not act for player {action.player}")
        if action.time < self.now:
            raise IllegalActionError(
                f"time {action.time} ms is before the last event at {self.now} ms",
                "time-moves-forward")
        if action.kind == TICK:
            due = self.next_due()
            if due is None:
                raise IllegalActionError("nothing is due, so there is nothing to tick for",
                                         "tick-when-due")
            if action.time != due:
                raise IllegalActionError(
                    f"a tick marks the next due time, {due} ms, not {action.time} ms",
                    "tick-at-due-time")

    def _advanced(self, time: int) -> "PigasusState":
        """This state if nothing is due by ``time``, else a copy with the transitions made."""
        due = self.next_due()
        if due is None or due > time:
            return self
        twin = self.clone()
        twin._advance(time)
        return twin

    # ----------------------------------------------------------------------------------
    # 4. Apply
    # ----------------------------------------------------------------------------------
    def apply(self, action: Action, player: int | None = None) -> None:
        """Apply a timed action at its time, after any transition due by then.

        Raises a typed error naming the broken rule, and leaves the state unchanged, when
        the action is malformed, earlier than the last event, or illegal at its time.
        """
        if self.phase == PHASE_OVER:
            raise GameOverError()
        self._check_form(action, player)
        assert isinstance(action, PigasusAction)
        target = self._advanced(action.time)
        problem = target._problem(action)
        if problem is not None:
            raise problem
        target._apply_checked(action)
        if target is not self:
            self._adopt(target)

    def _apply_checked(self, action: Action) -> None:
        assert isinstance(action, PigasusAction)
        self._advance(action.time)
        self.history.append(action)
        self.now = t = action.time
        seat = action.player
        if action.kind == REVEAL:
            card = self.deck.pop()
            try:
                slot = self.table.index(-1)
            except ValueError:
                slot = len(self.table)
                self.table.append(-1)
                self.table_times.append(0)
            self.table[slot] = card
            self.table_times[slot] = t
            self.reveals += 1
            self.changed_at = t
            self.last_event = {"kind": REVEAL, "player": seat, "at": t,
                               "card": CODES[card], "slot": slot}
            self._check_end(t)
        elif action.kind == GRAB:
            self.stats[seat]["grabs"] += 1
            if self.phase == PHASE_PLAY:
                self.phase = PHASE_HELD
                self.held_since = t
                self.holders = []
                self.outcome = []
            self.holders.append(Holder(seat, t, (), None))
            self.last_event = {"kind": GRAB, "player": seat, "at": t,
                               "joined": len(self.holders) > 1}
        elif action.kind == POINT:
            index = next(i for i, h in enumerate(self.holders) if h.seat == seat)
            held = self.holders[index]
            cards = held.cards + action.cards
            done = not action.cards or len(cards) == 2
            self.holders[index] = held._replace(cards=cards, done_at=t if done else None)
            self.last_event = {"kind": POINT, "player": seat, "at": t,
                               "cards": [CODES[c] for c in action.cards]}
            if all(h.done for h in self.holders) and t > self.held_since + self.window:
                self._settle(t)
        else:
            self.last_event = {"kind": TICK, "player": seat, "at": t}
        # A change due at this very instant happens now: with last_call_ms 0 the game
        # ends as the last card is laid (or the last hold judged), pair or no pair.
        self._advance(t)
        if self.phase != PHASE_OVER and len(self.history) >= self.event_cap:
            self._end_by_scores("event-cap")

    def _advance(self, time: int) -> None:
        """Make every transition due at or before ``time``, each at its own due time."""
        while self.phase != PHASE_OVER:
            due = self.next_due()
            if due is None or due > time:
                return
            if self.phase == PHASE_HELD:
                late = [i for i, h in enumerate(self.holders)
                        if not h.done and h.grabbed_at + self.point_limit + 1 <= due]
                for i in late:  # out of time to point: no complete claim
                    self.holders[i] = self.holders[i]._replace(done_at=due)
                if all(h.done for h in self.holders) and due > self.held_since + self.window:
                    self._settle(due)
            else:
                self._finish(due)

    def _settle(self, t: int) -> None:
        """Judge every holder's pointing at once and put the Pigasus back."""
        on_table = set(self.table_cards())
        groups: dict[tuple[int, ...], list[int]] = {}
        for h in self.holders:
            claim = h.claim()
            if claim is not None and is_pair(*claim) and set(claim) <= on_table:
                groups.setdefault(claim, []).append(h.seat)
        taken: set[int] = set()
        outcome: list[dict[str, Any]] = []
        scorers: list[int] = []
        unpaid: list[int] = []
        for h in self.holders:
            unit = self.team_of[h.seat]
            claim = h.claim()
            entry: dict[str, Any] = {"player": h.seat, "team": unit,
                                     "pointed": [CODES[c] for c in h.cards],
                                     "cards": [], "paid": 0}
            group = groups.get(claim) if claim is not None else None
            if group is None or claim is None:
                paid = min(len(self.piles[unit]), self.penalty())
                pile = self.piles[unit]
                for _ in range(paid):
                    self.box.append(pile.pop())
                entry.update(result=WRONG, paid=paid)
                if paid == 0:
                    unpaid.append(unit)
                self.stats[h.seat]["wrong"] += 1
                self.stats[h.seat]["cards_paid"] += paid
            else:
                rank = group.index(h.seat)
                if len(group) == 1:
                    won = list(claim)
                    entry["result"] = RIGHT
                elif rank < 2:
                    won = [claim[rank]]  # the earlier grab takes the lower-numbered card
                    entry["result"] = SPLIT
                else:
                    won = []
                    entry["result"] = CROWDED
                self.stats[h.seat][entry["result"]] += 1
                if won:
                    self.piles[unit].extend(won)
                    taken.update(won)
                    entry["cards"] = [CODES[c] for c in won]
                    self.stats[h.seat]["cards_won"] += len(won)
                    scorers.append(h.seat)
            outcome.append(entry)
        for slot, card in enumerate(self.table):
            if card in taken:
                self.table[slot] = -1
        while self.table and self.table[-1] < 0:
            self.table.pop()
            self.table_times.pop()
        if scorers:
            self.dealer = scorers[0]  # the earliest grab among those who scored deals
            self.benched = frozenset()  # a pair was taken: everyone may grab again
        if self.bench and unpaid:
            self.benched = self.benched | frozenset(unpaid)
        self.outcome = outcome
        self.settled += 1
        self.holders = []
        self.phase = PHASE_PLAY
        self.changed_at = t
        if self.tiebreak and scorers:
            units = tuple(sorted({self.team_of[s] for s in scorers}))
            if len(units) == 1:
                self._end(self.members[units[0]], "tiebreak")
                return
            self.contenders = units  # scored together: they play on alone
        self._check_end(t)

    def _check_end(self, t: int) -> None:
        """After the last card: with no pair left on the table, the game (or tie-break) ends."""
        if self.phase == PHASE_PLAY and not self.deck and not self.visible_pairs():
            self._finish(t)

    def _finish(self, t: int) -> None:
        """The deck is used up: score, or start (or end) the tie-break."""
        if self.tiebreak:
            seats = tuple(s for u in self.contenders for s in self.members[u])
            self._end(tuple(sorted(seats)), "tiebreak-exhausted")
            return
        scores = self.scores()
        best = max(scores)
        top = tuple(u for u in range(self.num_units) if scores[u] == best)
        if len(top) == 1 or not self.set_aside:
            self._end(self.members[top[0]] if len(top) == 1 else
                      tuple(sorted(s for u in top for s in self.members[u])), "most-cards")
            return
        self.tiebreak = True
        self.contenders = top
        self.benched = frozenset()
        self.deck, self.set_aside = self.set_aside, []
        seat = self.dealer
        while self.team_of[seat] not in top:  # the next tied player clockwise deals
            seat = (seat + 1) % self.num_players
        self.dealer = seat
        self.changed_at = t
        self.last_event = {"kind": "tiebreak", "at": t,
                           "contenders": [list(self.members[u]) for u in top]}

    def _end_by_scores(self, reason: str) -> None:
        scores = self.scores()
        best = max(scores)
        self._end(tuple(sorted(s for u in range(self.num_units) if scores[u] == best
                               for s in self.members[u])), reason)

    def _end(self, winners: tuple[int, ...], reason: str) -> None:
        self._winners = tuple(sorted(winners))
        self.end_reason = reason
        self.phase = PHASE_OVER
        self.holders = []

    # ----------------------------------------------------------------------------------
    # 5. Observe
    # ----------------------------------------------------------------------------------
    def view(self, player: int | None) -> View:
        """Whitelisted view. Nothing here is secret from anyone: face-down cards (deck,
        set-aside, piles, box) appear only as counts, so every observer sees the same."""
        pigasus: dict[str, Any] | None = None
        if self.phase == PHASE_HELD:
            pigasus = {
                "since": self.held_since,
                "window_closes": self.held_since + self.window + 1,
                "holders": [{"player": h.seat, "team": self.team_of[h.seat],
                             "at": h.grabbed_at,
                             "pointed": [CODES[c] for c in h.cards] if h.done else None,
                             "fingers": [CODES[c] for c in h.cards],
                             "pointed_at": h.done_at,
                             "must_point_by": h.grabbed_at + self.point_limit}
                            for h in self.holders],
            }
        return {
            "game": "pigasus",
            "ruleset": self.game.ruleset.name,
            "players": self.num_players,
            "observer": player,
            "teams": [list(m) for m in self.members] if self.team_play else None,
            "team_of": list(self.team_of),
            "now": self.now,
            "phase": self.phase,
            "to_act": list(self.to_act()),
            "dealer": self.dealer,
            "table": [{"slot": slot, "card": CODES[card], "at": self.table_times[slot]}
                      for slot, card in enumerate(self.table) if card >= 0],
            "deck_count": len(self.deck),
            "set_aside_count": len(self.set_aside),
            "box_count": len(self.box),
            "scores": self.scores(),
            "pigasus": pigasus,
            "table_changed_at": self.changed_at,
            "next_due": self.next_due(),
            "tiebreak": self.tiebreak,
            "contenders": list(self.contenders),
            "benched": sorted(self.benched),
            "reveals": self.reveals,
            "holds_settled": self.settled,
            "events": len(self.history),
            "last": dict(self.last_event) if self.last_event else None,
            "outcome": [dict(entry) for entry in self.outcome],
            "stats": [dict(row) for row in self.stats],
            "timing": {"window_ms": self.window, "point_limit_ms": self.point_limit,
                       "last_call_ms": self.last_call},
            "penalty": self.penalty(),
            "winners": list(self.winners()),
            "end_reason": self.end_reason,
        }

    def determinize(self, observer: int | None, rng: Rng) -> "PigasusState":
        """A copy with the face-down undealt cards (deck and set-aside) re-dealt.

        Collected piles stay as they are: every card in them was seen face up before.
        """
        twin = self.clone()
        pool = twin.deck + twin.set_aside
        rng.shuffle(pool)
        twin.deck = pool[:len(self.deck)]
        twin.set_aside = pool[len(self.deck):]
        twin.rng = Rng(rng.randrange(2**62))
        twin._cache = {}
        return twin

    def inventory(self) -> Counter[str]:
        """All 72 cards: table, deck, set-aside, piles and the box."""
        counts: Counter[str] = Counter()
        for pile in (self.table_cards(), self.deck, self.set_aside, self.box, *self.piles):
            counts.update(CODES[c] for c in pile)
        return counts

    def describe_action(self, action: Action) -> str:
        """A short English sentence for ``action``."""
        if not isinstance(action, PigasusAction):
            return repr(action)
        return describe(action)

    # ----------------------------------------------------------------------------------
    # 6. Returns
    # ----------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def winners(self) -> tuple[int, ...]:
        """The winning seats (a whole team in team play; several when they share)."""
        return self._winners

    def stopped_at_cap(self) -> bool:
        """True if the game ended only because it reached ``event_cap`` actions."""
        return self.end_reason == "event-cap"


class PigasusGame(Game):
    """Pigasus bound to one of its rulesets."""

    name = "pigasus"
    title = "Pigasus"

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any],
                   rng_stream: str) -> PigasusState:
        return PigasusState(self, num_players, seed, options, rng_stream)

    def check_action(self, action: object) -> Action:
        return check_action(action)

    def encode_action(self, action: Action) -> str:
        return encode_action(action)

    def decode_action(self, text: str) -> Action:
        return decode_action(text)

    @property
    def default_players(self) -> int:
        return 4
