"""Engine edges, for every registered game, ruleset and player count.

The protocol promises that anything that is not a legal action of the right player raises
a ``ValueError`` subclass from :mod:`saustall.core.errors` and leaves the state exactly as
it was. Hypothesis throws arbitrary Python values at ``apply`` as actions and as seats:
values that merely *equal* a legal action (``3.0``, ``True``, ``Decimal(3)``, a
Pigasus action with a ``bool`` seat or a ``float`` time), huge and negative ints, strings,
containers, ``None``. And on random playouts, also with every option at the edges of its
range: ``is_terminal()`` holds exactly when nobody has a legal action, and every listed
action is accepted by ``apply``.
"""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from saustall.core import GameRecord, GameState, InvalidOptionError, SaustallError, get, rulesets

from .test_conformance import CASES, MAX_STEPS, all_views

edge_settings = settings(max_examples=5, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow,
                                                HealthCheck.data_too_large])


def _edge_cases() -> list[Any]:
    """Every ruleset at its smallest and largest size (options are drawn per example)."""
    return [pytest.param(r.game, r.name, players, id=f"{r.game}-{r.name}-{players}p")
            for r in rulesets() for players in sorted({r.min_players, r.max_players})]


def edge_options(game: str, ruleset: str) -> st.SearchStrategy[dict[str, Any]]:
    """Every option at its lowest or highest extreme or its default, independently, so
    that extremes meet (``last_call_ms`` 0 with benching off, say)."""
    specs = get(game, ruleset).ruleset.options
    return st.fixed_dictionaries({
        spec.name: st.sampled_from((*spec.edge_values(), spec.default))
        for spec in specs if spec.edge_values()})


EDGE_CASES = _edge_cases()


# -- values that are not actions -------------------------------------------------------

def plain(value: Any) -> bool:
    """True for exact ints and strs and tuples of plain values (what an action is made of)."""
    if type(value) in (int, str):
        return True
    return isinstance(value, tuple) and all(plain(v) for v in value)


def look_alikes(value: Any) -> list[Any]:
    """Values equal or close to ``value`` that are not it: other number types, bools,
    text, containers; for a named tuple, the same with one field replaced so."""
    if type(value) is int:
        found: list[Any] = [float(value), complex(value), Decimal(value), Fraction(value),
                            str(value), [value], (value,), -value - 1, value + 2**64,
                            value - 2**64, True, False]
        return found
    if isinstance(value, tuple) and hasattr(value, "_replace"):
        found = [tuple(value), list(value)]
        for index, field in enumerate(value._fields):
            inner = getattr(value, field)
            swaps = look_alikes(inner) if type(inner) is int else (
                [list(inner), (True,), (1.0,), (-1,), (0, 0), (10**6,), None]
                if isinstance(inner, tuple) else [inner.encode(), None, inner.upper(), 0])
            found += [value._replace(**{field: swap}) for swap in swaps]
            del index
        return found
    return [str(value), None]


ANYTHING = st.one_of(
    st.integers(), st.integers(-(2**70), -1), st.integers(2**40, 2**80),
    st.floats(), st.complex_numbers(), st.booleans(), st.none(), st.text(max_size=8),
    st.binary(max_size=8), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.decimals(allow_nan=False), st.fractions(), st.tuples(st.integers(), st.text(max_size=3)),
)


def actions_for(legal: list[Any]) -> st.SearchStrategy[Any]:
    """Arbitrary values, look-alikes of legal actions, and legal actions themselves."""
    if not legal:
        return ANYTHING
    return st.one_of(
        ANYTHING,
        st.sampled_from(legal),
        st.sampled_from(legal).flatmap(lambda a: st.sampled_from(look_alikes(a))),
    )


def seats_for(players: int) -> st.SearchStrategy[Any]:
    """``None``, real seats, seats out of range, and seat look-alikes."""
    return st.one_of(
        st.none(), st.integers(0, players - 1), st.integers(-3, players + 3), st.integers(),
        st.booleans(), st.integers(0, players - 1).map(float),
        st.integers(0, players - 1).map(Decimal), st.integers(0, players - 1).map(str),
        st.floats(), st.text(max_size=3),
    )


def snapshot(state: GameState) -> Any:
    """Everything that must not change when an action is refused."""
    return (all_views(state), [(type(a), a) for a in state.history],
            state.record().to_json(), state.inventory(), state.is_terminal())


def advanced(game: str, ruleset: str, players: int, seed: int, steps: int) -> GameState:
    """A state after up to ``steps`` random legal actions from the seeded deal."""
    state = get(game, ruleset).new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        player = rng.choice(state.to_act())
        state.apply(rng.choice(state.legal_actions(player)), player)
    return state


@pytest.mark.parametrize("game,ruleset,players", CASES)
@edge_settings
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60), data=st.data())
def test_arbitrary_values_as_actions_and_seats(game: str, ruleset: str, players: int,
                                               seed: int, steps: int, data: Any) -> None:
    """Only an exact legal action of the right seat is applied; anything else raises a
    typed ValueError and changes nothing (views, history, record, cards)."""
    state = advanced(game, ruleset, players, seed, steps)
    realtime = state.game.ruleset.realtime
    for _ in range(6):
        listed = {p: state.legal_actions(p) for p in range(players)}
        action = data.draw(actions_for([a for acts in listed.values() for a in acts]),
                           label="action")
        seat = data.draw(seats_for(players), label="seat")
        choosers = [seat] if seat is not None else list(range(players))
        fits = plain(action) and (seat is None or type(seat) is int)
        expected = fits and any(
            type(p) is int and 0 <= p < players
            and any(type(a) is type(action) and a == action for a in listed[p])
            for p in choosers)
        before = snapshot(state)
        try:
            state.apply(action, seat)
        except ValueError as exc:
            assert isinstance(exc, SaustallError), f"untyped error {exc!r}"
            assert str(exc)
            assert not expected, f"legal action {action!r} of seat {seat!r} refused: {exc}"
            assert snapshot(state) == before, f"refusing {action!r} changed the state"
            continue
        # Accepted: it must have been a real action, and the record must still work.
        assert fits, f"{action!r} (seat {seat!r}) was accepted"
        assert expected or realtime, f"unlisted {action!r} (seat {seat!r}) was accepted"
        record = state.record()
        replayed = GameRecord.from_json(record.to_json()).replay()
        assert all_views(replayed) == all_views(state)


# -- terminal states and legal lists agree --------------------------------------------

def check_consistent(state: GameState, rng: random.Random) -> None:
    """``is_terminal()`` iff no legal actions; listed actions apply (a sample, on clones)."""
    listed = {p: state.legal_actions(p) for p in range(state.num_players)}
    acting = state.to_act()
    terminal = state.is_terminal()
    assert terminal == (not acting), f"terminal {terminal} but to_act {acting}"
    assert terminal == (not any(listed.values())), f"terminal {terminal}, legal {listed}"
    assert {p for p, acts in listed.items() if acts} == set(acting)
    if terminal:
        return
    choices = [(p, a) for p in acting for a in listed[p]]
    for player, action in rng.sample(choices, min(2, len(choices))):
        twin = state.clone()
        twin.apply(action, player)
        assert twin.history[-1] == action


def consistent_playout(game: str, ruleset: str, players: int, options: dict[str, Any],
                       seed: int) -> None:
    state = get(game, ruleset).new_state(players, seed, options)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        check_consistent(state, rng)
        if state.is_terminal():
            return
        player = rng.choice(state.to_act())
        state.apply(rng.choice(state.legal_actions(player)), player)
    pytest.fail("playout did not end within the cap")


@pytest.mark.parametrize("game,ruleset,players", CASES)
@settings(edge_settings, max_examples=2)
@given(seed=st.integers(0, 2**31))
def test_terminal_iff_no_legal_actions(game: str, ruleset: str, players: int,
                                      seed: int) -> None:
    """Every state of a random playout: over exactly when nobody may act; listed actions apply."""
    consistent_playout(game, ruleset, players, {}, seed)


@pytest.mark.parametrize("game,ruleset,players", EDGE_CASES)
@settings(edge_settings, max_examples=4)
@given(data=st.data())
def test_terminal_iff_no_legal_actions_at_option_edges(game: str, ruleset: str, players: int,
                                                       data: Any) -> None:
    """The same with options at the edges of their ranges (e.g. ``last_call_ms`` 0)."""
    options = data.draw(edge_options(game, ruleset), label="options")
    try:  # e.g. five teams need ten players: not a game that can exist
        get(game, ruleset).new_state(players, 0, options)
    except InvalidOptionError:
        assume(False)
    consistent_playout(game, ruleset, players, options, seed=len(str(options)))
