"""The batched Sauschön tournament: N tournaments stepped together on numpy arrays.

Each lane plays the tournament ``get("drecksau", "sauschoen-tournament").new_state(P, s)``
plays for its seed ``s``, action for action
(:class:`saustall.games.drecksau.tournament.TournamentState`): rounds of Sauschön, each
dealt from the seed ``derive_seed(s, "round", i)``, its first player moving one seat on
each round; a round won with pretty pigs takes the top trophy, one won with dirty pigs the
top mud bucket; when a stack is empty the leader wins, or tied leaders play deciding
rounds among themselves (the others sit out: no hand, no turn, their pigs no target);
after ``round_cap`` rounds the leaders share the win. The rounds are played by the batched
Sauschön step (:class:`saustall.rl.batched.BatchedDrecksau`); this module deals them,
scores them and seats the deciding rounds.

Actions and observation are the AEC environment's for ``sauschoen-tournament``
(:mod:`saustall.rl.drecksau_v0`): the 367 slots of Sauschön, and its vector with the
``tournament`` block (stacks, scores by relative seat, deciding, rounds played, rounds won
pretty and dirty). Rewards come at the end of a tournament: 1 shared among its winners
(the engine's ``returns()``), 0 for each round.

Use::

    sim = BatchedTournament(num_players=3)
    state = sim.init(np.arange(256))            # lane b plays the tournament of seed b
    while not state.over.all():
        obs = sim.observe(state)                # the acting seat's, every lane
        actions = random_columns(state.legal_action_mask, noise)
        state = sim.step(state, actions)

State (:class:`TournamentBatch`): ``round``, the current round of every lane as a
:class:`~saustall.rl.batched.BatchState` (its ``seed`` the round's derived seed), and

| field | shape | dtype | meaning |
| --- | --- | --- | --- |
| ``seated`` | B, P | bool | seat plays the current round (all but in a deciding round) |
| ``trophies_taken``, ``buckets_taken`` | B | int8 | items taken from each stack (top first) |
| ``scores`` | B, P | int16 | points per seat |
| ``deciding`` | B | bool | the leaders are playing deciding rounds |
| ``round_index`` | B | int32 | rounds finished |
| ``pretty_rounds``, ``dirty_rounds`` | B | int32 | rounds won with pretty / dirty pigs |
| ``over`` | B | bool | the tournament is over |
| ``winners`` | B, P | bool | its winners (once over) |
| ``terminated`` | B | bool | it is over, won (with ``step(auto_reset=True)``: it ended in this step, the lane holds the next one) |
| ``truncated`` | B | bool | it is over, stopped at the round cap (``stopped_at_cap``: the AEC env's truncation; with ``auto_reset`` as ``terminated``) |
| ``rewards`` | B, P | float32 | the last step's rewards: 1 shared by the winners in the step a tournament ends, else 0 |
| ``seed`` | B | int64 | the tournament's seed |

Finished lanes ignore their actions; :meth:`BatchedTournament.auto_reset` (or
``step(..., auto_reset=True)``) starts the next tournament, seed ``s + B``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

import numpy as np
from numpy.typing import NDArray

from saustall.core.errors import InvalidOptionError
from saustall.core.registry import get as get_game
from saustall.core.rng import _key  # the scalar stream's own key
from saustall.core.rng import derive_seed
from saustall.games.drecksau.targets import CARD_SCOPE, UNTARGETED
from saustall.rl.batched import BatchedDrecksau, BatchState
from saustall.rl.batched_tables import I8, I32, I64, U64
from saustall.rl.drecksau_space import TOURNAMENT_EXTRA, DrecksauSpace

__all__ = ["BatchedTournament", "TournamentBatch"]

TOURNAMENT = "sauschoen-tournament"
"""The tournament ruleset."""
ROUND_RULESET = "sauschoen"
"""The ruleset of its rounds."""


@dataclass(frozen=True)
class TournamentBatch:
    """N Sauschön tournaments; the layout is in the module docstring."""

    round: BatchState
    seated: NDArray[np.bool_]
    trophies_taken: NDArray[np.int8]
    buckets_taken: NDArray[np.int8]
    scores: NDArray[np.int16]
    deciding: NDArray[np.bool_]
    round_index: NDArray[np.int32]
    pretty_rounds: NDArray[np.int32]
    dirty_rounds: NDArray[np.int32]
    over: NDArray[np.bool_]
    winners: NDArray[np.bool_]
    terminated: NDArray[np.bool_]
    truncated: NDArray[np.bool_]
    rewards: NDArray[np.float32]
    seed: NDArray[np.int64]

    @property
    def batch_size(self) -> int:
        """The number of lanes."""
        return self.round.batch_size

    @property
    def legal_action_mask(self) -> NDArray[np.bool_]:
        """``B x 367``: the legal slots of the seat to act in each lane (none once over)."""
        return self.round.legal_action_mask

    @property
    def current_player(self) -> NDArray[np.int8]:
        """The seat to act in each lane (the current round's)."""
        return self.round.current_player

    def copy(self) -> "TournamentBatch":
        """A deep copy."""
        return replace(self, round=self.round.copy(),
                       **{f.name: getattr(self, f.name).copy() for f in fields(self)
                          if f.name != "round"})


class BatchedTournament(BatchedDrecksau):
    """The batched Sauschön tournament for ``num_players`` (2-6); ``options`` are the
    ruleset's (``turn_cap`` of each round). The round engine is the batched Sauschön
    step; :meth:`step`, :meth:`observe` and :meth:`init` take and give
    :class:`TournamentBatch` states."""

    def __init__(self, num_players: int = 2, options: Mapping[str, Any] | None = None) -> None:
        game = get_game("drecksau", TOURNAMENT)
        params = game.ruleset.params
        game.ruleset.check_players(num_players)
        resolved = game.ruleset.resolve_options(options)
        rounds = get_game("drecksau", ROUND_RULESET).ruleset.params
        if {k: v for k, v in params.items() if k not in ("tournament", "stack", "round_cap")} \
                != rounds:
            raise AssertionError("the tournament's rounds must be Sauschön's")
        if params["pigs_per_player"] or params.get("pigs_each"):
            raise AssertionError("a deciding round has fewer seats: pigs each must not "
                                 "depend on them")
        super().__init__(ROUND_RULESET, num_players, resolved)
        self.ruleset = TOURNAMENT
        self.space = DrecksauSpace(TOURNAMENT, num_players)
        if self.space.slots != DrecksauSpace(ROUND_RULESET, num_players).slots:
            raise AssertionError("the tournament's slots must be its rounds'")
        self.stack = np.array(params["stack"], dtype=I64)
        """Points of the items of each stack, top first."""
        self.round_cap: int = params["round_cap"]
        """Rounds after which the tournament stops, the leaders sharing the win."""
        P = num_players
        # the next seat of a round with the seats of bit mask ``m`` after seat ``s``
        self._next_seat = np.zeros((1 << P, P), dtype=I8)
        for m in range(1, 1 << P):
            seats = [s for s in range(P) if m >> s & 1]
            for s in range(P):
                self._next_seat[m, s] = next((t for t in seats if t > s), seats[0])
        # the relative seat each slot targets (-1: none), to keep sitting-out pigs out
        self._slot_seat = np.full(self.num_actions, -1, dtype=np.intp)
        for slot, (_, (what, spec)) in enumerate(self.space.slot_specs):
            if what == "play" and CARD_SCOPE[spec[0]] != UNTARGETED:
                self._slot_seat[slot] = spec[1]
        self._bits = (1 << np.arange(P)).astype(I64)

    # ----------------------------------------------------------------------------------
    # Dealing
    # ----------------------------------------------------------------------------------
    def init(self, seeds: NDArray[np.integer[Any]] | list[int]) -> TournamentBatch:  # type: ignore[override]
        """New tournaments, lane ``b`` playing the one of seed ``seeds[b]``."""
        seed_array = np.asarray(seeds, dtype=I64)
        if seed_array.ndim != 1 or seed_array.shape[0] < 1:
            raise InvalidOptionError("seeds must be a non-empty 1-d sequence of integers")
        B, P = seed_array.shape[0], self.num_players
        round_ = super().init(seed_array)  # the layout; every lane is dealt again below
        state = TournamentBatch(
            round=round_, seated=np.ones((B, P), np.bool_),
            trophies_taken=np.zeros(B, I8), buckets_taken=np.zeros(B, I8),
            scores=np.zeros((B, P), np.int16), deciding=np.zeros(B, np.bool_),
            round_index=np.zeros(B, I32), pretty_rounds=np.zeros(B, I32),
            dirty_rounds=np.zeros(B, I32), over=np.zeros(B, np.bool_),
            winners=np.zeros((B, P), np.bool_), terminated=np.zeros(B, np.bool_),
            truncated=np.zeros(B, np.bool_), rewards=np.zeros((B, P), np.float32),
            seed=seed_array.copy())
        self._start(state, np.arange(B, dtype=np.intp), seed_array)
        return state

    def _start(self, t: TournamentBatch, lanes: NDArray[np.intp],
               seeds: NDArray[np.int64]) -> None:
        """Start new tournaments from ``seeds`` in ``lanes`` (TournamentState.__init__)."""
        t.seed[lanes] = seeds
        for name in ("trophies_taken", "buckets_taken", "scores", "deciding", "round_index",
                     "pretty_rounds", "dirty_rounds", "over", "winners"):
            getattr(t, name)[lanes] = 0
        t.seated[lanes] = True
        self._deal_rounds(t, lanes)

    def _deal_rounds(self, t: TournamentBatch, lanes: NDArray[np.intp]) -> None:
        """Deal the next round in ``lanes`` to their ``seated`` seats
        (TournamentState._deal and DrecksauState.__init__ with participants)."""
        if not lanes.size:
            return
        s, P, D = t.round, self.num_players, len(self._deck)
        seeds = [derive_seed(int(seed), "round", int(index))
                 for seed, index in zip(t.seed[lanes].tolist(), t.round_index[lanes].tolist())]
        s.seed[lanes] = seeds
        s.rng[lanes] = np.array([_key(seed) for seed in seeds], dtype=U64)
        s.deck[lanes] = self._deck
        self._plan.shuffle(s.deck, s.rng, lanes, np.full(lanes.shape[0], D, dtype=np.intp))
        seated = t.seated[lanes]
        hands = np.zeros((lanes.shape[0], P), dtype=I64)
        top = np.full(lanes.shape[0], D - 1, dtype=np.intp)
        for _ in range(self.hand_size):  # one card at a time, to the seats that play
            for seat in range(P):
                card = s.deck[lanes, top]
                hands[:, seat] += self._pow[card] * seated[:, seat]
                top -= seated[:, seat]
        s.hands[lanes] = hands
        s.deck_len[lanes] = top + 1
        s.discard_len[lanes] = 0
        s.pile_counts[lanes] = 0
        s.pigs[lanes] = 0
        s.phase[lanes] = 0
        s.turn[lanes] = 0
        s.winner[lanes] = -1
        s.win_kind[lanes] = 0
        s.terminated[lanes] = False
        # the first player: seated seat number ``round_index % seats`` (in seat order)
        count = seated.sum(axis=1)
        which = t.round_index[lanes] % count
        rank = np.cumsum(seated, axis=1) - 1
        s.current_player[lanes] = np.argmax(seated & (rank == which[:, None]), axis=1)
        s.legal_action_mask[lanes] = self._legal(s, lanes)
        self._seat_mask(t, lanes)

    def _seat_mask(self, t: TournamentBatch, lanes: NDArray[np.intp]) -> None:
        """Clear the slots that target a seat sitting out, in those of ``lanes`` playing
        a deciding round without every seat."""
        partial = lanes[~t.seated[lanes].all(axis=1)]
        if not partial.size:
            return
        P = self.num_players
        player = t.round.current_player[partial].astype(np.intp)
        # seated, by the relative seat of the slot's target
        absolute = (player[:, None] + np.maximum(self._slot_seat, 0)[None, :]) % P
        sits = np.take_along_axis(t.seated[partial], absolute, axis=1)
        keep = sits | (self._slot_seat < 0)[None, :]
        t.round.legal_action_mask[partial] &= keep

    def auto_reset(self, state: TournamentBatch, *,  # type: ignore[override]
                   inplace: bool = False) -> TournamentBatch:
        """Start the next tournament (seed + batch size) in every lane whose tournament
        is over. Pure unless ``inplace``."""
        done = np.flatnonzero(state.over)
        if not done.size:
            return state
        if not inplace:
            state = state.copy()
        self._start(state, done, state.seed[done] + state.batch_size)
        state.rewards[done] = 0
        state.terminated[done] = False
        state.truncated[done] = False
        return state

    # ----------------------------------------------------------------------------------
    # Step
    # ----------------------------------------------------------------------------------
    def step(self, state: TournamentBatch,  # type: ignore[override]
             actions: NDArray[np.integer[Any]] | list[int], *, inplace: bool = False,
             auto_reset: bool = False) -> TournamentBatch:
        """Play one action slot in every lane (ignored where the tournament is over);
        a round that ends is scored and the next one dealt in the same step.

        With ``auto_reset``, a lane whose tournament ends is started on its next one at
        once: ``terminated``, ``truncated`` and ``rewards`` still tell of the one that
        ended. Pure unless ``inplace``. Errors as :meth:`BatchedDrecksau.step`'s (the
        state unchanged).
        """
        before_player = state.round.current_player.copy()
        before_turn = state.round.turn.copy()
        round_ = super().step(state.round, actions, inplace=inplace)
        if inplace:
            t = state
        else:
            t = replace(state, round=round_, **{f.name: getattr(state, f.name).copy()
                                                for f in fields(state) if f.name != "round"})
        t.rewards[:] = 0
        np.logical_and(t.terminated, t.over, out=t.terminated)  # over stays over until reset
        np.logical_and(t.truncated, t.over, out=t.truncated)
        round_.rewards[:] = 0
        # Deciding rounds without every seat: the turn passes to the next seated seat.
        partial = np.flatnonzero(~t.seated.all(axis=1) & (round_.phase != 2))
        moved = partial[round_.turn[partial] != before_turn[partial]]
        if moved.size:
            seats = (t.seated[moved] * self._bits).sum(axis=1)
            round_.current_player[moved] = self._next_seat[seats, before_player[moved]]
            round_.legal_action_mask[moved] = self._legal(round_, moved)
        self._seat_mask(t, partial)
        ended = np.flatnonzero((round_.phase == 2) & ~t.over)
        if ended.size:
            self._finish_rounds(t, ended)
        if auto_reset:
            done = np.flatnonzero(t.over)
            if done.size:
                self._start(t, done, t.seed[done] + t.batch_size)
        return t

    def _finish_rounds(self, t: TournamentBatch, lanes: NDArray[np.intp]) -> None:
        """Score the rounds that ended in ``lanes`` and deal the next ones, or end the
        tournaments (TournamentState._finish_round)."""
        s, P, items = t.round, self.num_players, self.stack.shape[0]
        winner = s.winner[lanes].astype(np.intp)
        kind = s.win_kind[lanes]
        won = winner >= 0
        t.round_index[lanes] += 1
        t.pretty_rounds[lanes] += won & (kind == 2)
        t.dirty_rounds[lanes] += won & (kind == 1)
        deciding = t.deciding[lanes]
        finals = won & deciding  # a deciding round won: its winner takes the tournament
        over = finals.copy()
        winners = np.zeros((lanes.shape[0], P), np.bool_)
        winners[finals, winner[finals]] = True
        awarded = np.flatnonzero(won & ~deciding)
        if awarded.size:
            at = lanes[awarded]
            pretty = kind[awarded] == 2
            taken = np.where(pretty, t.trophies_taken[at], t.buckets_taken[at]).astype(np.intp)
            t.scores[at, winner[awarded]] += self.stack[taken].astype(np.int16)
            t.trophies_taken[at] += pretty
            t.buckets_taken[at] += ~pretty
        scores = t.scores[lanes]
        leaders = scores == scores.max(axis=1, keepdims=True)
        open_ = ~over
        capped = open_ & (t.round_index[lanes] >= self.round_cap)  # the leaders share
        winners[capped] = leaders[capped]
        over |= capped
        open_ &= ~capped
        emptied = open_ & ~deciding & ((t.trophies_taken[lanes] >= items)
                                       | (t.buckets_taken[lanes] >= items))
        single = emptied & (leaders.sum(axis=1) == 1)
        winners[single] = leaders[single]
        over |= single
        tied = emptied & ~single  # the tied leaders play deciding rounds
        t.deciding[lanes[tied]] = True
        t.seated[lanes[tied]] = leaders[tied]
        t.over[lanes] = over
        t.winners[lanes] = winners
        done = lanes[over]
        if done.size:
            count = t.winners[done].sum(axis=1, keepdims=True)
            t.rewards[done] = t.winners[done] / count
            t.truncated[done] = t.round_index[done] >= self.round_cap
            t.terminated[done] = ~t.truncated[done]
        self._deal_rounds(t, lanes[~over])

    # ----------------------------------------------------------------------------------
    # Observe
    # ----------------------------------------------------------------------------------
    def observe(self, state: TournamentBatch, seat: int | None = None,  # type: ignore[override]
                out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
        """The AEC environment's observation of the seat to act in every lane (of
        ``seat`` when given), tournament block included; float32 ``B x F``. ``out`` as
        in :meth:`BatchedDrecksau.observe`."""
        out = super().observe(state.round, seat, out)
        B, P = state.batch_size, self.num_players
        lane = np.arange(B)
        observer = (state.round.current_player.astype(np.intp) if seat is None
                    else np.full(B, seat, dtype=np.intp))
        relative = (observer[:, None] + np.arange(P)[None, :]) % P  # seat of each row
        at = self.space.layout.at
        out[:, at["seated"]:at["seated"] + P] = state.seated[lane[:, None], relative]
        start, p = at["tournament"], self.space.max_players
        block = out[:, start:start + TOURNAMENT_EXTRA + p]
        block[:] = 0.0
        for index, points in enumerate(self.stack.tolist()):  # what is left on each stack
            block[:, points - 1] = state.trophies_taken <= index
            block[:, 2 + points] = state.buckets_taken <= index
        score = state.scores[lane[:, None], relative] / 12
        block[:, 6:6 + P] = np.minimum(score, 1.0)
        block[:, 6 + p] = state.deciding
        block[:, 7 + p] = np.minimum(state.round_index / 30, 1.0)
        block[:, 8 + p] = np.minimum(state.pretty_rounds / 3, 1.0)
        block[:, 9 + p] = np.minimum(state.dirty_rounds / 3, 1.0)
        return out
