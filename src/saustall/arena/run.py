"""Running an arena: duplicate matches between bots, on local cores or a Ray cluster.

:func:`run_arena` plays ``deals`` deals, each with every seating of the duplicate scheme
(:mod:`saustall.arena.scheme`), and returns an :class:`ArenaResult`: each bot's mean
result with a 95% confidence interval, its OpenSkill rating, and the head-to-head table
(:mod:`saustall.arena.stats` explains the statistics).

The games are played by :mod:`saustall.arena.simulate`'s machinery (the same game loop, and the same
in-order streaming of deterministic chunks over a process pool); game ``i`` is deal
``i // seatings`` with seating ``i % seatings``, its seed derived from the base seed and
the deal. Everything is counted in game order, so the same seed gives the same result for
any number of workers, on either backend.

What a result is, per game, its support record says (``simulation.arena_score`` and
``seat_results``; by default the engine's ``returns()``); a real-time game is played on
simulated time by its own driver (``simulation.realtime_game``).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Callable, Iterator, Mapping, Sequence

from saustall.arena.scheme import seatings as make_seatings
from saustall.arena.stats import (
    CONFIDENCE, DuplicateTally, Interval, Rating, Ratings, ci_note, t_interval,
)
from saustall.bots.base import make_bot, plays_ruleset
from saustall.core.errors import InvalidOptionError, SaustallError
from saustall.core.registry import get_variant, support
from saustall.core.support import load_reference
from saustall.arena.simulate import (
    BACKENDS, DEFAULT_MAX_ACTIONS, GameOutcome, SimulationJob, backend_workers,
    check_backend, chunk_ranges, make_figures_tally, play_outcomes, records, run_chunks,
)
from saustall.stats import Bounds

DEFAULT_METRIC = ("returns", "the engine's returns() per seat")
"""A seat's result for a game whose support record names none."""


def score_bounds(game: str) -> Bounds:
    """The range of one seat's arena result in ``game`` (its intervals stay inside)."""
    simulation = support(game).simulation
    return simulation.score_bounds or simulation.return_bounds


def metric_of(game: str) -> tuple[str, str]:
    """The name of a seat's result in ``game`` and what it means."""
    return support(game).simulation.arena_score or DEFAULT_METRIC


@dataclass(frozen=True)
class BotResult:
    """One bot's figures."""

    bot: str
    mean: float
    """Mean result over the deals (each deal: the bot's mean over its seats)."""
    ci_low: float | None
    ci_high: float | None
    deals: int
    seat_games: int
    """Seats taken, over all games."""
    rating: Rating


@dataclass(frozen=True)
class PairResult:
    """Head to head: ``bot`` minus ``opponent`` on the deals both played (paired)."""

    bot: str
    opponent: str
    mean_difference: float
    ci_low: float | None
    ci_high: float | None
    deals: int
    bot_mean: float
    """``bot``'s own mean result in the games where ``opponent`` sat too (at a two-player
    table of a win-share game: its win rate against the opponent)."""
    bot_mean_low: float | None = None
    """:attr:`bot_mean`'s 95% t interval over the deals, clipped to the result's range
    (None: fewer than two deals, or no spread)."""
    bot_mean_high: float | None = None


@dataclass(frozen=True)
class ArenaGame:
    """One arena game: which deal, who sat where, each seat's result."""

    game: int
    deal: int
    seed: int
    bots: tuple[str, ...]
    winners: tuple[int, ...]
    results: tuple[float, ...]
    """Each seat's result (the arena's metric)."""
    length: int


@dataclass(frozen=True)
class ArenaResult:
    """An arena's set-up and results."""

    game: str
    ruleset: str
    players: int
    bots: tuple[str, ...]
    deals: int
    seed: int
    options: dict[str, Any]
    seating: str
    seatings: tuple[tuple[str, ...], ...]
    games: int
    """Games played: deals x seatings."""
    metric: str
    metric_meaning: str
    results: tuple[BotResult, ...]
    """In the order the bots were named."""
    pairs: tuple[PairResult, ...]
    game_figures: Any
    """The game's own figures (its ``simulation.tally``'s summary), or None."""
    deal_means: dict[str, tuple[float, ...]] = field(repr=False)
    """Each bot's mean result per deal (the distributions the report plots)."""
    game_rows: tuple[ArenaGame, ...] = field(default=(), repr=False)
    """Every game, in game order (the JSON's ``per_game``: one record per game)."""
    variant: dict[str, Any] = field(default_factory=dict)
    """The balance levers of the house-rule variant played (empty: the ruleset itself)."""
    variant_name: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON summary (``--json``): set-up, per bot mean, CI bounds and rating,
        the head-to-head table, and a game's own figures under its own key."""
        return {
            "game": self.game, "ruleset": self.ruleset, "players": self.players,
            "bots": list(self.bots), "deals": self.deals, "seed": self.seed,
            "options": dict(self.options), "seating": self.seating,
            "seatings": [list(lineup) for lineup in self.seatings], "games": self.games,
            "metric": self.metric, "metric_meaning": self.metric_meaning,
            "confidence": CONFIDENCE,
            "ci_method": "Student t-interval over per-deal means (duplicate groups)",
            "rating_model": "openskill PlackettLuce; ordinal = mu - 3 sigma",
            "results": {r.bot: {"mean": r.mean, "ci_low": r.ci_low, "ci_high": r.ci_high,
                                "ci_note": ci_note(r.ci_low, r.deals),
                                "deals": r.deals, "seat_games": r.seat_games,
                                "rating": asdict(r.rating)} for r in self.results},
            "pairwise": [asdict(pair) | {"ci_note": ci_note(pair.ci_low, pair.deals)}
                         for pair in self.pairs],
            "per_game": [asdict(row) for row in self.game_rows],
            **({"variant": {"name": self.variant_name, "params": dict(self.variant)}}
               if self.variant else {}),
            **({support(self.game).simulation.summary_key or "game_figures":
                records(asdict(self.game_figures))} if self.game_figures is not None else {}),
        }


def seat_results(game: str, players: int, options: Mapping[str, Any],
                 outcome: GameOutcome) -> tuple[float, ...]:
    """Each seat's result in one game (the support record's ``simulation.seat_results``,
    else the returns)."""
    _, winners, returns, _, _, _, _ = outcome
    reference = support(game).simulation.seat_results
    if reference is not None:
        return tuple(load_reference(reference, game)(players, options, winners, returns))
    return tuple(float(value) for value in returns)


def play_chunk(job: SimulationJob, indices: range) -> list[GameOutcome]:
    """Play games ``indices`` of an arena job (module level: runs in worker processes)."""
    reference = support(job.game).simulation.realtime_game
    if reference is not None:  # real time, played on simulated time by its own driver
        play_one = load_reference(reference, job.game)
        return [play_one(job, index) for index in indices]
    return play_outcomes(job, indices)


ProgressCallback = Callable[[int, int], None]
"""Called with (games done, games in all) as chunks finish."""


class MissingExtraError(SaustallError, ImportError):
    """A package the arena needs is not installed; the message says what to install."""


def require_extras() -> None:
    """Fail before any game is played when the ``arena`` extra (openskill, scipy) is
    missing, naming what to install."""
    import importlib.util

    missing = [name for name in ("openskill", "scipy")
               if importlib.util.find_spec(name) is None]
    if missing:
        raise MissingExtraError(f"the arena needs {' and '.join(missing)}: "
                                "pip install 'saustall[arena]'")


def check_arena(game: str, ruleset: str | None, players: int | None, bots: Sequence[str],
                options: Mapping[str, Any] | None, seating: str,
                params: Mapping[str, Any] | None = None, variant_name: str | None = None
                ) -> tuple[str, int, dict[str, Any], tuple[tuple[str, ...], ...]]:
    """Check an arena's inputs; returns the ruleset name, the player count, the resolved
    options and the seatings. Raises a :class:`~saustall.core.errors.SaustallError`
    naming what is wrong (a house-rule variant's levers included)."""
    bound = get_variant(game, ruleset, params, variant_name)
    spec = bound.ruleset
    if players is None:
        players = (len(bots) if spec.min_players <= len(bots) <= spec.max_players
                   else bound.default_players)
    spec.check_players(players)
    for level in bots:
        bot = make_bot(game, level, 0)  # raises UnknownGameError naming the known bots
        if not plays_ruleset(bot, spec.name):
            raise InvalidOptionError(f"bot {level!r} does not play {game}/{spec.name} "
                                     "(a learned policy plays the ruleset it was trained for)")
    resolved = spec.resolve_options(options)
    if spec.variant:  # deal one game: a variant that cannot be laid out says why now
        bound.new_state(players, 0, resolved)
    return spec.name, players, resolved, make_seatings(bots, players, seating)


def run_arena(game: str, bots: Sequence[str], deals: int, ruleset: str | None = None,
              players: int | None = None, seed: int = 0,
              options: Mapping[str, Any] | None = None, workers: int | None = None,
              backend: str = "local", seating: str = "all",
              progress: ProgressCallback | None = None, chunk_size: int | None = None,
              ray_address: str | None = None,
              max_actions: int = DEFAULT_MAX_ACTIONS, facts: bool = True,
              params: Mapping[str, Any] | None = None,
              variant_name: str | None = None) -> ArenaResult:
    """Play ``deals`` duplicate deals between ``bots`` and return the figures.

    ``players`` defaults to the number of bots when the ruleset allows it, else the
    game's usual count. ``workers`` (local backend) defaults to every core; the Ray
    backend uses the cluster's CPUs (``ray_address``, or ``RAY_ADDRESS``, or a Ray
    already initialized in this process, or a new local one). ``facts``: whether the
    games report the game's own facts; ``params``: balance levers of a house-rule
    variant (see :func:`saustall.arena.simulate.simulate`).
    """
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise InvalidOptionError(f"the number of deals must be a positive integer, "
                                 f"not {deals!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidOptionError(f"seed must be an integer, not {seed!r}")
    check_backend(backend)
    require_extras()
    bots = [bot.strip() for bot in bots]
    name, count, resolved, lineups = check_arena(game, ruleset, players, bots, options,
                                                 seating, params, variant_name)
    spec = get_variant(game, name, params, variant_name).ruleset
    job = SimulationJob(game=game, ruleset=name, players=count, bots=tuple(bots), seed=seed,
                        options=resolved, max_actions=max_actions, seatings=lineups,
                        variant=spec.variant, variant_name=spec.variant_name, facts=facts)
    total = deals * len(lineups)
    workers = min(backend_workers(backend, workers, ray_address), total)
    if chunk_size is None:  # a few chunks per worker: balance without much overhead
        chunk_size = max(1, min(100, math.ceil(total / (workers * 8))))
    chunks = chunk_ranges(total, chunk_size)
    stream: Iterator[tuple[range, list[GameOutcome]]] = run_chunks(
        play_chunk, job, chunks, workers, backend)
    tally = DuplicateTally(bots, len(lineups), score_bounds(game))
    ratings = Ratings(bots)
    figures = make_figures_tally(game, count)
    with_facts = 0
    done = 0
    rows: list[ArenaGame] = []
    for chunk, outcomes in stream:
        for index, outcome in zip(chunk, outcomes):
            lineup = job.lineup(index)
            scores = seat_results(game, count, resolved, outcome)
            rows.append(ArenaGame(game=index, deal=index // len(lineups), seed=outcome[0],
                                  bots=lineup, winners=tuple(outcome[1]), results=scores,
                                  length=outcome[3]))
            per_bot = tally.add(lineup, scores)
            ratings.add(per_bot)
            if figures is not None and outcome[6] is not None:
                figures.add(lineup, outcome[6])
                with_facts += 1
        done += len(chunk)
        if progress is not None:
            progress(done, total)
    found = _result(game, name, count, bots, deals, seed, resolved, seating, lineups, total,
                    tally, ratings, figures if with_facts else None)
    return replace(found, game_rows=tuple(rows), variant=spec.variant_params(),
                   variant_name=spec.variant_name)


def _result(game: str, ruleset: str, players: int, bots: Sequence[str], deals: int,
            seed: int, options: dict[str, Any], seating: str,
            lineups: tuple[tuple[str, ...], ...], total: int, tally: DuplicateTally,
            ratings: Ratings, facts: Any) -> ArenaResult:
    results = []
    for bot in bots:
        found: Interval = tally.bot_interval(bot)
        results.append(BotResult(bot=bot, mean=found.mean, ci_low=found.low,
                                 ci_high=found.high, deals=found.n,
                                 seat_games=tally.seat_games[bot],
                                 rating=ratings.rating(bot)))
    pairs = []
    for a, b in tally.pair_differences:
        if not tally.pair_differences[(a, b)]:
            continue
        found = tally.pair_interval(a, b)
        own = t_interval(tally.pair_means[(a, b)], bounds=tally.bounds)
        pairs.append(PairResult(bot=a, opponent=b, mean_difference=found.mean,
                                ci_low=found.low, ci_high=found.high, deals=found.n,
                                bot_mean=own.mean, bot_mean_low=own.low,
                                bot_mean_high=own.high))
    metric, meaning = metric_of(game)
    return ArenaResult(
        game=game, ruleset=ruleset, players=players, bots=tuple(bots), deals=deals,
        seed=seed, options=options, seating=seating, seatings=lineups, games=total,
        metric=metric, metric_meaning=meaning, results=tuple(results), pairs=tuple(pairs),
        game_figures=facts.summary() if facts is not None else None,
        deal_means={bot: tuple(values) for bot, values in tally.deal_means.items()})
