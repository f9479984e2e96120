"""Play Saukopf deals through the batched simulator and the scalar engine side by side.

Card play: start states come from :func:`saustall.rl.batched_saukopf.scripted_deal`,
cycling through every game kind the ruleset has (each kind's next seed that allows it);
some are first played on by a few random scalar actions, so lanes also start mid-trick or
in the Huftritt window; two Kreuzungen in three start before their declaration (played
in the batch) or right after it (the partner bidding, the hand-over, and when nobody
joins the Napf's bidding in the batch).
Whole deals (``whole=True``): lanes dealt from seeds by :meth:`BatchedSaukopf.init`, the
bidding too played in the batch. Both play random legal slots, but pass often (so that
the Napf and its games come up), like a bid of 61 (the Doppel games) and declaring a
Kreuzung. Every lane is compared with its scalar twin before the first action and
after every action: the seat to act, the legal mask against the AEC environment's mask of
``legal_actions()``, the acting seat's observation against the AEC environment's (entry
for entry) and seat 0's, and the step's rewards against the change of ``returns()``; when
a deal ends, its trick winners, meat and roughness points per seat and every seat's final
observation. Actions are random legal columns drawn from a seeded numpy generator; a lane
whose deal is over gets the next start state (:meth:`BatchedSaukopf.restart`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from saustall.games.saukopf.cards import GAME_KINDS, KREUZUNG_KINDS
from saustall.games.saukopf.game import SaukopfState
from saustall.core.registry import get
from saustall.games.saukopf.observe import FinishedDeal
from saustall.games.saukopf.state import PHASE_KONTRA, PHASE_PLAYING, PHASE_RE
from saustall.rl.batched_saukopf import BatchedSaukopf, SaukopfBatch, scripted_deal
from saustall.rl.saukopf_deals import STOPS
from saustall.rl.lanes import random_columns


def ruleset_kinds(ruleset: str) -> list[int]:
    """The game kinds a ruleset plays (the Dreihaxer: solos only)."""
    return [k.code for k in GAME_KINDS if ruleset != "dreihaxer" or not k.doppel]


def start_states(ruleset: str, count: int, seed: int) -> list[SaukopfState]:
    """``count`` deals in (or just before) card play, the game kinds in turn (see the
    module docstring)."""
    rng = random.Random(seed)
    kinds = ruleset_kinds(ruleset)
    found: list[SaukopfState] = []
    next_seed = seed * 1_000_003
    while len(found) < count:
        kind = kinds[len(found) % len(kinds)]
        for _ in range(10_000):
            stop = rng.choice(STOPS) if kind in KREUZUNG_KINDS else "play"
            state = scripted_deal(ruleset, next_seed, kind, rng=rng, stop=stop)
            next_seed += 1
            if state is not None:
                break
        else:
            raise AssertionError(f"no deal allowed game kind {kind} in 10,000 seeds")
        if rng.random() < 0.3:  # start some lanes further on in the card play
            for _ in range(rng.randrange(1, 3 * state.num_players)):
                if state.phase not in (PHASE_PLAYING, PHASE_KONTRA, PHASE_RE) \
                        or len(state.tricks) >= state.total_tricks - 1:
                    break
                state.apply(rng.choice(state.legal_actions()))
        found.append(state)
    return found


@dataclass
class Tally:
    """What a run compared and covered."""

    deals: int = 0
    actions: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    spiess: Counter[bool] = field(default_factory=Counter)
    kontra: int = 0
    re: int = 0
    thrown_in: int = 0
    declarer_won: Counter[bool] = field(default_factory=Counter)


def _check_lane(sim: BatchedSaukopf, batch: SaukopfBatch, obs: np.ndarray,
                zero: np.ndarray, b: int, state: SaukopfState) -> None:
    env = sim.env
    where = f"lane {b} (seed {state.seed}, {state.decl.title() if state.decl else None})"
    if state.is_terminal():
        assert batch.terminated[b], where
        assert not batch.legal_action_mask[b].any(), where
        return
    seat = state.cur
    assert not batch.terminated[b], where
    assert int(batch.current_player[b]) == seat, where
    mask = env.actions.mask(seat, state.legal_actions()).astype(bool)
    assert np.array_equal(mask, batch.legal_action_mask[b]), (
        f"{where}: mask {np.flatnonzero(batch.legal_action_mask[b])}, engine "
        f"{np.flatnonzero(mask)}")
    for vector, observer in ((obs[b], seat), (zero[b], 0)):
        expected = env.observation_vector(state, observer)
        if not np.array_equal(expected, vector):
            wrong = np.flatnonzero(expected != vector)
            blocks = sorted({name for name, start, size, _ in env.layout.blocks
                             for i in wrong if start <= i < start + size})
            raise AssertionError(f"{where}, seat {observer}: observation differs in {blocks}")


def _check_finished(sim: BatchedSaukopf, batch: SaukopfBatch, b: int,
                    state: SaukopfState, tally: Tally) -> None:
    deal = state._results[-1]
    if not isinstance(deal, FinishedDeal):  # thrown in: nothing scored, no trick played
        assert batch.trick_winners[b].tolist() == [-1] * sim.tricks
        tally.deals += 1
        tally.thrown_in += 1
        return
    score = deal.score()
    assert score is not None
    where = f"lane {b} (seed {state.seed}, {deal.decl.title()})"
    assert batch.trick_winners[b].tolist() == [win for _, _, win in deal.tricks], where
    meat, roughness = sim.score(batch, np.array([b]))
    assert meat[0].tolist() == list(score.meat), where
    assert roughness[0].tolist() == list(score.roughness), where
    for seat in range(sim.num_players):
        expected = sim.env.observation_vector(state, seat)
        assert np.array_equal(expected, sim.observe(batch, seat)[b]), f"{where}, seat {seat}"
    tally.deals += 1
    tally.kinds[deal.decl.info.name] += 1
    tally.spiess[deal.decl.spiess] += 1
    tally.kontra += deal.kontra >= 0
    tally.re += deal.re >= 0
    tally.declarer_won[score.declarer_won] += 1


def biased_columns(mask: np.ndarray, noise: np.random.Generator, sim: BatchedSaukopf) -> np.ndarray:
    """Random legal slots, but pass with probability 0.6 where passing is legal, else
    bid 61 with probability 0.625 where that is legal; declare a Kreuzung (plain or am
    Spieß) with probability 1/2 where one is legal."""
    slots = random_columns(mask, noise)
    u = noise.random(mask.shape[0])
    bid61 = sim.bidding.bid_slot
    kreuzung = [sim.bidding.declare_slot + i for i, d in enumerate(sim.declarations)
                if d.kind in KREUZUNG_KINDS]
    crossing = mask[:, kreuzung]
    pick = np.array(kreuzung)[np.argmax(crossing * noise.random(crossing.shape), axis=1)]
    return np.where(mask[:, sim.pass_slot] & (u < 0.6), sim.pass_slot,
                    np.where(mask[:, bid61] & (u < 0.85), bid61,
                             np.where(crossing.any(axis=1) & (u < 0.5), pick, slots)))


def play_and_compare(ruleset: str, deals: int, lanes: int, seed: int,
                     whole: bool = False) -> Tally:
    """Play ``deals`` deals on ``lanes`` lanes, comparing as the module docstring says."""
    sim = BatchedSaukopf(ruleset)
    if whole:
        game = get("saukopf", ruleset)
        seeds = list(range(seed, seed + deals))
        starts = []
        for s in seeds:
            state = game.new_state(sim.num_players, s, {"deals": 1})
            assert isinstance(state, SaukopfState)
            starts.append(state)
        batch = sim.init(seeds[:lanes])
    else:
        starts = start_states(ruleset, deals, seed)
        batch = sim.start(starts[:lanes])
    twins = starts[:lanes]
    waiting = starts[lanes:][::-1]  # popped from the end: in seed order
    noise = np.random.default_rng(seed)
    tally = Tally()
    obs, zero = sim.blank_observations(len(twins)), sim.blank_observations(len(twins))
    while True:
        sim.observe(batch, out=obs)
        sim.observe(batch, 0, out=zero)
        for b, state in enumerate(twins):
            _check_lane(sim, batch, obs, zero, b, state)
        if batch.terminated.all():
            return tally
        slots = biased_columns(batch.legal_action_mask, noise, sim)
        codes = sim.engine_actions(batch, slots).tolist()
        before = [state.returns() for state in twins]
        batch = sim.step(batch, slots)
        finished: list[int] = []
        for b, state in enumerate(twins):
            if state.is_terminal():
                assert not batch.rewards[b].any()
                continue
            state.apply(codes[b])
            tally.actions += 1
            gained = [now - then for now, then in zip(state.returns(), before[b])]
            assert batch.rewards[b].tolist() == gained, f"lane {b}: rewards"
            if state.is_terminal():
                _check_finished(sim, batch, b, state, tally)
                finished.append(b)
        finished = finished[:len(waiting)]
        if finished:
            fresh = [waiting.pop() for _ in finished]
            sim.restart(batch, finished, fresh)
            for b, state in zip(finished, fresh):
                twins[b] = state
