"""Plain building blocks of a game's own simulation figures: counts out of totals and
sums of a per-game quantity, kept so that a report can draw intervals.

A game's tally (its support record's ``simulation.tally``) adds up the facts of finished
games into these, never into bare percentages: a :class:`Share` keeps its numerator and
denominator, :class:`Moments` the number of games, the sum and the sum of squares of a
quantity (with its smallest and largest value), so that Wilson or t intervals, and their
differences between runs, can be worked out from the summary alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

from saustall.arena.simulate import Z_95, wilson_interval


@dataclass(frozen=True)
class Share:
    """A count out of a total and its share (0 when the total is 0)."""

    count: float
    total: int
    share: float

    @classmethod
    def of(cls, count: float, total: int) -> "Share":
        """``count / total``."""
        return cls(count, total, count / total if total else 0.0)

    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of the share, within [0, 1]."""
        return wilson_interval(self.count, self.total)


@dataclass(frozen=True)
class Moments:
    """A per-game quantity over ``n`` games: its sum, sum of squares, mean, extremes."""

    n: int
    total: float
    total_sq: float
    mean: float
    low: float
    """The smallest value seen (0 when there is none)."""
    high: float
    """The largest value seen (0 when there is none)."""

    def sd(self) -> float:
        """The sample standard deviation (0 for fewer than two games)."""
        if self.n < 2:
            return 0.0
        variance = (self.total_sq - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(variance, 0.0))

    def interval(self, minimum: float = -math.inf, maximum: float = math.inf
                 ) -> tuple[float, float]:
        """A normal 95% interval of the mean, clipped to the quantity's range
        ``[minimum, maximum]`` (for the few games where that matters, use a t interval)."""
        if self.n < 2:  # no spread to measure
            return (minimum, maximum)
        half = Z_95 * self.sd() / math.sqrt(self.n)
        return (max(minimum, self.mean - half), min(maximum, self.mean + half))


def mean_text(moments: Moments, decimals: int = 2, signed: bool = False,
              minimum: float = -math.inf, maximum: float = math.inf) -> str:
    """``31.40 [31.10, 31.70]``: a mean and its 95% interval within the quantity's range;
    the mean alone, with ``(n=1)``, when there is no spread to measure."""
    sign = "+" if signed else ""
    mean = f"{moments.mean:{sign}.{decimals}f}"
    if moments.n < 2:
        return f"{mean} (n={moments.n})"
    low, high = moments.interval(minimum, maximum)
    return f"{mean} [{low:{sign}.{decimals}f}, {high:{sign}.{decimals}f}]"


class Sums:
    """Running sums of one per-game quantity: :meth:`moments` gives its :class:`Moments`."""

    __slots__ = ("n", "total", "total_sq", "low", "high")

    def __init__(self) -> None:
        self.n = 0
        self.total = 0.0
        self.total_sq = 0.0
        self.low = math.inf
        self.high = -math.inf

    def add(self, value: float) -> None:
        """Count one game's value."""
        self.n += 1
        self.total += value
        self.total_sq += value * value
        if value < self.low:
            self.low = value
        if value > self.high:
            self.high = value

    def moments(self) -> Moments:
        """The :class:`Moments` of the values added so far."""
        if not self.n:
            return Moments(0, 0.0, 0.0, 0.0, 0.0, 0.0)
        return Moments(self.n, self.total, self.total_sq, self.total / self.n, self.low,
                       self.high)


def histogram_moments(histogram: dict[int, int]) -> Moments:
    """The :class:`Moments` of the values a histogram ``{value: games}`` counts (exact:
    integer sums)."""
    n = sum(histogram.values())
    if not n:
        return Moments(0, 0.0, 0.0, 0.0, 0.0, 0.0)
    total = sum(value * count for value, count in histogram.items())
    total_sq = sum(value * value * count for value, count in histogram.items())
    return Moments(n, float(total), float(total_sq), total / n, float(min(histogram)),
                   float(max(histogram)))


def histogram_percentile(histogram: dict[int, int], q: float) -> float:
    """The ``q``-th percentile (0-100, linear interpolation) of the values a histogram
    ``{value: games}`` counts; 0 for an empty one."""
    games = sum(histogram.values())
    if not games:
        return 0.0
    position = (games - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, games - 1)
    values = _nth(histogram, (low, high))
    return values[0] + (values[1] - values[0]) * (position - low)


def _nth(histogram: dict[int, int], ranks: Iterable[int]) -> list[float]:
    ordered = sorted(histogram.items())
    found = []
    for rank in ranks:
        seen = 0
        for value, count in ordered:
            if rank < seen + count:
                found.append(float(value))
                break
            seen += count
    return found
