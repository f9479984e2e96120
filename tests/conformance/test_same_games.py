"""Same seed, same actions, same game: the engines play exactly as before their speed-up.

Every digest covers 5 seeded random games of one ruleset and player count (see
:mod:`tests.conformance.same_games`): each legal-action list, each view of every seat and
of a spectator, each refused action's error, the record and the returns. The suite checks
the first 5 games of every case; ``SAUSTALL_SAME_GAMES=all`` checks all 300.
"""

from __future__ import annotations

import json
import os

import pytest

from .same_games import CHUNKS, DIGESTS, cases, chunk_digest, key

EXPECTED: dict[str, list[str]] = json.loads(DIGESTS.read_text())
CHECKED_CHUNKS = range(CHUNKS) if os.environ.get("SAUSTALL_SAME_GAMES") == "all" else range(1)


@pytest.mark.parametrize("chunk", CHECKED_CHUNKS)
@pytest.mark.parametrize(("game", "ruleset", "players"), cases(),
                         ids=[key(*case) for case in cases()])
def test_seeded_random_games_play_as_before(game: str, ruleset: str, players: int,
                                            chunk: int) -> None:
    assert chunk_digest(game, ruleset, players, chunk) == EXPECTED[key(game, ruleset, players)][chunk]
