"""Drecksau's own simulation facts: how each game was won, how long it took in turns and
rounds, and which cards were played, drawn and thrown away.

A simulation that wants facts *watches* each new game (:func:`watch`): the state then
counts its events as they happen (:data:`~saustall.games.drecksau.state.SEAT_BLOCK`), since
the cards drawn are known only in play. :func:`game_facts` reads the counters of the
finished game into a :class:`DrecksauFacts` (plain ints and tuples: cheap to pickle), and
:class:`DrecksauTally` adds them up in game order into a :class:`DrecksauSummary` of
counts with their totals (:class:`~saustall.arena.figures.Share`) and per-game sums
(:class:`~saustall.arena.figures.Moments`), so a report can draw intervals.

A Sauschön tournament is one game of several rounds: its facts add up the rounds (turns,
cards, the cards that won each round), and count how each round was won.
"""

from __future__ import annotations

import sys
from array import array
from dataclasses import dataclass, field
from operator import add
from typing import Any, NamedTuple, Sequence

from saustall.arena.figures import COUNT_BOUNDS, Moments, Share, histogram_moments
from saustall.core.game import GameState
from saustall.stats import Interval, t_interval_of
from saustall.games.drecksau.actions import is_play, played_card
from saustall.games.drecksau.rulesets import CARD_KINDS
from saustall.games.drecksau.state import (
    DISCARDED, DONES, DRAWN, ENDED_BY, ENDED_BY_OTHER, EXCHANGES, NUM_KINDS, PASSES, PLAYED,
    RESHUFFLES, ROUNDS, SEAT_BLOCK, SHOWS, TABLE_BLOCK, TABLE_ROUNDS, TURNS, DrecksauState,
)
from saustall.games.drecksau.tournament import TournamentState

WIN_KINDS = ("dirty", "pretty", "none")
"""How a round ends: all the winner's pigs dirty, all pretty (Sauschön), or nobody won
(the turn cap)."""

LEGEND: tuple[tuple[str, str], ...] = (
    ("turns", "turns taken in a game, by every player together (a Lucky Bird turn of "
              "several plays is one turn; a tournament adds up its rounds)"),
    ("table rounds", "rounds of the table: every player's turn once, the last round "
                     "counted when begun (turns / players, rounded up)"),
    ("win kind", "how a round was won: all the winner's pigs dirty, or all pretty "
                 "(Sauschön); none: the turn cap stopped it"),
    ("winning card", "the card whose play won the round, out of rounds won; 'on another "
                     "player's play': the winner's pigs were completed by someone else's "
                     "card (a Pretty Pig or an Escape on them)"),
    ("played / drawn / thrown away", "cards per game, by kind: played; drawn to refill the "
                                     "hand after a turn (the first deal not counted); "
                                     "thrown away unplayed (exchanged, discarded, shown, "
                                     "left over after a Lucky Bird turn)"),
    ("exchanges", "exchange (English edition) or discard (German edition) actions per "
                  "game"),
    ("reshuffles", "times per game the discard pile was shuffled into a new deck"),
)
"""Each Drecksau fact and what it means."""


class DrecksauFacts(NamedTuple):
    """One finished Drecksau game (a round, or a whole Sauschön tournament).

    A named tuple of ints, short text and the raw counters (cheap to pickle: a
    simulation sends one per game); the per-seat figures are read from :attr:`counts`
    by the properties, and :meth:`as_dict` names everything for JSON.
    """

    win_kind: str
    """``dirty``, ``pretty`` or ``none`` (stopped by the cap); a tournament: its last
    round's."""
    winners: tuple[int, ...]
    turns: int
    table_rounds: int
    rounds: int
    """Rounds played: 1, or a tournament's rounds."""
    round_wins: tuple[int, int, int]
    """Rounds ended dirty, pretty and by the cap."""
    ending_card: str
    """The card whose play won the (last) round; empty when the cap stopped it."""
    counts: bytes
    """The game's event counters, laid out as
    :func:`saustall.games.drecksau.state.new_counts` says, packed as unsigned 64-bit
    little-endian ints (:func:`pack`): one bytes object pickles in one copy, and a tally
    adds a whole game's counters as one big int (:class:`DrecksauTally`)."""
    squares: bytes = b""
    """The squares of the seats' counters, then of the table's card counts (every seat's
    played, drawn, thrown away by kind and exchanges, summed), packed as :attr:`counts`:
    added up over games they give each mean per game its t interval."""

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...]]]:
        # A named tuple pickles through copyreg, 30 times slower than its plain tuple:
        # simulations send one per game.
        return (_rebuild, (tuple(self),))

    @property
    def values(self) -> tuple[int, ...]:
        """The counters, unpacked."""
        return unpack(self.counts)

    @property
    def players(self) -> int:
        """Seats at the table."""
        return (len(self.counts) // COUNTER_BYTES - TABLE_BLOCK) // SEAT_BLOCK

    def _kinds(self, offset: int) -> tuple[tuple[int, ...], ...]:
        counts = self.values
        return tuple(tuple(counts[seat * SEAT_BLOCK + offset:
                                  seat * SEAT_BLOCK + offset + NUM_KINDS])
                     for seat in range(self.players))

    def _seats(self, offset: int) -> tuple[int, ...]:
        counts = self.values
        return tuple(counts[seat * SEAT_BLOCK + offset] for seat in range(self.players))

    @property
    def played(self) -> tuple[tuple[int, ...], ...]:
        """Per seat, cards played by kind (:data:`CARD_KINDS` order)."""
        return self._kinds(PLAYED)

    @property
    def drawn(self) -> tuple[tuple[int, ...], ...]:
        """Per seat, cards drawn after a turn by kind (the first deal not counted)."""
        return self._kinds(DRAWN)

    @property
    def discarded(self) -> tuple[tuple[int, ...], ...]:
        """Per seat, cards thrown away unplayed by kind."""
        return self._kinds(DISCARDED)

    @property
    def exchanges(self) -> tuple[int, ...]:
        """Per seat, exchange or discard actions."""
        return self._seats(EXCHANGES)

    @property
    def shows(self) -> tuple[int, ...]:
        """Per seat, hands shown as unusable."""
        return self._seats(SHOWS)

    @property
    def passes(self) -> tuple[int, ...]:
        """Per seat, passes."""
        return self._seats(PASSES)

    @property
    def dones(self) -> tuple[int, ...]:
        """Per seat, Lucky Bird turns ended with 'done'."""
        return self._seats(DONES)

    @property
    def ended_by(self) -> tuple[int, ...]:
        """Rounds won, by the kind of the winning card."""
        table = self.players * SEAT_BLOCK
        return self.values[table + ENDED_BY:table + ENDED_BY + NUM_KINDS]

    @property
    def won_on_other_play(self) -> int:
        """Rounds won on another player's play."""
        return self.values[self.players * SEAT_BLOCK + ENDED_BY_OTHER]

    @property
    def reshuffles(self) -> int:
        """Discard piles shuffled into a new deck."""
        return self.values[self.players * SEAT_BLOCK + RESHUFFLES]

    def as_dict(self) -> dict[str, Any]:
        """Every fact by name, cards by kind name (the per-game JSON)."""
        def by_kind(rows: tuple[tuple[int, ...], ...]) -> list[dict[str, int]]:
            return [{CARD_KINDS[k]: n for k, n in enumerate(row) if n} for row in rows]

        return {
            "win_kind": self.win_kind, "winners": list(self.winners), "turns": self.turns,
            "table_rounds": self.table_rounds, "rounds": self.rounds,
            "round_wins": dict(zip(WIN_KINDS, self.round_wins)),
            "ending_card": self.ending_card,
            "ended_by": {CARD_KINDS[k]: n for k, n in enumerate(self.ended_by) if n},
            "won_on_other_play": self.won_on_other_play,
            "played": by_kind(self.played), "drawn": by_kind(self.drawn),
            "discarded": by_kind(self.discarded), "exchanges": list(self.exchanges),
            "shows": list(self.shows), "passes": list(self.passes),
            "dones": list(self.dones), "reshuffles": self.reshuffles,
        }


COUNTER_BYTES = 8
"""Bytes per packed counter."""


def pack(counts: Sequence[int]) -> bytes:
    """Counters as unsigned 64-bit little-endian ints, end to end."""
    return array("Q", counts).tobytes() if sys.byteorder == "little" else b"".join(
        count.to_bytes(COUNTER_BYTES, "little") for count in counts)


def unpack(data: bytes, size: int | None = None) -> tuple[int, ...]:
    """The counters :func:`pack` packed (``size`` of them: a big int's bytes may be
    short of trailing zeros)."""
    count = len(data) // COUNTER_BYTES if size is None else size
    data = data.ljust(count * COUNTER_BYTES, b"\0")
    return tuple(int.from_bytes(data[i:i + COUNTER_BYTES], "little")
                 for i in range(0, count * COUNTER_BYTES, COUNTER_BYTES))


def _rebuild(fields: tuple[Any, ...]) -> DrecksauFacts:
    """A :class:`DrecksauFacts` from its plain tuple (unpickling)."""
    return tuple.__new__(DrecksauFacts, fields)


def watch(state: GameState) -> None:
    """Make a new game count its events (the support record's ``simulation.watch``)."""
    if not isinstance(state, (DrecksauState, TournamentState)):
        raise TypeError(f"not a Drecksau game: {type(state).__name__}")
    state.watch()


def _ending(round_: DrecksauState) -> str:
    """The kind of the card whose play won ``round_``; empty if nobody won it."""
    event = round_.last_event
    if not round_.winners() or event is None or not is_play(event[1]):
        return ""
    return CARD_KINDS[played_card(event[1])]


def game_facts(state: GameState) -> DrecksauFacts:
    """The facts of a finished, watched Drecksau game (the support record's
    ``simulation.facts``)."""
    if isinstance(state, TournamentState):
        counts, last = state.counts, state.round
    elif isinstance(state, DrecksauState):
        counts, last = state.counts, state
    else:
        raise TypeError(f"not a Drecksau game: {type(state).__name__}")
    if counts is None:
        raise ValueError("the game was not watched (facts.watch) before play: "
                         "its cards were not counted")
    if isinstance(state, TournamentState):
        table = state.num_players * SEAT_BLOCK
        rounds = counts[table + ROUNDS]
        turns, table_rounds = counts[table + TURNS], counts[table + TABLE_ROUNDS]
        hows = [entry["how"] for entry in state.rounds]
        round_wins = (hows.count("dirty"), hows.count("pretty"), hows.count(None))
    else:
        rounds, turns = 1, last.turn
        table_rounds = -(-last.turn // len(last.participants))
        how = last.win_kind
        round_wins = (int(how == "dirty"), int(how == "pretty"), int(how is None))
    return DrecksauFacts(last.win_kind or "none", tuple(state.winners()), turns,
                         table_rounds, rounds, round_wins, _ending(last), pack(counts),
                         pack(squares_of(counts, state.num_players)))


TABLE_SQUARES = EXCHANGES + 1
"""Table-wide card counters whose squares a game's facts carry: played, drawn, thrown
away by kind, and exchanges (offsets 0 .. EXCHANGES of a seat's block, summed over
seats)."""


def squares_of(counts: Sequence[int], players: int) -> list[int]:
    """The squares :attr:`DrecksauFacts.squares` packs: each seat counter's, then each
    table-wide card count's (worked out in the worker, so the tally adds one more big
    int per game)."""
    seats = players * SEAT_BLOCK
    table = [sum(counts[seat * SEAT_BLOCK + offset] for seat in range(players))
             for offset in range(TABLE_SQUARES)]
    return [count * count for count in counts[:seats]] + [count * count for count in table]


# --------------------------------------------------------------------------------------
# Adding them up
# --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CardCounts:
    """Cards of one seat, one bot or the whole table over the games, by kind (only the
    kinds seen), with the games they are counted over."""

    who: str
    """``seat N``, the bot's name or ``all``."""
    detail: str
    """For a seat, the bot(s) that sat in it; for a bot, the seats it played."""
    games: int
    """Games (seat-games for a bot) the counts are over: divide by it for a mean."""
    played: dict[str, int]
    drawn: dict[str, int]
    discarded: dict[str, int]
    exchanges: int
    shows: int
    passes: int
    wins: dict[str, float]
    """Rounds won, by win kind (a shared win counts its share)."""
    squares: dict[str, dict[str, int]] = field(default_factory=dict)
    """Sums over the games of each per-game count squared (``played``, ``drawn``,
    ``discarded`` by kind; ``exchanges`` under ``""``): with the totals, each mean per
    game's t interval (:meth:`per_game`)."""

    def per_game(self, what: str, kind: str = "") -> Interval:
        """The mean per game of ``what`` (``played``, ``drawn``, ``discarded`` of
        ``kind``, or ``exchanges``) with its t 95% interval (never below 0)."""
        total = self.exchanges if what == "exchanges" else getattr(self, what)[kind]
        square = self.squares.get(what, {}).get(kind, 0)
        n = self.games
        if n == 0:
            return t_interval_of(0.0, 0.0, 0, COUNT_BOUNDS)
        variance = (square - total * total / n) / (n - 1) if n > 1 else 0.0
        return t_interval_of(total / n, max(variance, 0.0), n, COUNT_BOUNDS)


@dataclass(frozen=True)
class DrecksauSummary:
    """The Drecksau figures of a simulation (see :data:`LEGEND`)."""

    games: int
    rounds: int
    """Rounds played (more than games only in tournaments)."""
    win_kinds: dict[str, Share]
    """Rounds ended each way (:data:`WIN_KINDS`), out of rounds."""
    turns: Moments
    """Turns per game."""
    turns_histogram: dict[int, int]
    """Games by their number of turns."""
    table_rounds: Moments
    table_rounds_histogram: dict[int, int]
    winning_cards: dict[str, Share]
    """Rounds won by each card kind's play, out of rounds won."""
    won_on_other_play: Share
    """Rounds won on another player's play, out of rounds won."""
    reshuffles: Moments
    seats: tuple[CardCounts, ...]
    bots: tuple[CardCounts, ...]
    table: CardCounts
    """Every seat together."""


class _Cards:
    """Card counts of one seat, bot or the table, added up from the flat counters."""

    def __init__(self) -> None:
        self.games = 0
        self.played = [0] * NUM_KINDS
        self.drawn = [0] * NUM_KINDS
        self.discarded = [0] * NUM_KINDS
        self.exchanges = self.shows = self.passes = 0
        self.squares = [0] * TABLE_SQUARES
        """Sums of squares of the per-game counts at offsets 0 .. EXCHANGES."""
        self.wins: dict[str, float] = {}
        self.names: set[str] = set()

    def add_block(self, counts: Sequence[int], seat: int, games: int, name: str,
                  squares: Sequence[int] = ()) -> None:
        """Add one seat's block of summed counters over ``games`` games (and of their
        squares, the same layout)."""
        base = seat * SEAT_BLOCK
        self.games += games
        self.names.add(name)
        for kind in range(NUM_KINDS):
            self.played[kind] += counts[base + PLAYED + kind]
            self.drawn[kind] += counts[base + DRAWN + kind]
            self.discarded[kind] += counts[base + DISCARDED + kind]
        if squares:
            self.add_squares(squares[base:base + TABLE_SQUARES])
        self.exchanges += counts[base + EXCHANGES]
        self.shows += counts[base + SHOWS]
        self.passes += counts[base + PASSES]

    def add_squares(self, squares: Sequence[int]) -> None:
        """Add sums of squares of the per-game counts (offsets 0 .. EXCHANGES)."""
        self.squares = list(map(add, self.squares, squares))

    def add_wins(self, wins: dict[str, float]) -> None:
        for kind, count in wins.items():
            self.wins[kind] = self.wins.get(kind, 0.0) + count

    def counts(self, who: str, detail: str, kinds: Sequence[int]) -> CardCounts:
        return CardCounts(
            who=who, detail=detail, games=self.games,
            played={CARD_KINDS[k]: self.played[k] for k in kinds},
            drawn={CARD_KINDS[k]: self.drawn[k] for k in kinds},
            discarded={CARD_KINDS[k]: self.discarded[k] for k in kinds},
            exchanges=self.exchanges, shows=self.shows, passes=self.passes,
            wins=dict(sorted(self.wins.items())),
            squares={what: {CARD_KINDS[k]: self.squares[offset + k] for k in kinds}
                     for what, offset in (("played", PLAYED), ("drawn", DRAWN),
                                          ("discarded", DISCARDED))}
            | {"exchanges": {"": self.squares[EXCHANGES]}})


class _Lineup:
    """Running sums of the games one seating of bots played (a vector add per game)."""

    __slots__ = ("games", "packed", "squares", "wins")

    def __init__(self, players: int) -> None:
        self.games = 0
        self.packed = 0
        """The games' counters added up, as one big int: each game's packed counters
        read as a little-endian int and added (no counter comes near 2**64, so none
        carries into the next)."""
        self.squares = 0
        """The games' squares (:attr:`DrecksauFacts.squares`), added up the same way."""
        self.wins: list[dict[str, float]] = [{} for _ in range(players)]


class DrecksauTally:
    """Drecksau figures gathered one game at a time (counts only: flat memory).

    Cheap per game: the counters of all seats are added as one vector to the sums of
    the game's seating of bots; seats, bots and the table are split out of those sums
    only by :meth:`summary`.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.rounds = 0
        self.round_wins: dict[tuple[int, int, int], int] = {}
        """Games by how their rounds ended (dirty, pretty, capped)."""
        self.turns: dict[int, int] = {}
        """Games by their number of turns (the means are worked out from the counts)."""
        self.table_rounds: dict[int, int] = {}
        self.reshuffles: dict[int, int] = {}
        self.lineups: dict[tuple[str, ...], _Lineup] = {}

    def add(self, bots: Sequence[str], facts: DrecksauFacts) -> None:
        """Count one finished game, its seats played by ``bots``."""
        # A few dict counts and one big-int add per game: the parent process tallies
        # every game of a simulation while the workers play.
        self.games += 1
        self.rounds += facts.rounds
        wins, turns, table_rounds = facts.round_wins, facts.turns, facts.table_rounds
        self.round_wins[wins] = self.round_wins.get(wins, 0) + 1
        self.turns[turns] = self.turns.get(turns, 0) + 1
        self.table_rounds[table_rounds] = self.table_rounds.get(table_rounds, 0) + 1
        at = (self.players * SEAT_BLOCK + RESHUFFLES) * COUNTER_BYTES
        shuffled = int.from_bytes(facts.counts[at:at + COUNTER_BYTES], "little")
        self.reshuffles[shuffled] = self.reshuffles.get(shuffled, 0) + 1
        key = tuple(bots)
        lineup = self.lineups.get(key)
        if lineup is None:
            lineup = self.lineups[key] = _Lineup(self.players)
        lineup.games += 1
        lineup.packed += int.from_bytes(facts.counts, "little")
        lineup.squares += int.from_bytes(facts.squares, "little")
        if facts.rounds == 1 and facts.winners:  # who won one round, and how
            share = 1.0 / len(facts.winners)
            for seat in facts.winners:
                seat_wins = lineup.wins[seat]
                seat_wins[facts.win_kind] = seat_wins.get(facts.win_kind, 0.0) + share

    def summary(self) -> DrecksauSummary:
        """The :class:`DrecksauSummary` of the games added so far."""
        players = self.players
        seats = [_Cards() for _ in range(players)]
        bots: dict[str, _Cards] = {}
        table = _Cards()
        size = players * SEAT_BLOCK + TABLE_BLOCK
        square_size = players * SEAT_BLOCK + TABLE_SQUARES
        totals = [0] * size
        for lineup_bots, lineup in self.lineups.items():
            counts = unpack(lineup.packed.to_bytes(size * COUNTER_BYTES, "little"), size)
            squares = unpack(lineup.squares.to_bytes(square_size * COUNTER_BYTES, "little"),
                             square_size)
            totals = list(map(add, totals, counts))
            for seat, bot in enumerate(lineup_bots):
                seats[seat].add_block(counts, seat, lineup.games, bot, squares)
                seats[seat].add_wins(lineup.wins[seat])
                found = bots.setdefault(bot, _Cards())
                found.add_block(counts, seat, lineup.games, str(seat + 1), squares)
                found.add_wins(lineup.wins[seat])
                table.add_block(counts, seat, 0, "")
            table.add_squares(squares[players * SEAT_BLOCK:])
        round_wins = [sum(wins[kind] * games for wins, games in self.round_wins.items())
                      for kind in range(len(WIN_KINDS))]
        table.games = self.games
        table.add_wins({kind: count for kind, count in zip(WIN_KINDS, round_wins) if count})
        at = players * SEAT_BLOCK
        ended_by = totals[at + ENDED_BY:at + ENDED_BY + NUM_KINDS]
        kinds = [k for k in range(NUM_KINDS)
                 if table.played[k] or table.drawn[k] or table.discarded[k] or ended_by[k]]
        won = round_wins[0] + round_wins[1]
        return DrecksauSummary(
            games=self.games, rounds=self.rounds,
            win_kinds={kind: Share.of(count, self.rounds)
                       for kind, count in zip(WIN_KINDS, round_wins)},
            turns=histogram_moments(self.turns),
            turns_histogram=dict(sorted(self.turns.items())),
            table_rounds=histogram_moments(self.table_rounds),
            table_rounds_histogram=dict(sorted(self.table_rounds.items())),
            winning_cards={CARD_KINDS[k]: Share.of(ended_by[k], won) for k in kinds},
            won_on_other_play=Share.of(totals[at + ENDED_BY_OTHER], won),
            reshuffles=histogram_moments(self.reshuffles),
            seats=tuple(cards.counts(f"seat {seat + 1}", "/".join(sorted(cards.names)), kinds)
                        for seat, cards in enumerate(seats)),
            bots=tuple(cards.counts(bot, ",".join(sorted(cards.names)), kinds)
                       for bot, cards in bots.items()),
            table=table.counts("all", "every seat", kinds))
