"""The Sauschön tournament: rounds of Sauschön for trophies and mud buckets.

Two stacks, each holding items worth 1, 2 and 3 points with the 1 on top. A round won
with pretty pigs takes the top trophy, one won with dirty pigs the top mud bucket. The
tournament ends when a stack is empty; the highest total wins, and tied leaders play one
deciding round among themselves (decisions in ``docs/rules/drecksau.md``).

The state wraps the current round's :class:`DrecksauState`; actions pass through to it,
so the action notation and views are those of a round plus the tournament table.

Kept cheap to copy for search and replay: the stacks, the round list and each player's
awards are replaced rather than edited, so a clone shares them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from saustall.core.errors import GameOverError
from saustall.core.game import Action, Game, GameState, View, check_seat
from saustall.core.rng import DEFAULT_STREAM, Rng, derive_seed
from saustall.games.drecksau.state import (
    ROUNDS, SEAT_BLOCK, TABLE_ROUNDS, TURNS, DrecksauState, new_counts,
)


_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled (mypyc; see setup.py)."""


class TournamentState(GameState):
    """A Sauschön tournament in progress."""

    __slots__ = ("game", "rng_stream", "num_players", "seed", "options", "history",
                 "trophies", "buckets", "awards", "round_cap", "round_index", "rounds",
                 "deciding", "_winners", "_over", "round", "counts")

    def __init__(self, game: Game, num_players: int, seed: int,
                 options: dict[str, Any], rng_stream: str = DEFAULT_STREAM,
                 *, twin_of: "TournamentState | None" = None) -> None:
        """A new tournament; with ``twin_of``, a copy of that one (see :meth:`clone`)."""
        self.game = game
        self.rng_stream = rng_stream
        self.num_players = num_players
        self.seed = seed
        self.options = options
        if twin_of is not None:
            self._copy(twin_of)
            return
        self.history: list[Action] = []
        stack = list(game.ruleset.params["stack"])
        # Lists below are replaced rather than edited (a clone shares them).
        self.trophies: list[int] = list(stack)  # top of the stack first
        self.buckets: list[int] = list(stack)
        self.awards: list[list[dict[str, Any]]] = [[] for _ in range(num_players)]
        self.round_cap: int = game.ruleset.params["round_cap"]
        self.round_index = 0
        self.rounds: list[dict[str, Any]] = []
        self.deciding = False
        self._winners: tuple[int, ...] = ()
        self._over = False
        self.counts: list[int] | None = None
        """Event counters of a watched tournament, shared by its rounds (:meth:`watch`)."""
        self.round = self._deal(tuple(range(num_players)))

    def watch(self) -> None:
        """Count the events of every round from now on into one set of counters
        (:func:`saustall.games.drecksau.state.new_counts`), and each finished round's
        turns."""
        self.counts = new_counts(self.num_players)
        self.round.watch(self.counts)

    def _deal(self, participants: tuple[int, ...]) -> DrecksauState:
        # Every round gets its own seed derived from the tournament seed, and the first
        # player moves one seat clockwise each round.
        first = participants[self.round_index % len(participants)]
        round_ = DrecksauState(self.game, self.num_players,
                               derive_seed(self.seed, "round", self.round_index),
                               self.options, participants=participants, first_player=first,
                               rng_stream=self.rng_stream)
        if self.counts is not None:
            round_.watch(self.counts)
        return round_

    def clone(self) -> "TournamentState":
        return self._with_round(self.round.clone())

    def _with_round(self, round_: DrecksauState) -> "TournamentState":
        """A copy of this tournament playing ``round_`` as its current round."""
        if _COMPILED:  # mypyc's classes are made only through __init__
            twin = TournamentState(self.game, self.num_players, self.seed, self.options,
                                   self.rng_stream, twin_of=self)
        else:  # pure Python: skip __init__'s call
            twin = TournamentState.__new__(TournamentState)
            twin.game, twin.rng_stream = self.game, self.rng_stream
            twin.num_players, twin.seed, twin.options = self.num_players, self.seed, self.options
            twin._copy(self)
        twin.round = round_
        return twin

    def _copy(self, source: "TournamentState") -> None:
        # Spelled out, not a loop over __slots__: clone is a search bot's inner loop.
        twin, self = self, source
        twin.history = self.history[:]
        twin.trophies = self.trophies
        twin.buckets = self.buckets
        twin.awards = self.awards[:]
        twin.round_cap = self.round_cap
        twin.round_index = self.round_index
        twin.rounds = self.rounds
        twin.deciding = self.deciding
        twin._winners = self._winners
        twin._over = self._over
        twin.counts = None  # a clone's future is not the watched game's

    # -- legal actions -----------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self._over else self.round.to_act()

    def legal_actions(self, player: object = None) -> list[Action]:
        if player is not None:
            check_seat(player, self.num_players)
        return [] if self._over else self.round.legal_actions(player)

    def is_legal(self, action: Action, player: object = None) -> bool:
        """The current round's answer (cheap where the round's is), False once over."""
        if player is not None:
            check_seat(player, self.num_players)
        return not self._over and self.round.is_legal(action, player)

    def explain_illegal(self, action: Action, player: int) -> Exception:
        return self.round.explain_illegal(action, player)

    # -- apply -------------------------------------------------------------------------
    def apply(self, action: Action, player: object = None) -> None:
        """Apply ``action`` to the current round (its checks, its errors), then score
        the round if it ended.

        The round's own checks are the tournament's: it is over exactly when the
        tournament is, and its seats, legal actions and errors are the tournament's.
        """
        if self._over:  # the round is over too: its apply raises, as a finished game does
            self.check_form(action, player)
            raise GameOverError()
        self.round.apply(action, player)
        self.history.append(action)  # only once the round took it
        if self.round.is_terminal():
            self._finish_round()

    def _apply_checked(self, action: Action) -> None:
        self.round._apply_checked(action)
        self.history.append(action)  # only once the round took it
        if self.round.is_terminal():
            self._finish_round()

    def _finish_round(self) -> None:
        finished = self.round
        won = finished.winners()
        counts = self.counts
        if counts is not None:
            table = self.num_players * SEAT_BLOCK
            counts[table + ROUNDS] += 1
            counts[table + TURNS] += finished.turn
            counts[table + TABLE_ROUNDS] += -(-finished.turn // len(finished.participants))
        entry: dict[str, Any] = {"round": self.round_index + 1, "winner": won[0] if won else None,
                                 "how": finished.win_kind, "deciding": self.deciding,
                                 "award": None}
        self.rounds = self.rounds + [entry]
        self.round_index += 1
        if self.deciding and won:
            self._winners, self._over = won, True
            return
        if won and not self.deciding:
            if finished.win_kind == "pretty":
                points, kind = self.trophies[0], "trophy"
                self.trophies = self.trophies[1:]
            else:
                points, kind = self.buckets[0], "bucket"
                self.buckets = self.buckets[1:]
            item = {"kind": kind, "points": points}
            self.awards[won[0]] = self.awards[won[0]] + [item]
            entry["award"] = item
        if self.round_index >= self.round_cap:  # stalled rounds: leaders share the win
            self._winners, self._over = self._leaders(), True
            return
        if self.deciding:
            self.round = self._deal(self.round.participants)  # undecided: play again
        elif not self.trophies or not self.buckets:
            leaders = self._leaders()
            if len(leaders) == 1:
                self._winners, self._over = leaders, True
                return
            self.deciding = True
            self.round = self._deal(leaders)
        else:
            self.round = self._deal(tuple(range(self.num_players)))

    def scores(self) -> list[int]:
        """Stars plus carrots per player."""
        return [sum(item["points"] for item in items) for items in self.awards]

    def _leaders(self) -> tuple[int, ...]:
        scores = self.scores()
        best = max(scores)
        return tuple(p for p, s in enumerate(scores) if s == best)

    # -- observe -----------------------------------------------------------------------
    def public_phase(self) -> str | None:
        """The view's ``phase``, without building the view."""
        return "over" if self._over else self.round.public_phase()

    def view(self, player: int | None) -> View:
        view = self.round.view(player)
        view["to_act"] = list(self.to_act())
        view["phase"] = "over" if self._over else view["phase"]
        view["winners"] = list(self.winners())
        view["tournament"] = {
            "round": self.round_index + (0 if self._over else 1),
            "deciding": self.deciding,
            "trophies": list(self.trophies),
            "buckets": list(self.buckets),
            "awards": [list(items) for items in self.awards],
            "scores": self.scores(),
            "rounds": list(self.rounds),
        }
        return view

    def determinize(self, observer: int | None, rng: Rng) -> "TournamentState":
        return self._with_round(self.round.determinize(observer, rng))

    def inventory(self) -> Counter[str]:
        counts = self.round.inventory()
        counts["trophy"] = len(self.trophies) + sum(
            1 for items in self.awards for i in items if i["kind"] == "trophy")
        counts["bucket"] = len(self.buckets) + sum(
            1 for items in self.awards for i in items if i["kind"] == "bucket")
        return counts

    # -- returns -----------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self._over

    def winners(self) -> tuple[int, ...]:
        return self._winners

    def stopped_at_cap(self) -> bool:
        return self._over and self.round_index >= self.round_cap

    def describe_action(self, action: Action) -> str:
        return self.round.describe_action(action)
