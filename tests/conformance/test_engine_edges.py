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

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from saustall.core import get, rulesets
from saustall.testing import NotApplicable, checks
from saustall.testing.values import look_alikes

from .test_conformance import CASES

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
    choices = checks.edge_option_choices(get(game, ruleset))
    return st.fixed_dictionaries({name: st.sampled_from(values)
                                  for name, values in choices.items()})


EDGE_CASES = _edge_cases()


# -- values that are not actions -------------------------------------------------------

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


@pytest.mark.parametrize("game,ruleset,players", CASES)
@edge_settings
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60), data=st.data())
def test_arbitrary_values_as_actions_and_seats(game: str, ruleset: str, players: int,
                                               seed: int, steps: int, data: Any) -> None:
    """Only an exact legal action of the right seat is applied; anything else raises a
    typed ValueError and changes nothing (views, history, record, cards)."""
    def pick(legal: Any, players: int) -> tuple[Any, Any]:
        return (data.draw(actions_for(list(legal)), label="action"),
                data.draw(seats_for(players), label="seat"))

    checks.arbitrary_values_are_refused(get(game, ruleset), players, seed, steps, pick,
                                        attempts=6)


# -- terminal states and legal lists agree --------------------------------------------

@pytest.mark.parametrize("game,ruleset,players", CASES)
@settings(edge_settings, max_examples=2)
@given(seed=st.integers(0, 2**31))
def test_terminal_iff_no_legal_actions(game: str, ruleset: str, players: int,
                                      seed: int) -> None:
    """Every state of a random playout: over exactly when nobody may act; listed actions apply."""
    checks.terminal_iff_no_legal_actions(get(game, ruleset), players, seed)


@pytest.mark.parametrize("game,ruleset,players", EDGE_CASES)
@settings(edge_settings, max_examples=4)
@given(data=st.data())
def test_terminal_iff_no_legal_actions_at_option_edges(game: str, ruleset: str, players: int,
                                                       data: Any) -> None:
    """The same with options at the edges of their ranges (e.g. ``last_call_ms`` 0)."""
    options = data.draw(edge_options(game, ruleset), label="options")
    try:  # e.g. five teams need ten players: not a game that can exist
        checks.terminal_iff_no_legal_actions(get(game, ruleset), players,
                                             seed=len(str(options)), options=options)
    except NotApplicable:
        assume(False)
