"""Anything that is not an action or a seat is refused with a typed error, state intact.

One regression test per case in issue 9 item 7; the conformance suite
(``tests/conformance/test_engine_edges.py``) covers the same with arbitrary values.
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

import pytest

from saustall.core import (
    GameRecord, GameState, InvalidOptionError, MalformedActionError, OptionSpec, SaustallError,
    check_action_code, check_seat, get,
)
from saustall.games.pigasus.game import GRAB, PigasusAction


def snapshot(state: GameState) -> Any:
    views = [state.view(p) for p in range(state.num_players)] + [state.view(None)]
    return views, [(type(a), a) for a in state.history], state.record().to_json()


def refused(state: GameState, action: Any, player: Any = None) -> str:
    """Apply, expect a MalformedActionError, check nothing changed, return the message."""
    before = snapshot(state)
    with pytest.raises(MalformedActionError) as caught:
        state.apply(action, player)
    assert snapshot(state) == before
    return str(caught.value)


def started(game: str, ruleset: str, players: int, steps: int = 5) -> GameState:
    state = get(game, ruleset).new_state(players, 3)
    rng = random.Random(3)
    for _ in range(steps):
        seat = rng.choice(state.to_act())
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


@pytest.mark.parametrize("code", [-1, -5, -640, -641, -700, -10**9, 640, 903, 999,
                                  1000, 1011, 10**6, 10**40])
def test_drecksau_codes_out_of_range_name_the_code(code: int) -> None:
    state = started("drecksau", "dirty-pig", 2)
    message = refused(state, code)
    assert str(code) in message and "Drecksau action code" in message


@pytest.mark.parametrize("game,ruleset,players", [
    ("drecksau", "dirty-pig", 2), ("drecksau", "sauschoen-tournament", 3),
    ("saukopf", "saukopf", 4), ("saukopf", "dreihaxer", 3)])
@pytest.mark.parametrize("kind", [float, complex, Decimal, str])
def test_number_look_alikes_of_a_legal_code_are_refused(game: str, ruleset: str,
                                                        players: int, kind: type) -> None:
    state = started(game, ruleset, players)
    legal = state.legal_actions()[0]
    message = refused(state, kind(legal))
    assert f"got {kind.__name__}" in message


@pytest.mark.parametrize("game,ruleset,players", [
    ("drecksau", "drecksau", 2), ("saukopf", "saukopf", 4)])
def test_bools_are_not_actions(game: str, ruleset: str, players: int) -> None:
    state = get(game, ruleset).new_state(players, 0)
    for value in (True, False):
        assert "got bool" in refused(state, value)
    GameRecord.from_json(state.record().to_json()).replay()  # the record still saves


def test_saukopf_pass_as_false_never_reaches_the_record() -> None:
    state = get("saukopf", "saukopf").new_state(4, 0)
    assert 0 in state.legal_actions()  # pass
    refused(state, False)
    state.apply(0)
    assert state.record().actions == ("pass",)


@pytest.mark.parametrize("seat", [True, False, 1.0, "1", -1, 4, Decimal(0)])
def test_seats_must_be_int_seats(seat: Any) -> None:
    state = get("drecksau", "dirty-pig").new_state(4, 0)
    refused(state, state.legal_actions()[0], seat)
    with pytest.raises(MalformedActionError):
        state.legal_actions(seat)


@pytest.mark.parametrize("change", [
    {"player": False}, {"player": True}, {"player": 0.0}, {"player": -1}, {"time": 0.0},
    {"time": True}, {"time": -1}, {"time": 10**12}, {"kind": b"grab"}, {"cards": [3]},
    {"kind": "point", "cards": (True,)}, {"kind": "point", "cards": [3]},
    {"kind": "point", "cards": (3.0,)}])
def test_pigasus_fields_must_have_their_exact_types(change: dict[str, Any]) -> None:
    state = get("pigasus", "pigasus").new_state(3, 0)
    action = PigasusAction(0, 0, GRAB)._replace(**change)
    refused(state, action)
    with pytest.raises(MalformedActionError):
        state.game.encode_action(action)


def test_pigasus_bool_seat_never_reaches_the_record() -> None:
    state = get("pigasus", "pigasus").new_state(3, 0)
    refused(state, PigasusAction(False, 0, GRAB))
    refused(state, PigasusAction(0, 0, GRAB), False)
    assert "no seat 7" in refused(state, PigasusAction(7, 0, GRAB))
    with pytest.raises(MalformedActionError):
        state.legal_actions(True)
    state.apply(PigasusAction(0, 0, GRAB), 0)
    assert state.record().actions == ("p0@0 grab",)


def test_check_helpers_name_what_was_wrong() -> None:
    assert check_seat(2, 3) == 2
    assert check_action_code(5, range(10), "Test") == 5
    with pytest.raises(MalformedActionError, match="got float 3.0"):
        check_action_code(3.0, range(10), "Test")
    with pytest.raises(MalformedActionError, match="got bool True"):
        check_seat(True, 3)
    with pytest.raises(MalformedActionError, match="no seat 3"):
        check_seat(3, 3)
    with pytest.raises(MalformedActionError, match="-1 is not a Test action code"):
        check_action_code(-1, range(10), "Test")
    assert issubclass(MalformedActionError, ValueError)
    assert issubclass(MalformedActionError, SaustallError)


def test_option_choices_and_bounds_need_the_exact_type() -> None:
    deals = OptionSpec("deals", 4, "deals", tuple(range(1, 5)))
    assert deals.check(2) == 2
    for wrong in (True, 2.0, Decimal(2)):
        with pytest.raises(InvalidOptionError):
            deals.check(wrong)
    bounded = OptionSpec("ms", 5, "ms", minimum=0, maximum=10)
    assert bounded.check(0) == 0 and bounded.check(10) == 10
    for wrong in (-1, 11, True, 5.0):
        with pytest.raises(InvalidOptionError):
            bounded.check(wrong)
    assert deals.edge_values() == (1, 4) and bounded.edge_values() == (0, 10)
    with pytest.raises(InvalidOptionError):
        get("saukopf", "saukopf").new_state(4, 0, {"deals": True})
    with pytest.raises(InvalidOptionError):
        get("drecksau", "dirty-pig").new_state(2, 0, {"turn_cap": 0})
