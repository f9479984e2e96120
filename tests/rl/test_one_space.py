"""One policy, every environment: a function ``(observation, mask) -> action`` plays the
same games on the batched simulator as on the AEC environment, for the same seeds, and
sees in the Gym environment what the batched simulator shows it."""

from __future__ import annotations

import random

import numpy as np
import pytest

from saustall.rl import drecksau_v0
from saustall.rl.batched import BatchedDrecksau
from saustall.rl.common import new_seed


def policy(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """A deterministic policy over rows of observations and masks: the k-th legal slot,
    k from a checksum of the observation's float32 bits (exact integer sums, so any
    difference in any entry of an observation shows as a different game)."""
    bits = np.ascontiguousarray(observations, dtype=np.float32).view(np.uint32)
    checksum = (bits.astype(np.int64) * (np.arange(bits.shape[1]) % 7 + 1)).sum(axis=1)
    legal = masks.astype(bool)
    count = legal.sum(axis=1)
    pick = checksum % np.maximum(count, 1)
    ranks = np.cumsum(legal, axis=1) - 1
    return np.argmax(legal & (ranks == pick[:, None]), axis=1)


def aec_game(env: drecksau_v0.raw_env, seed: int) -> tuple[list[int], list[float]]:
    """The slots ``policy`` takes in the AEC environment reset with ``seed``, and the
    returns, read through the AEC API only (``last()``, ``rewards``)."""
    env.reset(seed=seed)
    taken: list[int] = []
    returns = dict.fromkeys(env.agents, 0.0)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = int(policy(obs["observation"][None, :], obs["action_mask"][None, :])[0])
        taken.append(action)
        env.step(action)
        for name, reward in env.rewards.items():
            returns[name] += reward
    return taken, [returns[name] for name in env.possible_agents]


@pytest.mark.parametrize(("ruleset", "players", "options"), [
    ("dirty-pig", 2, {}), ("dirty-pig", 4, {}), ("drecksau", 3, {"hand_size": 4}),
    ("sauschoen", 3, {}), ("dirty-pig", 2, {"turn_cap": 12}),
])
def test_a_policy_plays_the_same_games_batched_and_in_the_aec_env(
        ruleset: str, players: int, options: dict[str, int]) -> None:
    env = drecksau_v0.raw_env(ruleset=ruleset, num_players=players, **options)
    env_seeds = list(range(12))
    # reset(seed=s) deals the game seed new_seed(Random(s)): the lanes deal the same games
    game_seeds = [new_seed(random.Random(s)) for s in env_seeds]
    sim = BatchedDrecksau(ruleset, players, options)
    state = sim.init(game_seeds)
    assert sim.num_actions == env.action_space("player_0").n
    taken: list[list[int]] = [[] for _ in env_seeds]
    returns = np.zeros((len(env_seeds), players))
    while not state.terminated.all():
        actions = policy(sim.observe(state), state.legal_action_mask)
        for lane in np.flatnonzero(~state.terminated):
            taken[lane].append(int(actions[lane]))
        state = sim.step(state, actions)
        returns += state.rewards
    for lane, seed in enumerate(env_seeds):
        aec_taken, aec_returns = aec_game(env, seed)
        assert taken[lane] == aec_taken, f"seed {seed}: the games part"
        assert returns[lane].tolist() == aec_returns, f"seed {seed}: other returns"
    assert len({tuple(t) for t in taken}) == len(env_seeds)  # twelve different games


@pytest.mark.parametrize(("ruleset", "players"), [("dirty-pig", 2), ("sauschoen", 3)])
def test_the_gym_env_shows_the_policy_what_the_batched_lane_shows(ruleset: str,
                                                                 players: int) -> None:
    # Seat 0 plays the policy in the Gym env against random bots; the batched simulator
    # replays the game from its seed: at each of seat 0's turns it shows the policy the
    # same observation and mask, so the policy takes the same action.
    from saustall.rl.gym_envs import DrecksauEnv

    env = DrecksauEnv(ruleset=ruleset, num_players=players, level="random")
    sim = BatchedDrecksau(ruleset, players)
    turns = 0
    for episode in range(4):
        obs, _ = env.reset(seed=episode)
        seen: list[tuple[np.ndarray, np.ndarray, int]] = []
        done = False
        while not done:
            action = int(policy(obs["observation"][None, :], obs["action_mask"][None, :])[0])
            seen.append((obs["observation"], obs["action_mask"], action))
            obs, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        game = env.aec.state
        state = sim.init([game.seed])
        mine = iter(seen)
        for code in game.history:
            seat = int(state.current_player[0])
            if seat == 0:
                observation, mask, action = next(mine)
                assert np.array_equal(sim.observe(state)[0], observation)
                assert np.array_equal(state.legal_action_mask[0], mask.astype(bool))
                assert int(policy(sim.observe(state), state.legal_action_mask)[0]) == action
                turns += 1
            state = sim.step(state, [sim.slot_of(seat, code)])
        assert state.terminated[0] == game.is_terminal()
        assert next(mine, None) is None
    assert turns > 20


def test_float32_quotients_are_the_rounded_ones() -> None:
    """The encoder divides counts in float32 (the batched simulator's speed); the AEC
    environment packs float64 quotients rounded to float32. Every quotient an observation
    holds (pile per kind, deck, turn over the cap) is of small integers, for which the two
    agree: checked for every numerator below 4,096 and denominator up to 400."""
    numerators = np.arange(4096, dtype=np.int64)[:, None]
    denominators = np.arange(1, 401, dtype=np.int64)[None, :]
    in_float32 = numerators.astype(np.float32) / denominators.astype(np.float32)
    rounded = (numerators / denominators).astype(np.float32)
    assert np.array_equal(in_float32.view(np.uint32), rounded.view(np.uint32))
