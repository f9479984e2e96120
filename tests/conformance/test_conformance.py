"""The conformance suite on every registered game, ruleset and player count.

The checks are :mod:`saustall.testing`'s, the ones a game author outside runs
(:func:`saustall.testing.check_game`); here hypothesis draws their examples (seeds, a
cut point), derandomized in ``make test`` and exploring in ``make fuzz``
(tests/conftest.py), so a failure shrinks to the smallest seeds that show it.

Properties: seeded determinism, record round-trip, views that leak nothing (a re-deal of
everything hidden from an observer leaves that observer's view unchanged; no seed or
random state in any view), card conservation, legal actions that encode and decode,
illegal actions that raise a typed error and change nothing, ``is_legal`` agreeing with
the legal list, and playouts that end within the documented cap.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saustall.core import get, rulesets
from saustall.testing import checks
from tests.conftest import EXAMPLES

CASES = [
    pytest.param(r.game, r.name, n, id=f"{r.game}-{r.name}-{n}p")
    for r in rulesets()
    for n in range(r.min_players, r.max_players + 1)
]
# derandomized with no deadline in `make test`, exploring in `make fuzz` (tests/conftest.py)
hypothesis_settings = settings(max_examples=EXAMPLES)
SEEDS = st.integers(0, 2**31)


def parametrized(check: Any) -> Any:
    """A test of ``check(game, players, seed, choice_seed)`` on every case."""
    @pytest.mark.parametrize("game,ruleset,players", CASES)
    @hypothesis_settings
    @given(seed=SEEDS, choice_seed=SEEDS)
    def test(game: str, ruleset: str, players: int, seed: int, choice_seed: int) -> None:
        check(get(game, ruleset), players, seed, choice_seed)

    test.__doc__ = check.__doc__
    return test


test_seed_determinism = parametrized(checks.seed_determinism)
test_card_conservation = parametrized(checks.card_conservation)
test_public_phase_is_the_views_phase = parametrized(checks.public_phase_is_the_views_phase)
test_actions_encode_and_illegal_ones_change_nothing = parametrized(
    checks.actions_encode_and_illegal_ones_change_nothing)
test_is_legal_agrees_with_the_legal_list = parametrized(
    checks.is_legal_agrees_with_the_legal_list)


@pytest.mark.parametrize("game,ruleset,players", CASES)
@hypothesis_settings
@given(seed=SEEDS, choice_seed=SEEDS, cut=st.floats(0, 1))
def test_record_round_trip(game: str, ruleset: str, players: int, seed: int,
                           choice_seed: int, cut: float) -> None:
    """A record saved mid-game or at the end replays through JSON to the same state."""
    checks.record_round_trip(get(game, ruleset), players, seed, choice_seed, cut)


@pytest.mark.parametrize("game,ruleset,players", CASES)
@hypothesis_settings
@given(seed=st.integers(10**9, 2**31), choice_seed=SEEDS)
def test_views_leak_nothing(game: str, ruleset: str, players: int, seed: int,
                            choice_seed: int) -> None:
    """Re-dealing what an observer cannot see leaves their view unchanged, always."""
    checks.views_leak_nothing(get(game, ruleset), players, seed, choice_seed)
