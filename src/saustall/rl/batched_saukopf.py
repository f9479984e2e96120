"""Batched Saukopf: many deals stepped together on numpy arrays, bidding to score.

Each lane is one Saukopf deal. :meth:`BatchedSaukopf.init` deals lane ``b`` from
``seeds[b]`` exactly as the engine deals it (the same SplitMix64 shuffle) and the lane
plays the whole deal: the bidding in the Trog and, if everybody passes, in the Napf
(throwing the deal in when everybody passes again), the declaration (the games the hand
and the bid allow), a Kreuzung's partner bidding and hand-over (back to the Napf's
bidding when nobody joins), then the card play: the tricks under the declared game (its
trump order, Spieß reversed), following suit, the called Sau's rules (Davonlaufen, the
search, no Abferkeln), the Huftritt window after the first card (Kontra, then Re), the
trick winner, card points and tricks, and at the end the deal's score (meat and
roughness points by the ruleset's point table) paid as rewards. Every game kind is
played: Sauerei, Kreuzung, Keiler, Wutz, Hauer, Ferkelparade, Knorpel, their Napf twins
and the Masts, Doppel and Solo, plain or am Spieß, at four (``saukopf``) and at three
(``dreihaxer``). The phases before the card play are stepped by
:class:`~saustall.rl.batched_saukopf_bidding.SaukopfBidding`, the observation built by
:mod:`saustall.rl.batched_saukopf_observe`.

A lane may also start from a scalar state, at any point of its deal
(:meth:`BatchedSaukopf.start`), e.g. one of
:func:`~saustall.rl.saukopf_deals.scripted_deal` (re-exported here), which deals a seed
and bids and declares a chosen game kind by a fixed script: a pool of deals of every
kind for card-play training. Either way the lane plays exactly the scalar engine's deal
(:mod:`saustall.games.saukopf.game`), action for action; the differential test
(``tests/rl/test_batched_saukopf.py``) checks the legal masks, the acting seat's
observation, the trick winners and the rewards against it after every action.

One environment, three speeds: the actions are the slots of the AEC environment
(:mod:`saustall.rl.saukopf_v0`, ``Discrete(237)``: slot 0 pass, 1 Kontra, 2 Re, 3 join,
``4 + c`` card ``c``, then the gives, the bids and the declarations) and
:meth:`BatchedSaukopf.observe` is its observation vector, float for float (the same
layout, built from the same whitelist): a policy trained here plays the AEC and Gym
environments unchanged.

Use (needs numpy: the ``rl`` extra)::

    sim = BatchedSaukopf("saukopf")
    state = sim.init(np.arange(4096))                  # lane b: the deal of seed b
    noise = np.random.default_rng(0)
    for _ in range(1000):
        obs = sim.observe(state)                       # the acting seat's, every lane
        slots = random_columns(state.legal_action_mask, noise)
        state = sim.step(state, slots)                 # pure: ``state`` is left as it was
        net = state.rewards                            # the deal's net points per seat
        state = sim.redeal(state)                      # finished lanes: their next seed

A lane holds the last deal of its session (``init``: single deals, ``deals=1``, the AEC
environment's ``deals`` option; ``start`` refuses other states): its episode ends with
the deal. Its rewards are the deal's net points (meat minus roughness) per absolute
seat, paid the step the last trick is taken (the AEC environment's ``reward="net"``,
``reward_scale="points"``; divide by :data:`~saustall.rl.saukopf_v0.MAX_DEAL_MEAT` for
its ``normalized``); a deal thrown in pays nothing. A finished lane stays as it is: its
action is ignored and its rewards are 0 after that step (pgx's convention).
:meth:`BatchedSaukopf.redeal` deals every finished lane its next seed;
:meth:`BatchedSaukopf.auto_reset` gives it a deal drawn from a pool of started deals
(array copies); :meth:`BatchedSaukopf.restart` loads scalar states into chosen lanes.

State (:class:`SaukopfBatch`; ``B`` lanes, ``P`` players, ``T`` tricks a deal, ``A``
slots; seats absolute, as in the engine):

| field | shape | dtype | meaning |
| --- | --- | --- | --- |
| ``phase`` | B | int8 | index into :data:`~saustall.rl.saukopf_v0.PHASES`: 0 bidding, 1 declaring, 2 partner, 3 giving, 4 kontra, 5 re, 6 playing, 7 over |
| ``current_player`` | B | int8 | seat to act, -1 once over |
| ``last_player`` | B | int8 | seat that took the last action (-1 before any) |
| ``hands`` | B, P | uint32 | each hand as a card bit mask (card ``c`` is bit ``c``) |
| ``played`` | B, P | uint32 | the cards each seat played in finished tricks |
| ``trick`` | B, P | int8 | the card each seat put in the current trick, -1 none |
| ``trick_len`` | B | int8 | cards in the current trick |
| ``leader`` | B | int8 | seat that led the current trick |
| ``best_seat``, ``best_power`` | B | int8, int16 | the current trick's winning seat so far and its card's power |
| ``led`` | B | int8 | the led effective suit (0-3, 4 trump), -1 none |
| ``trick_points`` | B | int16 | card points in the current trick |
| ``taken_points``, ``taken_tricks`` | B, P | int16 | card points and tricks each seat took |
| ``tricks_done`` | B | int8 | finished tricks |
| ``trick_winners`` | B, T | int8 | the winner of each finished trick, -1 not yet |
| ``partner``, ``partner_public`` | B | int8, bool | the declarer's partner (-1 none) and whether the table knows it |
| ``ran_away`` | B | bool | the called Sau's holder ran away |
| ``kontra``, ``re`` | B | int8 | the seat that gave the Huftritt / Gegenhuftritt, -1 none |
| ``kontra_done`` | B | bool | the Huftritt window has been opened |
| ``poll``, ``poll_len``, ``poll_i`` | (B, 2P - 2), B, B | int8 | the seats asked in turn in the Huftritt window or a Kreuzung's partner bidding |
| ``decl`` | B | int16 | the declared game: index into :attr:`BatchedSaukopf.declarations` (:attr:`BatchedSaukopf.undeclared` before) |
| ``deal_facts`` | B, 12 | int16 | what card play does not change: :data:`FACTS` names the columns |
| ``bids_left``, ``passed`` | B, P | int8 | bids each seat has left (2 at first), whether it passed |
| ``net`` | B, P | int32 | the session's net points (the ledger), the deal's added at its end |
| ``terminated`` | B | bool | the deal is over |
| ``rewards`` | B, P | float32 | the last step's rewards: the deal's net points the step it ends, else 0 |
| ``legal_action_mask`` | B, A | bool | legal slots of the seat to act; none once over (stored lanes-last: a view of a contiguous ``A x B``) |
| ``seed`` | B | int64 | the seed the lane's session was dealt from |

``python -m benchmarks.batched --game saukopf`` measures actions/s (one core, CPU time).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, Final, Sequence

import numpy as np
from numpy.typing import NDArray

from saustall.core.errors import IllegalActionError, InvalidOptionError
from saustall.core.registry import get as get_game
from saustall.games.saukopf.actions import (
    CARD_BASE, KONTRA, NOTATION, PASS, RE, REVOKE_BASE, declaration_of, is_declare,
)
from saustall.games.saukopf.bidding import NAPF
from saustall.games.saukopf.cards import (
    GAME_KINDS, POINTS, SCHWARZ, TRUMP, Declaration, laufende_of_masks, mask_of, order_for,
)
from saustall.games.saukopf.game import SaukopfState
from saustall.games.saukopf.observe import party_mask
from saustall.games.saukopf.scoring import tariff_of
from saustall.games.saukopf.state import (
    PHASE_BIDDING, PHASE_KONTRA, PHASE_PARTNER, PHASE_PLAYING, PHASE_RE,
)
from saustall.rl.batched_saukopf_bidding import BIDDING, GIVING, PARTNER, SaukopfBidding
from saustall.rl.batched_saukopf_observe import observe
from saustall.rl.lanes import random_columns
from saustall.rl.saukopf_deals import scripted_deal
from saustall.rl.saukopf_v0 import KIND_INDEX, PHASES, raw_env

__all__ = ["FACTS", "BatchedSaukopf", "SaukopfBatch", "random_columns", "scripted_deal"]

I8, I16, I32, I64, U32 = np.int8, np.int16, np.int32, np.int64, np.uint32
PLAYING: Final = PHASES.index(PHASE_PLAYING)
KONTRA_PHASE: Final = PHASES.index(PHASE_KONTRA)
RE_PHASE: Final = PHASES.index(PHASE_RE)
OVER: Final = PHASES.index("over")

FACTS: Final = ("declarer", "kind", "spiess", "bid", "called_ace", "open_trump", "given",
                "napf_stage", "top_bidder", "dealer", "laufende", "deals_finished")
"""The columns of :attr:`SaukopfBatch.deal_facts`: the deal's facts the card play leaves
as they are (seats absolute, -1 for none; ``bid`` the top bid, the game's once declared;
``napf_stage`` 1 while the bidding is, or ended, in the Napf; ``laufende`` the declarer's
party's as scoring counts them, set when the card play starts; ``deals_finished`` the
session's deals finished)."""
_F = {name: i for i, name in enumerate(FACTS)}
_POINTS: Final = np.array(POINTS, dtype=I16)


@dataclass(frozen=True)
class SaukopfBatch:
    """Many Saukopf deals in card play; the fields are tabled in the module docstring."""

    phase: NDArray[np.int8]
    current_player: NDArray[np.int8]
    last_player: NDArray[np.int8]
    hands: NDArray[np.uint32]
    played: NDArray[np.uint32]
    trick: NDArray[np.int8]
    trick_len: NDArray[np.int8]
    leader: NDArray[np.int8]
    best_seat: NDArray[np.int8]
    best_power: NDArray[np.int16]
    led: NDArray[np.int8]
    trick_points: NDArray[np.int16]
    taken_points: NDArray[np.int16]
    taken_tricks: NDArray[np.int16]
    tricks_done: NDArray[np.int8]
    trick_winners: NDArray[np.int8]
    partner: NDArray[np.int8]
    partner_public: NDArray[np.bool_]
    ran_away: NDArray[np.bool_]
    kontra: NDArray[np.int8]
    re: NDArray[np.int8]
    kontra_done: NDArray[np.bool_]
    poll: NDArray[np.int8]
    poll_len: NDArray[np.int8]
    poll_i: NDArray[np.int8]
    decl: NDArray[np.int16]
    deal_facts: NDArray[np.int16]
    bids_left: NDArray[np.int8]
    passed: NDArray[np.int8]
    aside: NDArray[np.uint32]
    net: NDArray[np.int32]
    deals: NDArray[np.int16]
    terminated: NDArray[np.bool_]
    rewards: NDArray[np.float32]
    legal_action_mask: NDArray[np.bool_]
    seed: NDArray[np.int64]

    @property
    def batch_size(self) -> int:
        """The number of lanes."""
        return int(self.phase.shape[0])

    def copy(self) -> "SaukopfBatch":
        """A deep copy (every array copied; the mask laid out lanes-last)."""
        return self.take(slice(None))

    def take(self, rows: NDArray[np.integer[Any]] | Sequence[int] | slice) -> "SaukopfBatch":
        """A new batch of the lanes ``rows`` (repeats allowed), e.g. a training batch
        drawn from a pool of started deals."""
        index = rows if isinstance(rows, slice) else np.asarray(rows, dtype=np.intp)
        taken = {f.name: getattr(self, f.name)[index].copy() for f in fields(self)
                 if f.name != "legal_action_mask"}
        taken["legal_action_mask"] = _lanes_last(self.legal_action_mask, index)
        return SaukopfBatch(**taken)

    def fact(self, name: str) -> NDArray[np.int16]:
        """The column ``name`` of :attr:`deal_facts` (see :data:`FACTS`)."""
        return self.deal_facts[:, _F[name]]


def _lanes_last(mask: NDArray[np.bool_], rows: NDArray[np.intp] | slice) -> NDArray[np.bool_]:
    """A copy of the lanes ``rows`` of ``mask`` (lanes x slots) stored slot by slot, each
    slot's lanes contiguous, as :func:`~saustall.rl.lanes.random_columns` reads it
    without a copy."""
    return np.ascontiguousarray(mask.T[:, rows]).T


@lru_cache(maxsize=None)
def _declarations() -> tuple[Declaration, ...]:
    """Every declaration the notation knows, in code order (:attr:`BatchedSaukopf.declarations`)."""
    return tuple(declaration_of(code) for code in sorted(NOTATION) if is_declare(code))


class BatchedSaukopf:
    """The batched card play of one Saukopf ruleset (``saukopf`` at 4, ``dreihaxer`` at 3).

    Raises :class:`InvalidOptionError` for another game's ruleset.
    """

    def __init__(self, ruleset: str = "saukopf") -> None:
        game = get_game("saukopf", ruleset)
        self.game = game
        self.ruleset = game.ruleset.name
        """The ruleset's name."""
        self.num_players: int = game.ruleset.min_players
        """Players per deal."""
        self.tricks: int = int(game.ruleset.params["hand_size"])
        """Tricks per deal (the hand size)."""
        self.tariff = tariff_of(game.ruleset.params.get("points"))
        """The point table deals are scored by (the ruleset's)."""
        self.env = raw_env(ruleset=self.ruleset, deals=1)
        """The AEC environment whose action slots and observation layout these are."""
        self.layout = self.env.layout
        """The observation layout (the AEC environment's)."""
        self.num_actions: int = self.env.actions.size
        """Columns of the legal-action mask: the AEC environment's action slots."""
        slot = self.env.actions.index[0]
        self.card_slot: int = slot[CARD_BASE]
        """The slot of card 0; card ``c`` is slot ``card_slot + c``."""
        self.pass_slot, self.kontra_slot, self.re_slot = slot[PASS], slot[KONTRA], slot[RE]
        if [slot[CARD_BASE + c] for c in range(32)] != list(range(self.card_slot,
                                                                 self.card_slot + 32)):
            raise AssertionError("the card slots must be consecutive")
        self._slot_code = np.array(
            [code if isinstance(code, int) and not REVOKE_BASE <= code < REVOKE_BASE + 4
             else -1 for code in self.env.actions.codes[0]], dtype=I32)
        self.declarations = _declarations()
        """Every declaration, in action-code order; :attr:`SaukopfBatch.decl` indexes it."""
        self._decl_index = {d: i for i, d in enumerate(self.declarations)}
        self.undeclared = len(self.declarations)
        """:attr:`SaukopfBatch.decl` of a lane whose game is not declared yet (its rows
        of the tables: no trumps)."""
        orders = [order_for(d.kind, d.param, d.spiess) for d in self.declarations]
        orders.append(order_for(-1))  # undeclared: no trumps, the printed suits
        self._eff = np.array([o.eff_suit for o in orders], dtype=I8)
        self._power = np.array([o.power for o in orders], dtype=I16)
        self._suit_masks = np.array([o.suit_masks for o in orders], dtype=U32)
        self._trump_values = np.zeros((len(orders), 32), dtype=np.float32)
        for i, o in enumerate(orders):
            for rank, c in enumerate(o.trumps):
                self._trump_values[i, c] = (rank + 1) / len(o.trumps)
        self._napf = np.array([GAME_KINDS[d.kind].napf for d in self.declarations] + [False])
        self._solo = np.array([not GAME_KINDS[d.kind].doppel for d in self.declarations]
                              + [False])
        self._kind_index = np.array([KIND_INDEX[GAME_KINDS[d.kind].name]
                                     for d in self.declarations] + [0], dtype=np.intp)
        if PHASES.index(PHASE_BIDDING) != BIDDING or PHASES.index("giving") != GIVING:
            raise AssertionError("the phase indices of batched_saukopf_bidding")
        self.bidding = SaukopfBidding(self)
        """Dealing, bidding, declaring and the Kreuzung's partner bidding."""

    # ----------------------------------------------------------------------------------
    # Starting lanes from scalar states
    # ----------------------------------------------------------------------------------
    def start(self, states: Sequence[SaukopfState]) -> SaukopfBatch:
        """A batch whose lane ``b`` continues ``states[b]``: a deal in its card play
        (playing, or the Huftritt window), the last of its session, without the
        ``allow_revoke`` option. The states are read, not changed. Raises
        :class:`InvalidOptionError` naming the first state that does not fit."""
        if not states:
            raise InvalidOptionError("start needs at least one state")
        batch = self._blank(len(states))
        for b, state in enumerate(states):
            self._load(batch, b, state)
        self._write_legal(batch, np.arange(batch.batch_size))
        return batch

    def init(self, seeds: NDArray[np.integer[Any]] | Sequence[int], dealer: int = 0) -> SaukopfBatch:
        """New deals, lane ``b`` dealt from ``seeds[b]`` exactly as
        ``get("saukopf", ruleset).new_state(P, seed, {"deals": 1, "dealer": dealer})``
        deals it, in its bidding: the whole deal is played in the batch."""
        seed_array = np.asarray(seeds, dtype=I64)
        if seed_array.ndim != 1 or seed_array.shape[0] < 1:
            raise InvalidOptionError("seeds must be a non-empty 1-d sequence of integers")
        if not 0 <= dealer < self.num_players:
            raise InvalidOptionError(f"dealer must be a seat 0-{self.num_players - 1}")
        batch = self._blank(seed_array.shape[0])
        self.bidding.deal(batch, seed_array, dealer)
        self._write_legal(batch, np.arange(batch.batch_size))
        return batch

    def _blank(self, B: int) -> SaukopfBatch:
        """A batch of ``B`` lanes, every array at its neutral value."""
        P, T = self.num_players, self.tricks
        return SaukopfBatch(
            phase=np.zeros(B, I8), current_player=np.zeros(B, I8),
            last_player=np.full(B, -1, I8), hands=np.zeros((B, P), U32),
            played=np.zeros((B, P), U32), trick=np.full((B, P), -1, I8),
            trick_len=np.zeros(B, I8), leader=np.zeros(B, I8), best_seat=np.zeros(B, I8),
            best_power=np.zeros(B, I16), led=np.full(B, -1, I8), trick_points=np.zeros(B, I16),
            taken_points=np.zeros((B, P), I16), taken_tricks=np.zeros((B, P), I16),
            tricks_done=np.zeros(B, I8), trick_winners=np.full((B, T), -1, I8),
            partner=np.zeros(B, I8), partner_public=np.zeros(B, np.bool_),
            ran_away=np.zeros(B, np.bool_), kontra=np.zeros(B, I8), re=np.zeros(B, I8),
            kontra_done=np.zeros(B, np.bool_), poll=np.full((B, 2 * P - 2), -1, I8),
            poll_len=np.zeros(B, I8), poll_i=np.zeros(B, I8), decl=np.zeros(B, I16),
            deal_facts=np.zeros((B, len(FACTS)), I16), bids_left=np.zeros((B, P), I8),
            passed=np.zeros((B, P), I8), aside=np.zeros(B, U32), net=np.zeros((B, P), I32),
            deals=np.ones(B, I16), terminated=np.zeros(B, np.bool_),
            rewards=np.zeros((B, P), np.float32),
            legal_action_mask=np.zeros((self.num_actions, B), np.bool_).T,
            seed=np.zeros(B, I64))

    def restart(self, batch: SaukopfBatch, lanes: Sequence[int] | NDArray[np.integer[Any]],
                states: Sequence[SaukopfState]) -> None:
        """Load ``states[i]`` into lane ``lanes[i]`` of ``batch`` (in place), as
        :meth:`start` would; the lanes' rewards are set to 0."""
        rows = [int(lane) for lane in lanes]
        if len(rows) != len(states):
            raise InvalidOptionError(f"restart got {len(rows)} lanes but {len(states)} states")
        for b, state in zip(rows, states):
            if not 0 <= b < batch.batch_size:
                raise InvalidOptionError(f"no lane {b} in a batch of {batch.batch_size}")
            self._load(batch, b, state)
            batch.rewards[b] = 0
            batch.legal_action_mask[b] = False
        self._write_legal(batch, np.array(rows, dtype=np.intp))

    def auto_reset(self, batch: SaukopfBatch, pool: SaukopfBatch, noise: np.random.Generator,
                   *, inplace: bool = False) -> SaukopfBatch:
        """Every finished lane of ``batch`` takes a deal drawn from ``pool`` (a batch of
        :meth:`start`, e.g. a few thousand scripted deals), uniformly by ``noise``: whole
        rows copied, no scalar work (read the finished lanes' ``rewards`` first: the new
        deals' are 0). Pure unless ``inplace``."""
        done = np.flatnonzero(batch.terminated)
        if not done.size:
            return batch
        s = batch if inplace else batch.copy()
        rows = noise.integers(0, pool.batch_size, done.size)
        for f in fields(s):
            getattr(s, f.name)[done] = getattr(pool, f.name)[rows]
        return s

    def redeal(self, batch: SaukopfBatch, *, inplace: bool = False,
               dealer: int = 0) -> SaukopfBatch:
        """Every finished lane of ``batch`` is dealt its next seed (its seed plus the batch
        size) by :meth:`init`, in its bidding: the lanes together play seeds ``s0, s0 + 1,
        ...`` when started from ``init(np.arange(B) + s0)`` (read the finished lanes'
        ``rewards`` first). Pure unless ``inplace``."""
        done = np.flatnonzero(batch.terminated)
        if not done.size:
            return batch
        s = batch if inplace else batch.copy()
        fresh = self.init(batch.seed[done] + batch.batch_size, dealer)
        for f in fields(s):
            getattr(s, f.name)[done] = getattr(fresh, f.name)
        return s

    def _load(self, batch: SaukopfBatch, b: int, state: SaukopfState) -> None:
        """Copy the card play of ``state`` into lane ``b`` (checked first)."""
        if not isinstance(state, SaukopfState) or state.game.ruleset.name != self.ruleset:
            raise InvalidOptionError(f"state {b} is not a {self.ruleset} state")
        if state.phase not in PHASES[:OVER]:
            raise InvalidOptionError(f"state {b}'s deal is over (phase {state.phase})")
        if state.deal_index != state.deals - 1:
            raise InvalidOptionError(f"state {b} plays deal {state.deal_index + 1} of "
                                     f"{state.deals}: only a session's last deal is batched")
        if state.allow_revoke:
            raise InvalidOptionError(f"state {b} allows revokes: not batched")
        n, decl = self.num_players, state.decl
        d = self.undeclared if decl is None else self._decl_index[decl]
        batch.phase[b] = PHASES.index(state.phase)
        batch.current_player[b] = state.cur
        batch.last_player[b] = -1
        batch.hands[b] = state.masks
        played = [0] * n
        winners = [-1] * self.tricks
        for t, (lead, cards, win) in enumerate(state.tricks):
            winners[t] = win
            for i, c in enumerate(cards):
                played[(lead + i) % n] |= 1 << c
        batch.played[b] = played
        batch.trick_winners[b] = winners
        batch.trick[b] = -1
        best, power, led = state.leader, 0, -1
        for i, c in enumerate(state.trick):
            seat = (state.leader + i) % n
            batch.trick[b, seat] = c
            eff, p = int(self._eff[d, c]), int(self._power[d, c])
            if i == 0:
                best, power, led = seat, p, eff
            elif (eff == led or eff == TRUMP) and p > power:
                best, power = seat, p
        batch.trick_len[b] = len(state.trick)
        batch.leader[b] = state.leader
        batch.best_seat[b], batch.best_power[b], batch.led[b] = best, power, led
        batch.trick_points[b] = sum(POINTS[c] for c in state.trick)
        batch.taken_points[b] = state.taken_points
        batch.taken_tricks[b] = state.taken_tricks
        batch.tricks_done[b] = len(state.tricks)
        batch.partner[b] = state.partner
        batch.partner_public[b] = state.partner_public
        batch.ran_away[b] = state.ran_away
        batch.kontra[b], batch.re[b] = state.kontra, state.re
        batch.kontra_done[b] = state.kontra_done
        poll = list(state.poll) if state.phase in (PHASE_KONTRA, PHASE_RE, PHASE_PARTNER) else []
        batch.poll[b] = poll + [-1] * (2 * n - 2 - len(poll))
        batch.poll_len[b], batch.poll_i[b] = len(poll), state.poll_i if poll else 0
        batch.decl[b] = d
        party = party_mask(state.dealt, state.declarer, state.partner, True)
        playing = state.phase in (PHASE_PLAYING, PHASE_KONTRA, PHASE_RE)
        facts = {
            "declarer": state.declarer, "kind": -1 if decl is None else decl.kind,
            "spiess": int(decl is not None and decl.spiess),
            "bid": state.top_bid, "called_ace": state.called_ace,
            "open_trump": state.kreuz_open,
            "given": state.kreuz_given, "napf_stage": int(state.stage == NAPF),
            "top_bidder": state.top_bidder, "dealer": state.dealer,
            "laufende": (laufende_of_masks(state.order, party, mask_of(state.aside))
                         if playing else 0),
            "deals_finished": len(state.results),
        }
        batch.deal_facts[b] = [facts[name] for name in FACTS]
        batch.bids_left[b] = [2 - u for u in state.bids_used]
        batch.passed[b] = state.passed
        batch.aside[b] = mask_of(state.aside)
        batch.net[b] = state.ledger.net()
        batch.deals[b] = state.deals
        batch.terminated[b] = False
        batch.seed[b] = state.seed
        if decl is not None and state.top_bid != state.bid:
            raise AssertionError("once declared, the top bid is the game's bid")

    # ----------------------------------------------------------------------------------
    # Legal actions
    # ----------------------------------------------------------------------------------
    def engine_actions(self, batch: SaukopfBatch,
                       slots: NDArray[np.integer[Any]] | list[int]) -> NDArray[np.int32]:
        """The engine's action code of each lane's slot (-1 for a revoke slot: the batch
        takes none)."""
        return np.take(self._slot_code, np.asarray(slots, dtype=np.intp))

    def legal_cards(self, batch: SaukopfBatch, lanes: NDArray[np.intp]) -> NDArray[np.uint32]:
        """The cards the seat to act may play in each of ``lanes`` (playing lanes), as bit
        masks: :func:`saustall.games.saukopf.game.card_mask`, lane by lane at once."""
        rows = lanes
        seat = batch.current_player[rows].astype(np.intp)
        hand = batch.hands[rows, seat]
        d = batch.decl[rows]
        ace = batch.deal_facts[rows, _F["called_ace"]].astype(np.int64)
        has_ace_card = ace >= 0
        ace_bit = np.where(has_ace_card, U32(1) << np.maximum(ace, 0).astype(U32), U32(0))
        ace_suit = np.maximum(ace, 0) >> 3
        holds_ace = has_ace_card & ~batch.ran_away[rows] & ((hand & ace_bit) != 0)
        ace_suit_cards = self._suit_masks[d, ace_suit]
        zupfer = hand & ace_suit_cards & ~ace_bit
        leading = np.where(holds_ace & (np.bitwise_count(zupfer) < 3), hand & ~zupfer, hand)
        led = batch.led[rows].astype(np.intp)
        same = hand & self._suit_masks[d, np.maximum(led, 0)]
        searched = holds_ace & (led == ace_suit)
        following = np.where(
            same != 0, np.where(searched, ace_bit, same),
            np.where(holds_ace & (np.bitwise_count(hand) > 1), hand & ~ace_bit, hand))
        return np.where(batch.trick_len[rows] == 0, leading, following).astype(U32)

    def _write_legal(self, batch: SaukopfBatch, lanes: NDArray[np.intp] | None = None,
                     bidding: bool = True) -> None:
        """Write the legal mask of ``lanes`` (the slots of card play); None: of every
        lane (a finished lane's all False), slot by slot over the lanes-last mask. With
        ``bidding``, the slots only the bidding phases use too, in every lane."""
        every = lanes is None
        rows = np.arange(batch.batch_size) if lanes is None else lanes
        phase = batch.phase[rows]
        seat = batch.current_player[rows]
        in_party = ((seat == batch.deal_facts[rows, _F["declarer"]])
                    | (seat == batch.partner[rows]))
        playing = phase == PLAYING
        columns = np.zeros((35, rows.shape[0]), dtype=np.bool_)  # pass, kontra, re, cards
        columns[0] = ((phase == KONTRA_PHASE) | (phase == RE_PHASE) | (phase == BIDDING)
                      | (phase == PARTNER))
        columns[1] = (phase == KONTRA_PHASE) & ~in_party
        columns[2] = (phase == RE_PHASE) & in_party
        if playing.any():
            legal = self.legal_cards(batch, rows[playing])
            raw = np.ascontiguousarray(legal, dtype="<u4").view(np.uint8).reshape(-1, 4)
            columns[3:, playing] = np.unpackbits(raw, axis=1, bitorder="little").T
        by_slot = batch.legal_action_mask.T
        targets = [self.pass_slot, self.kontra_slot, self.re_slot]
        for i, slot in enumerate(targets + list(range(self.card_slot, self.card_slot + 32))):
            if every:
                by_slot[slot] = columns[i]
            else:
                by_slot[slot, rows] = columns[i]
        if bidding:
            before_play = np.flatnonzero((batch.phase < KONTRA_PHASE) & ~batch.terminated)
            self.bidding.write_legal(batch, before_play)

    # ----------------------------------------------------------------------------------
    # Step
    # ----------------------------------------------------------------------------------
    def step(self, batch: SaukopfBatch, slots: NDArray[np.integer[Any]] | list[int], *,
             inplace: bool = False) -> SaukopfBatch:
        """Every running lane takes its slot of ``slots`` (one per lane; finished lanes'
        are ignored). Pure unless ``inplace``. Raises :class:`IllegalActionError` naming
        the first lane whose slot is not legal (the batch unchanged)."""
        slot = np.asarray(slots, dtype=np.intp)
        B = batch.batch_size
        if slot.shape != (B,):
            raise InvalidOptionError(f"step needs one slot per lane ({B}), got shape "
                                     f"{slot.shape}")
        running = ~batch.terminated
        bad = running & ((slot < 0) | (slot >= self.num_actions))
        safe = np.where(bad, 0, slot)
        by_slot = batch.legal_action_mask.T
        if by_slot.flags.c_contiguous:  # lanes-last, as start and step lay it out
            legal = np.take(by_slot.reshape(-1), safe * B + np.arange(B))
        else:
            legal = batch.legal_action_mask[np.arange(B), safe]
        bad |= running & ~legal
        if bad.any():
            lane = int(np.flatnonzero(bad)[0])
            shown = int(slot[lane])
            name = (self.env.actions.slots[shown] if 0 <= shown < self.num_actions
                    else "outside the action space")
            raise IllegalActionError(
                f"lane {lane}: slot {shown} ({name}) is not legal for seat "
                f"{int(batch.current_player[lane])} in {PHASES[int(batch.phase[lane])]}",
                "not-legal-now")
        s = batch if inplace else batch.copy()
        s.rewards[:] = 0
        lanes = np.flatnonzero(running)
        s.last_player[lanes] = s.current_player[lanes]
        phase = s.phase[lanes]
        bidding = phase < KONTRA_PHASE
        if bidding.any():
            self.bidding.step(s, lanes[bidding], phase[bidding], slot[lanes[bidding]])
        self._play(s, lanes[phase == PLAYING], slot[lanes[phase == PLAYING]] - self.card_slot)
        self._answer_kontra(s, lanes[phase == KONTRA_PHASE],
                            slot[lanes[phase == KONTRA_PHASE]] == self.kontra_slot)
        self._answer_re(s, lanes[phase == RE_PHASE], slot[lanes[phase == RE_PHASE]] == self.re_slot)
        self._write_legal(s, bidding=bool(bidding.any()))
        return s

    def _play(self, s: SaukopfBatch, lanes: NDArray[np.intp], card: NDArray[np.intp]) -> None:
        """The seat to act in each of ``lanes`` plays ``card`` (GameState._play)."""
        if not lanes.size:
            return
        P = self.num_players
        p = s.current_player[lanes].astype(np.intp)
        d = s.decl[lanes]
        hand = s.hands[lanes, p]
        ace = s.deal_facts[lanes, _F["called_ace"]].astype(np.int64)
        has_ace_card = ace >= 0
        ace_bit = np.where(has_ace_card, U32(1) << np.maximum(ace, 0).astype(U32), U32(0))
        first = s.trick_len[lanes] == 0
        ace_suit_cards = self._suit_masks[d, np.maximum(ace, 0) >> 3]
        card_bit = U32(1) << card.astype(U32)
        runs = first & ((hand & ace_bit) != 0) & (card != ace) & ((ace_suit_cards & card_bit) != 0)
        s.ran_away[lanes] |= runs
        s.hands[lanes, p] = hand & ~card_bit
        s.trick[lanes, p] = card
        eff = self._eff[d, card]
        power = self._power[d, card]
        led = np.where(first, eff, s.led[lanes])
        better = first | (((eff == led) | (eff == TRUMP)) & (power > s.best_power[lanes]))
        s.led[lanes] = led
        s.best_seat[lanes] = np.where(better, p, s.best_seat[lanes])
        s.best_power[lanes] = np.where(better, power, s.best_power[lanes])
        s.trick_points[lanes] += _POINTS[card]
        s.partner_public[lanes] |= card == ace
        s.trick_len[lanes] += 1
        full = s.trick_len[lanes] == P
        going = lanes[~full]
        if going.size:
            opening = ~s.kontra_done[going] & (s.tricks_done[going] == 0)
            self._open_kontra_window(s, going[opening])
            rest = going[~opening]
            s.current_player[rest] = (s.current_player[rest] + 1) % P
        self._close_tricks(s, lanes[full])

    def _close_tricks(self, s: SaukopfBatch, lanes: NDArray[np.intp]) -> None:
        """The full tricks of ``lanes`` go to their winners."""
        if not lanes.size:
            return
        win = s.best_seat[lanes].astype(np.intp)
        s.taken_points[lanes, win] += s.trick_points[lanes]
        s.taken_tricks[lanes, win] += 1
        s.trick_winners[lanes, s.tricks_done[lanes].astype(np.intp)] = win
        ace = s.deal_facts[lanes, _F["called_ace"]]
        searched = (ace >= 0) & (s.led[lanes] == (np.maximum(ace, 0) >> 3))
        s.partner_public[lanes] |= searched  # after a search everybody knows the Sau
        cards = s.trick[lanes].astype(np.int64)
        s.played[lanes] |= (U32(1) << np.maximum(cards, 0).astype(U32)) * (cards >= 0)
        s.trick[lanes] = -1
        s.trick_len[lanes] = 0
        s.trick_points[lanes] = 0
        s.led[lanes] = -1
        s.tricks_done[lanes] += 1
        over = s.tricks_done[lanes] == self.tricks
        going = lanes[~over]
        s.current_player[going] = s.leader[going] = win[~over]
        self._finish(s, lanes[over])

    def _open_kontra_window(self, s: SaukopfBatch, lanes: NDArray[np.intp]) -> None:
        """After the first card: the declarer's opponents are asked in turn (as far as
        the table knows them) whether they kick (GameState._open_kontra_window)."""
        if not lanes.size:
            return
        P = self.num_players
        s.kontra_done[lanes] = True
        order = (s.leader[lanes, None].astype(np.intp) + np.arange(1, P + 1)) % P
        declarer = s.deal_facts[lanes, _F["declarer"], None]
        keep = (order != declarer) & ~(s.partner_public[lanes, None]
                                       & (order == s.partner[lanes, None]))
        self._set_poll(s, lanes, order, keep, KONTRA_PHASE)

    def _set_poll(self, s: SaukopfBatch, lanes: NDArray[np.intp], order: NDArray[np.intp],
                  keep: NDArray[np.bool_], phase: int) -> None:
        """Ask the seats of ``order`` that ``keep`` marks, in turn, in ``phase``."""
        at = np.argsort(~keep, axis=1, kind="stable")
        poll = np.where(np.take_along_axis(keep, at, axis=1),
                        np.take_along_axis(order, at, axis=1), -1)
        s.poll[lanes] = -1
        s.poll[lanes, :poll.shape[1]] = poll
        s.poll_len[lanes] = keep.sum(axis=1)
        s.poll_i[lanes] = 0
        s.phase[lanes] = phase
        s.current_player[lanes] = poll[:, 0]

    def _next_in_poll(self, s: SaukopfBatch, lanes: NDArray[np.intp]) -> None:
        """The next seat of the poll is asked; after the last, play resumes."""
        if not lanes.size:
            return
        s.poll_i[lanes] += 1
        more = s.poll_i[lanes] < s.poll_len[lanes]
        asked = lanes[more]
        s.current_player[asked] = s.poll[asked, s.poll_i[asked].astype(np.intp)]
        self._resume(s, lanes[~more])

    def _resume(self, s: SaukopfBatch, lanes: NDArray[np.intp]) -> None:
        """The Huftritt window closes: the first trick goes on."""
        s.phase[lanes] = PLAYING
        s.poll[lanes] = -1
        s.poll_len[lanes] = s.poll_i[lanes] = 0
        s.current_player[lanes] = (s.leader[lanes] + 1) % self.num_players

    def _answer_kontra(self, s: SaukopfBatch, lanes: NDArray[np.intp],
                       kicks: NDArray[np.bool_]) -> None:
        """Pass or Kontra (GameState._kontra_answer)."""
        if not lanes.size:
            return
        P = self.num_players
        kicked = lanes[kicks]
        if kicked.size:
            p = s.current_player[kicked].astype(np.intp)
            s.kontra[kicked] = p
            order = (p[:, None] + np.arange(1, P)) % P
            keep = ((order == s.deal_facts[kicked, _F["declarer"], None])
                    | (order == s.partner[kicked, None]) | ~s.partner_public[kicked, None])
            self._set_poll(s, kicked, order, keep, RE_PHASE)
        self._next_in_poll(s, lanes[~kicks])

    def _answer_re(self, s: SaukopfBatch, lanes: NDArray[np.intp], kicks: NDArray[np.bool_]) -> None:
        """Pass or Re (GameState._re_answer)."""
        if not lanes.size:
            return
        kicked = lanes[kicks]
        p = s.current_player[kicked]
        s.re[kicked] = p
        s.partner_public[kicked] |= p != s.deal_facts[kicked, _F["declarer"]]
        self._resume(s, kicked)
        self._next_in_poll(s, lanes[~kicks])

    # ----------------------------------------------------------------------------------
    # Scoring
    # ----------------------------------------------------------------------------------
    def _finish(self, s: SaukopfBatch, lanes: NDArray[np.intp]) -> None:
        """Score the deals of ``lanes`` (scoring.score_deal, lane by lane at once) and
        pay each seat its net points."""
        if not lanes.size:
            return
        s.phase[lanes] = OVER
        s.current_player[lanes] = -1
        s.terminated[lanes] = True
        s.deal_facts[lanes, _F["deals_finished"]] += 1
        meat, roughness = self.score(s, lanes)
        net = meat - roughness
        s.net[lanes] += net
        s.rewards[lanes] = net

    def score(self, s: SaukopfBatch, lanes: NDArray[np.intp]) -> tuple[NDArray[np.int32],
                                                                       NDArray[np.int32]]:
        """Meat and roughness points per seat (``len(lanes) x P``) of the finished deals of
        ``lanes``, by the reference card as :func:`saustall.games.saukopf.scoring.score_deal`
        scores them (with the ruleset's point table)."""
        t, P, T = self.tariff, self.num_players, self.tricks
        seats = np.arange(P)
        facts = s.deal_facts[lanes].astype(I32)
        declarer, bid = facts[:, _F["declarer"]], facts[:, _F["bid"]]
        spiess = facts[:, _F["spiess"]] == 1
        kontra, re = s.kontra[lanes].astype(I32), s.re[lanes].astype(I32)
        d = s.decl[lanes]
        napf, solo = self._napf[d], self._solo[d]
        party = (seats == declarer[:, None]) | (seats == s.partner[lanes, None])
        points = s.taken_points[lanes].astype(I32)
        tricks = s.taken_tricks[lanes].astype(I32)
        ours = (points * party).sum(axis=1)
        theirs = (points * ~party).sum(axis=1)
        our_tricks = (tricks * party).sum(axis=1)
        schwarz = bid == SCHWARZ
        won = np.where(napf, np.where(schwarz, our_tricks == 0, theirs >= bid),
                       np.where(schwarz, our_tricks == T, ours >= bid))
        win_points = np.where(won, ours, theirs)
        win_tricks = np.where(won, our_tricks, T - our_tricks)
        lauf = facts[:, _F["laufende"]]
        run = np.where(won, lauf, -lauf)
        items = t.schlachtung + (solo & (P == 4)) * t.extrawurst
        items = items + np.where(
            napf,
            (run > 0) * run * t.schwarte + (run <= -4) * t.armes_schwein
            + (win_points <= 30) * t.stallgeruch + (win_tricks == 0) * t.porco_negro,
            (run < 0) * -run * t.schwarte + (run >= 4) * t.gluecksschwein
            + (win_points > 90) * t.stallgeruch + (win_tricks == T) * t.porco_negro)
        items = items + (spiess & ~won) * t.bolzenschuss
        multiplier = np.where(kontra >= 0, t.kontra, 1) * np.where(re >= 0, t.re, 1)
        winners = np.where(won[:, None], party, ~party)
        meat = (winners * (items * multiplier)[:, None]).astype(I32)
        roughness = np.zeros_like(meat)
        roughness += ((seats == kontra[:, None]) & won[:, None]) * t.huftreter
        lost = ~won[:, None]
        roughness += ((seats == declarer[:, None]) & lost) * (
            (bid > 61)[:, None] * t.uebergrunzer + spiess[:, None] * t.spiesser)
        roughness += ((seats == re[:, None]) & lost) * t.gegenhuftreter
        return meat, roughness

    # ----------------------------------------------------------------------------------
    # Observation
    # ----------------------------------------------------------------------------------
    def blank_observations(self, batch: int) -> NDArray[np.float32]:
        """A buffer for :meth:`observe` of ``batch`` lanes."""
        return np.zeros((batch, self.layout.size), dtype=np.float32)

    def observe(self, batch: SaukopfBatch, seat: int | NDArray[np.integer[Any]] | None = None,
                out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
        """The AEC environment's observation (``B x F`` float32) of the seat to act in
        each lane (a finished lane: the seat that took its last action), or of ``seat``
        (one seat, or one per lane); written into ``out`` when given
        (:func:`saustall.rl.batched_saukopf_observe.observe`)."""
        return observe(self, batch, seat, out)
