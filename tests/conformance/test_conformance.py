"""The conformance suite: every registered game, ruleset and player count must pass.

Properties checked on random playouts drawn by hypothesis:
seeded determinism, record round-trip, views that leak nothing (a re-deal of everything
hidden from an observer leaves that observer's view unchanged; no seed or random state in
any view), card conservation, legal actions that encode and decode, illegal actions that
raise a typed error and change nothing, and playouts that end within the documented cap.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saustall.core import GameRecord, GameState, Rng, SaustallError, get, rulesets
from tests.conftest import EXAMPLES

MAX_STEPS = 20_000
FORBIDDEN_VIEW_KEYS = {"seed", "rng", "random_state", "deck", "deck_order", "hands", "history"}

CASES = [
    pytest.param(r.game, r.name, n, id=f"{r.game}-{r.name}-{n}p")
    for r in rulesets()
    for n in range(r.min_players, r.max_players + 1)
]
# derandomized with no deadline in `make test`, exploring in `make fuzz` (tests/conftest.py)
hypothesis_settings = settings(max_examples=EXAMPLES)


def random_step(state: GameState, rng: random.Random) -> tuple[Any, int]:
    """A random legal action of a random player who may act now, applied."""
    player = rng.choice(state.to_act())
    action = rng.choice(state.legal_actions(player))
    state.apply(action, player)
    return action, player


def playout(game: str, ruleset: str, players: int, seed: int, choice_seed: int,
            on_state: Any = None) -> GameState:
    state = get(game, ruleset).new_state(players, seed)
    rng = random.Random(choice_seed)
    steps = 0
    while not state.is_terminal():
        if on_state is not None:
            on_state(state)
        random_step(state, rng)
        steps += 1
        assert steps <= MAX_STEPS, "playout did not end within the cap"
    if on_state is not None:
        on_state(state)
    return state


def all_views(state: GameState) -> list[Any]:
    return [state.view(p) for p in range(state.num_players)] + [state.view(None)]


def walk_keys(value: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(value, dict):
        for key, inner in value.items():
            found.add(str(key))
            found |= walk_keys(inner)
    elif isinstance(value, (list, tuple)):
        for inner in value:
            found |= walk_keys(inner)
    return found


@pytest.mark.parametrize("game,ruleset,players", CASES)
@hypothesis_settings
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31))
def test_seed_determinism(game: str, ruleset: str, players: int, seed: int,
                          choice_seed: int) -> None:
    """Same seed and same choices: the same game, view for view."""
    first = playout(game, ruleset, players, seed, choice_seed)
    second = playout(game, ruleset, players, seed, choice_seed)
    assert first.record().to_json() == second.record().to_json()
    assert all_views(first) == all_views(second)
    assert first.winners() == second.winners()


@pytest.mark.parametrize("game,ruleset,players", CASES)
@hypothesis_settings
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31),
       cut=st.floats(0, 1))
def test_record_round_trip(game: str, ruleset: str, players: int, seed: int,
                           choice_seed: int, cut: float) -> None:
    """A record saved mid-game or at the end replays through JSON to the same state."""
    final = playout(game, ruleset, players, seed, choice_seed)
    record = final.record()
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    replayed = loaded.replay()
    assert all_views(replayed) == all_views(final)
    assert replayed.winners() == final.winners()
    upto = int(len(record.actions) * cut)
    partial = loaded.replay(upto=upto)
    again = GameRecord.from_json(partial.record().to_json()).replay()
    assert all_views(again) == all_views(partial)


@pytest.mark.parametrize("game,ruleset,players", CASES)
@hypothesis_settings
@given(seed=st.integers(10**9, 2**31), choice_seed=st.integers(0, 2**31))
def test_views_leak_nothing(game: str, ruleset: str, players: int, seed: int,
                            choice_seed: int) -> None:
    """Re-dealing what an observer cannot see leaves their view unchanged, always."""
    redeal = Rng(seed ^ 0x5A5A)
    counter = {"n": 0}

    def check(state: GameState) -> None:
        counter["n"] += 1
        if counter["n"] % 3:  # every third state keeps the suite quick
            return
        for observer in [*range(state.num_players), None]:
            view = state.view(observer)
            json.dumps(view)  # views are JSON-ready
            assert not walk_keys(view) & FORBIDDEN_VIEW_KEYS
            assert str(state.seed) not in json.dumps(view), "the seed shows in a view"
            other_world = state.determinize(observer, redeal)
            assert other_world.view(observer) == view, f"observer {observer} sees hidden data"
            assert other_world.inventory() == state.inventory()

    playout(game, ruleset, players, seed, choice_seed, on_state=check)


@pytest.mark.parametrize("game,ruleset,players", CASES)
@hypothesis_settings
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31))
def test_card_conservation(game: str, ruleset: str, players: int, seed: int,
                           choice_seed: int) -> None:
    """Every card is somewhere, exactly once, after every action."""
    start = get(game, ruleset).new_state(players, seed).inventory()
    assert sum(start.values()) > 0

    def check(state: GameState) -> None:
        assert state.inventory() == start

    playout(game, ruleset, players, seed, choice_seed, on_state=check)


@pytest.mark.parametrize("game,ruleset,players", CASES)
@hypothesis_settings
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31))
def test_public_phase_is_the_views_phase(game: str, ruleset: str, players: int, seed: int,
                                         choice_seed: int) -> None:
    """The server labels each action's event with ``public_phase()``: after every action
    it must be the spectator view's ``phase`` (``None`` where that is not text)."""
    def check(state: GameState) -> None:
        phase = state.view(None).get("phase")
        assert state.public_phase() == (phase if isinstance(phase, str) else None)

    playout(game, ruleset, players, seed, choice_seed, on_state=check)


@pytest.mark.parametrize("game,ruleset,players", CASES)
@hypothesis_settings
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31))
def test_actions_encode_and_illegal_ones_change_nothing(
        game: str, ruleset: str, players: int, seed: int, choice_seed: int) -> None:
    """Legal actions survive notation; an illegal one raises a typed error, state intact."""
    engine = get(game, ruleset)
    rng = random.Random(choice_seed)
    seen: list[Any] = []  # every action listed so far, in order, once each
    known: set[Any] = set()

    def check(state: GameState) -> None:
        if state.is_terminal():
            with pytest.raises(SaustallError):
                state.apply(seen[0] if seen else 0)
            return
        legal_now: set[Any] = set()
        for player in state.to_act():
            legal = state.legal_actions(player)
            assert legal, "a player to act must have a legal action"
            assert len(set(legal)) == len(legal), "legal actions repeat"
            for action in legal:
                if action not in known:
                    assert engine.decode_action(engine.encode_action(action)) == action
                    known.add(action)
                    seen.append(action)
            legal_now.update(legal)
        candidates = [seen[rng.randrange(len(seen))] for _ in range(8)]
        illegal = [a for a in candidates if a not in legal_now]
        if illegal:
            action = illegal[0]
            before = (all_views(state), state.record().to_json())
            with pytest.raises(ValueError) as raised:
                state.apply(action)
            assert isinstance(raised.value, SaustallError)
            assert str(raised.value)
            assert (all_views(state), state.record().to_json()) == before

    playout(game, ruleset, players, seed, choice_seed, on_state=check)


@pytest.mark.parametrize("game,ruleset,players", CASES)
@hypothesis_settings
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31))
def test_is_legal_agrees_with_the_legal_list(
        game: str, ruleset: str, players: int, seed: int, choice_seed: int) -> None:
    """``is_legal`` (one action at a time, as replays check) says exactly what
    ``legal_actions`` lists, for every seat, acting or not, and for actions seen anywhere."""
    rng = random.Random(choice_seed)
    seen: list[Any] = []
    known: set[Any] = set()

    def check(state: GameState) -> None:
        for player in range(state.num_players):
            legal = state.legal_actions(player)
            for action in legal:
                if action not in known:
                    known.add(action)
                    seen.append(action)
            listed = set(legal)
            candidates = legal + [seen[rng.randrange(len(seen))] for _ in range(12)] if seen \
                else legal
            for action in candidates:
                assert state.is_legal(action, player) == (action in listed), (player, action)
        acting = state.to_act()
        if len(acting) == 1:
            for action in seen[-12:]:
                assert state.is_legal(action) == (action in state.legal_actions()), action

    playout(game, ruleset, players, seed, choice_seed, on_state=check)
