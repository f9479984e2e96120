"""Play seeded games through the batched simulator and the scalar engine side by side.

Every lane is compared with its scalar twin before the first action and after every
action: hands, the draw pile in order, the discard pile in order (and its count per
kind), every pig, the seat to act, the phase, the turn count, the random stream's state,
winner and kind of win, the legal-action mask (slots of the acting seat, as engine
actions) against ``legal_actions()``, termination and the returns; and the acting seat's
observation against the AEC environment's, entry for entry. Actions are
random legal mask columns drawn from a seeded numpy generator; finished lanes are dealt
their next seed by ``auto_reset`` and get a fresh scalar twin.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from saustall.core.registry import get
from saustall.games.drecksau.game import DrecksauState
from saustall.rl import drecksau_v0
from saustall.rl.batched import BatchedDrecksau, BatchState
from saustall.rl.lanes import random_columns

PHASES = {"turn": 0, "lucky-bird": 1, "over": 2}
WIN_KINDS = {None: 0, "dirty": 1, "pretty": 2}

# Every batched ruleset and player count, with the options that change the rules.
CASES: list[tuple[str, int, dict[str, Any]]] = (
    [("dirty-pig", n, {}) for n in range(2, 7)]
    + [("drecksau", n, {}) for n in range(2, 5)]
    + [("drecksau", n, {"hand_size": 4}) for n in (2, 4)]
    + [("sauschoen", n, {}) for n in range(2, 7)]
    + [("dirty-pig", 3, {"turn_cap": 20}), ("sauschoen", 4, {"turn_cap": 30})]
)


def describe_lanes(sim: BatchedDrecksau, state: BatchState) -> list[dict[str, Any]]:
    """Every field of every lane, in the scalar engine's terms (arrays converted once)."""
    counts = sim.hand_counts(state).tolist()
    deck, deck_len = state.deck.tolist(), state.deck_len.tolist()
    discard, discard_len = state.discard.tolist(), state.discard_len.tolist()
    pigs, player, phase = state.pigs.tolist(), state.current_player.tolist(), state.phase.tolist()
    turn, rng = state.turn.tolist(), state.rng.tolist()
    winner, win_kind = state.winner.tolist(), state.win_kind.tolist()
    lane_of, slot = np.nonzero(state.legal_action_mask)
    legal: list[list[int]] = [[] for _ in range(state.batch_size)]
    codes = sim.engine_actions(state.current_player[lane_of], slot)
    for lane, code in zip(lane_of.tolist(), codes.tolist()):
        legal[lane].append(code)
    pile = state.pile_counts.tolist()
    return [{
        "hands": [[c for c, n in enumerate(row) for _ in range(n)] for row in counts[b]],
        "deck": deck[b][:deck_len[b]],
        "discard": discard[b][:discard_len[b]],
        "pigs": pigs[b],
        "player": player[b],
        "phase": phase[b],
        "turn": turn[b],
        "rng": rng[b],
        "winner": winner[b],
        "win_kind": win_kind[b],
        "legal": sorted(legal[b]),
        "terminal": phase[b] == 2,
        "pile": [pile[b] >> (6 * k) & 63 for k in range(sim.kinds)],
    } for b in range(state.batch_size)]


def describe_scalar(game: DrecksauState) -> dict[str, Any]:
    """The same fields of a scalar state (the random stream's private state included)."""
    return {
        "hands": [list(hand) for hand in game.hands],
        "deck": list(game.deck),
        "discard": list(game.discard),
        "pigs": [list(row) for row in game.pigs],
        "player": game.player,
        "phase": PHASES[game.phase],
        "turn": game.turn,
        "rng": game.rng._state,
        "winner": game.winners()[0] if game.winners() else -1,
        "win_kind": WIN_KINDS[game.win_kind],
        "legal": sorted(game.legal_actions()),
        "terminal": game.is_terminal(),
        "pile": [game.discard.count(k) for k in range(len(game.game.ruleset.params["deck"]))],
    }


def play_and_compare(ruleset: str, players: int, options: dict[str, Any], games: int,
                     lanes: int, first_seed: int = 0, *,
                     reset_in_step: bool = False) -> tuple[int, int]:
    """Play until ``games`` games have finished in ``lanes`` lanes, comparing every
    state; returns (games finished, actions compared). Finished lanes are dealt again by
    ``auto_reset`` (every terminal state compared), or with ``reset_in_step`` by
    ``step(auto_reset=True)`` (the terminal step's flags and rewards compared). Raises
    AssertionError naming the lane, seed, action and field at the first difference."""
    sim = BatchedDrecksau(ruleset, players, options)
    aec = drecksau_v0.raw_env(ruleset=ruleset, num_players=players, **options)
    engine = get("drecksau", ruleset)
    seeds = np.arange(lanes) + first_seed
    state = sim.init(seeds)
    twins = [engine.new_state(players, int(seed), options) for seed in seeds]
    noise = np.random.default_rng(first_seed)
    finished = actions = 0
    returns = np.zeros((lanes, players))
    last: list[str] = ["deal"] * lanes

    def game_over(lane: int) -> bool:
        """Check a finished game's returns; True once enough games have finished."""
        nonlocal finished
        assert returns[lane].tolist() == twins[lane].returns(), (
            f"seed {int(state.seed[lane])}: rewards {returns[lane]} != returns "
            f"{twins[lane].returns()}")
        finished += 1
        return finished >= games

    while True:
        described = describe_lanes(sim, state)
        observed = sim.observe(state)
        for lane, twin in enumerate(twins):
            assert isinstance(twin, DrecksauState)
            # the acting seat's observation is the AEC environment's, bit for bit
            expected = aec.observation_vector(twin, twin.player)
            assert np.array_equal(observed[lane], expected), (
                f"{ruleset} {players}p {options}: seed {int(state.seed[lane])}, after "
                f"{last[lane]}: observation entries "
                f"{np.flatnonzero(observed[lane] != expected).tolist()} differ")
            mine, theirs = described[lane], describe_scalar(twin)
            if mine != theirs:
                field = next(k for k in theirs if mine[k] != theirs[k])
                raise AssertionError(
                    f"{ruleset} {players}p {options}: seed {int(state.seed[lane])}, after "
                    f"{last[lane]}: {field} is {mine[field]}, the engine has {theirs[field]}")
            if not reset_in_step:
                assert bool(state.terminated[lane]) == twin.is_terminal()
                if twin.is_terminal() and game_over(lane):
                    return finished, actions
        if not reset_in_step and state.terminated.any():
            state = sim.auto_reset(state)
            for lane in np.flatnonzero(state.terminated == 0):
                if twins[lane].is_terminal():
                    twins[lane] = engine.new_state(players, int(state.seed[lane]), options)
                    returns[lane] = 0
                    last[lane] = "deal"
            continue  # compare the new deals before playing them
        columns = random_columns(state.legal_action_mask, noise)
        codes = sim.engine_actions(state.current_player, columns).tolist()
        state = sim.step(state, columns, auto_reset=reset_in_step)
        returns += state.rewards
        for lane, twin in enumerate(twins):
            code = codes[lane]
            last[lane] = twin.game.encode_action(code)
            twin.apply(code)
            actions += 1
            if reset_in_step:
                assert bool(state.terminated[lane]) == twin.is_terminal()
                if twin.is_terminal():
                    if game_over(lane):
                        return finished, actions
                    twins[lane] = engine.new_state(players, int(state.seed[lane]), options)
                    returns[lane] = 0
                    last[lane] = "deal"
