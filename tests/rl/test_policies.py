"""The shipped learned policies (``policy:NAME`` bots): they load, stay small, read only the
seat's view through the environments' own encoders, act legally, replay from their seed,
and the arena seats them. No training here: the policies are the files in the package."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from saustall.arena.run import run_arena
from saustall.bots.base import bot_levels, make_bot
from saustall.bots.policy import (
    MAX_POLICY_BYTES, PolicyBot, PolicyError, PolicyNet, shipped_policies,
)
from saustall.core.registry import get
from saustall.games.saukopf.actions import is_card
from saustall.rl import drecksau_v0, saukopf_v0

SHIPPED = {
    ("drecksau", "dirty-pig", 2): "policy:dirty-pig-2p",
    ("saukopf", "saukopf", 4): "policy:saukopf-cards",
}
"""The policies the package ships, with the table each was trained for."""

PACKAGES = {"drecksau": "saustall.games.drecksau.bots", "saukopf": "saustall.games.saukopf.bots"}


def test_the_package_ships_exactly_the_documented_policies() -> None:
    for game, package in PACKAGES.items():
        names = {f"policy:{name}" for name in shipped_policies(package)}
        assert names == {level for (g, _, _), level in SHIPPED.items() if g == game}
        assert names <= set(bot_levels(game))


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_each_policy_file_is_small_and_states_what_it_is_for(game: str) -> None:
    for name, path in shipped_policies(PACKAGES[game]).items():
        assert Path(str(path)).stat().st_size <= MAX_POLICY_BYTES
        net = PolicyNet.load(str(path))
        assert net.meta["game"] == game
        (ruleset, players), = [(r, p) for (g, r, p), level in SHIPPED.items()
                               if level == f"policy:{name}"]
        assert net.meta["ruleset"] == ruleset
        env = (drecksau_v0 if game == "drecksau" else saukopf_v0).raw_env(
            ruleset=ruleset, num_players=players)
        assert net.meta["obs_size"] == env.obs_size
        assert net.meta["action_size"] == env.actions.size
        assert sum(w.size + b.size for w, b in zip(net.weights, net.biases)) < 1_000_000


def positions(game: str, ruleset: str, players: int, count: int, seed: int):  # type: ignore[no-untyped-def]
    """``count`` (state, seat) pairs from random play, each a decision with a choice."""
    rng = random.Random(seed)
    bound = get(game, ruleset)
    options = {"deals": 1} if game == "saukopf" else {}
    found = []
    while len(found) < count:
        state = bound.new_state(players, rng.getrandbits(62), options)
        while not state.is_terminal() and len(found) < count:
            seat = state.current_player
            legal = state.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.3:
                found.append((state.clone(), seat))
            state.apply(rng.choice(legal), seat)
    return found


@pytest.mark.parametrize(("game", "ruleset", "players"), sorted(SHIPPED))
def test_a_policy_acts_only_legal_actions_from_the_view(game: str, ruleset: str,
                                                        players: int) -> None:
    level = SHIPPED[(game, ruleset, players)]
    bot = make_bot(game, level, 7)
    for state, seat in positions(game, ruleset, players, 150, seed=11):
        legal = state.legal_actions(seat)
        assert bot.choose(state.view(seat), legal) in legal


@pytest.mark.parametrize(("game", "ruleset", "players"), sorted(SHIPPED))
def test_the_observation_is_the_environments_own(game: str, ruleset: str,
                                                 players: int) -> None:
    """What the bot feeds its network is the AEC env's observation and action mask of that
    seat, built from the view alone (the same encoder)."""
    module = drecksau_v0 if game == "drecksau" else saukopf_v0
    env = module.raw_env(ruleset=ruleset, num_players=players)
    bot = make_bot(game, SHIPPED[(game, ruleset, players)], 0)
    assert isinstance(bot, PolicyBot)
    for state, seat in positions(game, ruleset, players, 40, seed=5):
        legal = state.legal_actions(seat)
        observation, slots = bot.observer(state.view(seat), legal)
        assert np.array_equal(observation, env.observation_vector(state, seat))
        mask = np.zeros(env.actions.size, dtype=np.int8)
        mask[slots] = 1
        assert np.array_equal(mask, env.actions.mask(seat, legal))


def play(game: str, ruleset: str, players: int, levels: list[str], deal: int) -> list[object]:
    """The actions of one game between bots seeded from ``deal``."""
    options = {"deals": 1} if game == "saukopf" else {}
    state = get(game, ruleset).new_state(players, deal, options)
    bots = [make_bot(game, level, deal * 10 + seat) for seat, level in enumerate(levels)]
    actions = []
    while not state.is_terminal():
        seat = state.current_player
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        actions.append(action)
        state.apply(action, seat)
    return actions


@pytest.mark.parametrize(("game", "ruleset", "players"), sorted(SHIPPED))
def test_a_policy_bot_replays_from_its_seed(game: str, ruleset: str, players: int) -> None:
    level = SHIPPED[(game, ruleset, players)]
    levels = [level, "heuristic"] * (players // 2)
    for deal in (1, 2):
        assert play(game, ruleset, players, levels, deal) == play(game, ruleset, players,
                                                                  levels, deal)


def test_the_saukopf_policy_plays_the_cards_and_leaves_the_rest_to_its_bidder() -> None:
    bot = make_bot("saukopf", "policy:saukopf-cards", 3)
    heuristic = make_bot("saukopf", "heuristic", 3)
    assert isinstance(bot, PolicyBot)
    seen_cards = seen_other = 0
    for state, seat in positions("saukopf", "saukopf", 4, 120, seed=2):
        view, legal = state.view(seat), state.legal_actions(seat)
        if all(is_card(action) for action in legal):
            seen_cards += 1
            continue
        seen_other += 1
        # the delegate was seeded alike: the same choice as a fresh heuristic bot's first
        fresh = make_bot("saukopf", "heuristic", 3)
        assert make_bot("saukopf", "policy:saukopf-cards", 3).choose(view, legal) == \
            fresh.choose(view, legal)
    assert seen_cards and seen_other
    assert bot.delegate is not None and heuristic.name == bot.delegate.name


def test_the_arena_seats_a_policy_and_it_beats_random() -> None:
    result = run_arena("drecksau", ["policy:dirty-pig-2p", "random"], 10, ruleset="dirty-pig",
                       players=2, seed=1, workers=1)
    policy = next(r for r in result.results if r.bot == "policy:dirty-pig-2p")
    assert policy.mean >= 0.9


def test_the_arena_seats_the_saukopf_policy() -> None:
    result = run_arena("saukopf", ["policy:saukopf-cards", "heuristic"], 1, seed=2,
                       workers=1, options={"deals": 1}, seating="rotate")
    assert {r.bot for r in result.results} == {"policy:saukopf-cards", "heuristic"}
    assert result.games == 2  # A B A B and B A B A


def test_a_policy_refuses_a_ruleset_it_was_not_trained_for() -> None:
    bot = make_bot("drecksau", "policy:dirty-pig-2p", 0)
    state = get("drecksau", "sauschoen").new_state(2, 1)
    seat = state.current_player
    with pytest.raises(PolicyError, match="trained for ruleset 'dirty-pig', not 'sauschoen'"):
        bot.choose(state.view(seat), state.legal_actions(seat))


def test_a_file_that_is_not_a_policy_is_refused_by_name(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    np.savez(bad, w0=np.zeros((2, 2)))
    with pytest.raises(PolicyError, match="bad.npz is not a policy file"):
        PolicyNet.load(bad)
    mismatched = tmp_path / "mismatched.npz"
    PolicyNet((np.zeros((3, 4), np.float32), np.zeros((5, 2), np.float32)),
              (np.zeros(4, np.float32), np.zeros(2, np.float32)),
              {"obs_size": 3, "action_size": 2}).save(mismatched)
    with pytest.raises(PolicyError, match="layer 1 has mismatched shapes"):
        PolicyNet.load(mismatched)


def test_saving_and_loading_keeps_the_choices(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    net = PolicyNet((rng.normal(size=(6, 8)).astype(np.float32),
                     rng.normal(size=(8, 3)).astype(np.float32)),
                    (rng.normal(size=8).astype(np.float32),
                     rng.normal(size=3).astype(np.float32)),
                    {"obs_size": 6, "action_size": 3})
    path = tmp_path / "p.npz"
    net.save(path)
    loaded = PolicyNet.load(path)
    for _ in range(50):
        x = rng.random(6).astype(np.float32)
        mask = rng.integers(0, 2, size=3)
        if not mask.any():
            continue
        assert loaded.act(x, mask) == net.act(x, mask) or np.isclose(
            np.sort(net.logits(x)[mask > 0])[-1], np.sort(net.logits(x)[mask > 0])[-2],
            atol=1e-2)
        assert mask[loaded.act(x, mask)]


def test_the_lobby_offers_a_policy_per_ruleset_not_with_every_tables_levels() -> None:
    """A policy plays one ruleset and table size: the levels every table of the game can
    seat leave it out; its ruleset lists it with its table size (tests/server/
    test_policy_levels.py has the lobby's side)."""
    from saustall.server.catalogue import levels_at, levels_for

    for game in PACKAGES:
        assert not [level for level in levels_for(game) if level.startswith("policy:")]
        assert "heuristic" in levels_for(game)
    assert "policy:dirty-pig-2p" in levels_at("drecksau", "dirty-pig", 2)


def test_the_arena_refuses_a_policy_at_a_ruleset_it_does_not_play() -> None:
    from saustall.core.errors import InvalidOptionError

    with pytest.raises(InvalidOptionError,
                       match="'policy:dirty-pig-2p' does not play drecksau/sauschoen"):
        run_arena("drecksau", ["policy:dirty-pig-2p", "heuristic"], 1, ruleset="sauschoen",
                  players=2, workers=1)


def test_a_policy_says_which_ruleset_it_plays() -> None:
    # (tests/conformance runs the check itself on every ruleset: the policies are left
    # out where they do not play, and played where they do)
    from saustall.bots.base import plays_ruleset

    bot = make_bot("drecksau", "policy:dirty-pig-2p", 0)
    assert plays_ruleset(bot, "dirty-pig") and not plays_ruleset(bot, "drecksau")
    assert plays_ruleset(make_bot("drecksau", "heuristic", 0), "drecksau")
    cards = make_bot("saukopf", "policy:saukopf-cards", 0)
    assert plays_ruleset(cards, "saukopf") and not plays_ruleset(cards, "dreihaxer")
