"""Batched Drecksau: N games stepped together on numpy arrays (pgx style).

The same rules and the same random stream as the scalar engine
(:mod:`saustall.games.drecksau.state`): lane ``b`` dealt from seed ``s`` plays exactly the
game ``get("drecksau", ruleset).new_state(num_players, s)`` plays, action for action, and
its deck is shuffled by the same SplitMix64 draws (:mod:`saustall.core.rng`, vectorized in
uint64 arithmetic). A differential test (``tests/rl/test_batched.py``) checks every field
against the scalar engine after every action.

Rulesets: ``dirty-pig``, ``drecksau`` (``hand_size`` 3 or 4) and ``sauschoen``, every
player count they allow; ``turn_cap`` as in the engine. The Sauschön tournament is
:class:`saustall.rl.batched_tournament.BatchedTournament` (its rounds played by this step).

Use (needs numpy: the ``rl`` extra)::

    sim = BatchedDrecksau("dirty-pig", num_players=2)
    state = sim.init(np.arange(1024))           # lane b plays seed b
    noise = np.random.default_rng(0)
    while not state.terminated.all():
        obs = sim.observe(state)                 # the acting seat's, every lane: B x 222
        actions = random_columns(state.legal_action_mask, noise)  # a slot per lane
        state = sim.step(state, actions)         # pure: ``state`` is left as it was

One environment, three speeds: the actions are the AEC environment's action slots
(:mod:`saustall.rl.drecksau_v0`: relative seats, 191 slots in ``dirty-pig`` at every table
size) and :meth:`BatchedDrecksau.observe` is its observation, by the same encoder
(:class:`saustall.rl.drecksau_space.DrecksauSpace`): a policy ``(obs, mask) -> slot``
trained here plays the AEC and Gym environments unchanged, and the same games for the
same seeds (``tests/rl/test_one_space.py``). ``state.legal_action_mask`` is the mask of
the seat to act in each lane; ``sim.engine_actions(seats, slots)`` gives the engine's
action codes, ``sim.slot_of(seat, code)`` the other way.

Finished lanes: :meth:`BatchedDrecksau.step` leaves the game of a terminated lane as it
is (its action is ignored, its rewards are 0; pgx's convention).
:meth:`BatchedDrecksau.auto_reset` deals the next game in every lane whose game is over;
``step(..., auto_reset=True)`` does the same within the step (one legal-mask pass instead
of two), keeping ``terminated`` and ``rewards`` of the game that just ended for that step.
Lane ``b`` of a batch of ``B`` moves from seed ``s`` to seed ``s + B``, so the lanes
together play seeds ``s0, s0 + 1, ...`` without overlap when started from
``np.arange(B) + s0``.

State (:class:`BatchState`; ``B`` lanes, ``P`` players, ``N`` pigs each, ``D`` cards in the
deck, ``A`` action slots; seats absolute, as in the engine; the mask's slots are the
acting seat's, relative):

| field | shape | dtype | meaning |
| --- | --- | --- | --- |
| ``current_player`` | B | int8 | seat to act (unchanged once over) |
| ``phase`` | B | int8 | 0 a turn, 1 a Lucky Bird turn, 2 over (the lane's game is over) |
| ``turn`` | B | int32 | turns played (the engine's ``turn``) |
| ``hands`` | B, P | int32 | each hand as a code: sum of ``count[c] * (H+1)**c`` over card kinds ``c`` (``H`` the hand size); :meth:`BatchedDrecksau.hand_counts` decodes it |
| ``pigs`` | B, P, N | uint8 | pig flags: 1 dirty, 2 barn, 4 door, 8 rod, 16 pretty |
| ``deck`` | B, D | int8 | draw pile, bottom first; ``deck[b, :deck_len[b]]`` is the engine's ``deck`` (the rest is stale) |
| ``deck_len`` | B | int32 | cards in the draw pile |
| ``discard`` | B, D + 4 | int8 | discard pile, oldest first (``discard[b, :discard_len[b]]``; the rest is stale) |
| ``discard_len`` | B | int32 | cards in the discard pile |
| ``rng`` | B | uint64 | the SplitMix64 stream's state (the engine's ``rng._state``) |
| ``winner`` | B | int8 | winning seat, -1 while running or after a draw at the turn cap |
| ``win_kind`` | B | int8 | 0 none, 1 all pigs dirty, 2 all pigs pretty |
| ``terminated`` | B | bool | the game is over (won, or stopped at the turn cap); with ``step(auto_reset=True)``: it ended in this step (the lane already holds the next deal) |
| ``rewards`` | B, P | float32 | the last step's rewards: 1 to the winner when a game is won, else 0 |
| ``legal_action_mask`` | B, A | bool | legal columns for the seat to act; none once over |
| ``seed`` | B | int64 | the seed of the lane's current game |
| ``pile_counts`` | B | int64 | the discard pile's cards per kind, 6 bits a kind (kind ``k`` in bits ``6k .. 6k+5``) |

Memory: ``hands``, ``pigs`` and ``legal_action_mask`` are stored lanes-last (their
transposes are C-contiguous), so that the step and the mask work on whole rows of lanes;
they are views of the shapes above. :meth:`BatchedDrecksau.step` restores that layout when
it copies a state; stepping ``inplace`` needs it (a state from ``init`` or ``step``).

Observations (:meth:`BatchedDrecksau.observe`, float32 ``B x F``): the AEC environment's
vector (its module docstring has the layout) of the seat to act in each lane, or of one
seat in every lane; written lanes-last (each entry's column contiguous), into a buffer of
:meth:`BatchedDrecksau.blank_observations` when given one. The differential test checks
it against the AEC environment's for every lane after every action.

``python -m benchmarks.batched`` (``make bench-batched``, outside the package) measures
actions/s at several batch sizes, on one core (CPU time; ``--observe`` with the acting
seat's observation every step); ``make bench-rl`` against pgx's Leduc.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

import numpy as np
from numpy.typing import NDArray

from saustall.core.errors import IllegalActionError, InvalidOptionError, MalformedActionError
from saustall.core.registry import get as get_game
from saustall.core.rng import _int_keys  # the scalar stream's own keys
from saustall.games.drecksau.rulesets import CARD_BY_NAME, LUCKY
from saustall.rl.drecksau_space import DrecksauSpace
from saustall.rl.lanes import (
    ShufflePlan, random_columns, rotate_seats, swap_bytes, word_ones, words,
)

__all__ = ["BatchState", "BatchedDrecksau", "random_columns"]

from saustall.rl.batched_tables import (
    I8, I32, I64, U8, U16, U64, _B_CLEARS, _B_LIGHTNING, _B_LUCKY, _B_PLAY, _B_RAIN, _B_WIN,
    _F_AND, _F_COUNT, _F_DELTA, _F_OR, _F_PIG, _F_TARGET, _PILE_BITS, _WIDTH,
    BatchTables,
)

@dataclass(frozen=True)
class BatchState:
    """N games of one Drecksau ruleset; the layout is in the module docstring."""

    current_player: NDArray[np.int8]
    phase: NDArray[np.int8]
    turn: NDArray[np.int32]
    hands: NDArray[np.int32]
    pigs: NDArray[np.uint8]
    deck: NDArray[np.int8]
    deck_len: NDArray[np.int32]
    discard: NDArray[np.int8]
    discard_len: NDArray[np.int32]
    rng: NDArray[np.uint64]
    winner: NDArray[np.int8]
    win_kind: NDArray[np.int8]
    terminated: NDArray[np.bool_]
    rewards: NDArray[np.float32]
    legal_action_mask: NDArray[np.bool_]
    seed: NDArray[np.int64]
    pile_counts: NDArray[np.int64]

    @property
    def batch_size(self) -> int:
        """The number of lanes."""
        return int(self.phase.shape[0])

    def copy(self) -> "BatchState":
        """A deep copy (every array copied, hands, pigs and mask laid out lane-last)."""
        twin = _lane_last_copy(self)
        twin.legal_action_mask[...] = self.legal_action_mask
        return twin


def _is_lane_last(state: BatchState) -> bool:
    """Whether hands, pigs and the mask have the lane-last memory layout the step writes
    through (flat views of their transposes)."""
    return bool(state.hands.T.flags.c_contiguous and state.legal_action_mask.T.flags.c_contiguous
                and state.pigs.transpose(1, 2, 0).flags.c_contiguous)


def _lane_last_copy(state: BatchState) -> BatchState:
    """A copy of ``state`` in the lane-last layout (the mask's contents left out: every
    step writes all of it)."""
    copied = {f.name: getattr(state, f.name).copy() for f in fields(state)
              if f.name not in ("hands", "pigs", "legal_action_mask")}
    return BatchState(**copied,
                      hands=np.array(state.hands.T, order="C").T,
                      pigs=np.array(state.pigs.transpose(1, 2, 0), order="C").transpose(2, 0, 1),
                      legal_action_mask=np.empty(state.legal_action_mask.shape[::-1],
                                                 np.bool_).T)  # every step writes it all


class BatchedDrecksau(BatchTables):
    """The batched simulator of one Drecksau ruleset and player count.

    ``options`` are the ruleset's own (``turn_cap``; ``hand_size`` in ``drecksau``),
    checked as the engine checks them. Raises :class:`InvalidOptionError` for the
    tournament ruleset, a player count or an option the ruleset does not allow.
    """

    def __init__(self, ruleset: str = "dirty-pig", num_players: int = 2,
                 options: Mapping[str, Any] | None = None) -> None:
        game = get_game("drecksau", ruleset)
        params = game.ruleset.params
        if params.get("tournament"):
            raise InvalidOptionError(f"{ruleset!r} is not batched here: only single rounds "
                                     "(dirty-pig, drecksau, sauschoen) are; the tournament "
                                     "is saustall.rl.batched_tournament.BatchedTournament")
        game.ruleset.check_players(num_players)
        resolved = game.ruleset.resolve_options(options)
        self.ruleset = ruleset
        """The ruleset's name."""
        self.num_players = num_players
        """Players per game."""
        self.turn_cap: int = resolved["turn_cap"]
        """Turns after which an undecided game stops as a draw."""
        self.hand_size: int = resolved.get("hand_size", 3)
        """Cards in a full hand."""
        self.pigs_each: int = params["pigs_per_player"].get(num_players, params["default_pigs"])
        """Pigs per player."""
        self.exchange = params["turn_style"] == "exchange"
        """Exchange 1 to all cards (English), rather than discard one or show (German)."""
        self.pretty_wins: bool = params["pretty_wins"]
        """All pigs pretty wins too (Sauschön)."""
        deck = [CARD_BY_NAME[name] for name, count in params["deck"].items()
                for _ in range(count)]
        self.kinds = max(deck) + 1
        """Card kinds in the deck (kinds ``0 .. kinds-1``)."""
        self._deck = np.array(deck, dtype=I8)
        self.space = DrecksauSpace(ruleset, num_players)
        """The action slots and the observation encoder, shared with the AEC environment."""
        self.num_actions = self.space.num_slots
        """Columns of the legal-action mask: the AEC environment's action slots."""
        if max(self.space.deck_total.values()) >= 1 << _PILE_BITS:
            raise AssertionError("a kind's count must fit the pile's bits")
        self.build_tables()
        self._plan = ShufflePlan(len(self._deck))
        self._seated = np.ones((num_players, 1), dtype=np.float32)  # every seat plays a round
        self._seat_rows = np.arange(num_players)[:, None]
        self._pile_shifts = _PILE_BITS * np.arange(self.kinds, dtype=I64)[:, None]
        self._hand_counts_lanes = np.ascontiguousarray(self._hand_counts.T)
        self._hand_rows = self.space.hand_rows(self._hand_counts_lanes)  # K x ranks
        self._size_entries = self.space.count_rows(self._code_len)  # by hand code
        self._rows = np.arange(0, dtype=np.intp)
        self._pile_starts = np.arange(0, dtype=np.intp)

    def slot_of(self, seat: int, code: int) -> int:
        """The action slot in which ``seat`` takes the engine's action ``code``; raises
        :class:`MalformedActionError` for a code outside this ruleset's actions."""
        found = self._slot_of[seat].get(code) if 0 <= seat < self.num_players else None
        if found is None:
            raise MalformedActionError(
                f"{code!r} is no action of seat {seat} in {self.ruleset} with "
                f"{self.num_players} players")
        return found

    def engine_actions(self, seats: NDArray[np.integer[Any]] | list[int],
                       actions: NDArray[np.integer[Any]] | list[int]) -> NDArray[np.int32]:
        """The engine's action code of each slot in ``actions`` taken by the seat in
        ``seats`` beside it (e.g. ``state.current_player``); -1 where the slot means
        nothing at this table."""
        seat = np.asarray(seats, dtype=np.intp)
        return np.take(self._slot_code, seat * self.num_actions
                       + np.asarray(actions, dtype=np.intp))

    def _lane_rows(self, batch: int) -> NDArray[np.intp]:
        if self._rows.shape[0] != batch:
            self._rows = np.arange(batch, dtype=np.intp)
        return self._rows

    def _pile_rows(self, batch: int) -> NDArray[np.intp]:
        """Where each lane's discard pile starts in the flat ``discard`` array."""
        if self._pile_starts.shape[0] != batch:
            self._pile_starts = np.arange(batch, dtype=np.intp) * (len(self._deck) + _WIDTH)
        return self._pile_starts

    # ----------------------------------------------------------------------------------
    # Random stream and dealing
    # ----------------------------------------------------------------------------------
    def _deal(self, state: BatchState, lanes: NDArray[np.intp], seeds: NDArray[np.int64],
              also: NDArray[np.intp] | None = None,
              also_lengths: NDArray[np.intp] | None = None) -> None:
        """Deal new games from ``seeds`` in ``lanes`` (DrecksauState.__init__); the decks
        of the ``also`` lanes (their ``also_lengths`` cards) are shuffled in the same pass."""
        state.seed[lanes] = seeds
        state.rng[lanes] = np.frombuffer(_int_keys(seeds.tolist()), dtype="<u8")
        D, P = len(self._deck), self.num_players
        state.deck[lanes] = self._deck
        lengths = np.full(lanes.shape[0], D, dtype=np.intp)
        if also is not None and also_lengths is not None:
            self._plan.shuffle(state.deck, state.rng, np.concatenate([lanes, also]),
                          np.concatenate([lengths, also_lengths]))
        else:
            self._plan.shuffle(state.deck, state.rng, lanes, lengths)
        hands = np.zeros((lanes.shape[0], P), dtype=I64)
        top = D - 1
        for _ in range(self.hand_size):  # one card at a time, as at the table
            for seat in range(P):
                hands[:, seat] += self._pow[state.deck[lanes, top]]
                top -= 1
        state.hands[lanes] = hands
        state.deck_len[lanes] = top + 1
        state.discard_len[lanes] = 0
        state.pile_counts[lanes] = 0
        state.pigs[lanes] = 0
        state.current_player[lanes] = 0
        state.phase[lanes] = 0
        state.turn[lanes] = 0
        state.winner[lanes] = -1
        state.win_kind[lanes] = 0
        state.terminated[lanes] = False

    def init(self, seeds: NDArray[np.integer[Any]] | list[int]) -> BatchState:
        """New games, lane ``b`` dealt from ``seeds[b]`` exactly as the engine deals it."""
        seed_array = np.asarray(seeds, dtype=I64)
        if seed_array.ndim != 1 or seed_array.shape[0] < 1:
            raise InvalidOptionError("seeds must be a non-empty 1-d sequence of integers")
        B, P, N, D = seed_array.shape[0], self.num_players, self.pigs_each, len(self._deck)
        state = BatchState(
            current_player=np.zeros(B, I8), phase=np.zeros(B, I8), turn=np.zeros(B, I32),
            hands=np.zeros((P, B), I32).T, pigs=np.zeros((P, N, B), U8).transpose(2, 0, 1),
            deck=np.zeros((B, D), I8), deck_len=np.zeros(B, I32),
            discard=np.zeros((B, D + _WIDTH), I8), discard_len=np.zeros(B, I32),
            rng=np.zeros(B, U64), winner=np.full(B, -1, I8), win_kind=np.zeros(B, I8),
            terminated=np.zeros(B, np.bool_), rewards=np.zeros((B, P), np.float32),
            legal_action_mask=np.zeros((self.num_actions, B), np.bool_).T,
            pile_counts=np.zeros(B, I64),
            seed=np.zeros(B, I64))
        self._deal(state, np.arange(B, dtype=np.intp), seed_array)
        return replace(state, legal_action_mask=self._legal(state))

    def auto_reset(self, state: BatchState, *, inplace: bool = False) -> BatchState:
        """Deal the next game (seed + batch size) in every lane whose game is over; see
        the module docstring. Pure unless ``inplace``."""
        done = np.flatnonzero(state.phase == 2)
        if not done.size:
            return state
        if not inplace:
            state = state.copy()
        self._deal(state, done, state.seed[done] + state.batch_size)
        state.rewards[done] = 0
        state.legal_action_mask[done] = self._legal(state, done)
        return state

    # ----------------------------------------------------------------------------------
    # Legal actions
    # ----------------------------------------------------------------------------------
    def legal_action_mask(self, state: BatchState) -> NDArray[np.bool_]:
        """The legal columns of each lane (``state.legal_action_mask``)."""
        return state.legal_action_mask

    def _legal(self, state: BatchState, lanes: NDArray[np.intp] | None = None,
               out: NDArray[np.bool_] | None = None) -> NDArray[np.bool_]:
        """The mask of ``lanes`` (all lanes when None), computed from the state, written
        into ``out`` when given (every column is written)."""
        # Worked lane-last (hands P x B, pigs P x N x B, the mask A x B: the state's
        # memory layout), so every column of the mask is written as one contiguous row.
        if lanes is None:
            player = state.current_player.astype(np.intp)
            hands, pigs, phase = state.hands.T, state.pigs.transpose(1, 2, 0), state.phase
        else:
            player = state.current_player[lanes].astype(np.intp)
            hands, pigs = state.hands[lanes].T, state.pigs[lanes].transpose(1, 2, 0)
            phase = state.phase[lanes]
        B, P, N = player.shape[0], self.num_players, self.pigs_each
        lane = np.arange(B)
        code = np.take(np.ascontiguousarray(hands).reshape(-1), player * B + lane)
        rank = np.take(self._rank, code)
        running = phase != 2
        in_turn = phase == 0
        have_bits = np.take(self._have_bits, rank) * running  # finished lanes play nothing
        own_bits, other_bits = have_bits & self._own_bits, have_bits & self._other_bits
        # The pigs seen from the seat to act: relative seat r is seat (player + r) % P.
        swap = swap_bytes(player) if P == 2 else None
        relative = rotate_seats(pigs, player, lane, np.empty((P, N, B), dtype=U8), swap)
        if B % 2 == 0:  # two lanes a lookup: their flag bytes read as one uint16
            play_bits = np.take(self._fit_pairs, relative.view(U16)).view(U8)  # P, N, B
        else:
            play_bits = np.take(self._fit_bits, relative)
        play_bits[0] &= own_bits
        play_bits[1:] &= other_bits
        columns = np.empty((self.num_actions, B), np.bool_) if out is None else out.T
        for start, stop in self._unused_ranges:
            columns[start:stop] = False
        flat_bits = play_bits.reshape(P * N, B)
        # Byte-wise work on 8 lanes at once where the lanes fill whole words.
        mask_words = words(columns.view(U8))
        source, ones = words(flat_bits), word_ones(mask_words)
        for k, slot, r in self._play_rows:  # card k on relative seat r's pigs
            block = mask_words[slot:slot + N]
            np.right_shift(source[r * N:(r + 1) * N], k, out=block)
            np.bitwise_and(block, ones, out=block)
        for card, slot in zip(self._untargeted_kinds.tolist(), self._untargeted_slots.tolist()):
            np.logical_and(np.take(self._have[:, card], rank), running, out=columns[slot])
        empty = np.take(self._hand_len, rank) == 0
        np.logical_and(in_turn, empty, out=columns[self._pass_slot])
        if self._done_slot is not None:
            np.equal(phase, 1, out=columns[self._done_slot])
        if self._show_slot is None:
            open_ = in_turn  # discards only in a turn of one's own
        else:  # German: discard one only beside a usable card, else show
            usable = columns[self._untargeted_slots[0]].copy()
            for pig in flat_bits:
                usable |= pig != 0
            np.logical_and(in_turn & ~usable, ~empty, out=columns[self._show_slot])
            open_ = in_turn & usable
        # Discards: column j needs ``t`` cards of kind ``k`` for each (k, t) of its plan;
        # lanes that may not discard see an empty hand (rank 0).
        held = np.take(self._hand_counts_lanes, rank * open_, axis=1)  # rank 0: no cards
        needs = np.empty((self.kinds, self._most_needed, B), dtype=U8)
        for kind in range(self.kinds):
            for need in range(self._most_needed):
                np.greater(held[kind], need, out=needs[kind, need].view(np.bool_))
        need_words = words(needs.reshape(-1, B))
        # a run of columns at a time: the rows they share, and each its own last row
        shared = np.empty_like(need_words[0])
        for first, stop, prefix, last in self._discard_groups:
            target = mask_words[first:stop]
            if not prefix:
                target[...] = need_words[last]
                continue
            common = need_words[prefix[0]]
            if len(prefix) > 1:
                np.bitwise_and(common, need_words[prefix[1]], out=shared)
                for row in prefix[2:]:
                    shared &= need_words[row]
                common = shared
            np.bitwise_and(common, need_words[last], out=target)
        mask = columns.T
        return mask

    # ----------------------------------------------------------------------------------
    # Step
    # ----------------------------------------------------------------------------------
    def step(self, state: BatchState, actions: NDArray[np.integer[Any]] | list[int], *,
             inplace: bool = False, auto_reset: bool = False) -> BatchState:
        """Play one action (a mask column) in every lane; lanes whose game is over ignore
        theirs.

        With ``auto_reset``, a lane whose game ends in this step is dealt its next game at
        once (as :meth:`auto_reset` deals it): ``terminated`` and ``rewards`` still tell of
        the game that ended, every other field is the new game's (pgx's auto-reset).
        Pure unless ``inplace`` (then ``state`` itself is updated and returned). Raises
        :class:`MalformedActionError` for a wrong shape or a column out of range and
        :class:`IllegalActionError` naming the first lane whose action is not legal; the
        state is then unchanged.
        """
        B = state.batch_size
        action = np.asarray(actions)
        if action.shape != (B,) or not np.issubdtype(action.dtype, np.integer):
            raise MalformedActionError(
                f"actions must be {B} integer mask columns, one per lane, not shape "
                f"{action.shape} of {action.dtype}")
        action = action.astype(np.intp, copy=False)
        if B and (action.min() < 0 or action.max() >= self.num_actions):
            lane = int(np.flatnonzero((action < 0) | (action >= self.num_actions))[0])
            raise MalformedActionError(f"lane {lane}: {int(action[lane])} is no column of "
                                       f"the {self.num_actions} actions")
        rows = self._lane_rows(B)
        live = state.phase != 2
        mask = state.legal_action_mask
        if mask.T.flags.c_contiguous:  # lane-last: one flat take
            legal = np.take(mask.T.reshape(-1), action * B + rows)
        else:
            legal = mask[rows, action]
        if not (legal | ~live).all():
            lane = int(np.flatnonzero(~legal & live)[0])
            slot = int(action[lane])
            raise IllegalActionError(f"lane {lane}: slot {slot} ({self.space.slots[slot]}) "
                                     "is not legal now", "not-legal-now")
        if not inplace:
            state = _lane_last_copy(state)
        elif not _is_lane_last(state):
            raise InvalidOptionError("stepping in place needs a state made by init or step "
                                     "(lane-last memory layout)")
        # The slot (relative seats) as the internal column of the seat to act; the no-op
        # column where the game is over.
        column = np.take(self._slot_column,
                         state.current_player.astype(np.intp) * self.num_actions + action)
        over = self._step(state, np.where(live, column, self._internal), rows, auto_reset)
        if over is None:
            np.equal(state.phase, 2, out=state.terminated)
        else:
            state.terminated[:] = False
            state.terminated[over] = True
        self._legal(state, out=state.legal_action_mask)
        return state

    def _step(self, s: BatchState, a: NDArray[np.intp], rows: NDArray[np.intp],
              reset: bool) -> NDArray[np.intp] | None:
        """Play action column ``a[b]`` in every lane (the no-op column in finished ones);
        with ``reset``, deal the next game where a game is over and return those lanes."""
        # Written for speed: np.take and arithmetic over whole lanes rather than fancy or
        # boolean indexing (several times slower per element), subsets only where rare.
        N = self.pigs_each
        s.rewards[:] = 0
        B = rows.shape[0]
        player = s.current_player.astype(np.intp)
        hands = s.hands.T.reshape(-1)  # lane-last memory: a view
        hand_at = player * B + rows
        before = np.take(hands, hand_at).astype(I64)
        info = np.take(self._table, a, axis=1)
        bits = np.take(self._action_bits, a)  # one byte a lane: the tests below are cheap
        clears = (bits & _B_CLEARS) != 0
        after = (before - info[_F_DELTA]) * ~clears
        # Pigs: one targeted pig per lane (untargeted actions rewrite pig 0.0 unchanged).
        pigs = s.pigs.transpose(1, 2, 0).reshape(-1)
        pig_at = info[_F_PIG] * B + rows
        flags = np.take(pigs, pig_at)
        pigs[pig_at] = (flags & info[_F_AND]) | info[_F_OR]
        rain = np.flatnonzero(bits & _B_RAIN)
        if rain.size:
            s.pigs[rain] = np.take(self._rained, s.pigs[rain])
        # What goes on the discard pile, in the engine's order: four slots written per
        # lane, ``count`` of them kept (the slack columns take the rest).
        added = np.take(self._append_words, a)  # the four cards as one 4-byte word
        count = info[_F_COUNT] + (((bits & _B_LIGHTNING) != 0)
                                  & ((flags & self._found_flag) != 0))
        if self.pretty_wins:
            lucky = np.flatnonzero(bits & _B_LUCKY)
            if lucky.size:  # further Lucky Birds are lost unused
                extra = (after[lucky] // self._pow[LUCKY]) % (self.hand_size + 1)
                after[lucky] -= extra * self._pow[LUCKY]
                count[lucky] += extra
        cleared = np.flatnonzero(clears)
        if cleared.size:  # show / done: the whole hand, sorted
            rank = np.take(self._rank, before[cleared])
            added[cleared] = np.take(self._hand_sorted_words, rank)
            count[cleared] = np.take(self._hand_len, rank)
        # one 4-byte store a lane, at any byte of the pile: a word view with a 1-byte stride
        # (unaligned; the pile has _WIDTH slack bytes past its longest)
        pile_words = np.ndarray((s.discard.size - _WIDTH + 1,), dtype=self._append_words.dtype,
                                buffer=s.discard, strides=(1,))
        pile_words[self._pile_rows(B) + s.discard_len] = added
        s.discard_len[:] += count.astype(I32)
        # the pile's count per kind (6 bits a kind): the cards every such action
        # discards, the card found on a pig, further Lucky Birds, a shown hand
        pile = s.pile_counts
        pile += np.take(self._pile_delta, a)
        pile += np.take(self._found_delta, a) * ((flags & self._found_flag) != 0)
        if self.pretty_wins and lucky.size:
            pile[lucky] += extra << _PILE_BITS * LUCKY
        if cleared.size:
            pile[cleared] += np.take(self._hand_pile, rank)
        # A win ends the game at once: no refill.
        ending = a != self._internal
        checked = np.flatnonzero(bits & _B_WIN)
        if checked.size:
            target = info[_F_TARGET][checked]
            first = target * (N * B) + checked
            row = [np.take(pigs, first + i * B) for i in range(N)]
            dirty = np.take(self._all_dirty, row[0])
            for flags_i in row[1:]:
                dirty &= np.take(self._all_dirty, flags_i)
            winning = dirty
            if self.pretty_wins:
                pretty = np.take(self._pretty, row[0])
                for flags_i in row[1:]:
                    pretty &= np.take(self._pretty, flags_i)
                winning = dirty | pretty
            winners = checked[winning]
            if winners.size:
                ending[winners] = False
                s.winner[winners] = target[winning]
                s.win_kind[winners] = np.where(dirty[winning], 1, 2)
                s.phase[winners] = 2
                s.turn[winners] += 1
                s.terminated[winners] = True
                s.rewards[winners, target[winning]] = 1.0
        hands[hand_at] = after
        if self.pretty_wins:
            # A Lucky Bird (or a card played in its turn) keeps the turn while cards remain.
            open_turn = (ending & ((bits & _B_PLAY) != 0) & (after != 0)
                         & (((bits & _B_LUCKY) != 0) | (s.phase == 1)))
            s.phase[open_turn] = 1
            ending &= ~open_turn
        return self._end_turn(s, ending, hands, hand_at, after, rows, reset)

    def _end_turn(self, s: BatchState, ending: NDArray[np.bool_], hands: NDArray[np.int32],
                  hand_at: NDArray[np.intp], held: NDArray[np.int64], rows: NDArray[np.intp],
                  reset: bool) -> NDArray[np.intp] | None:
        """Refill the hands of the ``ending`` lanes and pass the turn on (or stop at the
        cap). ``hands`` is the flat lane-last view of the hands, ``hand_at`` each lane's
        hand of the player to act in it, ``held`` that hand (its code) now.

        With ``reset``, every lane whose game is over is dealt its next game (a capped
        game skips its last refill: nobody sees it), its deck shuffled in the same pass
        as the refills'; returns those lanes (None without ``reset``).
        """
        D, P = len(self._deck), self.num_players
        # The turn passes (drawing does not depend on it).
        np.multiply(s.phase, ~ending, out=s.phase)
        turn = s.turn + ending
        s.turn[:] = turn
        capped = ending & (turn >= self.turn_cap)
        drawing = ending
        if capped.any():
            np.add(s.phase, 2 * capped, out=s.phase, casting="unsafe")
            np.logical_or(s.terminated, capped, out=s.terminated)
            drawing = ending & ~capped
            if reset:
                ending = drawing
        moved = s.current_player + drawing
        s.current_player[:] = moved - P * (moved >= P)
        over = np.flatnonzero(s.phase == 2) if reset else None
        missing = (self.hand_size - np.take(self._code_len, held)) * ending
        short = np.flatnonzero(missing > s.deck_len)
        refill = short[np.take(s.discard_len, short) > 0]
        # These lanes draw the deck's last cards, then the discard pile, shuffled, becomes
        # the deck (at most once a turn: the pile is then empty).
        while refill.size:
            lane = refill[np.take(s.deck_len, refill) > 0]
            if not lane.size:
                break
            self._draw(s, lane, hands, hand_at)
            missing[lane] -= 1
        length = s.discard_len[refill].astype(np.intp)
        if refill.size:
            s.deck[refill] = s.discard[refill, :D]
            s.deck_len[refill] = length
            s.discard_len[refill] = 0
            s.pile_counts[refill] = 0
        if over is not None and over.size:
            self._deal(s, over, s.seed[over] + rows.shape[0], refill, length)
        elif refill.size:
            self._plan.shuffle(s.deck, s.rng, refill, length)
        # Every other card drawn at once: ``missing`` of them, fewer where the deck runs
        # out (short-handed).
        count = np.minimum(missing, s.deck_len)
        lane = np.flatnonzero(count)
        if lane.size:
            count = np.take(count, lane)
            top = np.take(s.deck_len, lane)
            s.deck_len[lane] = top - count
            top += lane * D - 1  # each top card, flat
            cards = np.take(self._pow, np.take(s.deck.reshape(-1), top))
            more = np.arange(lane.size)
            for k in range(1, self.hand_size):
                more = more[np.take(count, more) > k]  # those missing a further card
                if not more.size:
                    break
                cards[more] += np.take(self._pow, np.take(s.deck.reshape(-1), top[more] - k))
            at = np.take(hand_at, lane)
            hands[at] = np.take(hands, at) + cards
        return over

    def _draw(self, s: BatchState, lanes: NDArray[np.intp], hands: NDArray[np.int32],
              hand_at: NDArray[np.intp]) -> None:
        """The top card of each lane's deck into the hand of the player to act."""
        D = len(self._deck)
        top = np.take(s.deck_len, lanes) - 1
        card = np.take(s.deck.reshape(-1), lanes * D + top)
        s.deck_len[lanes] = top
        at = np.take(hand_at, lanes)
        hands[at] = np.take(hands, at) + np.take(self._pow, card)

    # ----------------------------------------------------------------------------------
    # Observe
    # ----------------------------------------------------------------------------------
    def hand_counts(self, state: BatchState) -> NDArray[np.int8]:
        """Every hand as a count per card kind: ``B x P x K``."""
        return self._hand_counts[self._rank[state.hands]]

    def blank_observations(self, batch: int) -> NDArray[np.float32]:
        """A zeroed ``batch x F`` buffer for :meth:`observe`'s ``out``, laid out lanes
        last (each entry's column contiguous: the layout ``observe`` writes fastest)."""
        return self.space.blank(batch, lanes_last=True)

    def observe(self, state: BatchState, seat: int | None = None,
                out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
        """The observation of the seat to act in every lane (of ``seat`` in every lane
        when given): the AEC environment's vector for that seat, from what it may see
        only (its own hand, never another's), by the shared encoder
        (:meth:`DrecksauSpace.encode_lanes`); float32, ``B x F``.

        ``out``: a ``B x F`` float32 buffer to write into, best one from
        :meth:`blank_observations` (any zeroed buffer will do, or one ``observe`` wrote
        before: entries for seats and pigs beyond the table are never written). By
        default a new one, laid out as ``blank_observations`` lays it out
        (``np.ascontiguousarray`` gives rows).
        """
        P, N, B = self.num_players, self.pigs_each, state.batch_size
        if seat is not None and not 0 <= seat < P:
            raise InvalidOptionError(f"seat must be 0-{P - 1}, not {seat!r}")
        if out is None:
            out = self.blank_observations(B)
        elif out.shape != (B, self.space.layout.size) or out.dtype != np.float32:
            raise InvalidOptionError(f"out must be float32 of shape {(B, self.space.layout.size)}, "
                                     f"not {out.dtype} {out.shape}")
        lane = self._lane_rows(B)
        observer = state.current_player if seat is None else np.full(B, seat, dtype=I8)
        at = observer.astype(np.intp)
        hands = state.hands.T.reshape(-1)  # P x B: a view in the lane-last layout
        swap = swap_bytes(observer) if P == 2 else None
        relative = rotate_seats(state.pigs.transpose(1, 2, 0), at, lane,
                                np.empty((P, N, B), dtype=U8), swap)
        own = np.take(hands, at * B + lane)
        # every hand's size seen from the observer (relative seat r: seat observer + r),
        # looked up by its code in the encoder's own table
        rows, sizes_at = out.T, self.space.layout.at["hand_counts"]
        np.take(self._size_entries, own, out=rows[sizes_at])
        for r in range(1, P):
            holder = at + r
            holder -= P * (holder >= P)
            np.take(self._size_entries, np.take(hands, holder * B + lane),
                    out=rows[sizes_at + r])
        # the hand block looked up by the encoder's own table (float32, one row a kind)
        np.take(self._hand_rows, np.take(self._rank, own), axis=1, out=out.T[:self.kinds])
        running = state.phase != 2
        if seat is None:  # the observer is the seat to act (relative seat 0)
            to_act = np.zeros((P, B), dtype=np.bool_)
            to_act[0] = running
        else:
            acting = state.current_player - I8(seat)
            acting += I8(P) * (acting < 0)
            to_act = (acting[None, :] == self._seat_rows) & running[None, :]
        length = state.discard_len
        top = np.take(state.discard.reshape(-1), self._pile_rows(B) + np.maximum(length - 1, 0))
        top = np.where(length > 0, top, I8(-1))
        pile = np.right_shift(state.pile_counts[None, :], self._pile_shifts)
        pile &= (1 << _PILE_BITS) - 1
        self.space.encode_lanes(out.T, None, relative, self._seated, None, to_act, pile,
                                top, state.deck_len, state.phase == 1, state.turn,
                                self.turn_cap)
        return out
