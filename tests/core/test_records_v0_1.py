"""Records saved by Saustall 0.1 replay to the very same games.

The corpus in ``records_v0_1/`` was written by ``records_v0_1/make_records.py`` with the
0.1 engine (Mersenne Twister random stream, records without an ``rng`` field): every game
and ruleset, several player counts and seeds, Saukopf sessions of several deals, the
Sauschön tournament and Pigasus. Each replay must end in the same views for everyone,
the same winners and the same returns as the engine computed when it was saved.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from saustall.core import GameRecord
from tests.view_keys import without_added_keys

CORPUS = Path(__file__).parent / "records_v0_1"
RECORDS = sorted(CORPUS.glob("*.record.json"))


def as_saved(view: dict[str, Any], game: str) -> dict[str, Any]:
    """``view`` as JSON, without the keys views gained after 0.1 (each must be there)."""
    saved: dict[str, Any] = json.loads(json.dumps(view))
    return without_added_keys(saved, game)


def test_corpus_covers_every_game() -> None:
    games = {json.loads(path.read_text())["game"] for path in RECORDS}
    assert games == {"drecksau", "saukopf", "pigasus"} and len(RECORDS) >= 30


@pytest.mark.parametrize("path", RECORDS, ids=[p.name.removesuffix(".record.json")
                                               for p in RECORDS])
def test_old_record_replays_identically(path: Path) -> None:
    record = GameRecord.load(path)
    assert "rng" not in json.loads(path.read_text())  # written before streams were named
    assert "revision" not in json.loads(path.read_text())  # and before revisions
    assert record.revision == 1  # read as made under each ruleset's first revision
    expected = json.loads(path.with_name(path.name.replace(".record.", ".expected.")).read_text())
    state = record.replay()
    assert state.is_terminal()
    assert len(state.history) == expected["actions"]
    assert as_saved(state.view(None), record.game) == expected["spectator"]
    for player in range(state.num_players):
        assert as_saved(state.view(player), record.game) == expected["players"][player]
    assert list(state.winners()) == expected["winners"]
    assert list(state.returns()) == expected["returns"]
