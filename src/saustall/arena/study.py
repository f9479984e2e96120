"""Studies: one question asked under several bots, and a variant against the base.

``saustall study GAME --bots A,B,C`` plays the same games (the same seeds) once per bot,
every seat held by that bot, and puts each figure side by side: the first player's share,
every seat's wins, draws, the length, and every share or mean the game's own tally adds
(:mod:`saustall.arena.figures`). A balance answer is the bots' answer: where two bots'
figures differ beyond their intervals the figure is **flagged**, so a designer sees when
random play hides an edge stronger play shows.

* **Flagging.** For each pair of bots, the difference of the figure with its 95% interval;
  the figure is flagged when some pair's interval excludes 0. Figures measured per game
  (first player's share, seat wins, draws, turn cap, length) are *paired* by seed: the
  paired Newcombe interval for a share that is 0 or 1 in every game, else the t interval
  over the per-game differences. A game's own tallied figures have no per-game values
  here: independent Newcombe intervals for shares (conservative for paired games), and
  for means the two intervals' half-widths combined as normal errors.
* **Variant.** ``--variant`` names what to compare with the base: another ruleset or
  options (:class:`Variant`: "a ruleset name or params"). Under each bot the variant is
  played on the same seeds, and each figure's variant minus base comes with its paired
  interval, as above.
* **First player.** Each lineup holds one bot in every seat, so the first player's share
  is a pure seat effect: the advantage over the even share is given, unless the game
  says it means nothing there (then withheld, with the reason).

Nothing here prints: :mod:`saustall.cli.study` shows the result and writes the report.
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Callable, Mapping, Sequence

from saustall.arena.figures import figures
from saustall.arena.sim_report import plain
from saustall.arena.simulate import GameResult, SimulationResult, records, simulate
from saustall.core.errors import InvalidOptionError
from saustall.bots.base import make_bot
from saustall.core.registry import get, support
from saustall.core.support import load_reference
from saustall.stats import (
    Bounds, Interval, wilson, difference_bounds, newcombe, newcombe_paired, t_interval, t_interval_of,
    t_quantile,
)

LENGTH = "game length (actions)"
"""The length figure of a game that names no unit of its own (``length_figure``)."""
FIRST = "first player wins"


def length_name(unit: str) -> str:
    """The study's length figure in ``unit`` (``game length (turns)``)."""
    return f"game length ({unit})" if unit else LENGTH


def is_length(name: str) -> bool:
    """True for the study's length figure, in whatever unit."""
    return name.startswith("game length (")


@dataclass(frozen=True)
class Variant:
    """What a study compares with its base: a ruleset name, options, balance levers
    (``params``: a house-rule variant, :meth:`saustall.core.game.Ruleset.with_params`),
    or any of them together.

    Named so that tables and records say which is which (default name: the ruleset, the
    options and the levers as written)."""

    ruleset: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    name: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)
    """Balance levers (``--param``, ``--ruleset-file``)."""

    def label(self) -> str:
        """The variant's name as tables show it."""
        if self.name:
            return self.name
        words = [self.ruleset] if self.ruleset else []
        words += [f"{key}={value}" for key, value in self.options.items()]
        words += [f"{key}={value}" for key, value in self.params.items()]
        return " ".join(words) or "base"


@dataclass
class PerGame:
    """The per-game values of one run (flat arrays, in game order)."""

    names: list[str]
    share_like: list[bool]
    """True for a figure whose per-game value is a share of 0..1 (a win, a draw)."""
    values: list[array[float]]
    bounds: list[Bounds] = field(default_factory=list)
    """The range of each figure's per-game value (default: a count's, from 0)."""

    @classmethod
    def empty(cls, names: Sequence[str], share_like: Sequence[bool],
              bounds: Sequence[Bounds] = ()) -> "PerGame":
        """No games yet, for these figures."""
        return cls(list(names), list(share_like), [array("d") for _ in names],
                   list(bounds) or [(0.0, None)] * len(names))

    def add(self, row: Sequence[float]) -> None:
        """One game's values, in the order of :attr:`names`."""
        for column, value in zip(self.values, row):
            column.append(value)

    def bounds_of(self, column: int) -> Bounds:
        """The range of figure ``column``'s per-game value."""
        return self.bounds[column] if column < len(self.bounds) else (0.0, None)


@dataclass(frozen=True)
class StudyJob:
    """One bot's games of a study, for a game's own study driver
    (``SimulationSupport.study_games``, real-time games)."""

    game: str
    ruleset: str
    players: int
    bot: str
    games: int
    seed: int
    options: Mapping[str, Any]
    params: Mapping[str, Any]
    variant_name: str | None
    workers: int | None
    backend: str
    ray_address: str | None


@dataclass(frozen=True)
class StudyGames:
    """What a game's own study driver returns for one bot: its per-game values (paired
    by seed), the game's own figures as JSON records (:func:`saustall.arena.figures.figures`
    reads them), the figures among those the per-game values already give (left out),
    the length distribution, and why the first player's figure means nothing."""

    per_game: PerGame
    figures: Any
    skip: frozenset[str] = frozenset()
    lengths: tuple[tuple[float, int], ...] = ()
    length_unit: str = "actions"
    first_player_withheld: str = ""
    length_figure: str = ""
    """The name of the per-game figure that is the game's length (e.g. ``game length
    (s)``): the study's length row."""


@dataclass(frozen=True)
class Row:
    """One figure of one run: its interval, and how it was measured."""

    name: str
    kind: str
    """``share`` or ``mean``."""
    interval: Interval
    count: float = 0.0
    total: int = 0


@dataclass(frozen=True)
class Comparison:
    """A difference between two runs' figure (B minus A), with its interval."""

    figure: str
    a: str
    b: str
    difference: Interval
    method: str
    kind: str = "share"
    """``share`` (the difference in share points) or ``mean``."""

    @property
    def flagged(self) -> bool:
        """True when the interval excludes 0: the two runs disagree."""
        return self.difference.excludes_zero()


@dataclass(frozen=True)
class Run:
    """One bot (and ruleset) played over the study's games."""

    bot: str
    variant: str
    """``base`` or the variant's label."""
    result: SimulationResult | None
    """The simulation (None: a real-time game's own driver played it)."""
    rows: tuple[Row, ...]
    lengths: tuple[tuple[float, int], ...] = ()
    """The length distribution: (length, games)."""
    figures: Any = None
    """The game's own figures (the simulation summary's ``game_figures``), or None."""


@dataclass(frozen=True)
class StudyResult:
    """Every run, the side-by-side figures, the flags and the variant's differences."""

    game: str
    ruleset: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    runs: tuple[Run, ...]
    across_bots: tuple[Comparison, ...]
    """Every figure, every pair of bots (base ruleset): B minus A."""
    variant: str | None
    against_base: tuple[Comparison, ...]
    """Under each bot, each figure: the variant minus the base (paired by seed)."""
    first_player_withheld: str
    variant_params: Mapping[str, Any] = field(default_factory=dict)
    """The variant's balance levers (empty: none, or no variant)."""
    length: str = LENGTH
    """The name of the length figure: in actions, or in the game's own unit."""
    length_unit: str = "actions"
    """The unit of the length distribution (:attr:`Run.lengths`)."""

    def figure_names(self) -> list[str]:
        """The figures in the order the first run has them."""
        return [row.name for row in self.runs[0].rows] if self.runs else []

    def run(self, bot: str, variant: str = "base") -> Run:
        """The run of ``bot`` (base or variant)."""
        return next(r for r in self.runs if r.bot == bot and r.variant == variant)

    def flagged(self) -> set[str]:
        """The figures some pair of bots disagrees on."""
        return {c.figure for c in self.across_bots if c.flagged}

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready records (each figure of each run a record; pandas reads them)."""
        return {
            "game": self.game, "ruleset": self.ruleset, "players": self.players,
            "bots": list(self.bots), "games": self.games, "seed": self.seed,
            "variant": self.variant,
            **({"variant_params": dict(self.variant_params)} if self.variant_params else {}),
            "first_player_withheld": self.first_player_withheld,
            "confidence": 0.95,
            "length_figure": self.length,
            "figures": [{"bot": run.bot, "variant": run.variant, "figure": row.name,
                         "kind": row.kind, **row.interval.as_dict(),
                         **({"count": row.count, "total": row.total}
                            if row.kind == "share" else {})}
                        for run in self.runs for row in run.rows],
            "across_bots": [_comparison(c) for c in self.across_bots],
            "flagged": sorted(self.flagged()),
            "against_base": [_comparison(c) for c in self.against_base],
        }


def _comparison(found: Comparison) -> dict[str, Any]:
    return {"figure": found.figure, "a": found.a, "b": found.b, "method": found.method,
            "kind": found.kind,
            "flagged": found.flagged, **found.difference.as_dict()}


def _per_game_names(players: int, unit: str = "") -> tuple[list[str], list[bool]]:
    names = [FIRST] + [f"seat {seat + 1} wins" for seat in range(players)]
    names += ["draws", "turn cap hit", length_name(unit)]
    return names, [True] * (players + 3) + [False]


def _per_game_row(result: GameResult, players: int, unit: str = "") -> list[float]:
    share = 1.0 / len(result.winners) if result.winners else 0.0
    row = [share if result.first_player in result.winners else 0.0]
    row += [share if seat in result.winners else 0.0 for seat in range(players)]
    length = getattr(result.facts, unit) if unit else result.length
    row += [0.0 if result.winners else 1.0, 1.0 if result.capped else 0.0, float(length)]
    return row


def _rows(result: SimulationResult, per_game: PerGame, unit: str = "") -> tuple[Row, ...]:
    summary = result.summary
    rows = [Row(FIRST, "share", _rate(summary.first_player_wins),
                summary.first_player_wins.successes, summary.first_player_wins.trials)]
    rows += [Row(f"seat {seat.seat + 1} wins", "share", _rate(seat.wins), seat.wins.successes,
                 seat.wins.trials) for seat in summary.seats]
    draws = sum(per_game.values[per_game.names.index("draws")])
    rows.append(Row("draws", "share", wilson(draws, summary.games), draws, summary.games))
    rows.append(Row("turn cap hit", "share", _rate(summary.capped), summary.capped.successes,
                    summary.capped.trials))
    if unit:  # the game's own length figure, read per game (paired), shown once
        column = per_game.values[per_game.names.index(length_name(unit))]
        rows.append(Row(length_name(unit), "mean", t_interval(list(column), (0.0, None))))
    else:
        rows.append(Row(LENGTH, "mean", summary.length))
    if summary.game_figures is not None:
        for found in figures(records(plain(summary.game_figures))):
            if unit and found.path == unit:
                continue  # the length row above
            rows.append(Row(found.path, found.kind, found.interval, found.count, found.total))
    return tuple(rows)


def _driver_rows(found: StudyGames) -> tuple[Row, ...]:
    """A real-time game's figures: its per-game values (shares by Wilson, means by t
    within their range), then its own tallied figures but those the first give."""
    rows = []
    per_game = found.per_game
    for column, name in enumerate(per_game.names):
        values = per_game.values[column]
        n = len(values)
        if per_game.share_like[column]:
            count = math.fsum(values)
            rows.append(Row(name, "share", wilson(count, n), count, n))
        elif n:
            rows.append(Row(name, "mean", t_interval(list(values), per_game.bounds_of(column))))
    for figure in figures(found.figures):
        if figure.path not in found.skip:
            rows.append(Row(figure.path, figure.kind, figure.interval, figure.count,
                            figure.total))
    return tuple(rows)


def _rate(rate: Any) -> Interval:
    return Interval(rate.rate, rate.low, rate.high, rate.trials)


def paired_difference(a: Sequence[float], b: Sequence[float], share_like: bool,
                      bounds: tuple[float | None, float | None] = (None, None)
                      ) -> tuple[Interval, str]:
    """B minus A over the same games: Newcombe's paired interval when every value is 0
    or 1, else the t interval over the per-game differences (clipped to ``bounds``'
    difference range)."""
    n = len(a)
    if share_like and all(v in (0.0, 1.0) for v in a) and all(v in (0.0, 1.0) for v in b):
        both = sum(1 for x, y in zip(a, b) if x and y)
        only_b = sum(1 for x, y in zip(a, b) if y and not x)
        only_a = sum(1 for x, y in zip(a, b) if x and not y)
        return newcombe_paired(both, only_b, only_a, n - both - only_a - only_b), \
            "paired Newcombe"
    differences = [y - x for x, y in zip(a, b)]
    mean = math.fsum(differences) / n if n else 0.0
    variance = (math.fsum((d - mean) ** 2 for d in differences) / (n - 1)) if n > 1 else 0.0
    limits = difference_bounds((0.0, 1.0)) if share_like else difference_bounds(bounds)
    return t_interval_of(mean, variance, n, limits), "paired t"


def independent_difference(a: Row, b: Row) -> tuple[Interval, str]:
    """B minus A for figures without per-game values: Newcombe for shares, normal
    errors from the intervals for means."""
    if a.kind == "share" and b.kind == "share":
        return newcombe(b.count, b.total, a.count, a.total), "Newcombe (independent)"
    value = b.interval.value - a.interval.value
    n = min(a.interval.n, b.interval.n)
    if None in (a.interval.low, a.interval.high, b.interval.low, b.interval.high) or n < 2:
        return Interval(value, None, None, n), "no interval"
    errors = []
    for found in (a.interval, b.interval):
        assert found.low is not None and found.high is not None
        errors.append((found.high - found.low) / (2 * t_quantile(max(found.n - 1, 1))))
    half = 1.959963984540054 * math.hypot(*errors)
    return Interval(value, value - half, value + half, n), "independent (normal)"


def _compare(figure: str, run_a: Run, games_a: PerGame, run_b: Run, games_b: PerGame,
             a: str, b: str) -> Comparison | None:
    row_a = next((r for r in run_a.rows if r.name == figure), None)
    row_b = next((r for r in run_b.rows if r.name == figure), None)
    if row_a is None or row_b is None:
        return None
    if figure in games_a.names:
        column = games_a.names.index(figure)
        difference, method = paired_difference(games_a.values[column],
                                                games_b.values[column],
                                                games_a.share_like[column],
                                                games_a.bounds_of(column))
    else:
        difference, method = independent_difference(row_a, row_b)
    return Comparison(figure, a, b, difference, method, row_a.kind)


ProgressCallback = Callable[[int, int], None]


def run_study(game: str, bots: Sequence[str], games: int, ruleset: str | None = None,
              variant: Variant | None = None, players: int | None = None, seed: int = 0,
              options: Mapping[str, Any] | None = None, workers: int | None = None,
              backend: str = "local", ray_address: str | None = None,
              progress: ProgressCallback | None = None) -> StudyResult:
    """Play ``games`` games (the same seeds) once per bot, and once more per bot under the
    variant if one is given; the figures side by side, flagged, and the differences."""
    bots = [bot.strip() for bot in bots if bot.strip()]
    if not bots:
        raise InvalidOptionError("a study needs at least one bot, e.g. --bots random,racer")
    repeated = sorted({bot for bot in bots if bots.count(bot) > 1})
    if repeated:
        raise InvalidOptionError(f"name each bot once; repeated: {', '.join(repeated)}")
    bound = get(game, ruleset)
    count = players if players is not None else bound.default_players
    simulation = support(game).simulation
    unit = simulation.length_figure
    driver = None
    if bound.ruleset.realtime:
        if simulation.study_games is None:
            raise InvalidOptionError(f"{game} is a real-time game and names no study "
                                     f"driver (simulation.study_games)")
        driver = load_reference(simulation.study_games, game)
        bound.ruleset.check_players(count)
        for bot in bots:
            make_bot(game, bot, 0)  # raises naming the known bots
    withheld = ""
    length_unit = "actions"
    length = length_name(unit)
    runs: list[Run] = []
    per_game: dict[tuple[str, str], PerGame] = {}
    setups: list[tuple[str, str | None, Mapping[str, Any], Mapping[str, Any]]] = [
        ("base", bound.ruleset.name, dict(options or {}), {})]
    if variant is not None:
        setups.append((variant.label(), variant.ruleset or bound.ruleset.name,
                       {**dict(options or {}), **dict(variant.options)},
                       dict(variant.params)))
    total = games * len(bots) * len(setups)
    finished = 0
    for label, rules, chosen, levers in setups:
        for bot in bots:
            if driver is not None:  # a real-time game: its own driver plays the games
                def step(done: int, _: int, before: int = finished) -> None:
                    if progress is not None:
                        progress(before + done, total)

                played: StudyGames = driver(StudyJob(
                    game, rules or bound.ruleset.name, count, bot, games, seed, chosen,
                    levers, (variant.name or None) if levers and variant else None,
                    workers, backend, ray_address), step)
                finished += games
                runs.append(Run(bot, label, None, _driver_rows(played), played.lengths,
                                played.figures))
                per_game[(bot, label)] = played.per_game
                withheld = played.first_player_withheld
                length_unit = played.length_unit
                length = played.length_figure or length
                continue
            names, share_like = _per_game_names(count, unit)
            collected = PerGame(names, share_like, [array("d") for _ in names])

            def keep(result: GameResult, collected: PerGame = collected) -> None:
                collected.add(_per_game_row(result, count, unit))

            def advance(done: int, _: int, before: int = finished) -> None:
                if progress is not None:
                    progress(before + done, total)

            result = simulate(game, rules, count, [bot] * count, games, seed=seed,
                              options=chosen, workers=workers, keep_results=False,
                              on_game=keep, progress=advance, backend=backend,
                              ray_address=ray_address, params=levers or None,
                              variant_name=(variant.name or None) if levers and variant
                              else None)
            finished += games
            runs.append(Run(bot, label, result, _rows(result, collected, unit),
                            tuple((float(v), c) for v, c in result.summary.lengths),
                            result.summary.game_figures))
            withheld = result.summary.first_player_withheld
            per_game[(bot, label)] = collected
    base_runs = [r for r in runs if r.variant == "base"]
    across: list[Comparison] = []
    for first, second in combinations(base_runs, 2):
        for row in first.rows:
            found = _compare(row.name, first, per_game[(first.bot, "base")], second,
                             per_game[(second.bot, "base")], first.bot, second.bot)
            if found is not None:
                across.append(found)
    against: list[Comparison] = []
    if variant is not None:
        for base in base_runs:
            other = next(r for r in runs if r.bot == base.bot and r.variant != "base")
            for row in base.rows:
                found = _compare(row.name, base, per_game[(base.bot, "base")], other,
                                 per_game[(other.bot, other.variant)], "base",
                                 other.variant)
                if found is not None:
                    against.append(Comparison(found.figure, base.bot, found.b,
                                              found.difference, found.method, found.kind))
    return StudyResult(game=game, ruleset=bound.ruleset.name, players=count,
                       bots=tuple(bots), games=games, seed=seed, runs=tuple(runs),
                       across_bots=tuple(across),
                       variant=variant.label() if variant is not None else None,
                       against_base=tuple(against), first_player_withheld=withheld,
                       variant_params=dict(variant.params) if variant is not None else {},
                       length=length, length_unit=length_unit)


__all__ = ["FIRST", "LENGTH", "Comparison", "PerGame", "Row", "Run", "StudyGames", "StudyJob", "StudyResult", "Variant", "independent_difference",
           "is_length", "length_name", "paired_difference", "run_study"]
