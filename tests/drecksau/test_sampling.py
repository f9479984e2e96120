"""Sampling worlds from views the engine cannot have made: a clear error, nothing else.

(The conformance suite checks worlds sampled from real views, for every game.)
"""

from __future__ import annotations

from typing import Any

import pytest

from saustall.core import Game, Rng, get
from saustall.core.errors import CapabilityError
from saustall.core.game import GameState, View


def test_a_view_of_another_ruleset_is_refused_by_name() -> None:
    view = get("drecksau", "sauschoen").new_state(2, 1).view(0)
    with pytest.raises(ValueError, match="drecksau/dirty-pig.*sauschoen"):
        get("drecksau", "dirty-pig").sample_world(view, Rng(1))


def test_more_cards_than_the_deck_holds_are_named() -> None:
    view = get("drecksau", "dirty-pig").new_state(2, 1).view(0)
    view["discard_pile"] = {"rain": 5}  # the English deck has four
    with pytest.raises(ValueError, match="more rain cards than the deck holds"):
        get("drecksau", "dirty-pig").sample_world(view, Rng(1))


def test_counts_that_do_not_add_up_are_refused() -> None:
    view = get("drecksau", "dirty-pig").new_state(2, 1).view(0)
    view["deck_count"] += 1
    with pytest.raises(ValueError, match="unseen cards"):
        get("drecksau", "dirty-pig").sample_world(view, Rng(1))


def test_an_incomplete_view_is_refused() -> None:
    view = get("drecksau", "sauschoen-tournament").new_state(3, 1).view(1)
    del view["tournament"]
    with pytest.raises(ValueError, match="not a complete drecksau view"):
        get("drecksau", "sauschoen-tournament").sample_world(view, Rng(1))


def test_pigasus_pile_counts_must_add_up() -> None:
    view = get("pigasus", "pigasus").new_state(3, 1).view(0)
    view["box_count"] = 2
    with pytest.raises(ValueError, match="do not add up"):
        get("pigasus", "pigasus").sample_world(view, Rng(1))


def test_a_game_without_sampling_says_so_by_name() -> None:
    class Silent(Game):
        name = "silent"

        def _new_state(self, num_players: int, seed: int, options: dict[str, Any],
                       rng_stream: str) -> GameState:
            raise AssertionError

        def check_action(self, action: object) -> Any:
            return action

        def encode_action(self, action: Any) -> str:
            return str(action)

        def decode_action(self, text: str) -> Any:
            return text

    game = Silent(get("drecksau").ruleset)
    view: View = {}
    with pytest.raises(CapabilityError, match="silent"):
        game.sample_world(view, Rng(1))
