"""Deterministic random source kept inside a game state.

A thin wrapper over :class:`random.Random` so that cloning a state copies the random
state cheaply and nothing outside the engine needs to see it.
"""

from __future__ import annotations

import random
from typing import MutableSequence, TypeVar

T = TypeVar("T")


class Rng:
    """Seeded random source. Same seed, same sequence, on every platform."""

    __slots__ = ("_random",)

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(seed)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place."""
        self._random.shuffle(items)

    def randrange(self, stop: int) -> int:
        """A uniform integer in ``[0, stop)``."""
        return self._random.randrange(stop)

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return self._random.random()

    def clone(self) -> "Rng":
        """An independent copy that will produce the same sequence from here on."""
        twin = Rng.__new__(Rng)
        twin._random = random.Random()
        twin._random.setstate(self._random.getstate())
        return twin

    def __repr__(self) -> str:  # never show the internal state
        return "Rng(<hidden>)"


def derive_seed(seed: int, *labels: int | str) -> int:
    """A new seed derived from ``seed`` and labels (e.g. the round number).

    Used where one game needs independent streams (a tournament's rounds) while the whole
    stays a function of the one seed.
    """
    mixer = random.Random(f"{seed}:" + ":".join(str(label) for label in labels))
    return mixer.getrandbits(63)
