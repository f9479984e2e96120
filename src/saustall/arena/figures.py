"""A game's own simulation figures: the building blocks a tally keeps, and their generic
reading with intervals.

**Building blocks.** A game's tally (its support record's ``simulation.tally``) adds up the
facts of finished games into these, never into bare percentages: a :class:`Share` keeps its
numerator and denominator (``count``/``total``), :class:`Moments` the number of games, the
sum and the sum of squares of a quantity (with its smallest and largest value), so that
Wilson or t intervals, and their differences between runs, can be worked out from the
summary alone.

**Reading.** :func:`figures` and :func:`share_groups` read a tally's summary without
knowing the game, from the JSON form :func:`saustall.arena.simulate.records` gives it:

* a mapping with ``count`` and ``total`` is a **share** (a :class:`Share`, or any tally's
  own): its Wilson interval;
* a mapping with ``n``/``total``/``total_sq``/``mean`` is a :class:`Moments`: the mean with
  its t interval;
* a mapping with ``value``/``low``/``high``/``n`` (or ``mean`` with ``low``/``high``/``n``)
  is an **interval** already made (a mean, clipped to its range by the game);
* a list of records each with a ``name`` and a share is a **group** of shares (the game
  kinds, the win kinds): one chart in the report; so is a mapping whose values are all
  shares (``{"sauerei": Share, ...}``).

So the table, the JSON, the report and ``saustall study`` show every figure a game adds
with its interval and sample size, and compare them across bots, whatever the game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from saustall.stats import Moments as RunningMoments
from saustall.stats import (
    UNBOUNDED, Bounds, Interval, t_interval_of, wilson, wilson_bounds,
)

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
        return wilson_bounds(self.count, self.total)


@dataclass(frozen=True)
class Moments:
    """A per-game quantity over ``n`` games: its sum, sum of squares, mean, extremes."""

    n: int
    total: float
    total_sq: float
    mean: float
    smallest: float
    """The smallest value seen (0 when there is none)."""
    largest: float
    """The largest value seen (0 when there is none)."""
    range_low: float | None = None
    """The least value the quantity can take (None: unbounded below), so that a reader of
    the summary alone clips the interval to it."""
    range_high: float | None = None
    """The greatest value the quantity can take (None: unbounded above)."""

    @property
    def bounds(self) -> Bounds:
        """The quantity's range, ``(range_low, range_high)``."""
        return (self.range_low, self.range_high)

    def sd(self) -> float:
        """The sample standard deviation (0 for fewer than two games)."""
        if self.n < 2:
            return 0.0
        variance = (self.total_sq - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(variance, 0.0))

    def estimate(self, bounds: Bounds | None = None) -> Interval:
        """The mean with its t 95% interval clipped to ``bounds`` (by default the
        quantity's own range), as the reports show it; no interval, with the reason,
        below two values or without spread (:func:`saustall.stats.t_interval_of`)."""
        return t_interval_of(self.mean, self.sd() ** 2, self.n,
                             self.bounds if bounds is None else bounds)


def mean_text(moments: Moments, decimals: int = 2, signed: bool = False,
              with_n: bool = False) -> str:
    """``31.40 [31.10, 31.70]``: a mean and its 95% interval within the quantity's range
    (and ``(n=...)`` with ``with_n``); without an interval, the mean with its n and why
    (``n too small``, ``no spread``)."""
    return moments.estimate().text(1.0, decimals, "", signed, with_n)


class Sums(RunningMoments):
    """Running sums of one per-game quantity (:class:`saustall.stats.Moments`, flat
    memory) that also keep its smallest and largest value and the range it can take:
    :meth:`moments` gives the :class:`Moments` a summary holds."""

    __slots__ = ("smallest", "largest", "bounds")

    def __init__(self, bounds: Bounds = UNBOUNDED) -> None:
        super().__init__()
        self.smallest = math.inf
        self.largest = -math.inf
        self.bounds = bounds
        """The range the quantity can take (its intervals are clipped to it)."""

    def add(self, value: float, times: int = 1) -> None:
        """Count one game's value (``times`` times)."""
        super().add(value, times)
        if value < self.smallest:
            self.smallest = value
        if value > self.largest:
            self.largest = value

    def moments(self) -> Moments:
        """The :class:`Moments` of the values added so far."""
        low, high = self.bounds
        if not self.n:
            return Moments(0, 0.0, 0.0, 0.0, 0.0, 0.0, low, high)
        mean = self.mean
        total_sq = self.variance() * (self.n - 1) + self.n * mean * mean
        return Moments(self.n, mean * self.n, total_sq, mean, float(self.smallest),
                       float(self.largest), low, high)


COUNT_BOUNDS: Bounds = (0.0, None)
"""The range of a count or a length: never below 0."""


def histogram_moments(histogram: dict[int, int], bounds: Bounds = COUNT_BOUNDS) -> Moments:
    """The :class:`Moments` of the values a histogram ``{value: games}`` counts (exact:
    integer sums); ``bounds`` is the range the values can take (by default a count's)."""
    n = sum(histogram.values())
    low, high = bounds
    if not n:
        return Moments(0, 0.0, 0.0, 0.0, 0.0, 0.0, low, high)
    total = sum(value * count for value, count in histogram.items())
    total_sq = sum(value * value * count for value, count in histogram.items())
    return Moments(n, float(total), float(total_sq), total / n, float(min(histogram)),
                   float(max(histogram)), low, high)


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


# --------------------------------------------------------------------------------------
# Reading a tally's summary generically
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """One figure of a game's own: where it sits, what kind, its value and interval."""

    path: str
    """Where it sits in the game's figures, words joined by " / " (``kinds / sauerei``)."""
    kind: str
    """``share`` (a count out of a total: ``count``/``total`` kept) or ``mean``."""
    interval: Interval
    count: float = 0.0
    total: int = 0


def _share(data: dict[str, Any]) -> bool:
    count, total = data.get("count"), data.get("total")
    return (isinstance(count, (int, float)) and not isinstance(count, bool)
            and isinstance(total, int) and not isinstance(total, bool)
            and 0 <= count <= total)


def _moments(data: dict[str, Any]) -> Interval | None:
    """A :class:`Moments` in JSON form: its mean with the t interval."""
    if not all(key in data for key in ("n", "total", "total_sq", "mean")):
        return None
    n = data["n"]
    if not isinstance(n, int) or isinstance(n, bool):
        return None
    low, high = data.get("range_low"), data.get("range_high")
    found = Moments(n, float(data["total"]), float(data["total_sq"]), float(data["mean"]),
                    float(data.get("smallest", 0.0)), float(data.get("largest", 0.0)),
                    None if low is None else float(low), None if high is None else float(high))
    # clipped to the range the summary carries (range_low/range_high), never to what
    # happened to be seen (a net can go below 0 though none was seen)
    return found.estimate()


def _interval(data: dict[str, Any]) -> Interval | None:
    moments = _moments(data)
    if moments is not None:
        return moments
    value = data.get("value", data.get("mean"))
    n = data.get("n")
    if isinstance(value, (int, float)) and isinstance(n, int) and "low" in data \
            and "high" in data:
        low, high = data["low"], data["high"]
        return Interval(float(value), None if low is None else float(low),
                        None if high is None else float(high), n)
    return None


def _label(key: Any) -> str:
    """A key as a figure's name reads (``win_kinds``: ``win kinds``)."""
    return str(key).replace("_", " ")


def _name(record: dict[str, Any]) -> str:
    for key in ("name", "who", "kind", "seat", "bot"):
        if key in record:
            return str(record[key])
    return ""


def figures(data: Any, path: str = "") -> Iterator[Figure]:
    """Every share and interval in ``data`` (records, see the module docstring)."""
    if isinstance(data, dict):
        if _share(data):
            yield Figure(path, "share", wilson(data["count"], data["total"]),
                         float(data["count"]), int(data["total"]))
            return
        found = _interval(data)
        if found is not None:
            yield Figure(path, "mean", found)
            return
        for key, value in data.items():
            yield from figures(value, f"{path} / {_label(key)}" if path else _label(key))
    elif isinstance(data, list):
        for position, item in enumerate(data):
            name = _name(item) if isinstance(item, dict) else ""
            label = name or str(position + 1)
            yield from figures(item, f"{path} / {label}" if path else label)


def _figure(path: str, share: dict[str, Any]) -> Figure:
    return Figure(path, "share", wilson(share["count"], share["total"]),
                  float(share["count"]), int(share["total"]))


def share_groups(data: Any, path: str = "") -> Iterator[tuple[str, list[tuple[str, Figure]]]]:
    """Every list of named shares in ``data``: (where, [(name, share)...]), for charts."""
    if isinstance(data, dict):
        if _share(data) or _interval(data) is not None:
            return
        if len(data) > 1 and all(isinstance(value, dict) and _share(value)
                                 for value in data.values()):  # {"sauerei": share, ...}
            yield path, [(str(key), _figure(f"{path} / {_label(key)}", value))
                         for key, value in data.items()]
            return
        if len(data) > 1 and all(isinstance(value, dict) and not _share(value)
                                 for value in data.values()):
            # {"keiler": {"declarer_won": share, ...}, ...}: one group per share all hold
            first = next(iter(data.values()))
            keys = [key for key in first if all(isinstance(value.get(key), dict)
                                                and _share(value[key])
                                                for value in data.values())]
            for key in keys:
                where = f"{path} / {_label(key)}" if path else _label(key)
                yield where, [(str(name), _figure(f"{path} / {name} / {_label(key)}",
                                                  value[key]))
                              for name, value in data.items()]
            if keys:
                return
        for key, value in data.items():
            yield from share_groups(value, f"{path} / {_label(key)}" if path else _label(key))
    elif isinstance(data, list):
        named = [item for item in data if isinstance(item, dict) and _name(item)]
        if named and len(named) == len(data):
            if all(_share(item) for item in named):
                yield path, [(_name(item), _figure(f"{path} / {_name(item)}", item))
                             for item in named]
            else:  # records with shares inside: one group per share they all hold
                for key in named[0]:
                    if all(isinstance(item.get(key), dict) and _share(item[key])
                           for item in named):
                        where = f"{path} / {_label(key)}"
                        yield where, [(_name(item), _figure(f"{where} / {_name(item)}",
                                                            item[key])) for item in named]
            return
        for position, item in enumerate(data):
            if isinstance(item, (dict, list)):
                label = (_name(item) if isinstance(item, dict) else "") or str(position + 1)
                yield from share_groups(item, f"{path} / {label}" if path else label)


__all__ = ["COUNT_BOUNDS", "Figure", "Moments", "Share", "Sums", "figures", "histogram_moments",
           "histogram_percentile", "mean_text", "share_groups"]
