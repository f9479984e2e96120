"""The registry and the protocol's common errors."""

from __future__ import annotations

import pytest

from saustall.core import (GameOverError, IllegalActionError, MalformedActionError,
                           NotYourTurnError, UnknownGameError, game_names, get, rulesets)


def test_every_game_is_listed_with_its_rulesets() -> None:
    assert "drecksau" in game_names()
    names = {r.name for r in rulesets("drecksau")}
    assert names == {"dirty-pig", "drecksau", "sauschoen", "sauschoen-tournament"}
    assert get("drecksau").ruleset.name == "dirty-pig"
    for ruleset in rulesets():
        assert ruleset.summary and ruleset.title and ruleset.min_players <= ruleset.max_players


def test_unknown_names_are_clear() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'uno'; known games: "):
        get("uno")
    with pytest.raises(UnknownGameError, match="rulesets: dirty-pig"):
        get("drecksau", "deluxe")


def test_errors_are_value_errors_naming_the_rule() -> None:
    state = get("drecksau").new_state(2, 1)
    assert issubclass(IllegalActionError, ValueError)
    with pytest.raises(NotYourTurnError) as raised:
        state.apply(state.legal_actions()[0], player=1)
    assert raised.value.rule == "turn-order" and "[rule: turn-order]" in str(raised.value)
    with pytest.raises(MalformedActionError, match="cannot read action"):
        state.game.decode_action("fly away")
    with pytest.raises(ValueError):
        state.apply("play mud 0.0")  # notation is not an action value
    assert isinstance(GameOverError(), IllegalActionError)


def test_state_is_unchanged_after_an_illegal_action() -> None:
    state = get("drecksau").new_state(2, 1)
    before = (state.view(0), state.view(1), list(state.history))
    with pytest.raises(IllegalActionError):
        state.apply(state.game.decode_action("play lightning 1.0"))
    assert (state.view(0), state.view(1), list(state.history)) == before
