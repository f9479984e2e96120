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
that change once a trick, a bid, a declaration or a deal (the cards played, the cards
aside and the trumps, each seat's rows of the bidding, the declaration and the session)
are remembered until their (immutable) source objects change. The result is a bytearray
the environment wraps in a numpy array without a copy. This module imports no numpy, so
the engine's compiled core stays light.
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
    """The observation of any seat at a table of ``players`` (hand size ``hand_size``)
    as float32 bytes: :meth:`encode`. One encoder serves one environment; what it
    remembers is checked against the state's own (immutable) parts at every call, so it
    may be handed any state of that table, in any order."""

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
        self.hand_size = hand_size
        # set bits of each byte (int.bit_count is a method call to compiled code; a byte
        # table stays in the cache, a 16-bit one would not)
        self.bits8 = [0] * 256
        for k in range(1, 256):
            self.bits8[k] = self.bits8[k >> 1] + (k & 1)
        # leader and to_act together, at leader * (n + 1) + (to_act + 1) (relative seats;
        # to_act -1: nobody)
        self.turn_rows = [self.seat_row[leader + 1] + self.seat_row[acting + 1]
                          for leader in range(n) for acting in range(-1, n)]
        # kontra and re together, at (kontra + 1) * (n + 1) + (re + 1) (relative seats;
        # -1: nobody)
        self.huftritt_rows = [self.seat_row[kontra + 1] + self.seat_row[re + 1]
                              for kontra in range(-1, n) for re in range(-1, n)]
        # Remembered until their (immutable) sources change: the cards each seat played
        # (and the tricks they come from); the blocks aside and trumps; the ledger's net
        # points by seat; per seat (empty: not built yet for that seat) the blocks of the
        # bidding (napf to passed), of the declaration (game to given) and the segment
        # from ``deal`` to ``net``.
        self._tricks: tuple[tuple[int, tuple[int, ...], int], ...] = _NO_TRICKS
        self._played_masks = [0] * n
        self._decl: Declaration | None = None
        self._stage = ""
        self._bids_used: tuple[int, ...] = ()
        self._passed: tuple[bool, ...] = ()
        self._top_bid = self._top_bidder = self._declarer = self._partner = -2
        self._partner_public = False
        self._called_ace = self._kreuz_open = self._kreuz_given = -2
        self._cards_aside: tuple[int, ...] = _NO_CARDS
        self._cards_trumps: tuple[int, ...] = _NO_CARDS
        self._cards = bytes(256)
        self._bid_rows = [b""] * n
        self._declaration_rows = [b""] * n
        self._ledger: Ledger | None = None
        self._net = [self.zero] * n  # by absolute seat
        self._results: tuple[object, ...] = ()
        self._dealer = -1
        self._tail_rows = [b""] * n
        self._deal_fractions: dict[int, bytes] = {}  # by deals finished * 1000 + deals

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
        """The cards every (absolute) seat played in the finished ``tricks``, as masks:
        one more trick than last time is added, anything else counted afresh."""
        n = self.players
        known = self._tricks
        masks = self._played_masks
        grown = len(tricks) == len(known) + 1
        for k in range(len(known) if grown else 0):
            if tricks[k] is not known[k]:
                grown = False
                break
        if not grown:
            masks = self._played_masks = [0] * n
        for k in range(len(known) if grown else 0, len(tricks)):
            lead, cards, _ = tricks[k]
            for i in range(len(cards)):
                masks[(lead + i) % n] |= 1 << cards[i]
        self._tricks = tricks

    def _remember_cards(self, aside: tuple[int, ...], trumps: tuple[int, ...]) -> None:
        """The blocks ``aside`` and ``trumps``: the cards laid aside, the trumps (highest
        first) ranked."""
        mask = 0
        for c in aside:
            mask |= 1 << c
        values = [0.0] * 32
        for i in range(len(trumps)):
            values[trumps[i]] = (i + 1) / len(trumps)
        self._cards = self.mask_bytes(mask) + floats(values)
        self._cards_aside, self._cards_trumps = aside, trumps

    def _same_bidding(self, state: SaukopfState) -> bool:
        """Whether the bidding (the blocks ``napf`` to ``passed``) is as when last asked
        (and remember it if not)."""
        same = (state.stage is self._stage and state.bids_used is self._bids_used
                and state.passed is self._passed and state.top_bid == self._top_bid
                and state.top_bidder == self._top_bidder)
        if not same:
            self._stage, self._bids_used, self._passed = (state.stage, state.bids_used,
                                                          state.passed)
            self._top_bid, self._top_bidder = state.top_bid, state.top_bidder
        return same

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

    def _same_declaration(self, state: SaukopfState) -> bool:
        """Whether the declared game and what each seat may know of it (the blocks
        ``game`` to ``given``) are as when last asked (and remember them if not)."""
        same = (state.decl is self._decl and state.declarer == self._declarer
                and state.partner == self._partner
                and state.partner_public == self._partner_public
                and state.called_ace == self._called_ace
                and state.kreuz_open == self._kreuz_open
                and state.kreuz_given == self._kreuz_given)
        if not same:
            self._decl, self._declarer, self._partner = (state.decl, state.declarer,
                                                         state.partner)
            self._partner_public = state.partner_public
            self._called_ace, self._kreuz_open = state.called_ace, state.kreuz_open
            self._kreuz_given = state.kreuz_given
        return same

    def _declaration_row(self, state: SaukopfState, decl: Declaration, seat: int) -> bytes:
        """The blocks ``game`` to ``given`` for ``seat``, ``decl`` declared."""
        rel, row, one_card = self.rel[seat], self.seat_row, self.one_card
        partner = -1
        if state.partner_public or seat == state.partner:
            partner = state.partner
        given = -1
        if state.kreuz_given >= 0 and (seat == state.declarer or seat == state.partner):
            given = state.kreuz_given
        return b"".join([self.game[decl.kind], self.one if decl.spiess else self.zero,
                         row[rel[state.declarer] + 1],
                         row[rel[partner] + 1 if partner >= 0 else 0],
                         one_card[state.called_ace + 1], one_card[state.kreuz_open + 1],
                         one_card[given + 1]])

    def _tail_row(self, state: SaukopfState, seat: int) -> bytes:
        """The segment from ``deal`` to ``net`` for ``seat``."""
        n = self.players
        seats = self.seats[seat]
        finished, deals = len(state._results), state.deals
        deal = self._deal_fractions.get(finished * 1000 + deals) if deals < 1000 else None
        if deal is None:
            deal = floats([min(1.0, finished / deals)])
            if deals < 1000:
                self._deal_fractions[finished * 1000 + deals] = deal
        parts = [deal, self.seat_row[self.rel[seat][state.dealer] + 1]]
        net = self._net
        for r in range(n):
            parts.append(net[seats[r]])
        return b"".join(parts)

    def encode(self, state: SaukopfState, seat: int) -> bytearray:
        """``seat``'s observation of ``state``: float32 bytes, the blocks of
        :func:`observation_blocks` in order (``seat`` must be a seat of the table), in a
        new bytearray (numpy makes a writable array over it without a copy)."""
        n = self.players
        seats = self.seats[seat]
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
        played = self._played_masks
        for r in range(n):
            held = played[seats[r]]
            parts.append(table[held & 255])
            parts.append(table[held >> 8 & 255])
            parts.append(table[held >> 16 & 255])
            parts.append(table[held >> 24 & 255])
        decl: Declaration | None = state.decl
        trumps = state.order.trumps if decl is not None else _NO_CARDS
        if state.aside is not self._cards_aside or trumps is not self._cards_trumps:
            self._remember_cards(state.aside, trumps)
        parts.append(self._cards)
        parts.append(self.phase[state.phase])
        if not self._same_bidding(state):
            self._bid_rows = [b""] * n
        bid_row = self._bid_rows[seat]
        if not bid_row:
            bid_row = self._bid_rows[seat] = self._bid_row(state, seat)
        parts.append(bid_row)
        if decl is None:
            parts.append(self.undeclared)
        else:
            if not self._same_declaration(state):
                self._declaration_rows = [b""] * n
            declaration_row = self._declaration_rows[seat]
            if not declaration_row:
                declaration_row = self._declaration_rows[seat] = self._declaration_row(
                    state, decl, seat)
            parts.append(declaration_row)
        rel = self.rel[seat]
        parts.append(self.huftritt_rows[(rel[state.kontra] + 1 if state.kontra >= 0 else 0)
                                        * (n + 1) +
                                        (rel[state.re] + 1 if state.re >= 0 else 0)])
        # to_act: the one seat to act, none once the session is over (SaukopfState.to_act)
        parts.append(self.turn_rows[rel[leader] * (n + 1) +
                                    (0 if state.over else rel[state.cur] + 1)])
        size = state.hand_size
        points, tricks_won = state.taken_points, state.taken_tricks
        for r in range(n):
            parts.append(self.fraction(self.points, points[seats[r]], 120))
        per_hand = self.per_hand
        for r in range(n):
            parts.append(self.fraction(per_hand, tricks_won[seats[r]], size))
        bits, masks = self.bits8, state.masks
        for r in range(n):
            held = masks[seats[r]]
            parts.append(self.fraction(per_hand, bits[held & 255] + bits[held >> 8 & 255] +
                                       bits[held >> 16 & 255] + bits[held >> 24], size))
        ledger = state.ledger
        if state._results is not self._results or ledger is not self._ledger or \
                state.dealer != self._dealer:
            if ledger is not self._ledger:
                self._net = [floats([max(-1.0, min(1.0, v / 100))]) for v in ledger.net()]
            self._results, self._ledger, self._dealer = state._results, ledger, state.dealer
            self._tail_rows = [b""] * n
        tail_row = self._tail_rows[seat]
        if not tail_row:
            tail_row = self._tail_rows[seat] = self._tail_row(state, seat)
        parts.append(tail_row)
        # bytes.join takes exact bytes without the buffer protocol (bytearray.join asks
        # every part for a buffer): join, then one copy into the caller's bytearray
        return bytearray(b"".join(parts))

    def play_mask_key(self, state: SaukopfState) -> int:
        """During card play without revokes: the bit mask of the cards the seat to act
        may play (its legal actions are exactly these cards' plays); else -1."""
        if state.phase != PHASE_PLAYING or state.allow_revoke or state.over:
            return -1
        return state.legal_card_mask(state.cur)
