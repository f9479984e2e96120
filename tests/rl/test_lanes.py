"""The vectorized building blocks draw exactly what the scalar random source draws."""

from __future__ import annotations

import numpy as np

from saustall.core.rng import Rng, _int_keys
from saustall.rl.lanes import ShufflePlan, random_columns, stream_next


def test_stream_next_is_splitmix64_of_the_scalar_source() -> None:
    sources = [Rng(seed) for seed in (0, 1, 2**70, "text")]
    state = np.array([source._state for source in sources], dtype=np.uint64)
    for _ in range(5):
        state, drawn = stream_next(state)
        assert drawn.tolist() == [source._next() for source in sources]
    assert state.tolist() == [source._state for source in sources]


def test_shuffles_of_many_lengths_are_the_scalar_shuffles() -> None:
    plan = ShufflePlan(90)
    lengths = np.array([0, 1, 2, 3, 21, 57, 66, 89, 90, 57], dtype=np.intp)
    sources = [Rng(seed) for seed in range(len(lengths))]
    deck = np.tile(np.arange(90, dtype=np.int8), (len(lengths), 1))
    rng = np.array([source._state for source in sources], dtype=np.uint64)
    plan.shuffle(deck, rng, np.arange(len(lengths)), lengths)
    for lane, (source, length) in enumerate(zip(sources, lengths.tolist())):
        cards = list(range(length))
        source.shuffle(cards)
        assert deck[lane, :length].tolist() == cards
        assert deck[lane, length:].tolist() == list(range(length, 90))  # untouched
        assert int(rng[lane]) == source._state


def test_random_columns_are_legal_and_reach_every_legal_column() -> None:
    noise = np.random.default_rng(3)
    for width in (5, 17, 300):  # under a byte, byte counts in a byte, past 255 columns
        mask = noise.random((24, width)) < 6 / width  # a few legal columns a lane
        mask[5] = False  # nothing legal: column 0
        picks = np.array([random_columns(mask, noise) for _ in range(400)])
        for lane in range(24):
            legal = set(np.flatnonzero(mask[lane]).tolist())
            if legal:
                assert set(picks[:, lane].tolist()) == legal
            else:
                assert set(picks[:, lane].tolist()) == {0}


def test_integer_seed_keys_are_the_scalar_keys() -> None:
    seeds = [0, 1, 7, -3, 2**40, 2**63 - 1]
    keys = np.frombuffer(_int_keys(seeds), dtype="<u8")
    assert keys.tolist() == [Rng(seed)._state for seed in seeds]


def test_many_shuffles_at_once_are_the_scalar_shuffles() -> None:
    """Hundreds of lanes of every length: the batches some lanes draw again (rejected
    draws, up to half of them for some lengths) stay each lane's own."""
    plan = ShufflePlan(90)
    lengths = np.random.default_rng(5).integers(0, 91, 400).astype(np.intp)
    sources = [Rng(seed) for seed in range(len(lengths))]
    deck = np.tile(np.arange(90, dtype=np.int8), (len(lengths), 1))
    rng = np.array([source._state for source in sources], dtype=np.uint64)
    lanes = np.arange(len(lengths))[::-1].copy()  # in any order
    plan.shuffle(deck, rng, lanes, lengths[::-1].copy())
    for lane, (source, length) in enumerate(zip(sources, lengths.tolist())):
        cards = list(range(length))
        source.shuffle(cards)
        assert deck[lane, :length].tolist() == cards
        assert int(rng[lane]) == source._state
