"""Simulation: many bot games of any registered turn-based game, in parallel.

:func:`simulate` runs ``N`` games with one bot per seat and returns a
:class:`SimulationResult`: every game's outcome (:class:`GameResult`, unless asked not to
keep them) and the aggregate statistics (:class:`Summary`, gathered by a :class:`Tally` as
games finish, so a run of any length needs the same memory): win rate per seat and per
bot with Wilson 95% confidence intervals, first-seat advantage, game length (mean and
percentiles), how often the turn cap was hit, mean returns per seat. A game won by several
players at once (a tie for first) gives each of them an equal share of the win, so the win
rates of the seats add up to 100% less the draws. A game may add its own figures: its
support record's ``simulation`` names what a finished game reports (``facts``) and what
adds them up (``tally``), reported as the summary's ``game_figures``.

Games are spread over worker processes in chunks, and counted in game order as the chunks
come back. Each game's seed is derived from the base seed and the game's index, and each
bot's seed from the game seed and its seat, so a simulation gives the same results, to
the last digit of its summary, whatever the number of workers.

The game is driven only through the core protocol (``new_state``, ``current_player``,
``view``, ``legal_actions``, ``apply``, ``is_terminal``, ``winners``, ``returns``); bots
get a seat's view and the legal actions, never the state.

Nothing here prints: the command line client (:mod:`saustall.cli.simulate`) shows the
results.
"""

from __future__ import annotations

import math
import os
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Callable, Iterator, Mapping, Sequence, TypeVar

from saustall.bots.base import make_bot
from saustall.core.errors import InvalidOptionError
from saustall.core.game import Game, GameState
from saustall.core.registry import get_variant, support
from saustall.core.rng import derive_seed
from saustall.core.support import load_reference
from saustall.stats import (
    SHARE_BOUNDS, UNBOUNDED, Bounds, Interval, Moments, t_interval_of, wilson, wilson_bounds,
)

J = TypeVar("J")
O = TypeVar("O")

Z_95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""

DEFAULT_MAX_ACTIONS = 200_000
"""A safety stop for games whose own turn cap does not end them (counted as capped)."""


# --------------------------------------------------------------------------------------
# Statistics helpers
# --------------------------------------------------------------------------------------

def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default).

    Returns ``(low, high)``; ``(0.0, 1.0)`` when there are no trials. Unlike the normal
    approximation it stays inside [0, 1] and behaves at rates near 0 and 1
    (:func:`saustall.stats.wilson_bounds`).
    """
    return wilson_bounds(successes, trials, z)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) with linear interpolation (numpy's default)."""
    if not values:
        raise ValueError("percentile of no values")
    if not 0 <= q <= 100:
        raise ValueError(f"percentile must be within 0-100, not {q}")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    fraction = position - low
    return ordered[low] + (ordered[high] - ordered[low]) * fraction


# --------------------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GameResult:
    """The outcome of one simulated game."""

    index: int
    """The game's number within the simulation (0-based)."""
    seed: int
    """The game seed (replays the game with the same bots)."""
    bots: tuple[str, ...]
    """The bot level in each seat."""
    winners: tuple[int, ...]
    """Winning seats; empty for a draw or a capped game."""
    returns: tuple[float, ...]
    """``state.returns()`` per seat."""
    length: int
    """Actions taken."""
    capped: bool
    """True if the game stopped at a turn cap instead of being decided."""
    first_player: int
    """The seat that acted first."""
    facts: Any = None
    """The game's own facts, for games that report more (its support record's
    ``simulation.facts``), else None."""


def result_dict(result: GameResult) -> dict[str, Any]:
    """One game's result as JSON-ready data; facts that name themselves (an ``as_dict()``
    method, for facts kept compact as tuples) by their names."""
    data = asdict(result)
    as_dict = getattr(result.facts, "as_dict", None)
    if callable(as_dict):
        data["facts"] = as_dict()
    return data


@dataclass(frozen=True)
class Rate:
    """A proportion with its Wilson 95% confidence interval."""

    successes: float
    trials: int
    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, successes: float, trials: int) -> "Rate":
        """The rate ``successes / trials`` and its interval."""
        low, high = wilson_interval(successes, trials)
        return cls(successes, trials, successes / trials if trials else 0.0, low, high)


@dataclass(frozen=True)
class SeatStats:
    """Statistics for one seat."""

    seat: int
    bot: str
    wins: Rate
    """Wins of this seat (a win shared by ``k`` tied winners counts ``1/k``) out of games."""
    mean_return: float
    """The mean of the game's ``returns()`` for this seat (see :func:`return_meaning`)."""
    mean_return_ci: Interval = Interval(0.0, None, None, 0)
    """:attr:`mean_return` with its t 95% interval, clipped to the returns' range."""


@dataclass(frozen=True)
class BotStats:
    """Statistics for one bot level, pooled over the seats it played."""

    bot: str
    seats: tuple[int, ...]
    wins: Rate
    """Games won (shared wins split) out of seat-games played by this bot."""
    mean_return: float
    mean_return_ci: Interval = Interval(0.0, None, None, 0)
    """:attr:`mean_return` with its t 95% interval, clipped to the returns' range."""


@dataclass(frozen=True)
class Summary:
    """Aggregate statistics of a simulation."""

    games: int
    seats: tuple[SeatStats, ...]
    bots: tuple[BotStats, ...]
    first_player_wins: Rate
    """How often the player who acted first won (a shared win counts its share)."""
    first_player_advantage: float | None
    """First player's win rate minus the even share ``1/players`` (a game everyone
    shares, e.g. one where everyone tied at 0, adds exactly the even share); None when
    withheld (:attr:`first_player_withheld` says why)."""
    draws: int
    """Games with no winner (capped games included)."""
    capped: Rate
    """How often the turn cap stopped a game."""
    length_mean: float
    length_p50: float
    length_p90: float
    length_p99: float
    length_min: int
    length_max: int
    game_figures: Any = None
    """The game's own figures (its support record's ``simulation.tally``), else None; in
    JSON under the record's ``simulation.summary_key``."""
    first_player_advantage_ci: Interval = Interval(0.0, None, None, 0)
    """The advantage with its Wilson 95% interval (the first player's share's, shifted by
    the even share); n 0 when withheld."""
    first_player_withheld: str = ""
    """Why the first-player advantage is not given (empty: it is): the seats held
    different bots without rotating, or the game says it means nothing."""
    length: Interval = Interval(0.0, None, None, 0)
    """The mean game length (actions) with its t 95% interval (at least 0)."""
    lengths: tuple[tuple[int, int], ...] = ()
    """How many games took each number of actions: (actions, games), shortest first (the
    report's histogram)."""


def summary_dict(summary: Summary, game: str) -> dict[str, Any]:
    """``summary`` as JSON-ready data, the game's own figures under its own key
    (``simulation.summary_key``; left out for a game without figures).

    Made to load straight into pandas: lists of records, never lists of pairs (a game's
    ``(name, figures)`` pairs become ``{"name": ..., **figures}`` records), and every share
    with its interval (``low``, ``high``) and sample size."""
    data: dict[str, Any] = records(asdict(summary))
    data["lengths"] = [{"actions": actions, "games": games}
                       for actions, games in summary.lengths]
    figures = data.pop("game_figures")
    if figures is not None:
        data[support(game).simulation.summary_key or "game_figures"] = figures
    return data


def records(data: Any) -> Any:
    """``data`` (from :func:`dataclasses.asdict`) fit for pandas: a list of
    ``(name, mapping)`` pairs becomes a list of ``{"name": name, **mapping}`` records, a
    ``(name, value)`` pair list a list of ``{"name": name, "value": value}``; a mapping
    with ``count`` and ``total`` (a share) gains its Wilson ``low`` and ``high``."""
    if isinstance(data, dict):
        found = {key: records(value) for key, value in data.items()}
        if _is_share(found) and "low" not in found:
            interval = wilson(found["count"], found["total"])
            found["low"], found["high"] = interval.low, interval.high
        return found
    if isinstance(data, (list, tuple)):
        if data and all(isinstance(item, (list, tuple)) and len(item) == 2
                        and isinstance(item[0], str) for item in data):
            rows = []
            for name, value in data:
                value = records(value)
                rows.append({"name": name, **value} if isinstance(value, dict)
                            else {"name": name, "value": value})
            return rows
        return [records(item) for item in data]
    return data


def _is_share(found: dict[str, Any]) -> bool:
    count, total = found.get("count"), found.get("total")
    return (isinstance(count, (int, float)) and isinstance(total, int)
            and not isinstance(total, bool) and 0 <= count <= total)


def return_meaning(game: str) -> str:
    """What ``game``'s ``returns()`` are, for the legend of "mean return"."""
    return support(game).simulation.return_meaning or "the game's own score per seat"


@dataclass(frozen=True)
class SimulationResult:
    """Per-game results and their summary, with the inputs that produced them."""

    game: str
    ruleset: str
    players: int
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    rotate: bool
    results: tuple[GameResult, ...]
    """Every game's result in game order; empty when run with ``keep_results=False``."""
    summary: Summary
    variant: dict[str, Any] = field(default_factory=dict)
    """The balance levers of the house-rule variant played (empty: the ruleset itself)."""
    variant_name: str = ""

    def to_dict(self, with_games: bool = False) -> dict[str, Any]:
        """A JSON-ready dict; per-game results only with ``with_games``."""
        data: dict[str, Any] = {
            "game": self.game, "ruleset": self.ruleset, "players": self.players,
            "bots": list(self.bots), "seed": self.seed, "options": dict(self.options),
            "rotate": self.rotate, "summary": summary_dict(self.summary, self.game),
        }
        if self.variant:
            data["variant"] = {"name": self.variant_name, "params": dict(self.variant)}
        if with_games:
            data["results"] = [result_dict(r) for r in self.results]
        return data


class Tally:
    """Statistics of a simulation gathered one game at a time, in game order.

    Holds counts, sums and a histogram of game lengths (for the percentiles), never the
    games themselves, so memory stays flat however many games are added. Adding the same
    games in the same order gives the same :class:`Summary` as :func:`summarize`, to the
    last bit of every mean.
    """

    def __init__(self, players: int, game: str = "") -> None:
        self.players = players
        self.game = game
        self.games = 0
        self.seat_wins = [0.0] * players
        self.seat_returns = [0.0] * players
        self.seat_moments = [Moments() for _ in range(players)]
        self.bot_moments: dict[str, Moments] = {}
        self.seat_levels: list[set[str]] = [set() for _ in range(players)]
        self.bot_seats: dict[str, set[int]] = {}
        self.bot_seat_games: dict[str, int] = {}
        self.bot_wins: dict[str, float] = {}
        self.bot_returns: dict[str, float] = {}
        self.first_player_wins = 0.0
        self.draws = 0
        self.capped = 0
        self.lengths: dict[int, int] = {}
        """How many games took each number of actions."""
        self.length_sum = 0
        self.figures: Any = None
        """The game's own tally of its facts (``simulation.tally``), made at the first
        game with facts."""

    def add(self, result: GameResult) -> None:
        """Count one finished game (games must come in the order they are numbered).

        A win shared by ``k`` tied winners counts ``1/k`` for each of them.
        """
        self.games += 1
        winners, returns = result.winners, result.returns
        share = 1.0 / len(winners) if winners else 0.0
        for seat, level in enumerate(result.bots):
            won = seat in winners
            self.seat_levels[seat].add(level)
            self.seat_returns[seat] += returns[seat]
            self.seat_moments[seat].add(returns[seat])
            if level in self.bot_seats:
                self.bot_seats[level].add(seat)
                self.bot_seat_games[level] += 1
                self.bot_returns[level] += returns[seat]
            else:
                self.bot_seats[level] = {seat}
                self.bot_seat_games[level] = 1
                self.bot_returns[level] = 0.0 + returns[seat]
                self.bot_wins[level] = 0.0
                self.bot_moments[level] = Moments()
            self.bot_moments[level].add(returns[seat])
            if won:
                self.seat_wins[seat] += share
                self.bot_wins[level] += share
        if result.first_player in winners:
            self.first_player_wins += share
        if not winners:
            self.draws += 1
        if result.capped:
            self.capped += 1
        self.lengths[result.length] = self.lengths.get(result.length, 0) + 1
        self.length_sum += result.length
        if result.facts is not None:
            if self.figures is None:
                self.figures = make_figures_tally(self.game, self.players)
            self.figures.add(result.bots, result.facts)

    def length_percentile(self, q: float) -> float:
        """The ``q``-th percentile of the game lengths, as :func:`percentile` gives it."""
        if not 0 <= q <= 100:
            raise ValueError(f"percentile must be within 0-100, not {q}")
        position = (self.games - 1) * q / 100
        low = math.floor(position)
        high = min(low + 1, self.games - 1)
        ordered = sorted(self.lengths.items())
        low_value = high_value = float(ordered[-1][0])
        seen = 0
        for length, count in ordered:  # the low-th and high-th shortest games
            if seen <= low < seen + count:
                low_value = float(length)
            if seen <= high < seen + count:
                high_value = float(length)
                break
            seen += count
        return low_value + (high_value - low_value) * (position - low)

    def first_player_withheld(self) -> str:
        """Why the first-player advantage cannot be read from these games, or ""."""
        reason = support(self.game).simulation.first_player_withheld if self.game else ""
        if reason:
            return reason
        if len({frozenset(levels) for levels in self.seat_levels}) > 1:
            return ("the seats held different bots, so the first player's wins mix the "
                    "first seat's bot's strength with the seat: rotate the seats "
                    "(--rotate) or seat the same bot everywhere")
        return ""

    def return_bounds(self) -> Bounds:
        """The range of one seat's returns (the game's support record says)."""
        return support(self.game).simulation.return_bounds if self.game else UNBOUNDED

    def length_interval(self) -> Interval:
        """The mean length with its t 95% interval, from the histogram."""
        moments = Moments()
        for length, count in sorted(self.lengths.items()):
            moments.add(float(length), count)
        found = moments.interval((0.0, None))
        return replace(found, value=self.length_sum / self.games)

    def summary(self) -> Summary:
        """The :class:`Summary` of the games added so far."""
        games = self.games
        if games == 0:
            raise ValueError("cannot summarize zero games")
        bounds = self.return_bounds()

        def mean_ci(mean: float, moments: Moments) -> Interval:
            return replace(moments.interval(bounds), value=mean)

        seats = tuple(
            SeatStats(seat=seat, bot="/".join(sorted(self.seat_levels[seat])),
                      wins=Rate.of(self.seat_wins[seat], games),
                      mean_return=self.seat_returns[seat] / games,
                      mean_return_ci=mean_ci(self.seat_returns[seat] / games,
                                             self.seat_moments[seat]))
            for seat in range(self.players))
        bots = tuple(
            BotStats(bot=level, seats=tuple(sorted(self.bot_seats[level])),
                     wins=Rate.of(self.bot_wins[level], self.bot_seat_games[level]),
                     mean_return=self.bot_returns[level] / self.bot_seat_games[level],
                     mean_return_ci=mean_ci(
                         self.bot_returns[level] / self.bot_seat_games[level],
                         self.bot_moments[level]))
            for level in self.bot_seats)
        first = Rate.of(self.first_player_wins, games)
        even = 1.0 / self.players
        withheld = self.first_player_withheld()
        advantage = (Interval(0.0, None, None, 0) if withheld else
                     Interval(first.rate - even, first.low - even, first.high - even, games))
        return Summary(
            games=games, seats=seats, bots=bots, first_player_wins=first,
            first_player_advantage=None if withheld else first.rate - even,
            draws=self.draws, capped=Rate.of(self.capped, games),
            length_mean=self.length_sum / games, length_p50=self.length_percentile(50),
            length_p90=self.length_percentile(90), length_p99=self.length_percentile(99),
            length_min=min(self.lengths), length_max=max(self.lengths),
            game_figures=self.figures.summary() if self.figures is not None else None,
            first_player_advantage_ci=advantage, first_player_withheld=withheld,
            length=self.length_interval(), lengths=tuple(sorted(self.lengths.items())),
        )


def make_figures_tally(game: str, players: int) -> Any:
    """A new tally of ``game``'s own facts (its ``simulation.tally``), or None."""
    reference = support(game).simulation.tally
    return load_reference(reference, game)(players) if reference is not None else None


def summarize(results: Sequence[GameResult], players: int, game: str = "") -> Summary:
    """Aggregate statistics of a list of game results (in game order); ``game`` names
    the game whose own facts the results carry, if any."""
    if not results:
        raise ValueError("cannot summarize zero games")
    tally = Tally(players, game)
    for result in results:
        tally.add(result)
    return tally.summary()


# --------------------------------------------------------------------------------------
# Running games
# --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SimulationJob:
    """Everything a worker needs to play a chunk of games (picklable)."""

    game: str
    ruleset: str
    players: int
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    rotate: bool = False
    max_actions: int = DEFAULT_MAX_ACTIONS
    variant: tuple[tuple[str, Any], ...] = ()
    """The balance levers of a house-rule variant of the ruleset (empty: the published
    ruleset); the workers build the variant from them (:func:`job_game`)."""
    variant_name: str = ""
    facts: bool = True
    """Whether each game reports its own facts (the support record's ``simulation.facts``;
    off: ``--no-facts``, e.g. to measure what they cost)."""
    seatings: tuple[tuple[str, ...], ...] = ()
    """Duplicate play (the arena): game ``i`` is deal ``i // len(seatings)`` played with
    the bots seated as ``seatings[i % len(seatings)]``; every seating of a deal gets the
    same game seed. Empty: one game per seed, bots as ``bots`` (and ``rotate``) say."""

    def seed_of(self, index: int) -> int:
        """The game seed of game ``index`` (shared by the seatings of one deal)."""
        if self.seatings:
            return game_seed(self.seed, index // len(self.seatings))
        return game_seed(self.seed, index)

    def lineup(self, index: int) -> tuple[str, ...]:
        """The bot in each seat for game ``index``."""
        if self.seatings:
            return self.seatings[index % len(self.seatings)]
        return seat_bots(self.bots, index, self.rotate)


def job_game(job: SimulationJob) -> Game:
    """The game a job plays: its ruleset, or the house-rule variant of it the job names."""
    return get_variant(job.game, job.ruleset, dict(job.variant), job.variant_name or None)


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with ``base_seed``."""
    return derive_seed(base_seed, "sim-game", index)


def seat_bots(bots: Sequence[str], index: int, rotate: bool) -> tuple[str, ...]:
    """The bot in each seat for game ``index`` (rotated one seat per game if asked)."""
    if not rotate:
        return tuple(bots)
    shift = index % len(bots)
    return tuple(bots[(seat - shift) % len(bots)] for seat in range(len(bots)))


def hit_cap(state: GameState) -> bool:
    """True if a finished game was stopped by its own turn or round cap."""
    return state.is_terminal() and state.stopped_at_cap()


GameOutcome = tuple[int, tuple[int, ...], tuple[float, ...], int, bool, int, Any]
"""What a worker sends back per game: seed, winners, returns, length, capped, first
player, the game's own facts (a plain tuple: cheaper to pickle than a
:class:`GameResult`)."""


_FACTS: dict[str, Callable[[GameState], Any] | None] = {}
_WATCH: dict[str, Callable[[GameState], None] | None] = {}


def game_facts(game: str, state: GameState) -> Any:
    """The facts a finished game reports beyond winners and returns (its support
    record's ``simulation.facts``), or None."""
    if game not in _FACTS:
        reference = support(game).simulation.facts
        _FACTS[game] = load_reference(reference, game) if reference is not None else None
    facts = _FACTS[game]
    if facts is None or not state.is_terminal():
        return None
    return facts(state)


def watch_game(game: str, state: GameState) -> None:
    """Let a new game count what its facts need as it is played (its support record's
    ``simulation.watch``; nothing for a game without one)."""
    if game not in _WATCH:
        reference = support(game).simulation.watch
        _WATCH[game] = load_reference(reference, game) if reference is not None else None
    watch = _WATCH[game]
    if watch is not None:
        watch(state)


def play_game(job: SimulationJob, index: int) -> GameResult:
    """Play game ``index`` of ``job`` to the end and return its result."""
    return _result(job, index, _play(job, job_game(job), index))


def _result(job: SimulationJob, index: int, outcome: GameOutcome) -> GameResult:
    seed, winners, returns, length, capped, first, facts = outcome
    return GameResult(index=index, seed=seed, bots=job.lineup(index),
                      winners=winners, returns=returns, length=length, capped=capped,
                      first_player=first, facts=facts)


def _play(job: SimulationJob, game: Game, index: int) -> GameOutcome:
    """Play game ``index`` of ``job`` with ``game`` (bound to the job's ruleset)."""
    seed = job.seed_of(index)
    levels = job.lineup(index)
    bots = [make_bot(job.game, level, derive_seed(seed, "bot", seat))
            for seat, level in enumerate(levels)]
    reads_view = [getattr(bot, "reads_view", True) for bot in bots]
    state = game.new_state(job.players, seed, job.options)
    if job.facts:
        watch_game(job.game, state)
    first = state.current_player
    actions = 0
    capped = False
    while not state.is_terminal():
        if actions >= job.max_actions:
            capped = True
            break
        player = state.current_player
        legal = state.legal_actions(player)
        # view_for's rule, decided once per seat: no view for a bot that never reads it
        view = state.view(player) if reads_view[player] else {}
        state.apply(bots[player].choose(view, legal), player)
        actions += 1
    capped = capped or hit_cap(state)
    winners = tuple(state.winners()) if state.is_terminal() else ()
    returns = tuple(state.returns()) if state.is_terminal() else (0.0,) * job.players
    facts = game_facts(job.game, state) if job.facts else None
    return seed, winners, returns, actions, capped, first, facts


def play_outcomes(job: SimulationJob, indices: range) -> list[GameOutcome]:
    """Play the games ``indices`` of ``job`` (one chunk, on a worker); their outcomes."""
    game = job_game(job)
    return [_play(job, game, index) for index in indices]


def chunk_ranges(games: int, chunk_size: int) -> Iterator[range]:
    """Game indices ``0 .. games-1`` cut into consecutive ranges of ``chunk_size``."""
    return (range(start, min(start + chunk_size, games))
            for start in range(0, games, chunk_size))


ProgressCallback = Callable[[int, int], None]
"""Called with (games done, games in all) as chunks finish."""
GameCallback = Callable[[GameResult], None]
"""Called with every game's result, in game order, as games finish."""


def check_setup(game: str, ruleset: str | None, players: int, bots: Sequence[str],
                options: Mapping[str, Any] | None = None,
                params: Mapping[str, Any] | None = None,
                variant_name: str | None = None) -> tuple[str, dict[str, Any]]:
    """Check a simulation's inputs; returns the ruleset name and resolved options.

    Raises a :class:`~saustall.core.errors.SaustallError` naming what is wrong: unknown
    game, ruleset or bot, a real-time game, a player count the ruleset does not allow,
    a bot list that does not match the player count, a bad option, or a house-rule
    variant (``params``) with an unknown lever, a bad value, or that cannot be dealt
    for this many players.
    """
    bound = get_variant(game, ruleset, params, variant_name)
    spec = bound.ruleset
    if spec.realtime:
        raise InvalidOptionError(
            f"{game}/{spec.name} is a real-time game; this simulator plays turn-based games")
    spec.check_players(players)
    if len(bots) != players:
        raise InvalidOptionError(
            f"{len(bots)} bot(s) given ({', '.join(bots)}) for {players} players: "
            "give one bot per seat, or a single bot for every seat")
    for seat, level in enumerate(bots):
        make_bot(game, level, 0)  # raises UnknownGameError naming the known bots
    resolved = spec.resolve_options(options)
    if spec.variant:  # deal one game: a variant that cannot be laid out says why now
        bound.new_state(players, 0, resolved)
    return spec.name, resolved


def stream_chunks(play_chunk: Callable[[J, range], list[O]], job: J,
                  chunks: Iterator[range], workers: int) -> Iterator[tuple[range, list[O]]]:
    """Every chunk with ``play_chunk(job, chunk)``'s outcomes, in chunk order.

    ``workers == 1`` plays in this process; more spread the chunks over a process pool
    (``play_chunk`` must then be a module-level function and ``job`` picklable). A few
    chunks per worker are in flight at a time: enough to keep every worker busy, few
    enough that results waiting for an earlier chunk stay small.
    """
    if workers == 1:
        for chunk in chunks:
            yield chunk, play_chunk(job, chunk)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        in_flight: deque[tuple[range, Future[list[O]]]] = deque()
        for chunk in chunks:
            in_flight.append((chunk, pool.submit(play_chunk, job, chunk)))
            if len(in_flight) >= workers * 4:
                done, future = in_flight.popleft()
                yield done, future.result()
        while in_flight:
            done, future = in_flight.popleft()
            yield done, future.result()


BACKENDS = ("local", "ray")
"""Where games are played: ``local`` (this machine's processes) or ``ray`` (a Ray
cluster, or a local Ray; the ``ray`` extra)."""


def check_backend(backend: str) -> None:
    """Raise :class:`InvalidOptionError` for a backend that is not one of :data:`BACKENDS`."""
    if backend not in BACKENDS:
        raise InvalidOptionError(f"backend must be one of {', '.join(BACKENDS)}, "
                                 f"not {backend!r}")


def backend_workers(backend: str, workers: int | None, ray_address: str | None = None
                    ) -> int:
    """How many chunks to keep busy: ``workers`` (default: every core) locally, the
    cluster's CPUs on Ray (starting or reaching it; a failed start raises
    :class:`~saustall.arena.ray_backend.RayStartError`, one line saying what to do)."""
    check_backend(backend)
    if workers is not None and workers < 1:
        raise InvalidOptionError(f"workers must be at least 1, not {workers}")
    if backend == "ray":
        from saustall.arena.ray_backend import ray_workers

        return ray_workers(ray_address)
    return workers if workers is not None else (os.cpu_count() or 1)


def run_chunks(play_chunk: Callable[[J, range], list[O]], job: J, chunks: Iterator[range],
               workers: int, backend: str = "local") -> Iterator[tuple[range, list[O]]]:
    """Every chunk with ``play_chunk(job, chunk)``'s outcomes, in chunk order, on
    ``backend``: the same outcomes on either, for any number of workers."""
    check_backend(backend)
    if backend == "ray":
        from saustall.arena.ray_backend import ray_chunks

        return ray_chunks(play_chunk, job, chunks, workers)
    return stream_chunks(play_chunk, job, chunks, workers)


def simulate(game: str, ruleset: str | None, players: int, bots: Sequence[str],
             games: int, seed: int = 0, options: Mapping[str, Any] | None = None,
             workers: int | None = None, chunk_size: int | None = None,
             rotate: bool = False, progress: ProgressCallback | None = None,
             max_actions: int = DEFAULT_MAX_ACTIONS, keep_results: bool = True,
             on_game: GameCallback | None = None, backend: str = "local",
             ray_address: str | None = None, facts: bool = True,
             params: Mapping[str, Any] | None = None,
             variant_name: str | None = None) -> SimulationResult:
    """Play ``games`` games and return their summary (and results).

    ``bots`` names one bot level per seat (a single name is used for every seat).
    ``workers`` is the number of processes (default: all cores; 1 runs in this process);
    ``backend="ray"`` plays the chunks on a Ray cluster instead (``ray_address``, else
    ``RAY_ADDRESS``, else a new local Ray).
    With ``rotate`` the bots move one seat on every game, so that seat effects cancel
    out of the per-bot statistics. Results do not depend on ``workers`` or
    ``chunk_size``: games are counted in game order as they finish.

    Statistics are gathered as games finish (:class:`Tally`), so memory stays flat for
    any number of games when ``keep_results`` is false: the result's ``results`` is then
    empty, and ``on_game`` (called with every result, in game order) is the way to see
    each game, e.g. to write it to a file.

    ``params`` sets balance levers of the ruleset: the games are of that house-rule
    variant (named ``variant_name``, or after the levers), and so are the bots' worlds.

    With ``facts`` (the default) every game reports its own facts, summed up in the
    summary's ``game_figures``; without, neither is gathered (they cost a little time).
    """
    if not isinstance(games, int) or games < 1:
        raise InvalidOptionError(f"the number of games must be a positive integer, not {games!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidOptionError(f"seed must be an integer, not {seed!r}")
    bots = list(bots)
    if len(bots) == 1 and players > 1:
        bots = bots * players
    name, resolved = check_setup(game, ruleset, players, bots, options, params, variant_name)
    spec = get_variant(game, name, params, variant_name).ruleset
    job = SimulationJob(game=game, ruleset=name, players=players, bots=tuple(bots), seed=seed,
                        options=resolved, rotate=rotate, max_actions=max_actions,
                        variant=spec.variant, variant_name=spec.variant_name, facts=facts)
    workers = min(backend_workers(backend, workers, ray_address), games)
    if chunk_size is None:  # a few chunks per worker: balance without much overhead
        chunk_size = max(1, min(250, math.ceil(games / (workers * 8))))
    tally = Tally(players, game)
    kept: list[GameResult] = []
    done = 0
    for chunk, outcomes in run_chunks(play_outcomes, job, chunk_ranges(games, chunk_size),
                                      workers, backend):
        for index, outcome in zip(chunk, outcomes):
            result = _result(job, index, outcome)
            tally.add(result)
            if keep_results:
                kept.append(result)
            if on_game is not None:
                on_game(result)
        done += len(chunk)
        if progress is not None:
            progress(done, games)
    return SimulationResult(
        game=game, ruleset=name, players=players, bots=tuple(bots), seed=seed,
        options=resolved, rotate=rotate, results=tuple(kept), summary=tally.summary(),
        variant=spec.variant_params(), variant_name=spec.variant_name)
