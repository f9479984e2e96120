"""Observations come from the seat's view only, masks match the legal actions, and the
rewards of a whole game add up to the engine's own result."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from saustall.core.errors import IllegalActionError
from saustall.core.rng import Rng
from saustall.rl import pigasus_v0
from tests.rl.helpers import MODULES, REALTIME, TURN_BASED, players_of


def _random_positions(env: Any, games: int, seed: int) -> Any:
    """Yield the raw environment at every decision of ``games`` random games."""
    rng = random.Random(seed)
    for game in range(games):
        env.reset(seed=seed * 1000 + game)
        while not env.state.is_terminal():
            yield env
            seat = env.state.current_player
            mask = env.observe(f"player_{seat}")["action_mask"]
            env.step(rng.choice(np.flatnonzero(mask).tolist()))


@pytest.mark.parametrize("game,ruleset", TURN_BASED)
def test_observation_is_a_function_of_the_seats_view(game: str, ruleset: str) -> None:
    env = MODULES[game].raw_env(ruleset=ruleset, num_players=players_of(game, ruleset)[0])
    rng = Rng(7)
    redealt = 0
    for count, position in enumerate(_random_positions(env, games=3, seed=1)):
        if count % 5:
            continue
        state = position.state
        for seat in range(env.num_players):
            agent = f"player_{seat}"
            env._obs = {}
            mine = env.observe(agent)["observation"]
            # Everything hidden from this seat re-dealt: other hands, the deck.
            twin = state.determinize(seat, rng)
            assert twin.view(seat) == state.view(seat)
            others = [p for p in range(env.num_players) if p != seat]
            if any(twin.view(p).get("hand") != state.view(p).get("hand") for p in others):
                redealt += 1
            env.state = twin
            env._obs = {}
            assert np.array_equal(env.observe(agent)["observation"], mine)
            env.state = state
        env._obs = {}
    assert redealt > 10  # other seats' hidden cards really did change


@pytest.mark.parametrize("game,ruleset", TURN_BASED)
def test_observation_sees_the_seats_own_cards(game: str, ruleset: str) -> None:
    # The converse: what the seat may see does reach its observation (so the test above
    # is no tautology); two seats of the same position see different hands.
    env = MODULES[game].raw_env(ruleset=ruleset, num_players=players_of(game, ruleset)[0])
    env.reset(seed=5)
    first = env.observe("player_0")["observation"]
    second = env.observe("player_1")["observation"]
    assert not np.array_equal(first, second)


DRECKSAU_ROUNDS = [(r, n) for g, r in TURN_BASED if g == "drecksau" and "tournament" not in r
                   for n in players_of(g, r)[::3]]


@pytest.mark.parametrize("ruleset,players", DRECKSAU_ROUNDS)
def test_drecksau_observations_read_the_view_only(ruleset: str, players: int) -> None:
    # Drecksau observations are encoded from view_counts(seat), the view's own fields as
    # ints: every field equals the view's, and the observation equals the one encoded
    # from the view itself.
    from saustall.games.drecksau.actions import pig_flags
    from saustall.games.drecksau.rulesets import CARD_KINDS

    env = MODULES["drecksau"].raw_env(ruleset=ruleset, num_players=players)
    checked = 0
    for position in _random_positions(env, games=3, seed=4):
        state = position.state
        for seat in range(players):
            view = state.view(seat)
            (hand, pigs, participants, to_act, hand_counts, discard_counts, top, deck_count,
             phase, turn, turn_cap) = state.view_counts(seat)
            assert [CARD_KINDS[c] for c in hand] == view["hand"]
            assert [[pig_flags(bits) for bits in row] for row in pigs] == view["pigs"]
            assert (participants, to_act, hand_counts) == (
                view["participants"], view["to_act"], view["hand_counts"])
            assert {CARD_KINDS[k]: c for k, c in enumerate(discard_counts) if c} == \
                view["discard_pile"]
            assert (CARD_KINDS[top] if top >= 0 else None) == view["discard_top"]
            assert (deck_count, phase, turn, turn_cap) == (
                view["deck_count"], view["phase"], view["turn"], view["turn_cap"])
            env._obs = {}
            assert np.array_equal(env.observe(f"player_{seat}")["observation"],
                                  env.encode(view, seat))
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("game,ruleset", TURN_BASED)
def test_action_mask_is_the_legal_list(game: str, ruleset: str) -> None:
    env = MODULES[game].raw_env(ruleset=ruleset, num_players=players_of(game, ruleset)[-1])
    for position in _random_positions(env, games=2, seed=2):
        state = position.state
        seat = state.current_player
        mask = env.observe(f"player_{seat}")["action_mask"]
        assert mask.dtype == np.int8
        assert mask.flags.writeable  # the caller's copy: changing it changes no rule
        meant = [env.actions.codes[seat][i] for i in np.flatnonzero(mask)]
        assert sorted(meant) == sorted(state.legal_actions(seat))
        for other in range(env.num_players):
            if other != seat:
                assert not env.observe(f"player_{other}")["action_mask"].any()


@pytest.mark.parametrize("game,ruleset,options", [
    *[(g, r, {}) for g, r in TURN_BASED],
    ("drecksau", "dirty-pig", {"turn_cap": 20}),
    ("saukopf", "saukopf", {"reward": "win_loss"}),
])
def test_rewards_of_a_game_add_up_to_the_engines_returns(
        game: str, ruleset: str, options: dict[str, Any]) -> None:
    module = MODULES[game]
    rng = np.random.default_rng(3)
    for n in players_of(game, ruleset)[:2]:
        aec = module.env(ruleset=ruleset, num_players=n, **options)
        aec.reset(seed=n)
        raw = aec.unwrapped
        totals = dict.fromkeys(aec.possible_agents, 0.0)
        ended: dict[str, tuple[bool, bool]] = {}
        for agent in aec.agent_iter():
            obs, reward, terminated, truncated, _ = aec.last()
            totals[agent] += reward
            if terminated or truncated:
                ended[agent] = (terminated, truncated)
                aec.step(None)
                continue
            aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        state = raw.state
        if options.get("reward") == "win_loss":
            expected = [1.0 if p in state.winners() else -1.0 for p in range(n)]
        else:
            expected = state.returns()
        assert [totals[f"player_{p}"] for p in range(n)] == pytest.approx(expected)
        capped = state.stopped_at_cap()
        assert set(ended.values()) == {(not capped, capped)}
        if options.get("turn_cap"):
            assert capped


def _accepted(state: Any, index: int, seat: int, time: int) -> bool:
    action = pigasus_v0.engine_action(index, seat, time)
    assert action is not None
    try:
        state.clone().apply(action, seat)
    except IllegalActionError:
        return False
    return True


@pytest.mark.parametrize("game,ruleset", REALTIME)
def test_pigasus_mask_is_what_the_engine_accepts_at_the_tick(game: str, ruleset: str) -> None:
    par = pigasus_v0.parallel_env(ruleset=ruleset, num_players=4, tick_ms=20,
                                   bench_empty_handed=False)  # grabs stay open: many holds
    observations, _ = par.reset(seed=4)
    rng = np.random.default_rng(4)
    checked = held = 0
    while par.agents and checked < 240:
        if par.ticks % 5 == 0:
            for seat, agent in enumerate(par.agents):
                mask = observations[agent]["action_mask"]
                assert mask[pigasus_v0.NOOP] == 1
                for index in range(1, pigasus_v0.NUM_ACTIONS):
                    assert bool(mask[index]) == _accepted(par.state, index, seat, par.time)
                checked += 1
            held += par.state.phase == "held"
        # Mostly waiting: holders then often point after the grab window has closed,
        # when a grab listed at the last event is no longer accepted.
        observations, *_ = par.step({
            a: 0 if rng.random() < 0.7 else int(rng.choice(np.flatnonzero(o["action_mask"])))
            for a, o in observations.items()})
    assert checked > 100 and held > 20


@pytest.mark.parametrize("game,ruleset", REALTIME)
def test_pigasus_observation_is_a_function_of_the_seats_view(game: str, ruleset: str) -> None:
    par = pigasus_v0.parallel_env(ruleset=ruleset, num_players=4)
    par.reset(seed=6)
    rng = np.random.default_rng(6)
    draw = Rng(6)
    for tick in range(300):
        state = par.state
        if tick % 10 == 0:
            for seat in range(4):
                mine = par.observe(seat)["observation"]
                twin = state.determinize(seat, draw)  # deck and set-aside re-dealt
                par.state = twin
                assert np.array_equal(par.observe(seat)["observation"], mine)
                par.state = state
        actions = {}
        for seat, agent in enumerate(par.agents):
            mask = par.observe(seat)["action_mask"]
            actions[agent] = int(rng.choice(np.flatnonzero(mask)))
        par.step(actions)
        if not par.agents:
            break


@pytest.mark.parametrize("game,ruleset", REALTIME)
def test_pigasus_rewards_are_the_engines_returns(game: str, ruleset: str) -> None:
    n = players_of(game, ruleset)[0]
    par = pigasus_v0.parallel_env(ruleset=ruleset, num_players=n, tick_ms=500)
    observations, _ = par.reset(seed=8)
    rng = np.random.default_rng(8)
    totals = dict.fromkeys(par.possible_agents, 0.0)
    while par.agents:
        observations, rewards, terms, truncs, _ = par.step(
            {a: int(rng.choice(np.flatnonzero(o["action_mask"])))
             for a, o in observations.items()})
        for agent, reward in rewards.items():
            totals[agent] += reward
    assert par.state.is_terminal()
    assert [totals[a] for a in par.possible_agents] == pytest.approx(par.state.returns())


@pytest.mark.parametrize("game,ruleset", TURN_BASED)
def test_observations_stay_in_their_space_at_every_table_size(game: str, ruleset: str) -> None:
    for n in players_of(game, ruleset):
        env = MODULES[game].raw_env(ruleset=ruleset, num_players=n)
        space = env.observation_space("player_0")
        for count, position in enumerate(_random_positions(env, games=1, seed=n)):
            if count % 3 == 0:
                for seat in range(n):
                    assert space.contains(position.observe(f"player_{seat}"))


def test_drecksau_pig_block_reads_back_as_the_views_pigs() -> None:
    env = MODULES["drecksau"].raw_env(ruleset="sauschoen", num_players=3)
    start, m = env.layout.at["pigs"], env.max_pigs
    flagged = 0
    for position in _random_positions(env, games=2, seed=9):
        for seat in range(3):
            view = position.state.view(seat)
            obs = position.observe(f"player_{seat}")["observation"]
            for s, row in enumerate(view["pigs"]):
                for i, pig in enumerate(row):
                    at = start + ((s - seat) % 3) * m * 6 + i * 6
                    names = ("present", "dirty", "barn", "door", "rod", "pretty")
                    got = {name: bool(obs[at + k]) for k, name in enumerate(names)}
                    assert got == {"present": True, **pig}
                    flagged += sum(pig.values())
    assert flagged > 100


def test_saukopf_pays_each_deal_as_it_is_scored() -> None:
    env = MODULES["saukopf"].raw_env(ruleset="saukopf", deals=3)
    rng = random.Random(5)
    paid_mid_session = 0
    for game in range(4):
        env.reset(seed=game)
        state = env.state
        while not state.is_terminal():
            seat = state.current_player
            deals_done = len(state.view(None)["results"])
            mask = env.observe(f"player_{seat}")["action_mask"]
            env.step(rng.choice(np.flatnonzero(mask).tolist()))
            rewards = [env.rewards[f"player_{p}"] for p in range(4)]
            if any(rewards):
                # paid exactly when a deal was scored, and only the new deal's points
                assert len(state.view(None)["results"]) == deals_done + 1
                paid_mid_session += not state.is_terminal()
    assert paid_mid_session > 0
