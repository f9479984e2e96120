"""Estimates with their intervals: the statistics every figure of Saustall prints.

Game-neutral, like :mod:`saustall.analysis`. Every share and mean a designer reads comes
with a 95% interval that stays inside the figure's range, and with the sample it rests on:

* **Shares** (a count out of a total): Wilson's score interval (:func:`wilson`), which
  stays inside [0, 1] and behaves near 0 and 1, unlike the normal approximation.
* **Differences of shares**: Newcombe's hybrid score interval (method 10 of Newcombe
  1998, built from the two Wilson intervals; :func:`newcombe`) for independent samples,
  and its paired form (Newcombe 1998b, method 10; :func:`newcombe_paired`) when the two
  shares come from the same games (the same seeds), which uses the correlation of the
  pairs and is narrower when they agree.
* **Means**: Student's t interval (:func:`t_interval`, from running sums:
  :class:`Moments`), clipped to the range the metric can take (a win share to [0, 1], a
  length to [0, inf)): a t interval is symmetric and would otherwise reach past a bound
  the data cannot cross.

:class:`Estimate` / :func:`estimate` (a mean and its standard error) serve the bots'
races and the analysis.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Sequence

CONFIDENCE = 0.95
"""The level of every interval."""

Z_95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""

Bounds = tuple[float | None, float | None]
"""The range a metric can take: (lowest, highest), None where it is unbounded."""

UNBOUNDED: Bounds = (None, None)
SHARE_BOUNDS: Bounds = (0.0, 1.0)


@dataclass(frozen=True)
class Estimate:
    """A mean over sampled values (worlds) with its standard error."""

    mean: float
    se: float
    n: int
    """How many values it rests on."""


def estimate(values: Sequence[float], few: float = math.inf) -> Estimate:
    """The mean of ``values`` (0 for none) and its standard error (the sample standard
    deviation over root n); below two values there is no spread to measure and the error
    is ``few`` (by default infinite: nothing is clear yet)."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, few, 0)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, few, n)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return Estimate(mean, math.sqrt(var / n), n)


@dataclass(frozen=True)
class Interval:
    """A figure with its 95% interval and the sample size it rests on.

    ``low``/``high`` are None when there is nothing to measure a spread from, and
    ``note`` says why: fewer than two values for a mean (``n too small``), values all
    alike (``no spread``: a t interval would have width 0, claiming a certainty two or
    three equal values do not give), no trials for a share."""

    value: float
    low: float | None
    high: float | None
    n: int
    """How many values (games, deals, pairs) it rests on."""
    note: str = ""
    """Why there is no interval (empty when there is one)."""

    def contains(self, value: float) -> bool:
        """True when ``value`` lies within the interval (or there is none)."""
        return ((self.low is None or self.low <= value)
                and (self.high is None or value <= self.high))

    def excludes_zero(self) -> bool:
        """True when the interval lies wholly above or below 0: a real difference."""
        return ((self.low is not None and self.low > 0)
                or (self.high is not None and self.high < 0))

    def text(self, scale: float = 1.0, digits: int = 1, unit: str = "",
             signed: bool = False, with_n: bool = True) -> str:
        """``52.7% [50.7, 54.6] (n=2,000)``-like text: the value scaled, the interval
        (the sample size left out with ``with_n`` false, where a heading gives it)."""
        sign = "+" if signed else ""
        value = f"{self.value * scale:{sign}.{digits}f}{unit}"
        if self.low is None or self.high is None:
            return f"{value} (n={self.n:,}, {self.note or 'no interval'})"
        size = f" (n={self.n:,})" if with_n else ""
        return (f"{value} [{self.low * scale:{sign}.{digits}f}, "
                f"{self.high * scale:{sign}.{digits}f}]{size}")

    def as_dict(self) -> dict[str, float | int | str | None]:
        """JSON-ready: value, low, high, n (and ``note`` where there is no interval)."""
        found: dict[str, float | int | str | None] = {
            "value": self.value, "low": self.low, "high": self.high, "n": self.n}
        if self.note:
            found["note"] = self.note
        return found


def clip(value: float, bounds: Bounds) -> float:
    """``value`` moved inside ``bounds``."""
    low, high = bounds
    if low is not None and value < low:
        return low
    if high is not None and value > high:
        return high
    return value


def wilson_bounds(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of ``successes / trials`` as ``(low, high)``;
    ``(0.0, 1.0)`` when there are no trials. Fractional successes (shared wins) are
    allowed."""
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


def wilson(successes: float, trials: int) -> Interval:
    """The share ``successes / trials`` with its Wilson 95% interval (none: no trials)."""
    if trials == 0:
        return Interval(0.0, None, None, 0, NONE_TO_COUNT)
    low, high = wilson_bounds(successes, trials)
    return Interval(successes / trials, low, high, trials)


def newcombe(successes_a: float, trials_a: int, successes_b: float,
             trials_b: int) -> Interval:
    """Share A minus share B of two independent samples, with Newcombe's hybrid score
    95% interval (within [-1, 1]); ``n`` is the smaller sample."""
    if trials_a == 0 or trials_b == 0:
        return Interval(0.0, None, None, min(trials_a, trials_b))
    p1, p2 = successes_a / trials_a, successes_b / trials_b
    l1, u1 = wilson_bounds(successes_a, trials_a)
    l2, u2 = wilson_bounds(successes_b, trials_b)
    difference = p1 - p2
    low = difference - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = difference + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return Interval(difference, max(-1.0, low), min(1.0, high), min(trials_a, trials_b))


def newcombe_paired(both: int, only_a: int, only_b: int, neither: int) -> Interval:
    """Share A minus share B on the same ``n`` pairs (both a success; only A; only B;
    neither), with Newcombe's paired score 95% interval (1998b, method 10)."""
    n = both + only_a + only_b + neither
    if n == 0:
        return Interval(0.0, None, None, 0)
    p1, p2 = (both + only_a) / n, (both + only_b) / n
    l1, u1 = wilson_bounds(both + only_a, n)
    l2, u2 = wilson_bounds(both + only_b, n)
    margins = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    phi = (both * neither - only_a * only_b) / math.sqrt(margins) if margins else 0.0
    difference = p1 - p2
    below = (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    above = (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2
    low = difference - math.sqrt(max(0.0, below))
    high = difference + math.sqrt(max(0.0, above))
    return Interval(difference, max(-1.0, low), min(1.0, high), n)


def t_quantile(df: int, confidence: float = CONFIDENCE) -> float:
    """The two-sided Student t quantile, ``P(|T| <= q) = confidence``: scipy's when it is
    installed, else the Cornish-Fisher expansion (within 4e-3 of it at 3 degrees of
    freedom, 1e-3 from 5; the figures that use it rest on hundreds)."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    try:
        from scipy.stats import t as student_t
    except ImportError:
        pass
    else:
        return float(student_t.ppf(0.5 + confidence / 2, df))
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4


class Moments:
    """Running count, sum and sum of squares of values added one at a time (flat memory),
    for a mean and its t interval. Sums are shifted by the first value, so that large
    values with a small spread keep their precision."""

    __slots__ = ("n", "_shift", "_sum", "_squares")

    def __init__(self) -> None:
        self.n = 0
        self._shift = 0.0
        self._sum = 0.0
        self._squares = 0.0

    def add(self, value: float, times: int = 1) -> None:
        """Count ``value`` (``times`` times)."""
        if self.n == 0:
            self._shift = value
        centred = value - self._shift
        self.n += times
        self._sum += centred * times
        self._squares += centred * centred * times

    @property
    def mean(self) -> float:
        """The mean of the values (0 for none)."""
        return self._shift + self._sum / self.n if self.n else 0.0

    def variance(self) -> float:
        """The sample variance (n - 1 in the denominator); 0 below two values."""
        if self.n < 2:
            return 0.0
        return max(0.0, (self._squares - self._sum * self._sum / self.n) / (self.n - 1))

    def interval(self, bounds: Bounds = UNBOUNDED) -> Interval:
        """The mean with its t 95% interval clipped to ``bounds``."""
        return t_interval_of(self.mean, self.variance(), self.n, bounds)


TOO_FEW = "n too small"
"""The note of a mean over fewer than two values: no spread can be measured."""
NO_SPREAD = "no spread"
"""The note of a mean over values all alike: its t interval would have width 0."""
NONE_TO_COUNT = "none to count"
"""The note of a share of nothing."""


def no_spread(mean: float, variance: float) -> bool:
    """True when values with this mean and sample variance are all alike (up to rounding
    in running sums)."""
    return variance <= 1e-12 * max(1.0, mean * mean)


def t_interval_of(mean: float, variance: float, n: int, bounds: Bounds = UNBOUNDED
                  ) -> Interval:
    """A mean of ``n`` values with sample ``variance``: its t 95% interval, clipped to
    ``bounds``. No interval (with its reason as the note) below two values or when the
    values are all alike: a zero-width interval would claim a certainty they do not
    give (three equal values say little about the next)."""
    mean = clip(mean, bounds)
    if n < 2:
        return Interval(mean, None, None, n, TOO_FEW if n else NONE_TO_COUNT)
    if no_spread(mean, variance):
        return Interval(mean, None, None, n, NO_SPREAD)
    half = t_quantile(n - 1) * math.sqrt(variance / n)
    return Interval(mean, clip(mean - half, bounds), clip(mean + half, bounds), n)


def t_interval(values: Sequence[float], bounds: Bounds = UNBOUNDED) -> Interval:
    """The mean of ``values`` with its t 95% interval, clipped to ``bounds``."""
    n = len(values)
    if n == 0:
        raise ValueError("no values to average")
    mean = math.fsum(values) / n
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return t_interval_of(mean, variance, n, bounds)


def difference_bounds(bounds: Bounds) -> Bounds:
    """The range of a difference of two values each within ``bounds``."""
    low, high = bounds
    if low is None or high is None:
        return UNBOUNDED
    return (low - high, high - low)


__all__ = ["Bounds", "CONFIDENCE", "Estimate", "Interval", "Moments", "NONE_TO_COUNT",
           "NO_SPREAD", "SHARE_BOUNDS", "TOO_FEW", "UNBOUNDED", "Z_95", "clip", "no_spread", "difference_bounds", "estimate", "newcombe",
           "newcombe_paired", "t_interval", "t_interval_of", "t_quantile", "wilson",
           "wilson_bounds"]
