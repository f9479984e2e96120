"""Arena statistics: means with confidence intervals over duplicate groups, ratings.

**Confidence intervals.** The unit of the statistics is the *duplicate group*: one deal
played with every seating (:mod:`saustall.arena.scheme`). A bot's result on a deal is its
mean over the seats it took in that deal's games; its mean result is the mean over the
deals, and the 95% interval is Student's t-interval over those per-deal means
(``mean ± t(0.975, n-1) · sd / sqrt(n)``, ``n`` deals; the t quantile from scipy). The
games of one deal share their cards, so they are not independent: treating the deal as
the unit is what makes the interval honest, and the head-to-head differences are *paired*
(A's and B's results on the same deal are subtracted before averaging), which removes the
luck of the cards from the comparison. The per-deal means are averages of several games,
so the t-interval is accurate well before the central limit theorem would cover single
games.

**Ratings.** OpenSkill's Plackett-Luce model (the ``openskill`` package, a Bayesian
rating like TrueSkill): every game is one ranking of the bots at the table by their
result in it (equal results tie), fed in game order, so the ratings do not depend on the
number of workers. A rating is ``mu`` (the estimated skill) and ``sigma`` (its
uncertainty); the ordinal ``mu - 3·sigma`` is a cautious estimate to rank by. The model
has no dynamics (``tau`` 0), since a bot's skill is the same in every game: sigma shrinks
as games accumulate and mu weighs early and late games alike.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Sequence

from saustall.stats import (
    NO_SPREAD, TOO_FEW, UNBOUNDED, Bounds, clip, difference_bounds, no_spread,
)

CONFIDENCE = 0.95
"""The level of every interval."""


@dataclass(frozen=True)
class Interval:
    """A mean with its confidence interval; the bounds are None with fewer than two
    values or values all alike (no spread to estimate: :func:`ci_text` says which)."""

    mean: float
    low: float | None
    high: float | None
    n: int
    """How many values (duplicate groups) it rests on."""


def ci_note(low: float | None, n: int) -> str:
    """Why an interval is missing (``n too small``, ``no spread``); empty when there is
    one."""
    if low is not None:
        return ""
    return TOO_FEW if n < 2 else NO_SPREAD


def ci_text(low: float | None, high: float | None, n: int) -> str:
    """``[0.412, 0.588]``, or why there is no interval (``none: no spread``)."""
    if low is None or high is None:
        return f"none: {ci_note(None, n)}"
    return f"[{low:.3f}, {high:.3f}]"


def t_quantile(confidence: float, df: int) -> float:
    """The two-sided Student t quantile: ``P(|T| <= q) = confidence`` with ``df``
    degrees of freedom."""
    from scipy.stats import t as student_t

    return float(student_t.ppf(0.5 + confidence / 2, df))


def t_interval(values: Sequence[float], confidence: float = CONFIDENCE,
               bounds: Bounds = UNBOUNDED) -> Interval:
    """The mean of ``values`` with Student's t confidence interval, clipped to the range
    the values can take (``bounds``): a win share's interval never leaves [0, 1]."""
    n = len(values)
    if n == 0:
        raise ValueError("no values to average")
    mean = math.fsum(values) / n
    if n < 2:
        return Interval(mean, None, None, n)
    variance = math.fsum((value - mean) ** 2 for value in values) / (n - 1)
    if no_spread(mean, variance):  # all alike: a zero-width interval would claim certainty
        return Interval(mean, None, None, n)
    half = t_quantile(confidence, n - 1) * math.sqrt(variance / n)
    return Interval(mean, clip(mean - half, bounds), clip(mean + half, bounds), n)


class DuplicateTally:
    """Per-deal results of every bot and every pair, gathered game by game in order.

    ``games_per_deal`` consecutive games form one deal's group (every seating of the
    deal). For a pair (A, B) only the games where both sat count, and each such game
    gives A's result minus B's result (a bot in several seats: its mean over them).
    """

    def __init__(self, bots: Sequence[str], games_per_deal: int,
                 bounds: Bounds = UNBOUNDED) -> None:
        self.bots = tuple(bots)
        self.bounds = bounds
        """The range of a seat's result (the intervals are clipped to it)."""
        self.games_per_deal = games_per_deal
        self.games = 0
        self.deal_means: dict[str, list[float]] = {bot: [] for bot in self.bots}
        """Each bot's mean result on every deal, in deal order."""
        self.pair_differences: dict[tuple[str, str], list[float]] = {
            pair: [] for pair in combinations(self.bots, 2)}
        """For every pair (A, B), A's mean minus B's mean on every deal both played."""
        self.pair_means: dict[tuple[str, str], list[float]] = {
            pair: [] for pair in self.pair_differences}
        """For every pair (A, B), A's mean in the games with B, on every deal both played."""
        self.seat_games = {bot: 0 for bot in self.bots}
        self._sums: dict[str, float] = {}
        self._counts: dict[str, int] = {}
        self._pair_sums: dict[tuple[str, str], float] = {}
        self._pair_firsts: dict[tuple[str, str], float] = {}
        self._pair_counts: dict[tuple[str, str], int] = {}

    def add(self, lineup: Sequence[str], results: Sequence[float]) -> dict[str, float]:
        """Count one game (in game order); returns each bot's result in it."""
        totals: dict[str, float] = {}
        seats: dict[str, int] = {}
        for bot, result in zip(lineup, results):
            totals[bot] = totals.get(bot, 0.0) + result
            seats[bot] = seats.get(bot, 0) + 1
            self.seat_games[bot] += 1
        for bot, total in totals.items():
            self._sums[bot] = self._sums.get(bot, 0.0) + total
            self._counts[bot] = self._counts.get(bot, 0) + seats[bot]
        per_bot = {bot: totals[bot] / seats[bot] for bot in totals}
        for pair in self.pair_differences:
            a, b = pair
            if a in per_bot and b in per_bot:
                self._pair_sums[pair] = self._pair_sums.get(pair, 0.0) + per_bot[a] - per_bot[b]
                self._pair_firsts[pair] = self._pair_firsts.get(pair, 0.0) + per_bot[a]
                self._pair_counts[pair] = self._pair_counts.get(pair, 0) + 1
        self.games += 1
        if self.games % self.games_per_deal == 0:
            self._close_deal()
        return per_bot

    def _close_deal(self) -> None:
        for bot, total in self._sums.items():
            self.deal_means[bot].append(total / self._counts[bot])
        for pair, total in self._pair_sums.items():
            self.pair_differences[pair].append(total / self._pair_counts[pair])
            self.pair_means[pair].append(self._pair_firsts[pair] / self._pair_counts[pair])
        self._sums, self._counts, self._pair_counts = {}, {}, {}
        self._pair_sums, self._pair_firsts = {}, {}

    def bot_interval(self, bot: str) -> Interval:
        """``bot``'s mean result over the deals with its 95% interval."""
        return t_interval(self.deal_means[bot], bounds=self.bounds)

    def pair_interval(self, a: str, b: str) -> Interval:
        """The mean of A's result minus B's on the deals both played, with its interval."""
        return t_interval(self.pair_differences[(a, b)],
                          bounds=difference_bounds(self.bounds))


@dataclass(frozen=True)
class Rating:
    """An OpenSkill rating."""

    mu: float
    sigma: float
    ordinal: float
    """``mu - 3·sigma``: a cautious estimate to rank by."""


class Ratings:
    """OpenSkill Plackett-Luce ratings of the bots, updated game by game in order."""

    def __init__(self, bots: Sequence[str]) -> None:
        from openskill.models import PlackettLuce

        # No dynamics (tau 0): a bot's skill does not change from game to game. With
        # OpenSkill's default tau (made for people, whose skill drifts) every game adds
        # uncertainty back, sigma never falls below about 1.6 however many games are
        # played, and mu follows the last few hundred games: over 2,000 duplicate deals of
        # four bots the gap between two bots 60:40 head to head came out anywhere from 0
        # to 3.7 with the seed, which is how racer's mu passed expert's while it lost to it.
        self.model: Any = PlackettLuce(tau=0.0)
        self.ratings: dict[str, Any] = {bot: self.model.rating(name=bot) for bot in bots}

    def add(self, per_bot: dict[str, float]) -> None:
        """One game: the bots at the table ranked by their result (higher is better)."""
        if len(per_bot) < 2:
            return
        names = list(per_bot)
        teams = [[self.ratings[name]] for name in names]
        updated = self.model.rate(teams, scores=[per_bot[name] for name in names])
        for name, (rating,) in zip(names, updated):
            self.ratings[name] = rating

    def rating(self, bot: str) -> Rating:
        """``bot``'s current rating."""
        found = self.ratings[bot]
        return Rating(mu=float(found.mu), sigma=float(found.sigma),
                      ordinal=float(found.ordinal()))
