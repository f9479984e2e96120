"""A seat's RL observation of Saukopf as float32 bytes, compiled with the engine.

:class:`SeatEncoder` writes the vector :mod:`saustall.rl.saukopf_v0` documents (its
blocks: :func:`observation_blocks`) for one seat, reading exactly the state's fields that
:func:`saustall.games.saukopf.observe.view_counts` reads (the seat's view as plain ints:
its hand, what the table has seen, the partner and the handed-over card only where the
seat may know them), so it shows nothing the view hides. A test compares it, entry for
entry, with the vector encoded from ``state.view(seat)`` at every decision of many
random sessions.

Why bytes: an RL loop asks for an observation every step, and the numpy calls that
would fill an array entry by entry cost more than the step itself. Every block is looked
up whole in tables built once (the float32 bytes of each byte of a card mask, of one card,
of a one-hot seat row, of each count's fraction) and the blocks are joined; the blocks
that change once a trick, a deal or a declaration (the cards played, the cards aside and
the trumps, the ledger) are remembered until their (immutable) source object changes.
The environment wraps the bytes in a numpy array without copying them again. This module
imports no numpy, so the engine's compiled core stays light.
"""

from __future__ import annotations

from array import array
from typing import Final

from saustall.games.saukopf.bidding import NAPF
from saustall.games.saukopf.cards import GAME_KINDS, SCHWARZ, Declaration
from saustall.games.saukopf.game import SaukopfState
from saustall.games.saukopf.scoring import Ledger
from saustall.games.saukopf.state import PHASE_PLAYING

PHASES: Final = ("bidding", "declaring", "partner", "giving", "kontra", "re", "playing",
                 "over")
"""The phases of a deal, in the order of the ``phase`` block."""

_NO_CARDS: Final[tuple[int, ...]] = ()
_NO_TRICKS: Final[tuple[tuple[int, tuple[int, ...], int], ...]] = ()


def observation_blocks(players: int) -> list[tuple[str, int, str]]:
    """The observation's blocks in order: (name, size, meaning), for ``players`` seats."""
    p = players
    return [
        ("hand", 32, "cards in my hand"),
        ("trick", p * 32, "card each relative seat put in the current trick"),
        ("played", p * 32, "cards each relative seat played in earlier tricks"),
        ("aside", 32, "cards laid open aside"),
        ("trumps", 32, "trump rank, weakest to strongest in (0, 1]; 0: no trump"),
        ("phase", len(PHASES), "phase of the deal (one-hot)"),
        ("napf", 1, "the bidding is in the Napf"),
        ("top_bid", 1, "(top bid - 60) / 61, Schwarz 1"),
        ("top_bidder", p, "relative seat of the top bidder"),
        ("bids_left", p, "bids left / 2"),
        ("passed", p, "has passed"),
        ("game", len(GAME_KINDS), "declared game kind"),
        ("spiess", 1, "declared am Spiess"),
        ("declarer", p, "relative seat of the declarer"),
        ("partner", p, "relative seat of the partner, once I may know it"),
        ("called_ace", 32, "the called Sau"),
        ("open_trump", 32, "a Kreuzung's open trump"),
        ("given", 32, "the card handed over face down (declarer and partner)"),
        ("kontra", p, "who gave the Huftritt"),
        ("re", p, "who gave the Gegenhuftritt"),
        ("leader", p, "who led the current trick"),
        ("to_act", p, "who is to act"),
        ("points", p, "card points taken / 120"),
        ("tricks_won", p, "tricks taken / tricks per deal"),
        ("hand_counts", p, "cards held / hand size"),
        ("deal", 1, "deals finished / deals"),
        ("dealer", p, "relative seat of the dealer"),
        ("net", p, "session net points / 100, clipped to [-1, 1]"),
    ]


def floats(values: list[float]) -> bytes:
    """``values`` as float32 bytes in the machine's order (numpy's ``float32``)."""
    return array("f", values).tobytes()


def _one_hot(size: int, at: int) -> bytes:
    return floats([1.0 if i == at else 0.0 for i in range(size)])


def _fractions(top: int, denominator: int) -> list[bytes]:
    """The float32 bytes of ``k / denominator`` for k in 0..top."""
    return [floats([k / denominator]) for k in range(top + 1)]


class SeatEncoder:
    """The observation of any seat at a table of ``players`` (hand size ``hand_size``,
    ``deals`` deals a session) as float32 bytes: :meth:`encode`. One encoder serves one
    environment; what it remembers is keyed by the identity of immutable state parts, so
    it may be handed any state of that table, in any order."""

    def __init__(self, players: int, hand_size: int) -> None:
        n = players
        self.players = n
        self.size = sum(size for _, size, _ in observation_blocks(n))
        # rel[seat][s]: s relative to seat; seats[seat][r]: the seat r places to its left
        self.rel = [[(s - seat) % n for s in range(n)] for seat in range(n)]
        self.seats = [[(seat + r) % n for r in range(n)] for seat in range(n)]
        self.byte8 = [floats([float(byte >> i & 1) for i in range(8)]) for byte in range(256)]
        # one card's 32-card block at index c + 1; index 0: no card
        self.one_card = [bytes(128)] + [_one_hot(32, c) for c in range(32)]
        # a one-hot row over the seats at index r + 1; index 0: nobody
        self.seat_row = [bytes(4 * n)] + [_one_hot(n, r) for r in range(n)]
        self.zero = floats([0.0])
        self.one = floats([1.0])
        self.phase = {name: _one_hot(len(PHASES), i) for i, name in enumerate(PHASES)}
        self.game = [_one_hot(len(GAME_KINDS), k) for k in range(len(GAME_KINDS))]
        self.top_bid = [self.zero] + [floats([(b - 60) / 61]) if b > 60 else self.zero
                                      for b in range(1, SCHWARZ + 1)]
        self.half = _fractions(2, 2)
        self.per_hand = _fractions(hand_size, hand_size)
        self.points = _fractions(120, 120)
        # blocks of a game not yet declared: game, spiess, declarer, partner, three cards
        self.undeclared = bytes(4 * (len(GAME_KINDS) + 1 + 2 * n + 3 * 32))
        self.no_card = self.one_card[0]
        # set bits of each 16-bit number (int.bit_count is a method call to compiled code)
        self.bits16 = [0] * 65536
        for k in range(1, 65536):
            self.bits16[k] = self.bits16[k >> 1] + (k & 1)
        # remembered until their (immutable) source objects change: the played cards and
        # what they are built from, the cards aside and the trumps, and per seat the rows
        # of the bidding, of the points and tricks taken and of the ledger (empty: not
        # built yet for that seat)
        self._tricks: tuple[tuple[int, tuple[int, ...], int], ...] = _NO_TRICKS
        self._played_masks = [0] * n
        self._played = [self.no_card] * n
        self._aside: tuple[int, ...] = _NO_CARDS
        self._trumps: tuple[int, ...] = _NO_CARDS
        self._cards = bytes(256)
        self._bids_used: tuple[int, ...] = ()
        self._passed: tuple[bool, ...] = ()
        self._top_bid = -1
        self._top_bidder = -1
        self._stage = ""
        self._bid_rows = [b""] * n
        self._taken_points: tuple[int, ...] = ()
        self._taken_tricks: tuple[int, ...] = ()
        self._taken_rows = [b""] * n
        self._ledger: Ledger | None = None
        self._net = [self.zero] * n
        self._net_rows = [b""] * n
        self._results: tuple[object, ...] = ()
        self._deal = self.zero

    def mask_bytes(self, mask: int) -> bytes:
        """A 32-card block with 1.0 at the cards of the bit mask ``mask``."""
        table = self.byte8
        return b"".join([table[mask & 255], table[mask >> 8 & 255], table[mask >> 16 & 255],
                         table[mask >> 24 & 255]])

    def fraction(self, table: list[bytes], k: int, denominator: int) -> bytes:
        """``k / denominator`` from ``table`` (or computed, for a count beyond it)."""
        if 0 <= k < len(table):
            return table[k]
        return floats([k / denominator])

    def _remember_played(self, tricks: tuple[tuple[int, tuple[int, ...], int], ...]) -> None:
        """The ``played`` blocks of every (absolute) seat for the finished ``tricks``:
        one more trick than last time is added, anything else counted afresh."""
        n = self.players
        known = self._tricks
        masks = self._played_masks
        grown = len(tricks) == len(known) + 1
        for k in range(len(known) if grown else 0):
            if tricks[k] is not known[k]:
                grown = False
                break
        if grown:
            new = tricks[len(known):]
        else:
            masks = self._played_masks = [0] * n
            new = tricks
        for lead, cards, _ in new:
            for i in range(len(cards)):
                masks[(lead + i) % n] |= 1 << cards[i]
        self._played = [self.mask_bytes(m) for m in masks]
        self._tricks = tricks

    def _remember_cards(self, aside: tuple[int, ...], trumps: tuple[int, ...]) -> None:
        """The ``aside`` and ``trumps`` blocks."""
        mask = 0
        for c in aside:
            mask |= 1 << c
        values = [0.0] * 32
        for i in range(len(trumps)):
            values[trumps[i]] = (i + 1) / len(trumps)
        self._cards = self.mask_bytes(mask) + floats(values)
        self._aside, self._trumps = aside, trumps

    def _bid_row(self, state: SaukopfState, seat: int) -> bytes:
        """The blocks ``napf`` to ``passed`` for ``seat``."""
        n = self.players
        rel, seats = self.rel[seat], self.seats[seat]
        used, passed = state.bids_used, state.passed
        parts = [self.one if state.stage == NAPF else self.zero, self.top_bid[state.top_bid],
                 self.seat_row[rel[state.top_bidder] + 1 if state.top_bidder >= 0 else 0]]
        for r in range(n):
            parts.append(self.half[2 - used[seats[r]]])
        for r in range(n):
            parts.append(self.one if passed[seats[r]] else self.zero)
        return b"".join(parts)

    def _taken_row(self, state: SaukopfState, seat: int) -> bytes:
        """The blocks ``points`` and ``tricks_won`` for ``seat``."""
        n, size = self.players, state.hand_size
        seats = self.seats[seat]
        points, tricks = state.taken_points, state.taken_tricks
        parts = [self.fraction(self.points, points[seats[r]], 120) for r in range(n)]
        for r in range(n):
            parts.append(self.fraction(self.per_hand, tricks[seats[r]], size))
        return b"".join(parts)

    def encode(self, state: SaukopfState, seat: int) -> bytes:
        """``seat``'s observation of ``state``: float32 bytes, the blocks of
        :func:`observation_blocks` in order (``seat`` must be a seat of the table)."""
        n = self.players
        rel = self.rel[seat]
        seats = self.seats[seat]
        row = self.seat_row
        table = self.byte8
        hand = state.masks[seat]
        parts = [table[hand & 255], table[hand >> 8 & 255], table[hand >> 16 & 255],
                 table[hand >> 24 & 255]]
        # the current trick, by relative seat: seat r played its ((seat + r - leader) % n)th
        trick = state.trick
        leader = state.leader
        one_card = self.one_card
        played_here = len(trick)
        for r in range(n):
            i = (seat + r - leader) % n
            parts.append(one_card[trick[i] + 1] if i < played_here else self.no_card)
        tricks = state.tricks
        if tricks is not self._tricks:
            self._remember_played(tricks)
        played = self._played
        for r in range(n):
            parts.append(played[seats[r]])
        decl: Declaration | None = state.decl
        trumps = state.order.trumps if decl is not None else _NO_CARDS
        aside = state.aside
        if aside is not self._aside or trumps is not self._trumps:
            self._remember_cards(aside, trumps)
        parts.append(self._cards)
        parts.append(self.phase[state.phase])
        if (state.bids_used is not self._bids_used or state.passed is not self._passed
                or state.top_bid != self._top_bid or state.top_bidder != self._top_bidder
                or state.stage is not self._stage):
            self._bids_used, self._passed = state.bids_used, state.passed
            self._top_bid, self._top_bidder, self._stage = (state.top_bid, state.top_bidder,
                                                            state.stage)
            self._bid_rows = [b""] * n
        bid_row = self._bid_rows[seat]
        if not bid_row:
            bid_row = self._bid_rows[seat] = self._bid_row(state, seat)
        parts.append(bid_row)
        if decl is None:
            parts.append(self.undeclared)
        else:
            parts.append(self.game[decl.kind])
            parts.append(self.one if decl.spiess else self.zero)
            parts.append(row[rel[state.declarer] + 1])
            partner = -1
            if state.partner_public or seat == state.partner:
                partner = state.partner
            parts.append(row[rel[partner] + 1 if partner >= 0 else 0])
            parts.append(one_card[state.called_ace + 1])
            parts.append(one_card[state.kreuz_open + 1])
            given = -1
            if state.kreuz_given >= 0 and (seat == state.declarer or seat == state.partner):
                given = state.kreuz_given
            parts.append(one_card[given + 1])
        parts.append(row[rel[state.kontra] + 1 if state.kontra >= 0 else 0])
        parts.append(row[rel[state.re] + 1 if state.re >= 0 else 0])
        parts.append(row[rel[leader] + 1])
        # to_act: the one seat to act, none once the session is over (SaukopfState.to_act)
        parts.append(row[0 if state.over else rel[state.cur] + 1])
        if state.taken_points is not self._taken_points or \
                state.taken_tricks is not self._taken_tricks:
            self._taken_points, self._taken_tricks = state.taken_points, state.taken_tricks
            self._taken_rows = [b""] * n
        taken_row = self._taken_rows[seat]
        if not taken_row:
            taken_row = self._taken_rows[seat] = self._taken_row(state, seat)
        parts.append(taken_row)
        per_hand, bits = self.per_hand, self.bits16
        size = state.hand_size
        masks = state.masks
        for r in range(n):
            held = masks[seats[r]]
            parts.append(self.fraction(per_hand, bits[held & 65535] + bits[held >> 16], size))
        results = state._results
        if results is not self._results:
            self._deal = floats([min(1.0, len(results) / state.deals)])
            self._results = results
        parts.append(self._deal)
        parts.append(row[rel[state.dealer] + 1])
        ledger = state.ledger
        if ledger is not self._ledger:
            self._net = [floats([max(-1.0, min(1.0, v / 100))]) for v in ledger.net()]
            self._ledger = ledger
            self._net_rows = [b""] * n
        net_row = self._net_rows[seat]
        if not net_row:
            net = self._net
            net_row = self._net_rows[seat] = b"".join([net[seats[r]] for r in range(n)])
        parts.append(net_row)
        return b"".join(parts)

    def play_mask_key(self, state: SaukopfState) -> int:
        """During card play without revokes: the bit mask of the cards the seat to act
        may play (its legal actions are exactly these cards' plays); else -1."""
        if state.phase != PHASE_PLAYING or state.allow_revoke or state.over:
            return -1
        return state.legal_card_mask(state.cur)
