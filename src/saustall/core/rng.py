"""Deterministic random sources kept inside a game state.

Two streams exist, named in every game record (its ``rng`` field):

``splitmix64`` (:class:`Rng`, the default since 0.2)
    A counter-based stream: output *i* is SplitMix64's mixer applied to
    ``key + i * 0x9E3779B97F4A7C15`` (mod 2**64), where ``key`` is a hash of the seed. The
    whole state is one 64-bit integer (key and draw counter folded into one), so
    :meth:`Rng.clone` copies a single int, which is what makes cloning and determinizing
    states cheap for search bots.

``mt19937`` (:class:`MersenneRng`)
    Python's Mersenne Twister, as used by Saustall 0.1. Records without an ``rng`` field
    were made with it and replay with it, so they give exactly the games they recorded.

Why SplitMix64 is good enough here: it is the generator Java's ``SplittableRandom`` and
the seeding of the xoshiro family use; its outputs pass BigCrush, and every 64-bit output
occurs once per period of 2**64, far more than any game draws. Shuffles need only uniform
integers below small bounds: :meth:`Rng.randrange` rejects the top partial block of
2**64 (no modulo bias) and :meth:`Rng.shuffle` is Fisher-Yates fed from it, so every
permutation of a deck is equally likely up to the generator's quality. It is not a cryptographic source:
a seed that is known reveals the deal, as with the Mersenne Twister before it (the server
keeps seeds secret).
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING, Any, Final, MutableSequence, TypeVar

if TYPE_CHECKING:
    # Only for the annotations (never evaluated: ``from __future__ import annotations``),
    # so pure Python needs no mypy_extensions at run time. Compiled, ``i64`` is a C
    # int64; pure, it is a plain int.
    from mypy_extensions import i64

T = TypeVar("T")

STREAM_SPLITMIX64: Final = "splitmix64"
"""The record name of :class:`Rng`'s stream (the default for new games)."""
STREAM_MT19937: Final = "mt19937"
"""The record name of :class:`MersenneRng`'s stream (Saustall 0.1's)."""
DEFAULT_STREAM: Final = STREAM_SPLITMIX64
"""The stream new games use."""
STREAMS: Final = (STREAM_SPLITMIX64, STREAM_MT19937)
"""Every stream a record may name."""

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
_TWO_64: Final = 1 << 64
_HALF: Final = 1 << 63
_LOW33: Final = (1 << 33) - 1
_LOW34: Final = (1 << 34) - 1
_LOW37: Final = (1 << 37) - 1
_LOW62: Final = (1 << 62) - 1
_PERSON: Final = b"saustall-rng"


def _key(seed: int | str) -> int:
    """The 64-bit stream key of ``seed``: a hash, so nearby seeds give unrelated streams
    and seeds of any size (or text) are well defined."""
    text = f"{type(seed).__name__}:{seed}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8, person=_PERSON).digest(),
                          "little")


def _int_keys(seeds: list[int]) -> bytes:
    """:func:`_key` of each integer seed as 8 little-endian bytes, one after another (the
    batched simulators read them as one uint64 array: no Python int per key)."""
    empty = hashlib.blake2b(digest_size=8, person=_PERSON)  # copied: no set-up per key
    digests = []
    for seed in seeds:
        hashed = empty.copy()
        hashed.update(b"int:%d" % seed)
        digests.append(hashed.digest())
    return b"".join(digests)


class Rng:
    """Seeded counter-based random source (SplitMix64). Same seed, same sequence,
    on every platform; cloning copies one integer."""

    __slots__ = ("_word",)
    stream = STREAM_SPLITMIX64
    """The name of this source's stream in game records."""

    def __init__(self, seed: int | str, *, key: int | None = None) -> None:
        """Seed the stream with ``seed``; ``key``, when given, is the stream's state itself
        (a clone's or a split's: no hashing, ``seed`` is then ignored)."""
        state = _key(seed) if key is None else key
        # The state as a signed 64-bit word (two's complement), what a compiled i64 holds;
        # a small key (a clone's 0) skips the arithmetic on 64-bit Python ints.
        self._word: i64 = state if 0 <= state <= _LOW62 else _word_of(state & _MASK)

    @property
    def _state(self) -> int:
        """The stream's state as an unsigned 64-bit integer (tests and the batched
        simulator read it)."""
        return int(self._word) & _MASK

    def _next(self) -> int:
        """The next 64-bit output (unsigned)."""
        if _NATIVE:
            word: i64 = self._word + _GOLDEN_WORD
            self._word = word
            return int(_mix(word)) & _MASK
        state = (self._word + _GOLDEN) & _MASK
        self._word = state - _TWO_64 if state >= _HALF else state
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def randrange(self, stop: int) -> int:
        """A uniform integer in ``[0, stop)`` (``1 <= stop <= 2**64``), without bias."""
        if not 1 <= stop <= _TWO_64:
            raise ValueError(f"randrange needs 1 <= stop <= 2**64, not {stop}")
        limit = _TWO_64 - _TWO_64 % stop  # outputs at or above this would favour small values
        while True:
            value = self._next()
            if value < limit:
                return value % stop

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place: Fisher-Yates, its swap indices drawn in batches.

        Consecutive bounds ``b1, b2, ...`` (from the end of the list) are grouped while
        their product ``P`` fits in 64 bits; one unbiased ``randrange(P)`` is then split
        into its mixed-radix digits, each uniform in ``[0, b)`` and independent of the
        others. A 52-card deck needs 6 draws instead of 51. The grouping depends only on
        the length, so it is worked out once per length (:func:`_batches`).
        """
        if type(items) is list:  # the engines' case: compiled, list indexing is native
            cards: list[T] = items
            if _NATIVE:
                plan = _word_batches(len(cards))
                if plan is not None:
                    self._shuffle_words(cards, plan)
                    return
            for product, limit, steps in _batches(len(cards)):
                batch = self._next()
                while batch >= limit:  # randrange(product), spelled out: the hot loop
                    batch = self._next()
                batch %= product
                for k, bound in steps:
                    j = batch % bound  # divmod(), without the call
                    batch //= bound
                    cards[k], cards[j] = cards[j], cards[k]
            return
        for product, limit, steps in _batches(len(items)):
            batch = self._next()
            while batch >= limit:
                batch = self._next()
            batch %= product
            for k, bound in steps:
                j = batch % bound
                batch //= bound
                items[k], items[j] = items[j], items[k]

    def _shuffle_words(self, cards: list[T], plan: _WordPlan) -> None:
        """:meth:`shuffle` on 64-bit words (compiled only: i64 wraps modulo 2**64 there),
        the same draws and swaps as the unsigned arithmetic of the pure path.

        A word is the unsigned value's two's complement: unsigned order is signed order
        after flipping the top bit (``^ low``), and a word below zero is a value of
        2**63 or more, which needs :func:`_divmod_word` to be divided.
        """
        low, golden = _TOP_WORD, _GOLDEN_WORD
        word: i64 = self._word
        for top, modulus, steps in plan:
            biased_top: i64 = top
            while True:
                word += golden
                batch = _mix(word)
                if batch ^ low <= biased_top:  # below the rejection limit, unsigned
                    break
            if modulus:
                batch = _divmod_word(batch, modulus)[1]
            for k, bound in steps:
                size: i64 = bound
                if batch >= 0:
                    j = batch % size
                    batch //= size
                else:
                    batch, j = _divmod_word(batch, size)
                cards[k], cards[j] = cards[j], cards[k]
        self._word = word

    def spawn(self) -> "Rng":
        """A new independent source keyed by this one's next output (SplitMix64's split).

        Cheaper than ``Rng(self.randrange(...))``, which hashes its seed: determinizing
        bots make one per sampled world.
        """
        # Built through __init__, not __new__: compiled (mypyc) classes need that.
        return Rng(0, key=self.randrange(_TWO_64))

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` (53 random bits)."""
        return (self._next() >> 11) * (1.0 / (1 << 53))

    def clone(self) -> "Rng":
        """An independent copy that will produce the same sequence from here on."""
        twin = Rng(0, key=0)
        twin._word = self._word
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by its state alone (bots travel to worker processes): compiled
        # classes cannot be rebuilt without calling __init__ with its arguments.
        return (_rng_with_key, (self._state,))

    def __repr__(self) -> str:  # never show the internal state
        return "Rng(<hidden>)"


def _word_of(value: int) -> i64:
    """The signed 64-bit word (two's complement) of ``0 <= value < 2**64``."""
    return value - _TWO_64 if value >= _HALF else value


# SplitMix64's constants as words, for compiled code: Final i64s that are not literals
# are kept as C int64 statics (a literal this large would be unboxed on every use).
_GOLDEN_WORD: Final[i64] = _word_of(_GOLDEN)
_MIX1_WORD: Final[i64] = _word_of(_MIX1)
_MIX2_WORD: Final[i64] = _word_of(_MIX2)
_TOP_WORD: Final[i64] = _word_of(_HALF)
"""-2**63: only the top bit set."""


def _mix(word: i64) -> i64:
    """SplitMix64's output mixer on a word, in i64 arithmetic: right for the compiled
    module only, where i64 multiplication wraps modulo 2**64 (pure Python uses the
    masked arithmetic of :meth:`Rng._next` instead). ``>>`` on an i64 keeps the sign,
    so each shift is masked to the bits an unsigned shift keeps."""
    z = (word ^ ((word >> 30) & _LOW34)) * _MIX1_WORD
    z = (z ^ ((z >> 27) & _LOW37)) * _MIX2_WORD
    return z ^ ((z >> 31) & _LOW33)


def _divmod_word(word: i64, divisor: i64) -> tuple[i64, i64]:
    """Quotient and remainder of the unsigned value of ``word`` by ``0 < divisor < 2**63``
    (compiled words; Hacker's Delight's unsigned division by halving)."""
    if word >= 0:
        return word // divisor, word % divisor
    quotient = (((word >> 1) & ~_TOP_WORD) // divisor) << 1  # at most one short
    rest = word - quotient * divisor  # below 2 * divisor, unsigned (wraps, compiled)
    if rest ^ _TOP_WORD >= divisor ^ _TOP_WORD:
        return quotient + 1, rest - divisor
    return quotient, rest


def _native_agrees() -> bool:
    """Whether :func:`_mix` gives SplitMix64's outputs: true when this module runs
    compiled (i64 is a C int64 and wraps), false in pure Python (i64 is a plain int),
    so each runs the arithmetic that is right for it."""
    word: i64 = 1234567
    word += _GOLDEN_WORD
    # The first output of SplitMix64 from state 1234567 (Vigna's splitmix64.c).
    return int(_mix(word)) == 6457827717110365317


_NATIVE: Final = _native_agrees()
"""Whether :class:`Rng` draws with compiled 64-bit words (see :func:`_native_agrees`)."""


def _rng_with_key(key: int) -> Rng:
    """The :class:`Rng` whose state is ``key`` (unpickling)."""
    return Rng(0, key=key)


_BATCHES: Final[dict[int, tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]]] = {}


def _batches(length: int) -> tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]:
    """:meth:`Rng.shuffle`'s draws for a list of ``length``: the product of the bounds,
    the rejection limit :meth:`Rng.randrange` uses for it, and the positions ``k`` it
    swaps (from the end) with their bounds ``k + 1``; memoized per length."""
    found = _BATCHES.get(length)
    if found is None:
        plan = []
        i = length - 1
        while i > 0:
            product, low = 1, i
            while low > 0 and product * (low + 1) <= _TWO_64:
                product *= low + 1
                low -= 1
            limit = _TWO_64 - _TWO_64 % product
            plan.append((product, limit, tuple((k, k + 1) for k in range(i, low, -1))))
            i = low
        found = _BATCHES[length] = tuple(plan)
    return found


_WordPlan = tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]
"""A shuffle's batches for :meth:`Rng._shuffle_words`: per batch the rejection limit
minus one as a biased word (``limit - 1 - 2**63``), the modulus (0: none needed) and the
swaps of :func:`_batches`."""

_WORD_BATCHES: Final[dict[int, _WordPlan | None]] = {}


def _word_batches(length: int) -> _WordPlan | None:
    """:func:`_batches` for :meth:`Rng._shuffle_words`, memoized per length; None when a
    batch's product is 2**63 or more and not its own rejection limit (no deck is that
    long; the unsigned path then shuffles)."""
    if length in _WORD_BATCHES:
        return _WORD_BATCHES[length]
    plan: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
    for product, limit, steps in _batches(length):
        if product >= _HALF:
            if limit != product:
                _WORD_BATCHES[length] = None
                return None
            modulus = 0  # every accepted draw is already below the product
        else:
            modulus = product
        plan.append((limit - 1 - _HALF, modulus, steps))
    found = _WORD_BATCHES[length] = tuple(plan)
    return found


class MersenneRng(Rng):
    """Saustall 0.1's random source: Python's Mersenne Twister. Kept so that records
    made by 0.1 (no ``rng`` field) replay to the same deals."""

    __slots__ = ("_random",)
    stream = STREAM_MT19937

    def __init__(self, seed: int | str, *, source: random.Random | None = None) -> None:
        """Seed Python's generator with ``seed``; or take ``source`` (a clone's copy)."""
        self._random = random.Random(seed) if source is None else source

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place."""
        self._random.shuffle(items)

    def randrange(self, stop: int) -> int:
        """A uniform integer in ``[0, stop)``."""
        return self._random.randrange(stop)

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return self._random.random()

    def clone(self) -> "MersenneRng":
        """An independent copy that will produce the same sequence from here on."""
        source = random.Random()
        source.setstate(self._random.getstate())
        return MersenneRng(0, source=source)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_mersenne_with_state, (self._random.getstate(),))

    def __repr__(self) -> str:
        return "MersenneRng(<hidden>)"


def _mersenne_with_state(state: Any) -> MersenneRng:
    """The :class:`MersenneRng` in Mersenne Twister state ``state`` (unpickling)."""
    source = random.Random()
    source.setstate(state)
    return MersenneRng(0, source=source)


def new_rng(seed: int | str, stream: str = DEFAULT_STREAM) -> Rng:
    """The random source of ``stream`` (see :data:`STREAMS`) seeded with ``seed``.

    Raises ``ValueError`` naming the known streams for any other name.
    """
    if stream == STREAM_SPLITMIX64:
        return Rng(seed)
    if stream == STREAM_MT19937:
        return MersenneRng(seed)
    raise ValueError(f"unknown random stream {stream!r}; known: {', '.join(STREAMS)}")


def derive_seed(seed: int, *labels: int | str) -> int:
    """A new seed derived from ``seed`` and labels (e.g. the round number).

    Used where one game needs independent streams (a tournament's rounds) while the whole
    stays a function of the one seed. The same for every stream, so 0.1 records replay.
    """
    mixer = random.Random(f"{seed}:" + ":".join(str(label) for label in labels))
    return mixer.getrandbits(63)
