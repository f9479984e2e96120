"""Batched Pigasus on its tick: N games of the parallel environment stepped together.

Lane ``b`` plays exactly what :class:`saustall.rl.pigasus_v0.parallel_env` plays for the
same game seed and the same actions: at each tick every seat picks one of the 76 actions
(0 no-op, 1 reveal, 2 grab, 3 give up pointing, ``4 + c`` point at card ``c``); they are
judged and applied at the tick's time one seat after the other, from the seat
``ticks % P`` on; an action the engine refuses there changes nothing (``refused``);
then the clock moves on ``tick_ms`` and every change due by then (grab window closing,
a holder out of time, the last call) happens at its own due time, as the engine's
``tick`` action (which counts as an event towards ``event_cap``). The rules are the
engine's (:mod:`saustall.games.pigasus.game`): reveals by the dealer's unit, holds
within the grab window, right, split, crowded and wrong claims, penalties to the box,
the bench, the tie-break on the set-aside cards, the event cap; in both rulesets
(``pigasus``, ``pigasus-teams``: seat ``p`` in team ``p % num_teams``).

Observations and masks are the parallel environment's, for every seat of every lane
(``B x P x 318`` float32 and ``B x P x 76`` bool; the layout is
:data:`saustall.rl.pigasus_v0.LAYOUT`). Rewards come at the end: 1 shared among the
winners (``returns()``). A game still running after ``max_ticks`` ticks is truncated.

Use (the game seed of ``parallel_env.reset(seed=s)`` is ``new_seed(random.Random(s))``;
``init`` takes game seeds)::

    sim = BatchedPigasus("pigasus", num_players=4)
    state = sim.init(np.arange(512))
    while not (state.terminated | state.truncated).all():
        obs = sim.observe(state)                 # B x P x 318
        actions = policy(obs, state.legal_action_mask)   # B x P action indices
        state = sim.step(state, actions)

State (:class:`PigasusBatch`; ``B`` lanes, ``P`` seats, ``U`` units: players, or teams):

| field | shape | dtype | meaning |
| --- | --- | --- | --- |
| ``deck`` | B, 56 | int8 | the deck, bottom first (``deck[b, :deck_len[b]]``; the top card last) |
| ``set_aside`` | B, 16 | int8 | the set-aside cards (``set_aside_len`` of them: 16, or 0 once the tie-break took them) |
| ``on_table`` | B, 72 | bool | cards face up |
| ``pairs`` | B | int32 | matching pairs face up |
| ``piles``, ``box`` | B, U / B | int32 | cards collected per unit / in the box |
| ``now`` | B | int64 | the time of the engine's last event (ms) |
| ``phase`` | B | int8 | 0 play, 1 held, 2 over |
| ``tiebreak``, ``contenders``, ``benched`` | B / B, U / B, U | bool | the tie-break; units that may grab in it; units benched |
| ``dealer`` | B | int8 | the dealing seat |
| ``holding``, ``grab_rank``, ``grabbed_at`` | B, P | bool, int8, int64 | who holds the Pigasus, in which order, since when |
| ``fingers``, ``finger_count``, ``done_at`` | B, P, 2 / B, P / B, P | int8, int8, int64 | cards pointed at, how many, when the holder finished (-1: still pointing) |
| ``held_since``, ``changed_at`` | B | int64 | the first grab of the hold; the table's last change |
| ``reveals``, ``settled``, ``events`` | B | int32 | cards revealed, holds judged, engine actions (ticks included) |
| ``winners``, ``end_reason`` | B, P / B | bool, int8 | the winners; 0 running, then :data:`END_REASONS` |
| ``ticks``, ``time`` | B | int64 | environment ticks played; the tick's time (``ticks * tick_ms``) |
| ``terminated``, ``truncated`` | B | bool | the game is over / stopped at ``max_ticks`` (kept until reset; with ``auto_reset``: in this step) |
| ``rewards`` | B, P | float32 | the last step's rewards |
| ``refused`` | B, P | bool | the seat's action of the last step was refused (the env's ``info["refused"]``) |
| ``legal_action_mask`` | B, P, 76 | bool | each seat's mask at the tick's time |
| ``seed`` | B | int64 | the lane's game seed |

The piles are kept as counts (the cards in them are never seen again, and no rule asks
which they are); the table as the set of its cards (the view's slot numbers are not).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from collections.abc import Iterator
from typing import Any

import numpy as np
from numpy.typing import NDArray

from saustall.core.errors import InvalidOptionError, MalformedActionError
from saustall.core.registry import get as get_game
from saustall.core.rng import _key  # the scalar stream's own key
from saustall.games.pigasus.cards import NUM_CARDS, SET_ASIDE, partner
from saustall.rl.lanes import ShufflePlan
from saustall.rl.pigasus_v0 import (
    GIVE_UP_INDEX, GRAB_INDEX, LAYOUT, MAX_TICKS, NOOP, NUM_ACTIONS, POINT_BASE,
    REVEAL_INDEX, TICK_MS,
)

__all__ = ["END_REASONS", "BatchedPigasus", "PigasusBatch"]

I8, I32, I64 = np.int8, np.int32, np.int64
DECK = NUM_CARDS - SET_ASIDE
"""Cards in the deck at the start."""
END_REASONS = ("most-cards", "tiebreak", "tiebreak-exhausted", "event-cap")
"""``end_reason`` ``k`` (1-4) is ``END_REASONS[k - 1]``, the engine's ``end_reason``."""
_MOST_CARDS, _TIEBREAK, _EXHAUSTED, _EVENT_CAP = 1, 2, 3, 4
PARTNER = np.array([partner(c) for c in range(NUM_CARDS)], dtype=np.intp)
"""``PARTNER[c]``: the card that pairs with card ``c``."""


@dataclass(frozen=True)
class PigasusBatch:
    """N games of Pigasus on the tick; the layout is in the module docstring."""

    deck: NDArray[np.int8]
    deck_len: NDArray[np.int32]
    set_aside: NDArray[np.int8]
    set_aside_len: NDArray[np.int32]
    on_table: NDArray[np.bool_]
    pairs: NDArray[np.int32]
    piles: NDArray[np.int32]
    box: NDArray[np.int32]
    now: NDArray[np.int64]
    phase: NDArray[np.int8]
    tiebreak: NDArray[np.bool_]
    contenders: NDArray[np.bool_]
    benched: NDArray[np.bool_]
    dealer: NDArray[np.int8]
    holding: NDArray[np.bool_]
    grab_rank: NDArray[np.int8]
    grabbed_at: NDArray[np.int64]
    fingers: NDArray[np.int8]
    finger_count: NDArray[np.int8]
    done_at: NDArray[np.int64]
    held_since: NDArray[np.int64]
    changed_at: NDArray[np.int64]
    reveals: NDArray[np.int32]
    settled: NDArray[np.int32]
    events: NDArray[np.int32]
    winners: NDArray[np.bool_]
    end_reason: NDArray[np.int8]
    ticks: NDArray[np.int64]
    time: NDArray[np.int64]
    terminated: NDArray[np.bool_]
    truncated: NDArray[np.bool_]
    rewards: NDArray[np.float32]
    refused: NDArray[np.bool_]
    legal_action_mask: NDArray[np.bool_]
    seed: NDArray[np.int64]

    @property
    def batch_size(self) -> int:
        """The number of lanes."""
        return int(self.phase.shape[0])

    def copy(self) -> "PigasusBatch":
        """A deep copy."""
        return replace(self, **{f.name: getattr(self, f.name).copy() for f in fields(self)})


class BatchedPigasus:
    """The batched tick environment of one Pigasus ruleset and table size.

    Arguments as :class:`saustall.rl.pigasus_v0.parallel_env`'s: ``tick_ms``,
    ``max_ticks`` and the ruleset's options (checked as the engine checks them).
    """

    def __init__(self, ruleset: str = "pigasus", num_players: int = 4,
                 tick_ms: int = TICK_MS, max_ticks: int = MAX_TICKS, **options: Any) -> None:
        game = get_game("pigasus", ruleset)
        game.ruleset.check_players(num_players)
        resolved = game.ruleset.resolve_options(options)
        if type(tick_ms) is not int or tick_ms < 1:
            raise InvalidOptionError(f"tick_ms must be a whole number of ms >= 1, not {tick_ms!r}")
        if type(max_ticks) is not int or max_ticks < 1:
            raise InvalidOptionError(f"max_ticks must be an int >= 1, not {max_ticks!r}")
        first = resolved["first_dealer"]
        if not 0 <= first < num_players:
            raise InvalidOptionError(
                f"option 'first_dealer' must be a seat 0-{num_players - 1}, not {first}")
        self.ruleset = ruleset
        """The ruleset's name."""
        self.num_players = num_players
        """Seats at every table."""
        self.tick_ms = tick_ms
        """Game time per step (ms)."""
        self.max_ticks = max_ticks
        """Steps after which a game still running is truncated."""
        self.options = resolved
        """The ruleset's options, resolved."""
        teams = bool(game.ruleset.params["teams"])
        self.num_units: int = resolved["num_teams"] if teams else num_players
        """Units that score: players, or teams."""
        if teams and num_players < 2 * self.num_units:
            raise InvalidOptionError(f"{self.num_units} teams need at least "
                                     f"{2 * self.num_units} players, not {num_players}")
        self.window: int = resolved["window_ms"]
        """Grabs this many ms or less after the first hold the Pigasus together."""
        self.point_limit: int = resolved["point_limit_ms"]
        """Ms a holder has to point."""
        self.last_call: int = resolved["last_call_ms"]
        """Ms without change after the last card (a pair showing) that end the game."""
        self.event_cap: int = resolved["event_cap"]
        """Engine actions (ticks included) after which the game is scored as it stands."""
        self.bench: bool = resolved["bench_empty_handed"]
        """A wrong grab with nothing to give back benches the unit."""
        self.num_actions = NUM_ACTIONS
        """Actions per seat (76)."""
        self.observation_size = LAYOUT.size
        """Floats per observation."""
        P, U = num_players, self.num_units
        self.team_of = np.arange(P, dtype=np.intp) % U
        """The unit of every seat."""
        self._member = self.team_of[:, None] == np.arange(U)[None, :]  # P x U
        self._plan = ShufflePlan(NUM_CARDS)

    # ----------------------------------------------------------------------------------
    # Dealing
    # ----------------------------------------------------------------------------------
    def init(self, seeds: NDArray[np.integer[Any]] | list[int]) -> PigasusBatch:
        """New games at time 0, lane ``b`` dealt from game seed ``seeds[b]`` as the
        engine deals it."""
        seed_array = np.asarray(seeds, dtype=I64)
        if seed_array.ndim != 1 or seed_array.shape[0] < 1:
            raise InvalidOptionError("seeds must be a non-empty 1-d sequence of integers")
        B, P, U = seed_array.shape[0], self.num_players, self.num_units
        state = PigasusBatch(
            deck=np.zeros((B, DECK), I8), deck_len=np.zeros(B, I32),
            set_aside=np.zeros((B, SET_ASIDE), I8), set_aside_len=np.zeros(B, I32),
            on_table=np.zeros((B, NUM_CARDS), np.bool_), pairs=np.zeros(B, I32),
            piles=np.zeros((B, U), I32), box=np.zeros(B, I32), now=np.zeros(B, I64),
            phase=np.zeros(B, I8), tiebreak=np.zeros(B, np.bool_),
            contenders=np.ones((B, U), np.bool_), benched=np.zeros((B, U), np.bool_),
            dealer=np.zeros(B, I8), holding=np.zeros((B, P), np.bool_),
            grab_rank=np.zeros((B, P), I8), grabbed_at=np.zeros((B, P), I64),
            fingers=np.zeros((B, P, 2), I8), finger_count=np.zeros((B, P), I8),
            done_at=np.full((B, P), -1, I64), held_since=np.zeros(B, I64),
            changed_at=np.zeros(B, I64), reveals=np.zeros(B, I32), settled=np.zeros(B, I32),
            events=np.zeros(B, I32), winners=np.zeros((B, P), np.bool_),
            end_reason=np.zeros(B, I8), ticks=np.zeros(B, I64), time=np.zeros(B, I64),
            terminated=np.zeros(B, np.bool_), truncated=np.zeros(B, np.bool_),
            rewards=np.zeros((B, P), np.float32), refused=np.zeros((B, P), np.bool_),
            legal_action_mask=np.zeros((B, P, NUM_ACTIONS), np.bool_), seed=seed_array.copy())
        self._deal(state, np.arange(B, dtype=np.intp), seed_array)
        return state

    def _deal(self, s: PigasusBatch, lanes: NDArray[np.intp], seeds: NDArray[np.int64]) -> None:
        """New games in ``lanes`` (PigasusStateBase.__init__ and the env's reset)."""
        s.seed[lanes] = seeds
        rng = np.array([_key(int(seed)) for seed in seeds.tolist()], dtype=np.uint64)
        cards = np.broadcast_to(np.arange(NUM_CARDS, dtype=I8), (lanes.shape[0], NUM_CARDS)).copy()
        self._plan.shuffle(cards, rng, np.arange(lanes.shape[0], dtype=np.intp),
                           np.full(lanes.shape[0], NUM_CARDS, dtype=np.intp))
        s.set_aside[lanes] = cards[:, :SET_ASIDE]
        s.set_aside_len[lanes] = SET_ASIDE
        s.deck[lanes] = cards[:, SET_ASIDE:]
        s.deck_len[lanes] = DECK
        for name in ("on_table", "pairs", "piles", "box", "now", "phase", "tiebreak",
                     "benched", "holding", "grab_rank", "grabbed_at", "fingers",
                     "finger_count", "held_since", "changed_at", "reveals", "settled",
                     "events", "winners", "end_reason", "ticks", "time", "refused"):
            getattr(s, name)[lanes] = 0
        s.contenders[lanes] = True
        s.done_at[lanes] = -1
        s.dealer[lanes] = self.options["first_dealer"]
        s.legal_action_mask[lanes] = self._mask(s, lanes)

    def auto_reset(self, state: PigasusBatch, *, inplace: bool = False) -> PigasusBatch:
        """Deal the next game (seed + batch size) in every lane whose game is over or
        truncated. Pure unless ``inplace``."""
        done = np.flatnonzero((state.phase == 2) | (state.ticks >= self.max_ticks))
        if not done.size:
            return state
        if not inplace:
            state = state.copy()
        self._deal(state, done, state.seed[done] + state.batch_size)
        state.terminated[done] = False
        state.truncated[done] = False
        state.rewards[done] = 0
        return state

    # ----------------------------------------------------------------------------------
    # Step
    # ----------------------------------------------------------------------------------
    def step(self, state: PigasusBatch, actions: NDArray[np.integer[Any]] | list[list[int]],
             *, inplace: bool = False, auto_reset: bool = False) -> PigasusBatch:
        """One tick: every seat's action (``B x P`` indices) applied at the tick's time,
        seat by seat, then the clock moved on. Lanes already over ignore theirs.

        A masked-out action is refused (``refused``), as the parallel environment
        refuses it; an index outside 0-75 or a wrong shape raises
        :class:`MalformedActionError` (state unchanged). With ``auto_reset``, a lane whose
        game ends (or is truncated) in this step is dealt its next game at once
        (``terminated``, ``truncated``, ``rewards`` and ``refused`` tell of the step).
        Pure unless ``inplace``.
        """
        B, P = state.batch_size, self.num_players
        action = np.asarray(actions)
        if action.shape != (B, P) or not np.issubdtype(action.dtype, np.integer):
            raise MalformedActionError(f"actions must be {B} x {P} integer action indices "
                                       f"(lanes x seats), not shape {action.shape} of {action.dtype}")
        bad = (action < 0) | (action >= NUM_ACTIONS)
        if bad.any():
            lane, seat = (int(x) for x in np.argwhere(bad)[0])
            raise MalformedActionError(f"lane {lane}, seat {seat}: {int(action[lane, seat])} "
                                       f"is outside 0-{NUM_ACTIONS - 1}")
        s = state if inplace else state.copy()
        action = action.astype(np.intp)
        frozen = (s.phase == 2) | (s.ticks >= self.max_ticks)  # over or truncated
        s.rewards[:] = 0
        s.refused[:] = False
        running = np.flatnonzero(~frozen)
        t = s.time.copy()
        for k in range(P):
            acting = ((s.ticks[running] + k) % P).astype(np.intp)  # from ticks % P on
            self._act(s, running, acting, action[running, acting], t[running])
        s.ticks[running] += 1
        s.time[running] += self.tick_ms
        self._tick_until(s, running, s.time[running])
        over = (s.phase == 2) & ~frozen
        done = np.flatnonzero(over)
        if done.size:
            s.rewards[done] = s.winners[done] / s.winners[done].sum(axis=1, keepdims=True)
        s.terminated[:] = s.phase == 2
        s.truncated[:] = ~s.terminated & (s.ticks >= self.max_ticks)
        if auto_reset:
            ended = np.flatnonzero(s.terminated | s.truncated)
            if ended.size:
                terminated, truncated = s.terminated[ended], s.truncated[ended]
                rewards, refused = s.rewards[ended], s.refused[ended]
                self._deal(s, ended, s.seed[ended] + B)
                s.terminated[ended], s.truncated[ended] = terminated, truncated
                s.rewards[ended], s.refused[ended] = rewards, refused
        s.legal_action_mask[:] = self._mask(s, np.arange(B))
        return s

    def _act(self, s: PigasusBatch, lanes: NDArray[np.intp], seat: NDArray[np.intp],
             action: NDArray[np.intp], t: NDArray[np.int64]) -> None:
        """One seat's action per lane at time ``t``, judged as the engine judges it."""
        if not lanes.size:
            return
        unit = self.team_of[seat]
        phase = s.phase[lanes]
        live = phase != 2
        held = phase == 1
        deck_len = s.deck_len[lanes]
        dealer_unit = self.team_of[s.dealer[lanes].astype(np.intp)]
        ok_reveal = (action == REVEAL_INDEX) & (phase == 0) & (deck_len > 0) & (unit == dealer_unit)
        unit_holds = (s.holding[lanes].astype(I32) @ self._member.astype(I32)) > 0
        rows = np.arange(lanes.shape[0])
        may_grab = (s.contenders[lanes, unit] & ~s.benched[lanes, unit]
                    & ((phase == 0) | (held & (t <= s.held_since[lanes] + self.window)
                                       & ~unit_holds[rows, unit])))
        ok_grab = (action == GRAB_INDEX) & may_grab
        pointing = held & s.holding[lanes, seat] & (s.done_at[lanes, seat] < 0)
        ok_give = (action == GIVE_UP_INDEX) & pointing
        card = np.clip(action - POINT_BASE, 0, NUM_CARDS - 1)
        count = s.finger_count[lanes, seat]
        first = s.fingers[lanes, seat, 0]
        already = (count >= 1) & (first == card)  # a holder with two fingers is done
        ok_point = (action >= POINT_BASE) & pointing & s.on_table[lanes, card] & ~already
        ok = live & (ok_reveal | ok_grab | ok_give | ok_point)
        s.refused[lanes, seat] = (action != NOOP) & ~ok
        if not ok.any():
            return
        at = lanes[ok]
        s.events[at] += 1
        s.now[at] = t[ok]
        # reveal: the top card face up; the last card may end the game
        r = ok_reveal & ok
        if r.any():
            lane, when = lanes[r], t[r]
            top = s.deck_len[lane] - 1
            revealed = s.deck[lane, top].astype(np.intp)
            s.deck_len[lane] = top
            s.pairs[lane] += s.on_table[lane, PARTNER[revealed]]
            s.on_table[lane, revealed] = True
            s.reveals[lane] += 1
            s.changed_at[lane] = when
            last = top == 0
            self._check_end(s, lane[last], when[last])
        g = ok_grab & ok
        if g.any():
            lane, when, who = lanes[g], t[g], seat[g]
            opening = s.phase[lane] == 0
            s.phase[lane[opening]] = 1
            s.held_since[lane[opening]] = when[opening]
            s.grab_rank[lane, who] = s.holding[lane].sum(axis=1)
            s.holding[lane, who] = True
            s.grabbed_at[lane, who] = when
            s.finger_count[lane, who] = 0
            s.done_at[lane, who] = -1
        p = (ok_give | ok_point) & ok
        if p.any():
            lane, when, who = lanes[p], t[p], seat[p]
            pointed = ok_point[p]
            fingers = s.finger_count[lane, who].astype(np.intp)
            s.fingers[lane[pointed], who[pointed], fingers[pointed]] = card[p][pointed]
            s.finger_count[lane[pointed], who[pointed]] += 1
            finished = ~pointed | (fingers + 1 == 2)
            s.done_at[lane[finished], who[finished]] = when[finished]
            all_done = ((~s.holding[lane]) | (s.done_at[lane] >= 0)).all(axis=1)
            settle = (when > s.held_since[lane] + self.window) & all_done
            self._settle(s, lane[settle], when[settle])
        # a change due at this very instant happens now (the engine's _advance(t))
        after = at[(s.phase[at] == 1) | ((s.deck_len[at] == 0) & (s.phase[at] != 2))]
        self._advance(s, after, s.now[after])
        capped = at[(s.phase[at] != 2) & (s.events[at] >= self.event_cap)]
        self._end_by_scores(s, capped)

    def _tick_until(self, s: PigasusBatch, lanes: NDArray[np.intp],
                    until: NDArray[np.int64]) -> None:
        """The env's _advance: an engine ``tick`` at each due time up to ``until``."""
        for lanes, until, due in self._due_rounds(s, lanes, until):
            timed = (s.phase[lanes] == 1) | (s.deck_len[lanes] == 0)
            self._advance(s, lanes[timed], due[timed])
            s.events[lanes] += 1
            s.now[lanes] = due
            again = lanes[(s.phase[lanes] == 1) | ((s.deck_len[lanes] == 0) & (s.phase[lanes] != 2))]
            self._advance(s, again, s.now[again])
            self._end_by_scores(s, lanes[(s.phase[lanes] != 2)
                                         & (s.events[lanes] >= self.event_cap)])

    # ----------------------------------------------------------------------------------
    # Timed changes, judging, the end
    # ----------------------------------------------------------------------------------
    def _due_rounds(self, s: PigasusBatch, lanes: NDArray[np.intp], until: NDArray[np.int64]
                    ) -> Iterator[tuple[NDArray[np.intp], NDArray[np.int64], NDArray[np.int64]]]:
        """Rounds of the lanes of ``lanes`` still playing with a change due by their
        ``until``: each round those lanes, their ``until`` and their due times, found again
        after the caller applied the round's changes, until no lane has one due."""
        while lanes.size:
            due = self._next_due(s, lanes)
            sel = (s.phase[lanes] != 2) & (due >= 0) & (due <= until)
            if not sel.any():
                return
            lanes, until = lanes[sel], until[sel]
            yield lanes, until, due[sel]

    def _next_due(self, s: PigasusBatch, lanes: NDArray[np.intp]) -> NDArray[np.int64]:
        """PigasusStateBase.next_due per lane (-1: nothing is due)."""
        phase = s.phase[lanes]
        pending = s.holding[lanes] & (s.done_at[lanes] < 0)
        first = np.where(pending, s.grabbed_at[lanes], np.iinfo(I64).max).min(axis=1)
        held_due = np.where(pending.any(axis=1), first + self.point_limit + 1,
                            s.held_since[lanes] + self.window + 1)
        call = (phase == 0) & (s.deck_len[lanes] == 0) & (s.pairs[lanes] > 0)
        return np.where(phase == 1, held_due,
                        np.where(call, s.changed_at[lanes] + self.last_call, -1))

    def _advance(self, s: PigasusBatch, lanes: NDArray[np.intp],
                 until: NDArray[np.int64]) -> None:
        """Every transition due by ``until``, each at its due time (the engine's _advance)."""
        for lanes, until, due in self._due_rounds(s, lanes, until):
            held = s.phase[lanes] == 1
            h, at = lanes[held], due[held]
            if h.size:
                late = (s.holding[h] & (s.done_at[h] < 0)
                        & (s.grabbed_at[h] + self.point_limit + 1 <= at[:, None]))
                s.done_at[h] = np.where(late, at[:, None], s.done_at[h])
                all_done = ((~s.holding[h]) | (s.done_at[h] >= 0)).all(axis=1)
                settle = (at > s.held_since[h] + self.window) & all_done
                self._settle(s, h[settle], at[settle])
            self._finish(s, lanes[~held], due[~held])

    def _settle(self, s: PigasusBatch, lanes: NDArray[np.intp], t: NDArray[np.int64]) -> None:
        """Judge every holder's claim at once and put the Pigasus back (_settle)."""
        if not lanes.size:
            return
        U = self.num_units
        hold = s.holding[lanes]
        c0 = s.fingers[lanes, :, 0].astype(np.intp)
        c1 = s.fingers[lanes, :, 1].astype(np.intp)
        rows = np.arange(lanes.shape[0])[:, None]
        valid = (hold & (s.finger_count[lanes] == 2) & (PARTNER[c0] == c1)
                 & s.on_table[lanes[:, None], c0] & s.on_table[lanes[:, None], c1])
        low = np.where(valid, np.minimum(c0, c1), -1)
        high = np.maximum(c0, c1)
        rank = s.grab_rank[lanes]
        same = valid[:, :, None] & valid[:, None, :] & (low[:, :, None] == low[:, None, :])
        size = same.sum(axis=2)
        order = (same & (rank[:, None, :] < rank[:, :, None])).sum(axis=2)
        won = np.where(valid, np.where(size == 1, 2, np.where(order < 2, 1, 0)), 0)
        wrong = hold & ~valid
        member = self._member.astype(I32)
        gained = won @ member  # B x U
        wrong_unit = (wrong.astype(I32) @ member) > 0
        piles = s.piles[lanes]
        paid = np.where(wrong_unit, np.minimum(piles, U), 0)
        s.piles[lanes] = piles + gained - paid
        s.box[lanes] += paid.sum(axis=1)
        unpaid = wrong_unit & (paid == 0)
        # the claimed pairs leave the table
        taken = np.zeros((lanes.shape[0], NUM_CARDS), np.bool_)
        taken[np.broadcast_to(rows, valid.shape)[valid], low[valid]] = True
        taken[np.broadcast_to(rows, valid.shape)[valid], high[valid]] = True
        table = s.on_table[lanes] & ~taken
        s.on_table[lanes] = table
        took = taken.any(axis=1)
        s.pairs[lanes[took]] = (table[took] & table[took][:, PARTNER]).sum(axis=1) // 2
        scorer = won > 0
        scored = scorer.any(axis=1)
        first = np.argmin(np.where(scorer, rank, 127), axis=1)
        s.dealer[lanes[scored]] = first[scored]
        s.benched[lanes[scored]] = False
        if self.bench:
            s.benched[lanes] |= unpaid
        s.settled[lanes] += 1
        self._clear_holders(s, lanes)
        s.phase[lanes] = 0
        s.changed_at[lanes] = t
        units = (scorer.astype(I32) @ member) > 0
        decisive = s.tiebreak[lanes] & scored
        alone = decisive & (units.sum(axis=1) == 1)
        if alone.any():
            self._end(s, lanes[alone], units[alone][:, self.team_of], _TIEBREAK)
        together = decisive & ~alone
        s.contenders[lanes[together]] = units[together]
        rest = ~alone
        self._check_end(s, lanes[rest], t[rest])

    def _clear_holders(self, s: PigasusBatch, lanes: NDArray[np.intp]) -> None:
        """Nobody holds the Pigasus any more in ``lanes``."""
        s.holding[lanes] = False
        s.grab_rank[lanes] = 0
        s.grabbed_at[lanes] = 0
        s.fingers[lanes] = 0
        s.finger_count[lanes] = 0
        s.done_at[lanes] = -1

    def _check_end(self, s: PigasusBatch, lanes: NDArray[np.intp], t: NDArray[np.int64]) -> None:
        """After the last card, with no pair on the table: the end (or the tie-break)."""
        empty = (s.phase[lanes] == 0) & (s.deck_len[lanes] == 0) & (s.pairs[lanes] == 0)
        self._finish(s, lanes[empty], t[empty])

    def _finish(self, s: PigasusBatch, lanes: NDArray[np.intp], t: NDArray[np.int64]) -> None:
        """The deck is used up: score, or start (or end) the tie-break (_finish)."""
        if not lanes.size:
            return
        tb = s.tiebreak[lanes]
        if tb.any():
            self._end(s, lanes[tb], s.contenders[lanes[tb]][:, self.team_of], _EXHAUSTED)
        lanes, t = lanes[~tb], t[~tb]
        piles = s.piles[lanes]
        top = piles == piles.max(axis=1, keepdims=True)
        final = (top.sum(axis=1) == 1) | (s.set_aside_len[lanes] == 0)
        self._end(s, lanes[final], top[final][:, self.team_of], _MOST_CARDS)
        lanes, t, top = lanes[~final], t[~final], top[~final]
        if not lanes.size:
            return
        s.tiebreak[lanes] = True
        s.contenders[lanes] = top
        s.benched[lanes] = False
        s.deck[lanes, :SET_ASIDE] = s.set_aside[lanes]
        s.deck_len[lanes] = s.set_aside_len[lanes]
        s.set_aside_len[lanes] = 0
        seat = s.dealer[lanes].astype(np.intp)
        for _ in range(self.num_players):  # the next tied unit's seat clockwise deals
            moving = ~top[np.arange(lanes.shape[0]), self.team_of[seat]]
            seat = np.where(moving, (seat + 1) % self.num_players, seat)
        s.dealer[lanes] = seat
        s.changed_at[lanes] = t

    def _end_by_scores(self, s: PigasusBatch, lanes: NDArray[np.intp]) -> None:
        """The event cap: the units with the most cards win."""
        if not lanes.size:
            return
        piles = s.piles[lanes]
        top = piles == piles.max(axis=1, keepdims=True)
        self._end(s, lanes, top[:, self.team_of], _EVENT_CAP)

    def _end(self, s: PigasusBatch, lanes: NDArray[np.intp], winners: NDArray[np.bool_],
             reason: int) -> None:
        """The game is over in ``lanes``: ``winners`` (seats) win, for ``reason``."""
        if not lanes.size:
            return
        s.winners[lanes] = winners
        s.end_reason[lanes] = reason
        s.phase[lanes] = 2
        self._clear_holders(s, lanes)

    # ----------------------------------------------------------------------------------
    # Masks and observations
    # ----------------------------------------------------------------------------------
    def _mask(self, s: PigasusBatch, lanes: NDArray[np.intp]) -> NDArray[np.bool_]:
        """Each seat's mask at the tick's time (parallel_env.mask): ``L x P x 76``."""
        L, P = lanes.shape[0], self.num_players
        mask = np.zeros((L, P, NUM_ACTIONS), np.bool_)
        mask[:, :, NOOP] = True
        phase = s.phase[lanes][:, None]
        live = phase != 2
        unit = self.team_of[None, :]
        dealer_unit = self.team_of[s.dealer[lanes].astype(np.intp)][:, None]
        mask[:, :, REVEAL_INDEX] = (phase == 0) & (s.deck_len[lanes][:, None] > 0) & (unit == dealer_unit)
        unit_holds = (s.holding[lanes].astype(I32) @ self._member.astype(I32)) > 0
        contender = s.contenders[lanes][:, self.team_of] & ~s.benched[lanes][:, self.team_of]
        closes = s.held_since[lanes] + self.window
        window = ((s.now[lanes] <= closes) & (s.time[lanes] <= closes))[:, None]
        mask[:, :, GRAB_INDEX] = contender & ((phase == 0) | (
            (phase == 1) & window & ~unit_holds[:, self.team_of]))
        pointing = (phase == 1) & s.holding[lanes] & (s.done_at[lanes] < 0)
        mask[:, :, GIVE_UP_INDEX] = pointing
        cards = pointing[:, :, None] & s.on_table[lanes][:, None, :]
        rows = np.arange(L)[:, None]
        seats = np.arange(P)[None, :]
        first = s.fingers[lanes, :, 0].astype(np.intp)
        had = s.finger_count[lanes] >= 1
        cards[np.broadcast_to(rows, had.shape)[had], np.broadcast_to(seats, had.shape)[had],
              first[had]] = False
        mask[:, :, POINT_BASE:] = cards
        mask[~live[:, 0], :, 1:] = False
        return mask

    def observe(self, state: PigasusBatch, seat: int | None = None) -> NDArray[np.float32]:
        """Every seat's observation at the tick's time (``B x P x 318``), or one seat's
        in every lane (``B x 318``): the parallel environment's vector."""
        B, P = state.batch_size, self.num_players
        if seat is not None and not 0 <= seat < P:
            raise InvalidOptionError(f"seat must be 0-{P - 1}, not {seat!r}")
        observers = np.arange(P) if seat is None else np.array([seat])
        V = observers.shape[0]
        at = LAYOUT.at
        s, t = state, state.time
        out = np.zeros((B, V, LAYOUT.size), np.float32)
        table = s.on_table
        out[:, :, at["table"]:at["table"] + NUM_CARDS] = table[:, None, :]
        out[:, :, at["pairs"]:at["pairs"] + NUM_CARDS] = (table & table[:, PARTNER])[:, None, :]
        lane = np.arange(B)[:, None]
        seats = (observers[None, :, None] + np.arange(P)[None, None, :]) % P  # 1 x V x P
        relative = np.broadcast_to(seats, (B, V, P))
        obs_seat = np.broadcast_to(observers[None, :], (B, V))
        holding = s.holding[lane, observers[None, :]]  # B x V
        for f in range(2):
            has = holding & (s.finger_count[lane, observers[None, :]] > f)
            card = s.fingers[lane, observers[None, :], f].astype(np.intp)
            b_idx, v_idx = np.nonzero(has)
            out[b_idx, v_idx, at["fingers"] + card[has]] = 1.0
        out[lane, np.arange(V)[None, :], at["phase"] + s.phase[:, None].astype(np.intp)] = 1.0
        dealer = s.dealer.astype(np.intp)[:, None]
        out[lane, np.arange(V)[None, :], at["dealer"] + (dealer - obs_seat) % P] = 1.0
        my_unit = self.team_of[obs_seat]
        out[:, :, at["my_team_deals"]] = self.team_of[dealer] == my_unit
        held = (s.phase == 1)[:, None]
        out[:, :, at["window_open"]] = held & (t < s.held_since + self.window + 1)[:, None]
        seen_holding = s.holding[lane[:, :, None], relative] & held[:, :, None]
        out[:, :, at["holders"]:at["holders"] + P] = seen_holding
        out[:, :, at["done"]:at["done"] + P] = seen_holding & (
            s.done_at[lane[:, :, None], relative] >= 0)
        out[:, :, at["pointing"]:at["pointing"] + P] = np.where(
            seen_holding, s.finger_count[lane[:, :, None], relative] / 2, 0.0)
        mine = held & holding & (s.done_at[lane, observers[None, :]] < 0)
        left = s.grabbed_at[lane, observers[None, :]] + self.point_limit - t[:, None]
        out[:, :, at["time_to_point"]] = np.where(
            mine, np.maximum(0.0, np.minimum(1.0, left / self.point_limit)), 0.0)
        out[:, :, at["quiet"]] = np.minimum(1.0, np.maximum(0, t - s.changed_at) / 10_000)[:, None]
        out[:, :, at["deck"]] = (s.deck_len / 56)[:, None]
        out[:, :, at["set_aside"]] = (s.set_aside_len / 16)[:, None]
        out[:, :, at["box"]] = (s.box / NUM_CARDS)[:, None]
        units = self.team_of[relative]  # B x V x P
        out[:, :, at["score"]:at["score"] + P] = s.piles[lane[:, :, None], units] / NUM_CARDS
        out[:, :, at["seated"]:at["seated"] + P] = 1.0
        out[:, :, at["teammate"]:at["teammate"] + P] = units == my_unit[:, :, None]
        out[:, :, at["contender"]:at["contender"] + P] = s.contenders[lane[:, :, None], units]
        out[:, :, at["benched"]:at["benched"] + P] = s.benched[lane[:, :, None], units]
        out[:, :, at["tiebreak"]] = s.tiebreak[:, None]
        out[:, :, at["clock"]] = np.minimum(1.0, t / 600_000)[:, None]
        return out if seat is None else out[:, 0]
