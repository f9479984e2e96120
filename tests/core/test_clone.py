"""clone() gives an independent copy of every ruleset's state, random stream included."""

from __future__ import annotations

import random
from typing import Any

import pytest

from saustall.core import GameState, get
from saustall.core.registry import rulesets

RULESETS = [(spec.game, spec.name) for spec in rulesets()]


def fields(state: Any) -> dict[str, Any]:
    """Every attribute of a state, slotted, compiled (mypyc lists them) or not."""
    names = set(getattr(state, "__dict__", {}))
    for cls in type(state).__mro__:
        names.update(getattr(cls, "__slots__", ()))
        names.update(getattr(cls, "__mypyc_attrs__", ()))
    return {name: getattr(state, name) for name in names if hasattr(state, name)}


def random_step(state: GameState, chooser: random.Random) -> None:
    player = chooser.choice(state.to_act())
    state.apply(chooser.choice(state.legal_actions(player)), player)


@pytest.mark.parametrize("game,ruleset", RULESETS)
def test_clone_copies_everything_and_shares_nothing_that_changes(game: str, ruleset: str) -> None:
    spec = get(game, ruleset)
    players = max(spec.ruleset.min_players, min(4, spec.ruleset.max_players))
    chooser = random.Random(11)
    state = spec.new_state(players, 8)
    for _ in range(12):
        if state.is_terminal():  # a short game (the toy Nim) may end first
            break
        random_step(state, chooser)
    twin = state.clone()
    assert set(fields(twin)) == set(fields(state))  # no attribute forgotten
    before = [twin.view(p) for p in (None, *range(players))]
    mover = random.Random(5)
    while not state.is_terminal():  # play the original to the end: the twin must not move
        random_step(state, mover)
    assert [twin.view(p) for p in (None, *range(players))] == before
    # Same actions from the clone give the same game as from a replay (random stream too).
    replayed = state.record().replay(upto=len(twin.history))
    again = random.Random(9)
    for _ in range(30):
        if twin.is_terminal():
            break
        player = again.choice(twin.to_act())
        action = again.choice(twin.legal_actions(player))
        twin.apply(action, player)
        replayed.apply(action, player)
    assert twin.view(None) == replayed.view(None)
