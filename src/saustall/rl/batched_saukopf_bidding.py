"""The batched Saukopf deal before its card play: dealing, bidding, declaring, and a
Kreuzung's partner bidding and hand-over, lane by lane at once.

:class:`SaukopfBidding` holds the tables and steps of these phases for
:class:`~saustall.rl.batched_saukopf.BatchedSaukopf` (which owns the state and the card
play): dealing a seed as the engine deals it (the same SplitMix64 shuffle,
:class:`~saustall.rl.lanes.ShufflePlan`), the bids a hand allows in the Trog and the Napf
(:func:`saustall.games.saukopf.bidding.bid_actions`), the games it may declare after a
bid (:func:`saustall.games.saukopf.bidding.declare_actions`, as one table look-up per
lane), the next bidder, the passage to the Napf and throwing the deal in, the Kreuzung's
open trump, its partner bidding, the card handed over, and the Laufende of the
declarer's party once the cards are final.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np
from numpy.typing import NDArray

from saustall.core.rng import _key  # the scalar stream's own key
from saustall.games.saukopf.actions import BID_BASE, GIVE_BASE, JOIN, declare_action
from saustall.games.saukopf.bidding import (  # the engine's own declaration table
    KREUZ_MASK, NAPF, TROG, _declare_actions,
)
from saustall.games.saukopf.cards import (
    ACE, CALLABLE_SUITS, KREUZUNG_KINDS, OBER, SAUEREI_KINDS, SCHWARZ, UNTER, card, mask_of,
    order_for,
)
from saustall.rl.lanes import ShufflePlan

if TYPE_CHECKING:
    from saustall.rl.batched_saukopf import BatchedSaukopf, SaukopfBatch

I8, I16, U32, U64 = np.int8, np.int16, np.uint32, np.uint64
BIDDING, DECLARING, PARTNER, GIVING, KONTRA_PHASE, PLAYING, OVER = 0, 1, 2, 3, 4, 6, 7
"""Indices into :data:`~saustall.rl.saukopf_v0.PHASES` (checked by the simulator)."""
BIDS: Final = np.arange(61, SCHWARZ + 1)
"""Every bid, 61 to 120 and Schwarz (121), in slot order."""
_BID_CLASSES: Final = (61, 62, 91, SCHWARZ)
_KREUZ: Final = U32(KREUZ_MASK)


def _bid_class_index(bid: NDArray[Any]) -> NDArray[np.intp]:
    """The row of :func:`saustall.games.saukopf.bidding._bid_class` of each bid: 61,
    62-90, 91-120, Schwarz."""
    return ((bid > 61).astype(np.intp) + (bid >= 91) + (bid >= SCHWARZ))


class SaukopfBidding:
    """Dealing, bidding, declaring and the Kreuzung's partner bidding, batched."""

    def __init__(self, sim: BatchedSaukopf) -> None:
        self.sim = sim
        P = sim.num_players
        slot = sim.env.actions.index[0]
        self.join_slot: int = slot[JOIN]
        self.give_slot: int = slot[GIVE_BASE]
        self.bid_slot: int = slot[BID_BASE + 61]
        decls = sim.declarations
        self.declare_slot: int = slot[declare_action(decls[0])]
        if ([slot[GIVE_BASE + c] for c in range(32)] != list(range(self.give_slot,
                                                                   self.give_slot + 32))
                or [slot[BID_BASE + int(b)] for b in BIDS] != list(range(self.bid_slot,
                                                                        self.bid_slot + len(BIDS)))
                or self.declare_slot + len(decls) != sim.num_actions):
            raise AssertionError("the give, bid and declare slots must be consecutive")
        self.first_column = min(self.give_slot, self.bid_slot)
        """The bidding phases' own slots lie from here on (and the join slot)."""
        if self.first_column < sim.card_slot + 32:
            raise AssertionError("the give and bid slots come after the cards")
        # declare_actions as a table: stage, bid class, callable suits (3 bits), Kreuzung ok
        index = {declare_action(d): i for i, d in enumerate(decls)}
        self._declarable = np.zeros((2, 4, 8, 2, len(decls)), dtype=np.bool_)
        for stage_i, stage in enumerate((TROG, NAPF)):
            for class_i, bid in enumerate(_BID_CLASSES):
                for bits in range(8):
                    suits = tuple(s for i, s in enumerate(CALLABLE_SUITS) if bits >> i & 1)
                    for ok in (0, 1):
                        for code in _declare_actions(stage, bid, P, (), suits, bool(ok)):
                            self._declarable[stage_i, class_i, bits, ok, index[code]] = True
        self._knorpel_card = np.array([d.param if d.info.param == "card" else -1
                                       for d in decls], dtype=np.int64)
        self._called_ace = np.array([card(d.param, ACE) if d.kind in SAUEREI_KINDS else -1
                                     for d in decls], dtype=I8)
        self._kreuzung = np.array([d.kind in KREUZUNG_KINDS for d in decls])
        self._kind = np.array([d.kind for d in decls], dtype=I16)
        self._spiess = np.array([d.spiess for d in decls], dtype=I16)
        trumps = [order_for(d.kind, d.param, d.spiess).trumps for d in decls]
        self._trumps = np.full((len(decls) + 1, 14), -1, dtype=np.int64)
        for i, row in enumerate(trumps):
            self._trumps[i, :len(row)] = row
        self._plan = ShufflePlan(32)
        # a suit's Sau may be called by a hand without it holding another card of the
        # suit than its Ober and Unter (bidding.callable_suits_of)
        self._ace_bits = np.array([1 << card(s, ACE) for s in CALLABLE_SUITS], dtype=U32)
        self._plain = np.array([mask_of(card(s, r) for r in range(8) if r not in (OBER, UNTER))
                                for s in CALLABLE_SUITS], dtype=U32)

    # ----------------------------------------------------------------------------------
    # Dealing
    # ----------------------------------------------------------------------------------
    def deal(self, s: SaukopfBatch, seeds: NDArray[np.int64], dealer: int) -> None:
        """Deal lane ``b`` from ``seeds[b]`` as ``new_state(P, seed, {"deals": 1,
        "dealer": dealer})`` deals it, and open the Trog bidding."""
        sim, P = self.sim, self.sim.num_players
        B = seeds.shape[0]
        rng = np.array([_key(int(seed)) for seed in seeds.tolist()], dtype=U64)
        deck = np.tile(np.arange(32, dtype=I8), (B, 1))
        lanes = np.arange(B, dtype=np.intp)
        self._plan.shuffle(deck, rng, lanes, np.full(B, 32, dtype=np.intp))
        k = sim.tricks
        bits = U32(1) << deck.astype(U32)
        for seat in range(P):
            s.hands[:, seat] = np.bitwise_or.reduce(bits[:, seat * k:(seat + 1) * k], axis=1)
        s.aside[:] = np.bitwise_or.reduce(bits[:, P * k:], axis=1) if P * k < 32 else 0
        s.seed[:] = seeds
        s.deal_facts[:] = -1
        for name, value in (("spiess", 0), ("bid", 0), ("napf_stage", 0), ("dealer", dealer),
                            ("laufende", 0), ("deals_finished", 0)):
            s.fact(name)[:] = value
        s.decl[:] = len(sim.declarations)  # none yet
        s.leader[:] = (dealer + 1) % P
        s.partner[:] = -1
        s.kontra[:] = s.re[:] = -1
        self._open_bidding(s, lanes, napf=False)

    def _open_bidding(self, s: SaukopfBatch, lanes: NDArray[np.intp], napf: bool) -> None:
        s.phase[lanes] = BIDDING
        s.fact("napf_stage")[lanes] = int(napf)
        s.fact("bid")[lanes] = 0
        s.fact("top_bidder")[lanes] = -1
        s.bids_left[lanes] = 2
        s.passed[lanes] = 0
        s.current_player[lanes] = (s.fact("dealer")[lanes] + 1) % self.sim.num_players

    # ----------------------------------------------------------------------------------
    # Legal actions
    # ----------------------------------------------------------------------------------
    def callable_bits(self, hands: NDArray[np.uint32]) -> NDArray[np.intp]:
        """The suits (E, G, S as bits 0-2) whose Sau each hand may call."""
        may = ((hands[:, None] & self._ace_bits) == 0) & ((hands[:, None] & self._plain) != 0)
        found: NDArray[np.intp] = (may * np.array([1, 2, 4], dtype=np.intp)).sum(axis=1)
        return found

    def write_legal(self, s: SaukopfBatch, lanes: NDArray[np.intp]) -> None:
        """Write the slots of the bidding phases (join, give, bid, declare) of every lane
        (the card play's are the simulator's): False but in ``lanes``, which are in a
        bidding phase."""
        by_slot = s.legal_action_mask.T
        by_slot[self.first_column:] = False
        by_slot[self.join_slot] = False
        if not lanes.size:
            return
        P = self.sim.num_players
        phase = s.phase[lanes]
        seat = s.current_player[lanes].astype(np.intp)
        hand = s.hands[lanes, seat]
        by_slot[self.join_slot, lanes] = phase == PARTNER
        top = s.fact("bid")[lanes].astype(np.int64)
        napf = s.fact("napf_stage")[lanes] == 1
        bidding = (phase == BIDDING) & (s.bids_left[lanes, seat] > 0)
        doppel_ok = ((self.callable_bits(hand) > 0)
                     | (np.bitwise_count(hand & _KREUZ) <= 1)) & (P == 4)
        in_stage = ~napf[:, None] | (BIDS >= 91) | ((BIDS == 61) & doppel_ok[:, None])
        bids = bidding[:, None] & (BIDS > top[:, None]) & in_stage
        by_slot[self.bid_slot:self.bid_slot + len(BIDS), lanes] = bids.T
        declaring = np.flatnonzero(phase == DECLARING)
        if declaring.size:
            rows = lanes[declaring]
            doppel = (P == 4) & (top[declaring] == 61)
            hands = hand[declaring]
            suits = np.where(doppel, self.callable_bits(hands), 0)
            kreuz_ok = doppel & (np.bitwise_count(hands & _KREUZ) <= 1)
            legal = self._declarable[napf[declaring].astype(np.intp),
                                     _bid_class_index(top[declaring]), suits,
                                     kreuz_ok.astype(np.intp)]
            knorpel = self._knorpel_card >= 0
            aside = s.aside[rows, None]
            legal &= ~(knorpel & ((aside >> np.maximum(self._knorpel_card, 0).astype(U32)) & 1)
                       .astype(np.bool_))
            by_slot[self.declare_slot:, rows] = legal.T
        giving = np.flatnonzero(phase == GIVING)
        if giving.size:
            hands = hand[giving]
            plain = hands & ~_KREUZ
            cards = np.where(plain != 0, plain, hands)
            raw = np.ascontiguousarray(cards, dtype="<u4").view(np.uint8).reshape(-1, 4)
            by_slot[self.give_slot:self.give_slot + 32, lanes[giving]] = np.unpackbits(
                raw, axis=1, bitorder="little").T.astype(np.bool_)

    # ----------------------------------------------------------------------------------
    # Steps
    # ----------------------------------------------------------------------------------
    def step(self, s: SaukopfBatch, lanes: NDArray[np.intp], phase: NDArray[np.int8],
             slot: NDArray[np.intp]) -> None:
        """Apply each of ``lanes``' slot (their phases before the step: ``phase``)."""
        self._bid(s, lanes[phase == BIDDING], slot[phase == BIDDING])
        self._declare(s, lanes[phase == DECLARING], slot[phase == DECLARING] - self.declare_slot)
        self._partner_answer(s, lanes[phase == PARTNER], slot[phase == PARTNER] == self.join_slot)
        self._give(s, lanes[phase == GIVING], slot[phase == GIVING] - self.give_slot)

    def _bid(self, s: SaukopfBatch, lanes: NDArray[np.intp], slot: NDArray[np.intp]) -> None:
        if not lanes.size:
            return
        P = self.sim.num_players
        p = s.current_player[lanes].astype(np.intp)
        passing = slot == self.sim.pass_slot
        s.passed[lanes[passing], p[passing]] = 1
        bidders, bid = lanes[~passing], BIDS[slot[~passing] - self.bid_slot]
        s.bids_left[bidders, p[~passing]] -= 1
        s.fact("bid")[bidders] = bid
        s.fact("top_bidder")[bidders] = p[~passing]
        top_bidder = s.fact("top_bidder")[lanes]
        seats = (p[:, None] + np.arange(1, P + 1)) % P
        rows = lanes[:, None]
        may = ((seats != top_bidder[:, None]) & (s.passed[rows, seats] == 0)
               & (s.bids_left[rows, seats] > 0)
               & (s.fact("bid")[lanes] < SCHWARZ)[:, None])  # Schwarz ends it
        found = may.any(axis=1)
        going = lanes[found]
        s.current_player[going] = seats[found, np.argmax(may[found], axis=1)]
        ended = lanes[~found]
        won = ended[s.fact("top_bidder")[ended] >= 0]
        s.phase[won] = DECLARING
        s.fact("declarer")[won] = s.current_player[won] = s.fact("top_bidder")[won]
        nobody = ended[s.fact("top_bidder")[ended] < 0]
        in_trog = s.fact("napf_stage")[nobody] == 0
        self._open_bidding(s, nobody[in_trog], napf=True)
        self._throw_in(s, nobody[~in_trog])

    def _throw_in(self, s: SaukopfBatch, lanes: NDArray[np.intp]) -> None:
        """Everybody passed twice (or nobody joined an Unreine Kreuzung): no score."""
        s.phase[lanes] = OVER
        s.current_player[lanes] = -1
        s.terminated[lanes] = True
        s.fact("deals_finished")[lanes] += 1

    def _declare(self, s: SaukopfBatch, lanes: NDArray[np.intp], d: NDArray[np.intp]) -> None:
        if not lanes.size:
            return
        P = self.sim.num_players
        s.decl[lanes] = d
        s.fact("kind")[lanes] = self._kind[d]
        s.fact("spiess")[lanes] = self._spiess[d]
        ace = self._called_ace[d]
        s.fact("called_ace")[lanes] = ace
        sauerei = ace >= 0
        calls = lanes[sauerei]
        holds = (s.hands[calls] >> ace[sauerei, None].astype(U32)) & 1
        s.partner[calls] = np.where(holds.any(axis=1), np.argmax(holds, axis=1), -1)
        s.partner_public[calls] = False
        kreuz = self._kreuzung[d]
        crossing = lanes[kreuz]
        declarer = s.fact("declarer")[crossing].astype(np.intp)
        trumps = s.hands[crossing, declarer] & _KREUZ
        lowest = trumps & (~trumps + U32(1))
        s.fact("open_trump")[crossing] = np.where(  # the lowest; -1 for none
            trumps != 0, np.bitwise_count(lowest - U32(1)).astype(I16), I16(-1))
        order = (declarer[:, None] + np.arange(1, P)) % P
        order = np.concatenate([order, order], axis=1)
        s.poll[crossing] = order
        s.poll_len[crossing] = order.shape[1]
        s.poll_i[crossing] = 0
        s.phase[crossing] = PARTNER
        s.current_player[crossing] = order[:, 0]
        solo = lanes[~sauerei & ~kreuz]
        s.partner_public[solo] = True
        self.start_play(s, lanes[~kreuz])

    def _partner_answer(self, s: SaukopfBatch, lanes: NDArray[np.intp],
                        joins: NDArray[np.bool_]) -> None:
        if not lanes.size:
            return
        joined = lanes[joins]
        s.partner[joined] = s.current_player[joined]
        s.partner_public[joined] = True
        s.poll[joined] = -1
        s.poll_len[joined] = s.poll_i[joined] = 0
        gives = s.fact("open_trump")[joined] >= 0
        s.phase[joined[gives]] = GIVING
        self.start_play(s, joined[~gives])
        asked = lanes[~joins]
        s.poll_i[asked] += 1
        more = s.poll_i[asked] < s.poll_len[asked]
        next_ = asked[more]
        s.current_player[next_] = s.poll[next_, s.poll_i[next_].astype(np.intp)]
        failed = asked[~more]
        if failed.size:  # nobody joined: the declaration is void
            in_trog = s.fact("napf_stage")[failed] == 0
            s.decl[failed] = len(self.sim.declarations)
            for name in ("declarer", "called_ace", "open_trump", "given"):
                s.fact(name)[failed] = -1
            s.fact("kind")[failed] = -1
            s.fact("spiess")[failed] = 0
            s.partner[failed] = -1
            s.partner_public[failed] = False
            s.poll[failed] = -1
            s.poll_len[failed] = s.poll_i[failed] = 0
            self._open_bidding(s, failed[in_trog], napf=True)
            self._throw_in(s, failed[~in_trog])

    def _give(self, s: SaukopfBatch, lanes: NDArray[np.intp], c: NDArray[np.intp]) -> None:
        if not lanes.size:
            return
        p = s.current_player[lanes].astype(np.intp)
        d = s.fact("declarer")[lanes].astype(np.intp)
        given = U32(1) << c.astype(U32)
        opened = U32(1) << s.fact("open_trump")[lanes].astype(U32)
        s.hands[lanes, p] = s.hands[lanes, p] & ~given | opened
        s.hands[lanes, d] = s.hands[lanes, d] & ~opened | given
        s.fact("given")[lanes] = c
        self.start_play(s, lanes)

    def start_play(self, s: SaukopfBatch, lanes: NDArray[np.intp]) -> None:
        """The first trick: led by the dealer's left; the declarer's party's Laufende
        counted from the cards as they now lie (GameState._start_play)."""
        if not lanes.size:
            return
        P = self.sim.num_players
        s.phase[lanes] = PLAYING
        s.current_player[lanes] = s.leader[lanes] = (s.fact("dealer")[lanes] + 1) % P
        seats = np.arange(P)
        party = ((seats == s.fact("declarer")[lanes, None])
                 | (seats == s.partner[lanes, None]))
        mask = np.bitwise_or.reduce(np.where(party, s.hands[lanes], U32(0)), axis=1)
        trumps = self._trumps[s.decl[lanes]]
        run = np.zeros(lanes.shape[0], dtype=np.int64)
        holds = np.zeros(lanes.shape[0], dtype=np.int64)  # 0 unknown, 1 mine, -1 theirs
        going = np.ones(lanes.shape[0], dtype=np.bool_)
        aside = s.aside[lanes]
        for i in range(trumps.shape[1]):
            c = trumps[:, i]
            real = c >= 0
            bit = U32(1) << np.maximum(c, 0).astype(U32)
            counted = going & real & ((aside & bit) == 0)
            mine = np.where((mask & bit) != 0, 1, -1)
            first = counted & (holds == 0)
            holds = np.where(first, mine, holds)
            going &= ~(counted & (mine != holds))
            run += counted & going
        s.fact("laufende")[lanes] = run * holds
