"""Pigasus against the core protocol: determinism, records, views, legal actions."""

from __future__ import annotations

import json
import random

import pytest

from saustall.core import GameRecord, Rng, get
from saustall.games.pigasus.cards import CODES
from saustall.games.pigasus.game import GRAB, POINT, REVEAL, TICK, PigasusAction

from .helpers import new_game, play, stacked


def random_playout(state, seed: int, limit: int = 20000):
    """Random choice among every listed action of every seat that may act."""
    chooser = random.Random(seed)
    full = state.inventory()
    for _ in range(limit):
        if state.is_terminal():
            return state
        actions = [a for p in state.to_act() for a in state.legal_actions(p)]
        state.apply(chooser.choice(actions))
        assert state.inventory() == full
    raise AssertionError("random playout did not end")


@pytest.mark.parametrize("ruleset,players", [("pigasus", 2), ("pigasus", 5),
                                             ("pigasus-teams", 4), ("pigasus-teams", 7)])
def test_random_playouts_end_and_replay_from_their_record(ruleset, players):
    state = random_playout(new_game(players, ruleset, seed=players), seed=players)
    record = GameRecord.from_json(state.record().to_json())
    again = record.replay()
    assert again.view(None) == state.view(None)
    assert again.winners() == state.winners() and state.winners()


def test_same_seed_same_game_other_seed_other_deck():
    a, b, c = new_game(3, seed=11), new_game(3, seed=11), new_game(3, seed=12)
    assert a.deck == b.deck and a.set_aside == b.set_aside
    assert a.deck != c.deck
    for text in ("p0@0 reveal", "p0@500 reveal", "p1@900 grab", "p1@1200 point none"):
        play(a, text)
        play(b, text)
    assert a.view(2) == b.view(2) and a.history == b.history


def test_errors_leave_the_state_unchanged():
    state = stacked(3, ["PC", "CP"])
    play(state, "p0@100 reveal")
    before = state.clone()
    for text in ("p1@200 reveal", "p0@50 reveal", "p1@200 point PC,CP"):
        with pytest.raises(ValueError):
            state.apply(get("pigasus").decode_action(text))
    assert state.view(None) == before.view(None) and state.deck == before.deck


def test_clone_is_independent():
    state = stacked(3, ["PC", "CP"])
    twin = state.clone()
    play(twin, "p0@0 reveal", "p0@10 reveal", "p1@20 grab", "p1@300 point PC,CP")
    assert state.table_cards() == [] and state.scores() == [0, 0, 0]
    assert twin.scores() == [0, 2, 0]


@pytest.mark.parametrize("ruleset,players", [("pigasus", 2), ("pigasus", 3),
                                             ("pigasus-teams", 4)])
def test_clones_taken_along_a_game_stay_as_they_were(ruleset, players):
    """A clone at every step keeps its view and cards while the game plays on: through
    judged holds, paid penalties, tie-breaks (the set-aside cards dealt) and the end."""
    for seed in range(12):
        state = new_game(players, ruleset, seed=seed, window_ms=0, last_call_ms=0)
        chooser = random.Random(seed)
        taken = []
        while not state.is_terminal():
            twin = state.clone()
            taken.append((twin, twin.view(None), twin.deck[:], twin.set_aside[:],
                          list(twin.box), [list(pile) for pile in twin.piles]))
            actions = [a for p in state.to_act() for a in state.legal_actions(p)]
            state.apply(chooser.choice(actions))
        for twin, view, deck, set_aside, box, piles in taken:
            assert twin.view(None) == view
            assert (twin.deck, twin.set_aside, list(twin.box)) == (deck, set_aside, box)
            assert [list(pile) for pile in twin.piles] == piles


def test_legal_actions_at_the_current_instant():
    state = stacked(3, ["PC", "CP", "GE"])
    assert state.legal_actions(0) == [PigasusAction(0, 0, REVEAL), PigasusAction(0, 0, GRAB)]
    assert state.legal_actions(1) == [PigasusAction(1, 0, GRAB)]
    assert state.to_act() == (0, 1, 2)
    play(state, "p0@0 reveal", "p0@40 reveal", "p0@80 reveal", "p2@100 grab")
    holder = state.legal_actions(2)
    points = [a for a in holder if a.kind == POINT]
    assert len(points) == 3 + 1  # any table card, or none
    assert PigasusAction(2, 100 + 10000 + 1, TICK) in holder  # the next due time
    assert PigasusAction(1, 100, GRAB) in state.legal_actions(1)  # the window is open
    for action in state.legal_actions(1):
        state.clone().apply(action)


def test_every_listed_action_applies():
    state = stacked(4, ["PC", "CP", "GE", "EG"])
    play(state, "p0@0 reveal", "p0@10 reveal", "p0@20 reveal", "p1@30 grab")
    for seat in state.to_act():
        for action in state.legal_actions(seat):
            state.clone().apply(action)


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


@pytest.mark.parametrize("observer", [None, 0, 2])
def test_decision_piles_face_down_counts_only(observer):
    state = stacked(3, ["PC", "CP", "GE"])
    play(state, "p0@0 reveal", "p0@10 reveal", "p1@20 grab", "p1@300 point PC,CP",
         "p1@400 reveal")
    view = state.view(observer)
    json.dumps(view)  # JSON-ready
    assert view["scores"] == [0, 2, 0]
    hidden = {CODES[c] for c in state.deck + state.set_aside}
    assert hidden.isdisjoint(_strings(view))
    assert "PC" not in json.dumps(view["scores"])


@pytest.mark.parametrize("observer", [None, 1])
def test_determinize_redeals_only_face_down_cards(observer):
    state = stacked(3, ["PC", "CP", "GE"])
    play(state, "p0@0 reveal", "p0@10 reveal", "p1@20 grab", "p1@300 point PC,CP",
         "p1@400 reveal")
    orders = set()
    for seed in range(5):
        world = state.determinize(observer, Rng(seed))
        assert world.view(observer) == state.view(observer)
        assert world.inventory() == state.inventory()
        assert world.piles == state.piles and world.table == state.table
        assert sorted(world.deck + world.set_aside) == sorted(state.deck + state.set_aside)
        orders.add(tuple(world.deck))
    assert len(orders) > 1


def test_record_replays_an_illegal_tamper_loudly():
    state = stacked(3, ["PC", "CP"])
    play(state, "p0@0 reveal", "p0@10 reveal", "p1@20 grab", "p1@300 point PC,CP")
    data = state.record().to_dict()
    data["actions"][0] = "p1@0 reveal"
    from saustall.core import RecordError
    with pytest.raises(RecordError, match="dealer-reveals"):
        GameRecord.from_dict(data).replay()
