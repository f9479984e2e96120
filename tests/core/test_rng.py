"""The random streams: deterministic, cheap to clone, unbiased, and named in records."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from saustall.core import GameRecord, InvalidOptionError, RecordError, get
from saustall.core.rng import MersenneRng, Rng, new_rng


def test_same_seed_same_sequence_and_clone_continues_it() -> None:
    first, second = Rng(42), Rng(42)
    assert [first.randrange(1000) for _ in range(50)] == [second.randrange(1000) for _ in range(50)]
    twin = first.clone()
    assert [first.random() for _ in range(10)] == [twin.random() for _ in range(10)]
    assert Rng(43).randrange(2**62) != Rng(42).randrange(2**62)


PINNED = [73, 13, 27, 36, 34, 81, 45, 62]
PINNED_DECK = [7, 1, 6, 0, 5, 2, 3, 9, 4, 8]


def test_generator_is_splitmix64() -> None:
    # The reference outputs of SplitMix64 started at state 1234567 (Vigna's splitmix64.c).
    rng = Rng(0, key=1234567)
    assert [rng._next() for _ in range(5)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423,
        4593380528125082431, 16408922859458223821]


def test_known_outputs_pin_the_stream() -> None:
    # Records depend on these exact draws: a change here breaks every saved game.
    rng = Rng(0)
    assert [rng.randrange(100) for _ in range(8)] == PINNED
    deck = list(range(10))
    Rng("table").shuffle(deck)
    assert deck == PINNED_DECK


def test_randrange_bounds_and_rough_uniformity() -> None:
    rng = Rng(7)
    counts = Counter(rng.randrange(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_400 < n < 10_600 for n in counts.values())
    assert all(0 <= rng.random() < 1 for _ in range(1000))
    for bad in (0, -3, 2**64 + 1):
        with pytest.raises(ValueError, match="randrange"):
            rng.randrange(bad)


def test_shuffle_permutes_and_reaches_every_order() -> None:
    rng = Rng(3)
    orders: Counter[tuple[int, ...]] = Counter()
    for _ in range(6_000):
        items = [0, 1, 2]
        rng.shuffle(items)
        orders[tuple(items)] += 1
    assert len(orders) == 6 and all(800 < n < 1_200 for n in orders.values())


def test_mersenne_stream_is_python_random() -> None:
    old, reference = MersenneRng(5), random.Random(5)
    deck, expected = list(range(32)), list(range(32))
    old.shuffle(deck)
    reference.shuffle(expected)
    assert deck == expected and old.clone().randrange(99) == reference.randrange(99)
    with pytest.raises(ValueError, match="unknown random stream 'pcg'"):
        new_rng(1, "pcg")


def test_records_name_their_stream_and_old_records_use_mersenne() -> None:
    game = get("saukopf", "saukopf")
    new = game.new_state(4, 9)
    old = game.new_state(4, 9, rng_stream="mt19937")
    assert new.hands != old.hands  # the same seed deals differently per stream
    data = new.record().to_dict()
    assert data["rng"] == "splitmix64"
    assert GameRecord.from_dict(data).replay().hands == new.hands
    del data["rng"]  # as 0.1 wrote it
    assert GameRecord.from_dict(data).replay().hands == old.hands
    assert json.loads(old.record().to_json())["rng"] == "mt19937"
    data["rng"] = "pcg"
    with pytest.raises(RecordError, match="unknown random stream 'pcg'"):
        GameRecord.from_dict(data)
    with pytest.raises(InvalidOptionError, match="unknown random stream"):
        game.new_state(4, 9, rng_stream="pcg")


def test_tournament_rounds_keep_the_stream() -> None:
    state = get("drecksau", "sauschoen-tournament").new_state(2, 4, rng_stream="mt19937")
    assert state.round.rng_stream == "mt19937" and state.clone().rng_stream == "mt19937"


def test_sources_pickle_and_go_on_with_the_same_sequence() -> None:
    # Bots carry a source to worker processes (pickled), compiled or not.
    import pickle

    for source in (Rng(7), MersenneRng(7)):
        source.randrange(100)
        copy = pickle.loads(pickle.dumps(source))
        assert type(copy) is type(source)
        assert [copy.randrange(10**6) for _ in range(5)] == [source.randrange(10**6) for _ in range(5)]


def reference_shuffle(state: int, items: list[int]) -> int:
    """Rng.shuffle as its docstring states it, on plain unsigned ints, one Fisher-Yates
    swap index per step from mixed-radix digits of batched draws; returns the new state."""

    def draw() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        return z ^ (z >> 31)

    i = len(items) - 1
    while i > 0:
        bounds: list[int] = []
        product = 1
        while i - len(bounds) > 0 and product * (i - len(bounds) + 1) <= 2**64:
            product *= i - len(bounds) + 1
            bounds.append(i - len(bounds) + 1)
        value = draw()
        while value >= 2**64 - 2**64 % product:
            value = draw()
        value %= product
        for bound in bounds:
            value, j = divmod(value, bound)
            items[bound - 1], items[j] = items[j], items[bound - 1]
        i -= len(bounds)
    return state


# Keys at the edges of the signed and unsigned ranges (the compiled core keeps the state
# as a signed 64-bit word), and lengths whose batches reject often (products just over
# 2**63) or are exactly 2.
EDGE_KEYS = [0, 1, 2**62 - 1, 2**62, 2**63 - 1, 2**63, 2**64 - 1, 1234567]


@pytest.mark.parametrize("key", EDGE_KEYS + [random.Random(i).getrandbits(64) for i in range(8)])
def test_shuffle_and_draws_follow_the_reference_at_every_length(key: int) -> None:
    rng = Rng(0, key=key)
    state = key
    for length in [*range(0, 70), 100, 104, 130, 300]:
        deck, expected = list(range(length)), list(range(length))
        rng.shuffle(deck)
        state = reference_shuffle(state, expected)
        assert deck == expected, length
        assert rng._state == state
    twin = rng.clone()
    assert twin._state == rng._state
    assert [twin._next() for _ in range(3)] == [rng._next() for _ in range(3)]
    assert 0 <= rng._state < 2**64
