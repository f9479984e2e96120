"""Checks of optional capabilities, and how to tell whether a game offers them.

A game offers **world sampling** when :meth:`Game.sample_world` answers for a seat's view
of a new game instead of raising :class:`~saustall.core.errors.CapabilityError` (the base
class's answer).
A game offers **bots** when at least one bot level is registered for it
(:func:`saustall.bots.base.register_bot`; every game has ``random``) and the ruleset is
turn-based: real-time rulesets are played by clocks, which the turn loop here does not
drive. A game offers an **RL environment** when its support record names one
(``GameSupport.rl_env``); it is checked with PettingZoo's own ``api_test`` when
PettingZoo (the ``rl`` extra) is installed.

Each ``offers_*`` function returns ``None`` when the capability is offered, else the
reason it is not, which becomes the skip reason.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import random
import warnings
from typing import Any

from saustall.bots.base import bot_levels, make_bot, plays_ruleset, view_for
from saustall.core.errors import CapabilityError
from saustall.core.game import Game, GameState
from saustall.core.registry import support
from saustall.core.support import load_reference
from saustall.core.rng import Rng, derive_seed
from saustall.testing.playouts import MAX_STEPS, ConformanceError, playout, require

CHECKS_PER_GAME = 4
"""Positions of a playout whose sampled worlds are checked (spread over it at random)."""


def offers_world_sampling(game: Game) -> str | None:
    """``None`` if ``game`` samples worlds from a view, else why not."""
    players = game.ruleset.min_players
    try:
        game.sample_world(game.new_state(players, 7).view(0), Rng(0))
    except CapabilityError as exc:
        return (f"{game.name}/{game.ruleset.name} does not offer world sampling "
                f"(sample_world raised CapabilityError: {exc or 'no reason given'})")
    return None


def fingerprint(world: GameState, choice_seed: int, steps: int = 8) -> list[Any]:
    """What sets one world apart from another: every seat's view and legal actions, now
    and along a few seeded random moves (which bring the hidden cards and the world's
    random source into the open)."""
    world = world.clone()
    rng = random.Random(choice_seed)
    seen: list[Any] = []
    for _ in range(steps + 1):
        seen.append([world.view(p) for p in range(world.num_players)] + [world.view(None)])
        seen.append([world.legal_actions(p) for p in range(world.num_players)])
        if world.is_terminal():
            break
        player = rng.choice(world.to_act())
        world.apply(rng.choice(world.legal_actions(player)), player)
    return seen


def check_position(game: Game, state: GameState, seat: int, sample_seed: int) -> None:
    """Every property of worlds sampled from ``seat``'s view of ``state``: the world
    shows the seat the same view, the same players to act, the same legal actions and
    the same cards; sampling leaves the view alone and uses nothing but the view (a JSON
    copy of it, or the view of another real game that looks the same, give the very same
    world for the same seed)."""
    view = state.view(seat)
    world = game.sample_world(view, Rng(sample_seed))
    require(world.view(seat) == view, f"a world sampled for seat {seat} shows another view")
    require(world.to_act() == state.to_act(), "a sampled world has other players to act")
    require(sorted(map(repr, world.legal_actions(seat))) == sorted(
        map(repr, state.legal_actions(seat))), f"seat {seat}'s legal actions differ in a world")
    require(world.inventory() == state.inventory(), "cards appeared or vanished in a world")
    require(view == state.view(seat), "sampling changed the view it was given")

    expected = fingerprint(world, sample_seed)
    wired = json.loads(json.dumps(view))
    require(fingerprint(game.sample_world(wired, Rng(sample_seed)), sample_seed) == expected,
            "a JSON copy of the view samples another world from the same seed")
    other = state.determinize(seat, Rng(sample_seed ^ 0x3C3C))  # same view, other cards
    require(other.view(seat) == view, f"determinize changed seat {seat}'s view")
    require(fingerprint(game.sample_world(other.view(seat), Rng(sample_seed)),
                        sample_seed) == expected,
            "sampling read more than the view: a game that looks the same gave another world")


def sampled_worlds_match_the_view(game: Game, players: int, seed: int,
                                  choice_seed: int) -> None:
    """Worlds sampled from a seat's view agree with the real game on all the seat knows,
    at the deal, at :data:`CHECKS_PER_GAME` random positions and at the end."""
    check_position(game, game.new_state(players, seed), 0, seed)  # fails fast
    pick = random.Random(seed ^ choice_seed)
    chosen: list[GameState] = []  # a uniform sample of the positions (reservoir sampling)
    seen = {"positions": 0}

    def keep(state: GameState) -> None:
        seen["positions"] += 1
        if len(chosen) < CHECKS_PER_GAME:
            chosen.append(state.clone())
        else:
            slot = pick.randrange(seen["positions"])
            if slot < CHECKS_PER_GAME:
                chosen[slot] = state.clone()

    final = playout(game, players, seed, choice_seed, on_state=keep)
    chosen.append(final)  # the finished game too
    for state in chosen:
        acting = state.to_act()
        seat = pick.choice(acting) if acting and pick.random() < 0.7 else pick.randrange(
            state.num_players)
        check_position(game, state, seat, pick.randrange(2**32))


def worlds_differ_where_the_seat_cannot_see(game: Game, players: int) -> None:
    """Sampling deals what is hidden at random: when re-deals of the real game
    (``determinize``) differ for seat 0 at the deal, worlds sampled from seeds 0-3 must
    differ too (a sampler that copied the real game, or dealt one fixed world, fails).
    A game that hides nothing at the deal has nothing to differ, and passes."""
    state = game.new_state(players, 7)
    worlds = [fingerprint(game.sample_world(state.view(0), Rng(seed)), 0, steps=30)
              for seed in range(4)]
    if any(world != worlds[0] for world in worlds[1:]):
        return
    require(not hides_something_at_the_deal(game, players),
            "four seeds sampled the same world although seat 0 cannot see everything")


def hides_something_at_the_deal(game: Game, players: int) -> bool:
    """True if re-deals (``determinize``) of a new game, seed 7, differ for seat 0 (along
    30 seeded moves): seat 0 cannot see everything."""
    state = game.new_state(players, 7)
    first, *others = [fingerprint(state.determinize(0, Rng(seed)), 0, steps=30)
                      for seed in range(4)]
    return any(other != first for other in others)


def offers_bots(game: Game) -> str | None:
    """``None`` if bots are registered for ``game`` and its ruleset is turn-based."""
    if game.ruleset.realtime:
        return f"{game.name}/{game.ruleset.name} is real-time: its bots are driven by clocks"
    if not bot_levels(game.name):
        return f"no bot is registered for {game.name}"
    return None


def bots_play_legal_and_seeded(game: Game, players: int, seed: int) -> None:
    """Each registered bot level that plays the ruleset (:func:`plays_ruleset`: a learned
    policy plays the one it was trained for), in every seat, finishes a game choosing
    only legal actions from its view; the same seeds give the same game."""
    for level in bot_levels(game.name):
        if not plays_ruleset(make_bot(game.name, level, 0), game.ruleset.name):
            continue
        first = _bot_game(game, players, level, seed)
        second = _bot_game(game, players, level, seed)
        require(first == second, f"bot {level!r} played two different games from one seed")


def _bot_game(game: Game, players: int, level: str, seed: int) -> str:
    """The record (as JSON) of one game of ``level`` bots in every seat."""
    state = game.new_state(players, seed)
    bots = [make_bot(game.name, level, derive_seed(seed, "conformance-bot", seat))
            for seat in range(players)]
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return state.record().to_json()
        seat = state.current_player
        legal = state.legal_actions(seat)
        action = bots[seat].choose(view_for(bots[seat], state, seat), legal)
        if action not in legal:
            raise ConformanceError(f"bot {level!r} chose {action!r}, not a legal action")
        state.apply(action, seat)
    raise ConformanceError(f"a game of {level!r} bots did not end within {MAX_STEPS:,} actions")


RL_CYCLES = 100
"""Environment steps of PettingZoo's ``api_test`` per table size."""


def offers_rl_env(game: Game) -> str | None:
    """``None`` if the game's support record names an RL environment and PettingZoo is
    installed to check it, else why not."""
    if support(game.name).rl_env is None:
        return f"{game.name} names no RL environment in its support record"
    if importlib.util.find_spec("pettingzoo") is None:
        return "PettingZoo is not installed (the rl extra), so the environment is not checked"
    return None


def rl_env_passes_the_pettingzoo_api_test(game: Game, players: int) -> None:
    """The game's PettingZoo environment, ``env(ruleset=..., num_players=...)``, passes
    PettingZoo's own ``api_test`` (its action spaces seeded, so every run is the same)."""
    from pettingzoo.test import api_test

    reference = support(game.name).rl_env
    require(reference is not None, f"{game.name} names no RL environment")
    make_env = load_reference(str(reference), game.name)
    env = make_env(ruleset=game.ruleset.name, num_players=players)
    for index, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(index)
    # dict observations draw a "Box is usual" warning; the test prints its progress
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore", UserWarning)
        api_test(env, num_cycles=RL_CYCLES)
