"""Pigasus's own simulation facts: who took pairs and who grabbed wrongly, how ties were
broken, and how even the teams (or players) came out.

:func:`game_facts` reads a finished game's counters (:attr:`PigasusState.stats`, kept by
the engine) into a :class:`PigasusFacts` of plain ints and tuples; :class:`PigasusTally`
adds them up in game order into a :class:`PigasusSummary` of counts with their totals and
per-game sums, so a report can draw intervals. A *unit* is a player, or a team in team
play: units score.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from saustall.arena.figures import COUNT_BOUNDS, Moments, Share, Sums
from saustall.core.game import GameState
from saustall.stats import Interval, t_interval_of
from saustall.games.pigasus.game import PigasusState

END_REASONS = ("most-cards", "tiebreak", "tiebreak-exhausted", "event-cap")
"""How a game ends: one unit has the most cards; a tie decided by the tie-break round
(the cards set aside); a tie-break that used up its cards undecided (shared win); the
event cap."""

LEGEND: tuple[tuple[str, str], ...] = (
    ("pairs", "pairs taken (a right grab and point) per game, a pair shared by equal "
              "holds (split) counted apart"),
    ("wrong", "wrong grabs per game (grabbing the Pigasus with no pair, or not pointing "
              "in time): each gives cards back"),
    ("tie at the end", "games whose units tied for most cards when the deck ran out, "
                       "and how the tie went: decided in the tie-break round, or shared "
                       "(the tie-break's cards ran out)"),
    ("unit", "a player, or a team in team play; its win share (a shared win counts its "
             "share) and cards per game are the balance of the seats or teams"),
    ("margin", "cards between the top unit and the next, per game"),
)
"""Each Pigasus fact and what it means."""


@dataclass(frozen=True)
class PigasusFacts:
    """One finished Pigasus game: per seat counters, per unit cards, how it ended."""

    grabs: tuple[int, ...]
    pairs: tuple[int, ...]
    """Per seat: pairs taken alone (right grabs)."""
    split: tuple[int, ...]
    """Per seat: pairs shared with an equal hold."""
    wrong: tuple[int, ...]
    crowded: tuple[int, ...]
    """Per seat: equal holds too many to share a pair."""
    cards_won: tuple[int, ...]
    cards_paid: tuple[int, ...]
    team_of: tuple[int, ...]
    """The unit of every seat."""
    cards: tuple[int, ...]
    """Cards collected per unit."""
    winners: tuple[int, ...]
    end_reason: str
    tiebreak: bool
    """The units tied when the deck ran out and played the tie-break."""
    length_ms: int


def game_facts(state: GameState) -> PigasusFacts:
    """The facts of a finished Pigasus game (the support record's ``simulation.facts``)."""
    if not isinstance(state, PigasusState):
        raise TypeError(f"not a Pigasus game: {type(state).__name__}")
    stats = state.stats
    return PigasusFacts(
        grabs=tuple(row["grabs"] for row in stats), pairs=tuple(row["right"] for row in stats),
        split=tuple(row["split"] for row in stats), wrong=tuple(row["wrong"] for row in stats),
        crowded=tuple(row["crowded"] for row in stats),
        cards_won=tuple(row["cards_won"] for row in stats),
        cards_paid=tuple(row["cards_paid"] for row in stats),
        team_of=tuple(state.team_of), cards=tuple(state.scores()),
        winners=tuple(state.winners()), end_reason=state.end_reason or "",
        tiebreak=state.tiebreak, length_ms=state.now)


@dataclass(frozen=True)
class PigasusSeat:
    """One seat's (or bot's) grabs over the games: totals, and the games they are over."""

    who: str
    detail: str
    games: int
    grabs: int
    pairs: int
    split: int
    wrong: int
    crowded: int
    cards_paid: int
    squares: dict[str, int] = field(default_factory=dict)
    """Per counter (``grabs``, ``pairs``...), the sum over the games of its per-game value
    squared: with the total, the mean per game's t interval (:meth:`per_game`)."""

    def per_game(self, counter: str) -> Interval:
        """The mean per game of ``counter`` (``grabs``, ``pairs``, ``split``, ``wrong``,
        ``crowded``, ``cards_paid``) with its t 95% interval (never below 0)."""
        total, square, n = getattr(self, counter), self.squares.get(counter, 0), self.games
        if n == 0:
            return t_interval_of(0.0, 0.0, 0, COUNT_BOUNDS)
        variance = (square - total * total / n) / (n - 1) if n > 1 else 0.0
        return t_interval_of(total / n, max(variance, 0.0), n, COUNT_BOUNDS)


@dataclass(frozen=True)
class PigasusUnit:
    """One unit (player, or team) over the games."""

    unit: int
    seats: tuple[int, ...]
    wins: Share
    """Games won (a shared win counts its share), out of games."""
    cards: Moments
    """Cards collected per game."""


@dataclass(frozen=True)
class PigasusSummary:
    """The Pigasus figures of a simulation (see :data:`LEGEND`)."""

    games: int
    seats: tuple[PigasusSeat, ...]
    bots: tuple[PigasusSeat, ...]
    units: tuple[PigasusUnit, ...]
    end_reasons: dict[str, Share]
    """Games ended each way (:data:`END_REASONS`), out of games."""
    tiebreaks: Share
    """Games that went to the tie-break, out of games."""
    tie_decided: Share
    """Tie-breaks that found one winner, out of tie-breaks."""
    shared_wins: Share
    """Games won by more than one unit, out of games."""
    margin: Moments
    """Cards between the top unit and the next, per game."""
    length_s: Moments
    """Game length in simulated seconds."""


SEAT_COUNTERS = ("grabs", "pairs", "split", "wrong", "crowded", "cards_paid")
"""A seat's per-game counters, as :class:`PigasusSeat` names them."""


class _Grabs:
    def __init__(self) -> None:
        self.games = self.grabs = self.pairs = self.split = 0
        self.wrong = self.crowded = self.cards_paid = 0
        self.squares = dict.fromkeys(SEAT_COUNTERS, 0)
        self.names: set[str] = set()

    def add(self, facts: PigasusFacts, seat: int, name: str) -> None:
        self.games += 1
        self.names.add(name)
        values = (facts.grabs[seat], facts.pairs[seat], facts.split[seat], facts.wrong[seat],
                  facts.crowded[seat], facts.cards_paid[seat])
        self.grabs += values[0]
        self.pairs += values[1]
        self.split += values[2]
        self.wrong += values[3]
        self.crowded += values[4]
        self.cards_paid += values[5]
        for counter, value in zip(SEAT_COUNTERS, values):
            self.squares[counter] += value * value

    def seat(self, who: str, detail: str) -> PigasusSeat:
        return PigasusSeat(who, detail, self.games, self.grabs, self.pairs, self.split,
                           self.wrong, self.crowded, self.cards_paid, dict(self.squares))


class PigasusTally:
    """Pigasus figures gathered one game at a time (counts only: flat memory)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.seats = [_Grabs() for _ in range(players)]
        self.bots: dict[str, _Grabs] = {}
        self.team_of: tuple[int, ...] = ()
        self.unit_wins: list[float] = []
        self.unit_cards: list[Sums] = []
        self.end_reasons: dict[str, int] = dict.fromkeys(END_REASONS, 0)
        self.tiebreaks = self.tie_decided = self.shared_wins = 0
        self.margin = Sums(COUNT_BOUNDS)
        self.length_s = Sums(COUNT_BOUNDS)

    def add(self, bots: Sequence[str], facts: PigasusFacts) -> None:
        """Count one finished game, its seats played by ``bots``."""
        self.games += 1
        if not self.unit_cards:
            self.team_of = facts.team_of
            self.unit_wins = [0.0] * len(facts.cards)
            self.unit_cards = [Sums(COUNT_BOUNDS) for _ in facts.cards]
        for seat, bot in enumerate(bots):
            self.seats[seat].add(facts, seat, bot)
            self.bots.setdefault(bot, _Grabs()).add(facts, seat, str(seat + 1))
        units = sorted({facts.team_of[seat] for seat in facts.winners})
        for unit in units:
            self.unit_wins[unit] += 1.0 / len(units)
        for unit, cards in enumerate(facts.cards):
            self.unit_cards[unit].add(cards)
        self.shared_wins += len(units) > 1
        self.end_reasons[facts.end_reason] = self.end_reasons.get(facts.end_reason, 0) + 1
        if facts.tiebreak:
            self.tiebreaks += 1
            self.tie_decided += facts.end_reason == "tiebreak"
        ranked = sorted(facts.cards, reverse=True)
        self.margin.add(ranked[0] - ranked[1] if len(ranked) > 1 else 0)
        self.length_s.add(facts.length_ms / 1000)

    def summary(self) -> PigasusSummary:
        """The :class:`PigasusSummary` of the games added so far."""
        games = self.games
        return PigasusSummary(
            games=games,
            seats=tuple(grabs.seat(f"seat {seat + 1}", "/".join(sorted(grabs.names)))
                        for seat, grabs in enumerate(self.seats)),
            bots=tuple(grabs.seat(bot, ",".join(sorted(grabs.names)))
                       for bot, grabs in self.bots.items()),
            units=tuple(PigasusUnit(unit, tuple(s for s, u in enumerate(self.team_of)
                                                if u == unit),
                                    Share.of(self.unit_wins[unit], games),
                                    self.unit_cards[unit].moments())
                        for unit in range(len(self.unit_cards))),
            end_reasons={reason: Share.of(count, games)
                         for reason, count in self.end_reasons.items()},
            tiebreaks=Share.of(self.tiebreaks, games),
            tie_decided=Share.of(self.tie_decided, self.tiebreaks),
            shared_wins=Share.of(self.shared_wins, games),
            margin=self.margin.moments(), length_s=self.length_s.moments())
