"""Worlds sampled from a view: every registered game, ruleset and player count.

``game.sample_world(view, rng)`` is how search bots imagine what they cannot see. At random
positions of random playouts, for a random seat, each sampled world must reproduce the
seat's view exactly, give the seat the same legal actions, and hold the same cards as the
real game; and sampling must use the view alone: two real games that show the seat the
same view give the very same world for the same random seed, and so does a copy of the
view that went through JSON (as a view sent over the wire does).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saustall.core import Game, GameState, Rng, get, rulesets
from tests.conftest import EXAMPLES
from tests.conformance.test_conformance import playout

def _case(game: str, ruleset: str, players: int) -> Any:
    return pytest.param(game, ruleset, players, id=f"{game}-{ruleset}-{players}p")


CASES = [_case(r.game, r.name, n) for r in rulesets()
         for n in range(r.min_players, r.max_players + 1)]
CHECKS_PER_GAME = 4
"""Positions checked per playout (spread over it at random)."""


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


def check_position(engine: Game, state: GameState, seat: int, sample_seed: int) -> None:
    """Every property of worlds sampled from ``seat``'s view of ``state``."""
    view = state.view(seat)
    world = engine.sample_world(view, Rng(sample_seed))
    assert world.view(seat) == view, "the world does not reproduce the view"
    assert world.to_act() == state.to_act()
    assert sorted(map(repr, world.legal_actions(seat))) == sorted(
        map(repr, state.legal_actions(seat))), "the seat's legal actions differ"
    assert world.inventory() == state.inventory(), "cards appeared or vanished"
    assert view == state.view(seat), "sampling changed the view it was given"

    expected = fingerprint(world, sample_seed)
    wired = json.loads(json.dumps(view))
    assert fingerprint(engine.sample_world(wired, Rng(sample_seed)), sample_seed) == expected
    other = state.determinize(seat, Rng(sample_seed ^ 0x3C3C))  # same view, other cards
    assert other.view(seat) == view
    assert fingerprint(engine.sample_world(other.view(seat), Rng(sample_seed)),
                       sample_seed) == expected


@pytest.mark.parametrize("game,ruleset,players", CASES)
@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31))
def test_sampled_worlds_match_the_view(game: str, ruleset: str, players: int, seed: int,
                                       choice_seed: int) -> None:
    """Worlds sampled from a seat's view agree with the real game on all the seat knows."""
    engine = get(game, ruleset)
    check_position(engine, engine.new_state(players, seed), 0, seed)  # fails fast
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

    final = playout(game, ruleset, players, seed, choice_seed, on_state=keep)
    chosen.append(final)  # the finished game too
    for state in chosen:
        acting = state.to_act()
        seat = pick.choice(acting) if acting and pick.random() < 0.7 else pick.randrange(
            state.num_players)
        check_position(engine, state, seat, pick.randrange(2**32))


@pytest.mark.parametrize("game,ruleset,players", CASES)
def test_worlds_differ_where_the_seat_cannot_see(game: str, ruleset: str, players: int) -> None:
    """Sampling deals what is hidden at random: different seeds give different worlds
    (a sampler that copied the real game, or dealt one fixed world, fails this)."""
    engine = get(game, ruleset)
    state = engine.new_state(players, 7)
    worlds = [fingerprint(engine.sample_world(state.view(0), Rng(seed)), 0, steps=30)
              for seed in range(4)]
    assert any(world != worlds[0] for world in worlds[1:])
