"""What the RL libraries take without glue: ``action_masks()`` on the Gymnasium
environments (sb3-contrib's MaskablePPO), writable observations (torch), PettingZoo's
``render_test`` with a text render that reads like the terminal client, and rewards
normalised into [-1, 1]."""

from __future__ import annotations

import functools
from typing import Any

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import render_test

import saustall.rl  # noqa: F401  (registers the environments)
from saustall.rl import saukopf_v0
from tests.rl.helpers import MODULES, RULESETS, TURN_BASED, players_of

GYM_CASES = [
    *[("saustall/Drecksau-v0", {"ruleset": ruleset, "num_players": n, "level": "random"})
      for game, ruleset in TURN_BASED if game == "drecksau"
      for n in sorted({players_of(game, ruleset)[0], players_of(game, ruleset)[-1]})],
    ("saustall/Drecksau-v0", {}),  # against the default bots (heuristic)
    ("saustall/Saukopf-v0", {"deals": 1, "level": "random"}),
    ("saustall/Saukopf-v0", {"ruleset": "dreihaxer", "deals": 1}),
    ("saustall/Pigasus-v0", {"max_ticks": 400}),
    ("saustall/Pigasus-v0", {"ruleset": "pigasus-teams", "num_players": 4, "max_ticks": 400}),
]


def legal_indices(env: Any) -> set[int]:
    """Seat 0's legal actions as indices, from the engine (not from the mask)."""
    inner = env.unwrapped
    if hasattr(inner, "aec"):
        state = inner.aec.state
        if state.is_terminal() or 0 not in state.to_act():
            return set()
        return {inner.aec.actions.index[0][code] for code in state.legal_actions(0)}
    par = inner.par
    state = par.state
    mask = par.mask(0, state.view(0))  # the tick's rule: the engine's list less late grabs
    return set(np.flatnonzero(mask).tolist())


@pytest.mark.parametrize("env_id,kwargs", GYM_CASES)
def test_action_masks_are_the_legal_actions_through_random_games(
        env_id: str, kwargs: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, **kwargs)
    rng = np.random.default_rng(5)
    steps = 0
    for game in range(2):
        obs, _ = env.reset(seed=game)
        while True:
            masks = env.unwrapped.action_masks()
            assert masks.dtype == np.bool_ and masks.shape == (env.action_space.n,)
            assert set(np.flatnonzero(masks).tolist()) == legal_indices(env)
            assert np.array_equal(masks, obs["action_mask"].astype(bool))
            obs, reward, terminated, truncated, info = env.step(
                int(rng.choice(np.flatnonzero(masks))))
            assert "illegal" not in info
            steps += 1
            if terminated or truncated:
                break
    assert steps > 10


def test_maskable_ppo_finds_action_masks_through_gymnasium_make() -> None:
    """sb3-contrib reaches ``action_masks`` through the wrappers of ``gymnasium.make``
    (``get_wrapper_attr``): what its ``get_action_masks`` calls."""
    env = gymnasium.make("saustall/Drecksau-v0", level="random")
    obs, _ = env.reset(seed=1)
    masks = env.get_wrapper_attr("action_masks")()
    assert np.array_equal(masks, obs["action_mask"].astype(bool)) and masks.any()


@pytest.mark.parametrize("game,ruleset", TURN_BASED)
def test_aec_observations_are_writable_and_the_game_ignores_changes(
        game: str, ruleset: str) -> None:
    env = MODULES[game].env(ruleset=ruleset)
    env.reset(seed=4)
    for _ in range(30):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        assert obs["observation"].flags.writeable and obs["action_mask"].flags.writeable
        legal = np.flatnonzero(obs["action_mask"])
        illegal = np.flatnonzero(obs["action_mask"] == 0)
        obs["observation"][:] = 0.5
        obs["action_mask"][illegal] = 1  # a caller's scribble: no move becomes legal
        agent = env.agent_selection
        assert env.unwrapped.action_mask(agent)[illegal].sum() == 0
        env.step(int(legal[0]))
        assert not any(env.terminations.values()) or not env.rewards[agent] == -1


def test_pigasus_and_gym_observations_are_writable() -> None:
    par = MODULES["pigasus"].parallel_env()
    observations, _ = par.reset(seed=1)
    assert all(o["observation"].flags.writeable for o in observations.values())
    for env_id in ("saustall/Drecksau-v0", "saustall/Saukopf-v0", "saustall/Pigasus-v0"):
        env = gymnasium.make(env_id)
        obs, _ = env.reset(seed=0)
        obs2, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        for found in (obs, obs2):
            assert found["observation"].flags.writeable and found["action_mask"].flags.writeable
        assert not np.shares_memory(obs["observation"], obs2["observation"])


@pytest.mark.parametrize("game,ruleset", RULESETS)
def test_pettingzoo_render_test_passes(game: str, ruleset: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    module = MODULES[game]
    players = players_of(game, ruleset)[-1 if game == "drecksau" else 0]
    render_test(functools.partial(module.env, ruleset=ruleset, num_players=players))
    printed = capsys.readouterr().out  # render_mode="human" printed the table
    assert "Player 1" in printed


@pytest.mark.parametrize("game,ruleset", RULESETS)
def test_the_ansi_render_is_the_terminal_clients_table_of_the_spectators_view(
        game: str, ruleset: str) -> None:
    module = MODULES[game]
    env = module.env(ruleset=ruleset, render_mode="ansi")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for agent in env.agent_iter(12):
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated
                 else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    text = env.render()
    assert isinstance(text, str) and "Player 1" in text
    assert "Your hand" not in text and "hand:" not in text  # the spectator's view
    assert "\x1b[" not in text  # plain text, no colour codes
    expected = {"drecksau": ("Deck:", "pig 1", "<- to play"),
                "saukopf": ("Deal ", "card points", "meat"),
                "pigasus": ("Cards collected:", "On the table", "Time ")}[game]
    for words in expected:
        assert words in text, (words, text)
    if game == "saukopf":  # a hand would show as its card texts after the player rows
        state = env.unwrapped.state
        seat = state.current_player
        hand = state.view(seat)["hand"]
        assert " ".join(hand) not in text


def test_an_unknown_render_mode_or_reward_scale_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="render_mode must be one of"):
        MODULES["drecksau"].raw_env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="reward_scale must be one of points, normalized"):
        MODULES["saukopf"].raw_env(reward_scale="unit")
    with pytest.raises(ValueError, match="reward_scale"):
        MODULES["pigasus"].parallel_env(reward_scale="tiny")


def play_rewards(env: Any, seed: int) -> dict[str, list[float]]:
    """Every agent's reward at each of its turns over one random game."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    got: dict[str, list[float]] = {agent: [] for agent in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        got[agent].append(reward)
        env.step(None if terminated or truncated
                 else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return got


@pytest.mark.parametrize("game,ruleset,options", [
    *[(g, r, {}) for g, r in TURN_BASED],
    ("saukopf", "saukopf", {"deals": 1}),
    ("saukopf", "saukopf", {"reward": "win_loss"}),
    ("pigasus", "pigasus", {"max_ticks": 3000}),
])
def test_normalized_rewards_are_the_points_scaled_into_minus_one_to_one(
        game: str, ruleset: str, options: dict[str, Any]) -> None:
    module = MODULES[game]
    for seed in range(3):
        points = play_rewards(module.env(ruleset=ruleset, **options), seed)
        scaled = play_rewards(module.env(ruleset=ruleset, reward_scale="normalized",
                                         **options), seed)
        bound = module.raw_env(ruleset=ruleset, **options).unwrapped.reward_bound() \
            if game != "pigasus" else 1.0
        for agent, rewards in scaled.items():
            assert np.allclose(rewards, np.array(points[agent]) / bound)
            assert all(-1.0 <= r <= 1.0 for r in rewards)
            assert -1.0 <= sum(rewards) <= 1.0


def test_saukopf_net_points_of_a_deal_stay_within_the_documented_scale() -> None:
    """Random deals, every seat's net points a deal within [-MAX_DEAL_ROUGHNESS,
    MAX_DEAL_MEAT] (the bound ``normalized`` divides by)."""
    env = saukopf_v0.env(deals=4)
    biggest = 0.0
    for seed in range(6):
        for rewards in play_rewards(env, seed).values():
            for reward in rewards:
                assert -saukopf_v0.MAX_DEAL_ROUGHNESS <= reward <= saukopf_v0.MAX_DEAL_MEAT
                biggest = max(biggest, abs(reward))
    assert biggest > 0  # some deal paid something
    assert saukopf_v0.raw_env(deals=3).reward_bound() == 3 * saukopf_v0.MAX_DEAL_MEAT == 240


def test_the_agent_plays_the_seat_it_is_given_or_one_drawn_at_each_reset() -> None:
    env = gymnasium.make("saustall/Drecksau-v0", num_players=3, seat=2, level="random")
    obs, info = env.reset(seed=0)
    aec = env.unwrapped.aec
    assert info == {"seat": 2} and aec.state.current_player == 2
    assert np.array_equal(obs["observation"], aec.observe("player_2")["observation"])
    drawn = gymnasium.make("saustall/Saukopf-v0", seat=None, deals=1, level="random")
    seats = set()
    for seed in range(12):
        obs, info = drawn.reset(seed=seed)
        seats.add(info["seat"])
        assert drawn.unwrapped.aec.state.current_player == info["seat"]
        assert np.array_equal(drawn.unwrapped.action_masks(), obs["action_mask"].astype(bool))
    assert seats == {0, 1, 2, 3}
    with pytest.raises(ValueError, match="seat must be a seat of the table"):
        gymnasium.make("saustall/Drecksau-v0", seat=2)
