"""Worlds sampled from a view: every registered game, ruleset and player count.

``game.sample_world(view, rng)`` is how search bots imagine what they cannot see. At random
positions of random playouts, for a random seat, each sampled world must reproduce the
seat's view exactly, give the seat the same legal actions, and hold the same cards as the
real game; and sampling must use the view alone: two real games that show the seat the
same view give the very same world for the same random seed, and so does a copy of the
view that went through JSON (as a view sent over the wire does). The checks are
:mod:`saustall.testing.optional`'s. They run on every registered game that offers world
sampling (every built-in game does); a game that does not (the toy Nim) is not collected
here: that :func:`saustall.testing.check_game` reports it as skipped, with the reason, is
``tests/testing``'s to check.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saustall.core import Game, get, rulesets
from saustall.testing import optional

from .test_conformance import CASES, EXAMPLES


def offers_sampling(game: str, ruleset: str) -> bool:
    """Whether the ruleset's engine samples worlds from a view."""
    return optional.offers_world_sampling(get(game, ruleset)) is None


SAMPLING_CASES = [case for case in CASES if offers_sampling(*case.values[:2])]


def sampling(game: str, ruleset: str) -> Game:
    """The game's engine (collected only where it offers world sampling)."""
    return get(game, ruleset)


@pytest.mark.parametrize("game,ruleset,players", SAMPLING_CASES)
@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31))
def test_sampled_worlds_match_the_view(game: str, ruleset: str, players: int, seed: int,
                                       choice_seed: int) -> None:
    """Worlds sampled from a seat's view agree with the real game on all the seat knows."""
    optional.sampled_worlds_match_the_view(sampling(game, ruleset), players, seed, choice_seed)


@pytest.mark.parametrize("game,ruleset,players", SAMPLING_CASES)
def test_worlds_differ_where_the_seat_cannot_see(game: str, ruleset: str, players: int) -> None:
    """Sampling deals what is hidden at random: different seeds give different worlds
    (a sampler that copied the real game, or dealt one fixed world, fails this)."""
    optional.worlds_differ_where_the_seat_cannot_see(sampling(game, ruleset), players)


BUILT_IN = [pytest.param(r.game, r.name, r.min_players, id=f"{r.game}-{r.name}")
            for r in rulesets() if r.game in ("drecksau", "pigasus", "saukopf")]


@pytest.mark.parametrize("game,ruleset,players", BUILT_IN)
def test_every_built_in_ruleset_samples_worlds_and_hides_cards(game: str, ruleset: str,
                                                               players: int) -> None:
    """The built-in games' search bots rely on sampling, and each hides cards at the deal
    (so the test above compares worlds, for them, rather than passing for want of any)."""
    engine = get(game, ruleset)
    assert optional.offers_world_sampling(engine) is None
    assert optional.hides_something_at_the_deal(engine, players)
