"""A mean with its standard error: the estimator of the bots' races and of the analysis.

Game-neutral, like :mod:`saustall.analysis`. (The arena's confidence intervals over
duplicate groups are :mod:`saustall.arena.stats`.)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence


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


__all__ = ["Estimate", "estimate"]
