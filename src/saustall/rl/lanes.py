"""Vectorized building blocks of the batched simulators: work on many lanes (games) at once.

* :func:`stream_next`: SplitMix64 (:class:`saustall.core.rng.Rng`) advanced in every lane,
  in numpy uint64 arithmetic (which wraps modulo 2**64 as the scalar code's masks do).
* :class:`ShufflePlan`: :meth:`Rng.shuffle <saustall.core.rng.Rng.shuffle>` of many decks
  of different lengths, each lane drawing from its own stream exactly as the scalar
  engine draws.
* :func:`words`: a byte array (lanes last) seen as 64-bit words, so that byte-wise
  shifts, ands and small sums treat 8 lanes in one operation.
* :func:`random_columns`: a uniformly random legal column per lane of an action mask.
* :func:`rotate_seats`: rows of seats seen from each lane's own seat (relative seats).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from saustall.core.rng import _batches  # the scalar shuffle's own plan

U8, U64 = np.uint8, np.uint64
_GOLDEN, _MIX1, _MIX2 = U64(0x9E3779B97F4A7C15), U64(0xBF58476D1CE4E5B9), U64(0x94D049BB133111EB)
_S27, _S30, _S31 = U64(27), U64(30), U64(31)


def words(array: NDArray[np.uint8]) -> NDArray[Any]:
    """``array`` (bytes, lanes last) seen as 64-bit words when the lanes fill whole
    words: byte-wise shifts, ands and small sums then treat 8 lanes in one operation."""
    if array.shape[-1] % 8 == 0 and array.flags.c_contiguous:
        return array.view(U64)
    return array


def word_ones(array: NDArray[Any]) -> Any:
    """A 1 in every byte of a word of :func:`words` (``array`` is its result)."""
    return U64(0x0101010101010101) if array.dtype == U64 else U8(1)


def stream_next(state: NDArray[np.uint64]) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]:
    """SplitMix64 for each lane: the advanced states and their outputs (``Rng._next``)."""
    state = state + _GOLDEN
    return state, _mix(state)


def _mix(state: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """SplitMix64's output function of each (advanced) state."""
    z = (state ^ (state >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


REJECTION_WINDOW = 16
"""Outputs drawn at once per stream where a shuffle's draw was rejected (a batch's
rejection chance reaches about one half: 16 at once leave one lane in 65,000 to draw
again)."""


class ShufflePlan:
    """:meth:`Rng.shuffle <saustall.core.rng.Rng.shuffle>` of up to ``size`` cards, in
    many lanes at once."""

    def __init__(self, size: int) -> None:
        """Tables for every deck length ``0 .. size``."""
        # Rng.shuffle of n cards as tables by (n, step): step s swaps position n-1-s with
        # a digit of one of _batches(n)'s draws: (draw // divisor) % bound. A rejection
        # limit of 2**64 is stored as 0 (nothing is rejected). A step past the deck's
        # reads draw column G, which stays 0.
        D = size
        groups = [_batches(n) if n >= 2 else () for n in range(D + 1)]
        G = max(len(plan) for plan in groups)
        self._draw_columns = G + 1
        self._groups = np.array([len(plan) for plan in groups], dtype=np.intp)
        self._product = np.ones((D + 1, G), dtype=U64)
        self._limit = np.zeros((D + 1, G), dtype=U64)
        self._step_group = np.full((D + 1, D), G, dtype=np.intp)
        self._step_divisor = np.ones((D + 1, D), dtype=U64)
        self._step_bound = np.ones((D + 1, D), dtype=U64)
        # 1 where the next step's digit comes from the same draw: digit = q - bound * q'
        # with q = draw // divisor and q' the next step's (one division a step, not two)
        self._step_carry = np.zeros((D + 1, D), dtype=U64)
        self._monotone = bool(np.all(np.diff(self._groups) >= 0))
        self._ahead = (np.arange(1, REJECTION_WINDOW + 1, dtype=U64) * _GOLDEN)[None, :]
        for n, plan in enumerate(groups):
            for g, (product, limit, steps) in enumerate(plan):
                self._product[n, g] = product
                self._limit[n, g] = limit % (1 << 64)
                divisor = 1
                for i, (k, bound) in enumerate(steps):
                    self._step_group[n, n - 1 - k] = g
                    self._step_divisor[n, n - 1 - k] = divisor
                    self._step_bound[n, n - 1 - k] = bound
                    self._step_carry[n, n - 1 - k] = i + 1 < len(steps)
                    divisor *= bound

    def _draw_again(self, states: NDArray[np.uint64], value: NDArray[np.uint64],
                    limit: NDArray[np.uint64], rejected: NDArray[np.intp]) -> None:
        """Draw again in the ``rejected`` lanes until below their ``limit`` (updating
        ``states`` and ``value`` there): the next :data:`REJECTION_WINDOW` outputs of each
        stream at once, the first one accepted taken."""
        todo, start, bound = rejected, states[rejected], limit[rejected]
        while todo.size:
            ahead = start[:, None] + self._ahead
            drawn = _mix(ahead)
            accepted = drawn < bound[:, None]
            first = accepted.argmax(axis=1)
            got = accepted.any(axis=1)
            took, at = todo[got], first[got]
            value[took] = drawn[got, at]
            states[took] = ahead[got, at]
            left = ~got
            todo, start, bound = todo[left], ahead[left, -1], bound[left]

    def shuffle(self, deck: NDArray[np.int8], rng: NDArray[np.uint64], lanes: NDArray[np.intp],
                lengths: NDArray[np.intp]) -> None:
        """Rng.shuffle of ``deck[lane, :length]`` in each of ``lanes``, drawing from
        the lane's stream: first every draw (they do not depend on the cards), then the
        Fisher-Yates swaps, lanes sorted longest first so that the lanes still swapping
        at a step are a prefix."""
        if not lanes.size:
            return
        order = np.argsort(-lengths, kind="stable")
        lanes, lengths = lanes[order], lengths[order]
        steps = int(lengths[0]) - 1
        if steps < 1:
            return
        groups = self._groups[lengths]
        streams = rng[lanes]
        m, C = lanes.shape[0], self._draw_columns
        draws = np.zeros((m, C), dtype=U64)
        limits, products = self._limit[lengths], self._product[lengths]
        for g in range(int(groups.max())):
            # the lanes drawing a g-th batch: a prefix (longest first) where longer decks
            # never need fewer batches, else picked out
            drawing: Any = (slice(0, int(np.count_nonzero(groups > g))) if self._monotone
                            else np.flatnonzero(groups > g))
            states = streams[drawing]
            states += _GOLDEN
            value = _mix(states)
            limit = limits[drawing, g]
            rejected = np.flatnonzero((value >= limit) & (limit != 0))
            if rejected.size:  # Rng.randrange's rejection of a partial block
                self._draw_again(states, value, limit, rejected)
            streams[drawing] = states
            draws[drawing, g] = value % products[drawing, g]
        rng[lanes] = streams
        # each step's digit: j, the position swapped with n-1-s (all below 2**63)
        at = self._step_group[lengths, :steps]
        at += (np.arange(m, dtype=np.intp) * C)[:, None]
        quotient = np.take(draws, at)
        quotient //= self._step_divisor[lengths, :steps]
        below = np.zeros_like(quotient)
        np.multiply(quotient[:, 1:], self._step_carry[lengths, :steps - 1], out=below[:, :-1])
        below *= self._step_bound[lengths, :steps]
        other = np.subtract(quotient, below, out=quotient).view(np.intp)
        D = deck.shape[1]
        start = (np.arange(m, dtype=np.intp) * D)[None, :]
        # Flat positions, one row per step, each lane's pair (k, j) side by side: the
        # lanes still swapping at a step are a prefix of its row, and one fancy
        # assignment swaps them all (numpy reads the right side before writing).
        targets = np.empty((steps, m, 2), dtype=np.intp)
        sources = np.empty((steps, m, 2), dtype=np.intp)
        np.subtract(start + lengths[None, :] - 1, np.arange(steps)[:, None],
                    out=targets[:, :, 0])
        np.add(start, other.T, out=targets[:, :, 1])
        sources[:, :, 0] = targets[:, :, 1]
        sources[:, :, 1] = targets[:, :, 0]
        into, out_of = targets.reshape(steps, 2 * m), sources.reshape(steps, 2 * m)
        active = (2 * np.searchsorted(-lengths, -(np.arange(steps) + 2), side="right")).tolist()
        cards = deck[lanes].reshape(-1)
        for step in range(steps):
            cards[into[step, :active[step]]] = cards[out_of[step, :active[step]]]
        deck[lanes] = cards.reshape(-1, D)


NTH_BIT = np.array([[i for i in range(8) if byte >> i & 1][n] if n < bin(byte).count("1")
                     else 0 for byte in range(256) for n in range(8)], dtype=np.intp)
"""``NTH_BIT[byte * 8 + n]``: the position of the n-th set bit of ``byte`` (0 if none)."""


def random_columns(mask: NDArray[np.bool_], noise: np.random.Generator) -> NDArray[np.intp]:
    """A uniformly random legal column per lane (column 0 where none is legal).

    Works on the mask packed to bits (one pass over it): the set bits are counted per
    byte, a rank drawn below each lane's count, and its byte and bit looked up.
    """
    B, A = mask.shape
    columns = np.ascontiguousarray(mask.T).view(U8)  # no copy for a lane-last mask
    full, rest = divmod(A, 8)
    packed = np.empty((full + (rest > 0), B), dtype=U8)  # 8 columns a byte
    packed_words, column_words = words(packed), words(columns)
    # Horner, highest column first: double the byte, or in the next column (the bytes
    # stay below 256, so 8 lanes of a word never carry into each other)
    if full:
        blocks = column_words[:full * 8].reshape(full, 8, -1)
        whole = packed_words[:full]
        whole[...] = blocks[:, 7]
        for bit in range(6, -1, -1):
            whole += whole
            whole |= blocks[:, bit]
    if rest:
        last = packed_words[full]
        last[...] = column_words[full * 8 + rest - 1]
        for bit in range(rest - 2, -1, -1):
            last += last
            last |= column_words[full * 8 + bit]
    counts = np.bitwise_count(packed)
    if A < 256:  # set bits up to each byte fit a byte: add 8 lanes a word
        ends = counts.copy()
        end_words = words(ends)
        for byte in range(1, ends.shape[0]):
            end_words[byte] += end_words[byte - 1]
    else:
        ends = np.cumsum(counts, axis=0, dtype=np.uint16)
    total = ends[-1]
    pick = (noise.random(B) * total).astype(ends.dtype)
    # the byte holding the pick: how many bytes end at or before it
    found = np.minimum(np.less_equal(ends, pick).sum(axis=0, dtype=np.uint16),
                       ends.shape[0] - 1).astype(np.intp)
    at = found * B + np.arange(B)
    nth = pick - (np.take(ends, at) - np.take(counts, at))
    bit = np.take(NTH_BIT, np.take(packed, at).astype(np.intp) * 8 + np.minimum(nth, 7))
    return np.where(total > 0, found * 8 + bit, 0)


def rotate_seats(rows: NDArray[Any], player: NDArray[np.intp], lane: NDArray[np.intp],
            out: NDArray[Any], swap: NDArray[Any] | None = None) -> NDArray[Any]:
    """``out[r, ..., b] = rows[(player[b] + r) % P, ..., b]``: the rows (seats, lanes
    last) seen from each lane's ``player``. ``swap`` (two seats only): the bytes
    ``0xFF`` where ``player`` is 1, one per lane (:func:`swap_bytes`)."""
    P = rows.shape[0]
    if P == 2 and swap is not None and rows.dtype == U8:
        # two seats: row r is row r or the other, picked by a byte mask 8 lanes a word
        parts = [rows[0], rows[1], out[0], out[1], np.ascontiguousarray(swap)]
        if all(part.flags.c_contiguous for part in parts) and rows.shape[-1] % 8 == 0:
            parts = [part.view(U64) for part in parts]
        first, second, low, high, picks = parts
        differ = np.bitwise_xor(first, second)
        differ &= picks
        np.bitwise_xor(first, differ, out=low)
        np.bitwise_xor(second, differ, out=high)
        return out
    B = rows.shape[-1]
    inner = int(np.prod(rows.shape[1:-1], dtype=np.intp))
    flat = np.ascontiguousarray(rows).reshape(-1)
    target = out.reshape(P, inner, B)
    for r in range(P):
        seat = player + r
        seat -= P * (seat >= P)
        at = seat * (inner * B) + lane
        for i in range(inner):
            np.take(flat, at + i * B, out=target[r, i])
    return out


def swap_bytes(player: NDArray[Any]) -> NDArray[np.uint8]:
    """0xFF where ``player`` (0 or 1, one per lane) is 1, else 0: the ``swap`` of
    :func:`rotate_seats` (it broadcasts over the rows)."""
    ones = player.view(U8) if player.dtype.itemsize == 1 else (player != 0).view(U8)
    swap: NDArray[np.uint8] = np.negative(ones)
    return swap


def runs_of(numbers: list[int]) -> list[tuple[int, int]]:
    """Sorted ``numbers`` as ranges ``(start, stop)`` of consecutive ones."""
    ranges: list[tuple[int, int]] = []
    for number in numbers:
        if ranges and ranges[-1][1] == number:
            ranges[-1] = (ranges[-1][0], number + 1)
        else:
            ranges.append((number, number + 1))
    return ranges
