"""Game records: save, load, replay, and clear errors for corrupt or foreign files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from saustall.core import GameRecord, RecordError, get


def finished_record(seed: int = 5) -> GameRecord:
    state = get("drecksau", "dirty-pig").new_state(3, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.record()


def test_record_file_round_trip(tmp_path: Path) -> None:
    record = finished_record()
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    data = json.loads(path.read_text())
    assert data["format"] == "saustall-record" and data["game"] == "drecksau"
    assert data["winners"] == list(loaded.replay().winners())


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d.update(format="chess-pgn"), "not a Saustall game record"),
    (lambda d: d.update(format_version=99), "unsupported record format version"),
    (lambda d: d.pop("seed"), "'seed' is missing"),
    (lambda d: d.update(players="three"), "'players' has the wrong type"),
    (lambda d: d.update(actions=[1, 2]), r"'actions\[0\]' has the wrong type: must be a string"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    (lambda d: d.update(ruleset="uno"), "no ruleset 'uno'"),
    (lambda d: d.update(players=9), "2-6 players"),
    (lambda d: d["actions"].insert(0, "play teleport 0.0"), "unknown card 'teleport'"),
    (lambda d: d["actions"].insert(0, "play lightning 1.0"), "action 1"),
    (lambda d: d.update(winners=[7]), "winners"),
    (lambda d: d["actions"].append("pass"), "game-over"),
])
def test_corrupt_records_give_clear_errors(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    data = finished_record().to_dict()
    mutate(data)
    with pytest.raises(RecordError, match=message):
        GameRecord.from_dict(data).replay()


def test_not_json_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="must be JSON"):
        GameRecord.from_json("{not json")
    with pytest.raises(RecordError, match="must be a JSON object"):
        GameRecord.from_json("[1, 2]")
    with pytest.raises(RecordError, match="cannot read record"):
        GameRecord.load(tmp_path / "missing.json")


def test_partial_replay_stops_where_asked() -> None:
    record = finished_record()
    state = record.replay(upto=4)
    assert len(state.history) == 4 and not state.is_terminal()


@pytest.mark.parametrize("first_bad,insert", [
    (1, {0: "play lightning 1.0", 3: "play teleport 0.0"}),  # illegal before unreadable
    (3, {2: "play teleport 0.0", 5: "play lightning 1.0"}),  # unreadable comes first
    (2, {1: "play lightning 1.0"}),
])
def test_replay_names_the_first_action_that_fails(first_bad: int, insert: dict[int, str]) -> None:
    data = finished_record().to_dict()
    for position, text in sorted(insert.items()):
        data["actions"].insert(position, text)
    with pytest.raises(RecordError, match=rf"^action {first_bad} \('{insert[first_bad - 1]}'\)"):
        GameRecord.from_dict(data).replay()


@pytest.mark.parametrize("changes", [
    {"seed": 2**70},                                  # beyond 64 bits: orjson's limit
    {"seed": -2**64 - 1},
    {"meta": {"big": [2**65], "nested": {"n": -2**66}}},
    {"meta": {"ratio": 0.1, "odd": float("inf"), "name": "Jörg \u2028 🐷"}},
    {"meta": {1: "a key that is not text"}},
])
def test_records_keep_every_value_exactly(changes: dict[str, object]) -> None:
    """Whatever a record holds comes back unchanged, in both layouts, including what the
    fast JSON library cannot hold (huge integers, infinities, non-text keys)."""
    import dataclasses

    record = dataclasses.replace(finished_record(), **changes)  # type: ignore[arg-type]
    for indent in (2, None):
        loaded = GameRecord.from_json(record.to_json(indent=indent))
        expected = record if 1 not in record.meta else dataclasses.replace(
            record, meta={"1": record.meta[1]})  # JSON keys are text
        assert loaded == expected, indent


def test_saved_records_keep_the_standard_layout() -> None:
    """A saved record is laid out as Python's json module lays it out (indent 2, text as
    written), so files written before and after the faster encoder look alike."""
    import dataclasses

    record = dataclasses.replace(finished_record(), meta={"names": ["Jörg", "Zoë"], "x": []})
    assert record.to_json() == json.dumps(record.to_dict(), indent=2, ensure_ascii=False)
    assert json.loads(record.to_json(indent=None)) == record.to_dict()
    assert "\n" not in record.to_json(indent=None)


@pytest.mark.parametrize("text,message", [
    ('{"format": "saustall-record", "actions": [1, ', "line 1 column"),
    (b'\xff\xfe', "must be JSON"),
])
def test_malformed_json_is_named_with_its_place(text: str | bytes, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(text)


def test_every_game_s_longest_notation_fits_the_action_bound() -> None:
    """:data:`MAX_ACTION_LENGTH` refuses no action any game writes: every Drecksau and
    Saukopf notation, and Pigasus's longest (two digits of seat, twelve of time, two
    cards)."""
    from saustall.core.record import MAX_ACTION_LENGTH
    from saustall.games.drecksau import actions as drecksau
    from saustall.games.pigasus.actions import POINT, PigasusAction, encode_action
    from saustall.games.saukopf.actions import NOTATION

    def notation(code: int) -> str | None:
        try:
            return drecksau.encode_action(code)
        except (IndexError, ValueError):  # a code no action has
            return None

    drecksau_texts = [text for text in map(notation, drecksau.ACTION_CODES) if text]
    pigasus = get("pigasus").decode_action("p0@1 point PC,CP")
    longest_pigasus = encode_action(PigasusAction(99, 10**12 - 1, POINT, pigasus.cards))
    longest = max([*drecksau_texts, *NOTATION.values(), longest_pigasus], key=len)
    assert len(longest) <= MAX_ACTION_LENGTH, longest


def test_an_action_past_the_bound_is_refused_by_its_place() -> None:
    data = finished_record().to_dict()
    data["actions"][2] = "play " + "A" * 3_000_000
    with pytest.raises(RecordError, match=r"'actions\[2\]' is 3,000,005 characters long; "
                                          "at most 64 are allowed"):
        GameRecord.from_dict(data)
