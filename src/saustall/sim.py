"""Simulation: many bot games of any registered turn-based game, in parallel.

:func:`simulate` runs ``N`` games with one bot per seat and returns a
:class:`SimulationResult`: every game's outcome (:class:`GameResult`) and the aggregate
statistics (:class:`Summary`): win rate per seat and per bot with Wilson 95% confidence
intervals, first-seat advantage, game length (mean and percentiles), how often the turn
cap was hit, mean returns per seat.

Games are spread over worker processes in chunks. Each game's seed is derived from the
base seed and the game's index, and each bot's seed from the game seed and its seat, so
a simulation gives the same results whatever the number of workers.

The game is driven only through the core protocol (``new_state``, ``current_player``,
``view``, ``legal_actions``, ``apply``, ``is_terminal``, ``winners``, ``returns``); bots
get a seat's view and the legal actions, never the state.

Nothing here prints: the command line client (:mod:`saustall.cli.simulate`) shows the
results.
"""

from __future__ import annotations

import math
import os
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Mapping, Sequence

from saustall.bots.base import make_bot, view_for
from saustall.core.errors import InvalidOptionError
from saustall.core.game import GameState
from saustall.core.registry import get
from saustall.core.rng import derive_seed

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
    approximation it stays inside [0, 1] and behaves at rates near 0 and 1.
    """
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes}/{trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


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
    mean_return: float


@dataclass(frozen=True)
class BotStats:
    """Statistics for one bot level, pooled over the seats it played."""

    bot: str
    seats: tuple[int, ...]
    wins: Rate
    """Games won out of seat-games played by this bot."""
    mean_return: float


@dataclass(frozen=True)
class Summary:
    """Aggregate statistics of a simulation."""

    games: int
    seats: tuple[SeatStats, ...]
    bots: tuple[BotStats, ...]
    first_player_wins: Rate
    """How often the player who acted first won."""
    first_player_advantage: float
    """First player's win rate minus the even share ``1/players``."""
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
    summary: Summary

    def to_dict(self, with_games: bool = False) -> dict[str, Any]:
        """A JSON-ready dict; per-game results only with ``with_games``."""
        data: dict[str, Any] = {
            "game": self.game, "ruleset": self.ruleset, "players": self.players,
            "bots": list(self.bots), "seed": self.seed, "options": dict(self.options),
            "rotate": self.rotate, "summary": asdict(self.summary),
        }
        if with_games:
            data["results"] = [asdict(r) for r in self.results]
        return data


def summarize(results: Sequence[GameResult], players: int) -> Summary:
    """Aggregate statistics of a list of game results."""
    games = len(results)
    if games == 0:
        raise ValueError("cannot summarize zero games")
    seat_stats = []
    for seat in range(players):
        wins = sum(1 for r in results if seat in r.winners)
        levels = sorted({r.bots[seat] for r in results})
        seat_stats.append(SeatStats(
            seat=seat, bot="/".join(levels), wins=Rate.of(wins, games),
            mean_return=sum(r.returns[seat] for r in results) / games))
    by_bot: dict[str, list[tuple[int, GameResult]]] = {}
    for r in results:
        for seat, level in enumerate(r.bots):
            by_bot.setdefault(level, []).append((seat, r))
    bot_stats = []
    for level, entries in by_bot.items():
        wins = sum(1 for seat, r in entries if seat in r.winners)
        bot_stats.append(BotStats(
            bot=level, seats=tuple(sorted({seat for seat, _ in entries})),
            wins=Rate.of(wins, len(entries)),
            mean_return=sum(r.returns[seat] for seat, r in entries) / len(entries)))
    first = Rate.of(sum(1 for r in results if r.first_player in r.winners), games)
    lengths = [float(r.length) for r in results]
    return Summary(
        games=games, seats=tuple(seat_stats), bots=tuple(bot_stats),
        first_player_wins=first, first_player_advantage=first.rate - 1.0 / players,
        draws=sum(1 for r in results if not r.winners),
        capped=Rate.of(sum(1 for r in results if r.capped), games),
        length_mean=sum(lengths) / games, length_p50=percentile(lengths, 50),
        length_p90=percentile(lengths, 90), length_p99=percentile(lengths, 99),
        length_min=int(min(lengths)), length_max=int(max(lengths)),
    )


# --------------------------------------------------------------------------------------
# Running games
# --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Job:
    """Everything a worker needs to play a chunk of games (picklable)."""

    game: str
    ruleset: str
    players: int
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    rotate: bool = False
    max_actions: int = DEFAULT_MAX_ACTIONS


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


def play_game(job: _Job, index: int) -> GameResult:
    """Play game ``index`` of ``job`` to the end and return its result."""
    game = get(job.game, job.ruleset)
    seed = game_seed(job.seed, index)
    levels = seat_bots(job.bots, index, job.rotate)
    bots = [make_bot(job.game, level, derive_seed(seed, "bot", seat))
            for seat, level in enumerate(levels)]
    state = game.new_state(job.players, seed, job.options)
    first = state.current_player
    actions = 0
    capped = False
    while not state.is_terminal():
        if actions >= job.max_actions:
            capped = True
            break
        player = state.current_player
        legal = state.legal_actions(player)
        bot = bots[player]
        action = bot.choose(view_for(bot, state, player), legal)
        state.apply(action, player)
        actions += 1
    capped = capped or hit_cap(state)
    winners = tuple(state.winners()) if state.is_terminal() else ()
    returns = tuple(state.returns()) if state.is_terminal() else (0.0,) * job.players
    return GameResult(index=index, seed=seed, bots=levels, winners=winners,
                      returns=returns, length=actions, capped=capped, first_player=first)


def _play_chunk(job: _Job, indices: Sequence[int]) -> list[GameResult]:
    return [play_game(job, index) for index in indices]


def _chunks(games: int, chunk_size: int) -> list[range]:
    return [range(start, min(start + chunk_size, games))
            for start in range(0, games, chunk_size)]


ProgressCallback = Callable[[int, int], None]
"""Called with (games done, games in all) as chunks finish."""


def check_setup(game: str, ruleset: str | None, players: int, bots: Sequence[str],
                options: Mapping[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    """Check a simulation's inputs; returns the ruleset name and resolved options.

    Raises a :class:`~saustall.core.errors.SaustallError` naming what is wrong: unknown
    game, ruleset or bot, a real-time game, a player count the ruleset does not allow,
    a bot list that does not match the player count, or a bad option.
    """
    bound = get(game, ruleset)
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
    return spec.name, resolved


def simulate(game: str, ruleset: str | None, players: int, bots: Sequence[str],
             games: int, seed: int = 0, options: Mapping[str, Any] | None = None,
             workers: int | None = None, chunk_size: int | None = None,
             rotate: bool = False, progress: ProgressCallback | None = None,
             max_actions: int = DEFAULT_MAX_ACTIONS) -> SimulationResult:
    """Play ``games`` games and return their results and summary.

    ``bots`` names one bot level per seat (a single name is used for every seat).
    ``workers`` is the number of processes (default: all cores; 1 runs in this process).
    With ``rotate`` the bots move one seat on every game, so that seat effects cancel
    out of the per-bot statistics. Results do not depend on ``workers`` or
    ``chunk_size``.
    """
    if not isinstance(games, int) or games < 1:
        raise InvalidOptionError(f"the number of games must be a positive integer, not {games!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidOptionError(f"seed must be an integer, not {seed!r}")
    bots = list(bots)
    if len(bots) == 1 and players > 1:
        bots = bots * players
    name, resolved = check_setup(game, ruleset, players, bots, options)
    job = _Job(game=game, ruleset=name, players=players, bots=tuple(bots), seed=seed,
               options=resolved, rotate=rotate, max_actions=max_actions)
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise InvalidOptionError(f"workers must be at least 1, not {workers}")
    workers = min(workers, games)
    if chunk_size is None:  # a few chunks per worker: balance without much overhead
        chunk_size = max(1, min(250, math.ceil(games / (workers * 8))))
    chunks = _chunks(games, chunk_size)
    results: list[GameResult] = []
    done = 0
    if workers == 1:
        for chunk in chunks:
            results.extend(_play_chunk(job, chunk))
            done += len(chunk)
            if progress is not None:
                progress(done, games)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            pending: set[Future[list[GameResult]]] = {
                pool.submit(_play_chunk, job, chunk) for chunk in chunks}
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    chunk_results = future.result()
                    results.extend(chunk_results)
                    done += len(chunk_results)
                if progress is not None:
                    progress(done, games)
    results.sort(key=lambda r: r.index)
    return SimulationResult(
        game=game, ruleset=name, players=players, bots=tuple(bots), seed=seed,
        options=resolved, rotate=rotate, results=tuple(results),
        summary=summarize(results, players))
