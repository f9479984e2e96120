"""The engine plays exactly the games it played before the speed work (see differential.py).

A failure means a seeded random game now differs somewhere: a legal action list (or its
order), a view, an action's notation or sentence, or the record.
"""

from __future__ import annotations

import json

import pytest

from tests.drecksau.differential import CASES, EXPECTED, GAMES, QUICK_VIEW_GAMES, case_digest

CASE_PARAMS = [pytest.param(ruleset, players, id=f"{ruleset}-{players}p")
               for ruleset, players in CASES]


def expected(kind: str, ruleset: str, players: int) -> str:
    digests: dict[str, dict[str, str]] = json.loads(EXPECTED.read_text(encoding="utf-8"))
    return digests[kind][f"{ruleset}/{players}"]


@pytest.mark.parametrize(("ruleset", "players"), CASE_PARAMS)
def test_seeded_games_are_unchanged(ruleset: str, players: int) -> None:
    assert case_digest(ruleset, players, QUICK_VIEW_GAMES) == expected("quick", ruleset, players)


@pytest.mark.long
@pytest.mark.parametrize(("ruleset", "players"), CASE_PARAMS)
def test_every_view_of_seeded_games_is_unchanged(ruleset: str, players: int) -> None:
    assert case_digest(ruleset, players, GAMES) == expected("full", ruleset, players)
