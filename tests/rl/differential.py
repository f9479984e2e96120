"""Play seeded games through the batched simulator and the scalar engine side by side.

Every lane is compared with its scalar twin before the first action and after every
action: hands, the draw pile in order, the discard pile in order, every pig, the seat to
act, the phase, the turn count, the random stream's state, winner and kind of win, the
legal-action mask against ``legal_actions()``, termination and the returns. Actions are
random legal mask columns drawn from a seeded numpy generator; finished lanes are dealt
their next seed by ``auto_reset`` and get a fresh scalar twin.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from saustall.core.registry import get
from saustall.games.drecksau.game import DrecksauState
from saustall.rl.batched import BatchedDrecksau, BatchState, random_columns

PHASES = {"turn": 0, "lucky-bird": 1, "over": 2}
WIN_KINDS = {None: 0, "dirty": 1, "pretty": 2}

# Every batched ruleset and player count, with the options that change the rules.
CASES: list[tuple[str, int, dict[str, Any]]] = (
    [("dirty-pig", n, {}) for n in range(2, 7)]
    + [("drecksau", n, {}) for n in range(2, 5)]
    + [("drecksau", n, {"hand_size": 4}) for n in (2, 4)]
    + [("sauschoen", n, {}) for n in range(2, 7)]
)


def describe_lane(sim: BatchedDrecksau, state: BatchState, lane: int) -> dict[str, Any]:
    """Every field of one lane, in the scalar engine's terms."""
    counts = sim.hand_counts(state)[lane]
    return {
        "hands": [[c for c in range(sim.kinds) for _ in range(int(row[c]))] for row in counts],
        "deck": state.deck[lane, :state.deck_len[lane]].tolist(),
        "discard": state.discard[lane, :state.discard_len[lane]].tolist(),
        "pigs": state.pigs[lane].tolist(),
        "player": int(state.current_player[lane]),
        "phase": int(state.phase[lane]),
        "turn": int(state.turn[lane]),
        "rng": int(state.rng[lane]),
        "winner": int(state.winner[lane]),
        "win_kind": int(state.win_kind[lane]),
        "legal": sim.action_codes[state.legal_action_mask[lane]].tolist(),
        "terminal": bool(state.phase[lane] == 2),
    }


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
        for lane, twin in enumerate(twins):
            assert isinstance(twin, DrecksauState)
            mine, theirs = describe_lane(sim, state, lane), describe_scalar(twin)
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
        state = sim.step(state, columns, auto_reset=reset_in_step)
        returns += state.rewards
        for lane, twin in enumerate(twins):
            code = int(sim.action_codes[columns[lane]])
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
