"""Play the JAX back end and the numpy batched simulator side by side, lane for lane.

Both start from one position (the numpy simulator's deal, converted by
``JaxDrecksau.from_batched``, or the JAX deal converted by ``to_batched``) and take the
same random legal slots. After every action every lane is compared: the seat to act,
phase, turn, every hand, every pig, the draw pile in order, the discard pile in order and
its count per kind, winner, kind of win, termination, rewards, the legal-slot mask and the
observation of every seat (the acting seat's and each fixed seat's), entry for entry.

Where the numpy simulator reshuffled the discard pile into a new deck in a step (its
random stream moved), the two engines' shuffles differ by design (JAX keys, not
SplitMix64): there the deck's order and the refilled hand are compared as what they must
be in any order (the same cards in deck and hand together, the same sizes), everything
else as usual, and the lane then takes the numpy simulator's deck and hands. Finished
games are dealt anew by the numpy simulator's ``auto_reset`` and copied over.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from saustall.rl.batched import BatchState
from saustall.rl.jax_drecksau import JaxDrecksau, JaxDrecksauState
from saustall.rl.lanes import random_columns


@dataclass
class Tally:
    """What a differential run compared."""

    games: int = 0
    """Games finished in both engines alike."""
    lane_steps: int = 0
    """Lane-steps compared in full."""
    reshuffles: int = 0
    """Lane-steps with a reshuffle (compared up to the deck's order, then copied)."""


class Functions:
    """One environment's jitted, vmapped functions (compiled once per environment)."""

    def __init__(self, env: JaxDrecksau) -> None:
        self.env = env
        self.step = jax.jit(jax.vmap(env.step))
        self.step_reset = jax.jit(jax.vmap(partial(env.step, auto_reset=True)))
        self.observe = jax.jit(jax.vmap(env.observe))
        self.observe_seat = jax.jit(jax.vmap(env.observe, in_axes=(0, None)))
        self.legal = env._batch_legal  # the one from_batched uses: compiled once
        self.init = jax.jit(jax.vmap(env.init))
        self.auto_reset = jax.jit(jax.vmap(env.auto_reset))


def select(lanes: np.ndarray, new: JaxDrecksauState, old: JaxDrecksauState) -> JaxDrecksauState:
    """``new`` in ``lanes`` (bool, one per lane), ``old`` elsewhere."""
    picked = jnp.asarray(lanes)

    def pick(a: jax.Array, b: jax.Array) -> jax.Array:
        return jnp.where(picked.reshape((-1,) + (1,) * (a.ndim - 1)), a, b)

    return jax.tree_util.tree_map(pick, new, old)


def card_counts(env: JaxDrecksau, cards: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Per lane, the cards of each kind among ``cards[b, :lengths[b]]``."""
    kinds = np.arange(env.kinds)
    held = np.arange(cards.shape[1])[None, :] < lengths[:, None]
    return ((cards[:, :, None] == kinds) & held[:, :, None]).sum(axis=1)


def fields_of(env: JaxDrecksau, batch: BatchState) -> dict[str, np.ndarray]:
    """The comparable fields of a numpy batch (piles padded with -1 past their ends)."""
    D = env.deck_size
    position = np.arange(D + 4)
    return {
        "current_player": batch.current_player.astype(np.int32),
        "phase": batch.phase.astype(np.int32), "turn": batch.turn.astype(np.int32),
        "hands": batch.hands.astype(np.int32), "pigs": batch.pigs.astype(np.int32),
        "deck": np.where(position[:D] < batch.deck_len[:, None], batch.deck, -1),
        "deck_len": batch.deck_len.astype(np.int32),
        "discard": np.where(position < batch.discard_len[:, None], batch.discard, -1),
        "discard_len": batch.discard_len.astype(np.int32),
        "pile": ((batch.pile_counts[:, None] >> (6 * np.arange(env.kinds))) & 63).astype(np.int32),
        "winner": batch.winner.astype(np.int32), "win_kind": batch.win_kind.astype(np.int32),
        "terminated": batch.terminated, "rewards": batch.rewards,
        "legal_action_mask": np.asarray(batch.legal_action_mask),
    }


def jax_fields(env: JaxDrecksau, state: JaxDrecksauState) -> dict[str, np.ndarray]:
    """The same fields of batched JAX states."""
    D = env.deck_size
    position = np.arange(D + 4)
    deck_len, discard_len = np.asarray(state.deck_len), np.asarray(state.discard_len)
    return {
        "current_player": np.asarray(state.current_player), "phase": np.asarray(state.phase),
        "turn": np.asarray(state.turn), "hands": np.asarray(state.hands),
        "pigs": np.asarray(state.pigs).astype(np.int32),
        "deck": np.where(position[:D] < deck_len[:, None], np.asarray(state.deck), -1),
        "deck_len": deck_len,
        "discard": np.where(position < discard_len[:, None], np.asarray(state.discard), -1),
        "discard_len": discard_len, "pile": np.asarray(state.pile),
        "winner": np.asarray(state.winner), "win_kind": np.asarray(state.win_kind),
        "terminated": np.asarray(state.terminated), "rewards": np.asarray(state.rewards),
        "legal_action_mask": np.asarray(state.legal_action_mask),
    }


def differing_lanes(expected: dict[str, np.ndarray], got: dict[str, np.ndarray],
                    lanes: np.ndarray, skip: tuple[str, ...] = ()) -> dict[str, list[int]]:
    """The fields that differ in any of ``lanes`` (bool), with those lanes."""
    found: dict[str, list[int]] = {}
    for name, want in expected.items():
        if name in skip:
            continue
        have = got[name]
        same = (want == have).reshape(want.shape[0], -1).all(axis=1)
        bad = np.flatnonzero(lanes & ~same)
        if bad.size:
            found[name] = bad.tolist()
    return found


def compare_observations(fns: Functions, batch: BatchState, state: JaxDrecksauState) -> None:
    """The acting seat's and every seat's observation, entry for entry."""
    sim = fns.env.numpy_twin
    acting = np.asarray(fns.observe(state))
    assert acting.dtype == np.float32
    assert np.array_equal(acting, sim.observe(batch)), "acting seat's observation differs"
    for seat in range(fns.env.num_players):
        assert np.array_equal(np.asarray(fns.observe_seat(state, seat)),
                              sim.observe(batch, seat)), f"seat {seat}'s observation differs"


def held_cards(env: JaxDrecksau, fields: dict[str, np.ndarray], seats: np.ndarray) -> np.ndarray:
    """Per lane, the cards of each kind in the draw pile and the hands of ``seats``
    (bool, lanes x players) together."""
    sim = env.numpy_twin
    hands = sim._hand_counts[sim._rank[fields["hands"]]] * seats[:, :, None]
    return hands.sum(axis=1) + card_counts(env, fields["deck"], fields["deck_len"])


def play_side_by_side(fns: Functions, batch: BatchState, state: JaxDrecksauState,
                      games: int, seed: int, max_steps: int = 2000,
                      reset_in_step: bool = False) -> Tally:
    """Step both engines from one position (``batch`` and ``state`` alike) with the
    same random legal slots until ``games`` games have finished (or ``max_steps``),
    comparing after every step; returns the tally. Finished games are dealt anew by
    ``auto_reset`` after the step, or with ``reset_in_step`` within it (both engines'
    ``step(..., auto_reset=True)``: the ended game's flags and rewards compared, the new
    deal's cards as a whole deck, then the numpy deal copied over)."""
    env, sim = fns.env, fns.env.numpy_twin
    B, P = batch.batch_size, env.num_players
    noise = np.random.default_rng(seed)
    tally = Tally()
    everywhere = np.ones(B, dtype=np.bool_)
    assert differing_lanes(fields_of(env, batch), jax_fields(env, state), everywhere) == {}
    compare_observations(fns, batch, state)
    loose = ("deck", "hands", "legal_action_mask")  # compared as cards, not in order
    for _ in range(max_steps):
        if tally.games >= games:
            break
        actions = random_columns(batch.legal_action_mask, noise)
        stepped = sim.step(batch, actions, auto_reset=reset_in_step)
        moved = (fns.step_reset if reset_in_step else fns.step)(
            state, jnp.asarray(actions, jnp.int32))
        ended = stepped.terminated if reset_in_step else ~everywhere
        reshuffled = (stepped.rng != batch.rng) & ~ended
        want, got = fields_of(env, stepped), jax_fields(env, moved)
        assert differing_lanes(want, got, ~reshuffled & ~ended) == {}
        assert differing_lanes(want, got, reshuffled | ended, loose) == {}
        sizes = sim._code_len
        assert np.array_equal(sizes[want["hands"]], sizes[got["hands"]])
        # where the pile was reshuffled: the refilled hand and the deck hold the same
        # cards, every other hand is the same; a new deal: all hands and the deck
        seat = batch.current_player.astype(np.intp)
        refilled = np.arange(P)[None, :] == seat[:, None]
        refilled |= ended[:, None]
        assert np.array_equal(held_cards(env, want, refilled)[reshuffled | ended],
                              held_cards(env, got, refilled)[reshuffled | ended])
        assert np.array_equal(np.where(refilled, 0, want["hands"]),
                              np.where(refilled, 0, got["hands"]))
        if (reshuffled | ended).any():
            tally.reshuffles += int(reshuffled.sum())
            moved = select(reshuffled | ended, env.from_batched(stepped, moved.key), moved)
            moved = moved._replace(terminated=jnp.asarray(stepped.terminated),
                                   rewards=jnp.asarray(stepped.rewards))
        tally.lane_steps += int((~reshuffled).sum())
        compare_observations(fns, stepped, moved)
        over = stepped.terminated
        if over.any():
            tally.games += int(over.sum())
            if not reset_in_step:
                stepped = sim.auto_reset(stepped)
                moved = select(over, env.from_batched(stepped, moved.key), moved)
            assert differing_lanes(fields_of(env, stepped), jax_fields(env, moved),
                                   everywhere) == {}
        batch, state = stepped, moved
    return tally


def numpy_start(fns: Functions, lanes: int, seed: int) -> tuple[BatchState, JaxDrecksauState]:
    """The numpy simulator's deal of seeds ``seed ..``, and its JAX twin."""
    batch = fns.env.numpy_twin.init(np.arange(lanes) + seed)
    return batch, fns.env.from_batched(batch, jax.random.split(jax.random.key(seed), lanes))


def jax_start(fns: Functions, lanes: int, seed: int) -> tuple[BatchState, JaxDrecksauState]:
    """The JAX deal of keys from ``seed``, and its numpy twin."""
    state = fns.init(jax.random.split(jax.random.key(seed), lanes))
    return fns.env.to_batched(state), state


def describe(tally: Tally, label: Any) -> str:
    """One line for the log of a long run."""
    return (f"{label}: {tally.games} games, {tally.lane_steps} lane-steps compared in full, "
            f"{tally.reshuffles} reshuffles compared up to the deck's order")
