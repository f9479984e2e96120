"""Crafted files, as an attacker would write them, against ``saustall replay`` and
``saustall saukopf score``: each is refused with one line ``error: <file>: <what>`` on
standard error and exit status 2; no traceback, nothing raw reaches the terminal, and a
ledger that was refused is left as it was."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest
from typer.testing import CliRunner

from saustall.cli.main import app
from saustall.core import GameRecord
from saustall.core.record import MAX_ACTION_LENGTH, MAX_RECORD_BYTES
from tests.cli.bad_files import RAW_CONTROLS, assert_refused, real_record, run

CLEAR_SCREEN = "\x1b[2J"
HYPERLINK = "\x1b]8;;https://evil.example/\x07click me\x1b]8;;\x07"  # OSC 8


def record_text(change: Callable[[dict[str, Any]], None] | None = None) -> str:
    """A real Drecksau record as JSON, changed by ``change``."""
    data = real_record().to_dict()
    if change is not None:
        change(data)
    return json.dumps(data, ensure_ascii=False)


def nested(depth: int) -> str:
    """An object nested ``depth`` levels deep."""
    return '{"a": ' * depth + "1" + "}" * depth


def with_field(name: str, value_json: str) -> str:
    """A real record with the field ``name`` set to the raw JSON ``value_json``."""
    text = record_text(lambda data: data.pop(name, None))
    return text[:-1] + f', "{name}": {value_json}}}'


RECORDS: dict[str, tuple[Callable[[], str], tuple[str, ...]]] = {
    "options nested 1,000 deep": (
        lambda: with_field("options", '{"turn_cap": ' + nested(999) + "}"),
        ("field 'options' is nested deeper than the limit of 64 levels", "line 1 column")),
    "meta nested 100,000 deep": (
        lambda: with_field("meta", nested(100_000)),
        ("field 'meta' is nested deeper than the limit of 64 levels",)),
    "1,000,000 unclosed [": (
        lambda: "[" * 1_000_000, ("line 1 column 65: a game record is nested deeper",)),
    "engine_version markup": (
        lambda: record_text(lambda d: d.update(engine_version="[/bold] 0.1.0")),
        ("field 'engine_version' must be a version", "[/bold]")),
    "engine_version clears the screen": (
        lambda: record_text(lambda d: d.update(engine_version="0.1.0" + CLEAR_SCREEN)),
        ("field 'engine_version' must not hold control characters",)),
    "game with a hyperlink": (
        lambda: record_text(lambda d: d.update(game=HYPERLINK)),
        ("field 'game' must not hold control characters",)),
    "ruleset with markup": (
        lambda: record_text(lambda d: d.update(ruleset="[/bold][blink]dirty-pig")),
        ("has no ruleset '[/bold][blink]dirty-pig'",)),
    "action clearing the screen": (
        lambda: record_text(lambda d: d["actions"].insert(0, CLEAR_SCREEN + "pass")),
        ("action 1", "does not replay")),
    "players 10**400": (
        lambda: record_text(lambda d: d.update(players=10**400)),
        ("field 'players' must be from 1 to 1000",)),
    "a string as the actions": (
        lambda: record_text(lambda d: d.update(actions="pass")),
        ("field 'actions' has the wrong type: must be a list",)),
    "an unknown field": (
        lambda: record_text(lambda d: d.update(surprise=1)),
        ("field 'surprise' is not known here",)),
    "options not an object": (
        lambda: record_text(lambda d: d.update(options=[1])),
        ("field 'options' has the wrong type: must be an object",)),
    "a winner who is not a player": (
        lambda: record_text(lambda d: d.update(winners=[-1])),
        ("field 'winners[0]' must be from 0 to 3",)),
    "not JSON": (lambda: '{"format": "saustall-record",\n "actions": [1, ',
                 ("line 2 column", "a game record must be JSON")),
    "a number of 5,000 digits": (lambda: "[" + "9" * 5000 + "]",
                                 ("must be JSON of sensible size",)),
}


@pytest.mark.parametrize("case", RECORDS)
def test_replay_refuses_a_crafted_record_in_one_line(tmp_path: Path, case: str) -> None:
    make, fragments = RECORDS[case]
    path = tmp_path / "crafted.json"
    path.write_text(make(), encoding="utf-8")
    assert_refused(run("replay", str(path)), path, *fragments)


def test_replay_refuses_a_record_over_the_size_limit_at_once(tmp_path: Path) -> None:
    """A record of the limit plus one byte is refused before it is parsed (a 100 MB one
    read whole took over a minute): the message says the limit."""
    path = tmp_path / "huge.json"
    text = record_text(lambda d: d.update(meta={"pad": ""}))
    padding = MAX_RECORD_BYTES - len(text.encode())
    path.write_text(text.replace('"pad": ""', '"pad": "' + "x" * padding + '"'))
    assert path.stat().st_size == MAX_RECORD_BYTES
    assert GameRecord.load(path).meta["pad"] == "x" * padding  # the limit itself is fine
    with path.open("a") as handle:
        handle.write(" ")
    assert_refused(run("replay", str(path)), path,
                   f"record is larger than the limit of {MAX_RECORD_BYTES:,} bytes")


def test_replay_refuses_a_missing_file_and_a_directory(tmp_path: Path) -> None:
    assert_refused(run("replay", str(tmp_path / "nope.json")), tmp_path / "nope.json",
                   "cannot read record: No such file or directory")
    assert_refused(run("replay", str(tmp_path)), tmp_path, "cannot read record")


def test_escapes_in_the_free_meta_of_a_record_never_reach_the_terminal(
        tmp_path: Path) -> None:
    """``meta`` is free-form (the names of the players, say) and may hold any text; a
    replay never prints it raw, and the game replays as before."""
    path = tmp_path / "game.json"
    path.write_text(record_text(lambda d: d.update(meta={"names": [CLEAR_SCREEN, HYPERLINK]})))
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "Winner: player" in result.stdout and result.stderr == ""
    assert not RAW_CONTROLS.search(result.output)


def test_the_real_command_refuses_a_crafted_record_without_a_traceback(
        tmp_path: Path) -> None:
    """The same through the installed entry point in its own process (no test runner
    catching anything)."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 1_000_000)
    done = subprocess.run([sys.executable, "-m", "saustall.cli.main", "replay", str(path)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [
        f"error: {path}: line 1 column 65: a game record is nested deeper than the limit of "
        "64 levels"]


HUGE = "A" * 3_000_000
SHORT_LINE = 400
"""Longer than any refusal of a crafted value needs: the values are cut short in it."""
HUGE_VALUES: dict[str, tuple[str, Callable[[dict[str, Any]], None], str]] = {
    "an option value of 3 MB": (
        "drecksau", lambda d: d["options"].update(turn_cap=HUGE),
        "option 'turn_cap' must be of type int, not 'AAA"),
    "an option name of 3 MB": (
        "drecksau", lambda d: d["options"].update({HUGE: 1}), "has no option 'AAA"),
    "100,000 unknown option names": (
        "drecksau", lambda d: d["options"].update({f"x{i}": 1 for i in range(100_000)}),
        "and 99,997 more"),
    "an action of 3 MB": (
        "drecksau", lambda d: d["actions"].__setitem__(0, "play " + HUGE),
        "field 'actions[0]' is 3,000,005 characters long; at most 64 are allowed"),
    "a preset deal of 3 MB": (
        "saukopf", lambda d: d["options"].update(hands=HUGE + "|||"),
        "option 'hands', group 1: unknown card 'AAA"),
}


@pytest.mark.parametrize("case", HUGE_VALUES)
def test_a_huge_value_is_refused_in_a_short_line(tmp_path: Path, case: str) -> None:
    game, change, fragment = HUGE_VALUES[case]
    data = real_record(game).to_dict()
    change(data)
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    what = assert_refused(run("replay", str(path)), path, fragment)
    assert len(what) < SHORT_LINE, what[:SHORT_LINE]


# Digits ``str.isdigit`` takes but ``int`` refuses (a superscript two; over 4,300 digits),
# and digits ``int`` takes that the notation does not (Arabic-Indic): each action is
# refused as unreadable, never with a ValueError's traceback.
ODD_DIGITS = [("drecksau", "play mud 1.\u00b2"), ("drecksau", "play mud 1." + "9" * 5000),
              ("drecksau", "play mud 1.\u0663"), ("saukopf", "bid \u00b2"),
              ("saukopf", "bid " + "9" * 5000), ("saukopf", "bid \u0666\u0665")]


@pytest.mark.parametrize("game, action", ODD_DIGITS)
def test_replay_and_analyze_refuse_an_action_of_odd_digits(tmp_path: Path, game: str,
                                                           action: str) -> None:
    data = real_record(game).to_dict()
    data["actions"][0] = action
    path = tmp_path / "odd-digits.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    # a run of 5,000 digits is past the record's bound on an action, refused on loading
    says = (("action 1 (", "does not replay") if len(action) <= MAX_ACTION_LENGTH
            else ("field 'actions[0]' is 5,0", "characters long"))
    assert_refused(run("replay", str(path)), path, *says)
    if game == "saukopf":  # the game with an analysis (Drecksau's is refused before)
        assert_refused(run("analyze", str(path)), path, *says)


# --------------------------------------------------------------------------------------
# Saukopf score ledgers
# --------------------------------------------------------------------------------------

def make_ledger(tmp_path: Path) -> Path:
    """A real ledger of two deals, written by the score keeper itself."""
    path = tmp_path / "abend.json"
    for args in (["new", str(path), "--players", "Sepp,Resi,Alois,Zenzi"],
                 ["add", str(path), "--game", "sauerei", "--declarer", "Sepp", "--partner",
                  "Zenzi", "--bid", "61", "--points", "59", "--laufende", "mit 1"],
                 ["add", str(path), "--game", "wutz", "--declarer", "Resi", "--bid", "61",
                  "--points", "70", "--laufende", "ohne 2", "--kontra", "Alois"]):
        assert run("saukopf", "score", *args).exit_code == 0
    return path


def outcome(data: dict[str, Any], deal: int = 1) -> dict[str, Any]:
    """The stored outcome of ``deal`` (from 0) in a parsed ledger."""
    return data["deals"][deal]["outcome"]  # type: ignore[no-any-return]


LEDGERS: dict[str, tuple[Callable[[dict[str, Any]], None], tuple[str, ...]]] = {
    "an unknown outcome key": (lambda d: outcome(d).update(bonus=5),
                               ("field 'deals[1].outcome.bonus' is not known here",)),
    "a missing outcome key": (lambda d: outcome(d).pop("bid"),
                              ("field 'deals[1].outcome.bid' is missing",)),
    "deals: [1, 2]": (lambda d: d.update(deals=[1, 2]),
                      ("field 'deals[0]' has the wrong type: must be an object, not 1",)),
    "players 10**400": (lambda d: d.update(players=10**400),
                        ("field 'players' has the wrong type: must be a list",)),
    "an outcome for 10**400 players": (lambda d: outcome(d).update(players=10**400),
                                       ("field 'deals[1].outcome.players' must be from 3",)),
    "a player name clearing the screen": (
        lambda d: d["players"].__setitem__(1, "Resi" + CLEAR_SCREEN),
        ("field 'players[1]' must not hold control characters",)),
    "a player name with a hyperlink": (
        lambda d: d["players"].__setitem__(0, HYPERLINK),
        ("field 'players[0]' must not hold control characters",)),
    "a string as the list of players": (
        lambda d: d.update(players="SeppResiAloisZenzi"),
        ("field 'players' has the wrong type: must be a list, not 'SeppResiAloisZenzi'",)),
    "five players": (lambda d: d["players"].append("Xaver"),
                     ("field 'players' holds 5 items; at most 4",)),
    "an impossible deal": (lambda d: outcome(d).update(declarer_points=100),
                           ("field 'deals[1].outcome' is not a possible deal", "add up to 120")),
    "a seat past the table": (lambda d: outcome(d).update(kontra=7),
                              ("field 'deals[1].outcome.kontra' must be from 0 to 3",)),
    "a bool for a number": (lambda d: outcome(d).update(bid=True),
                            ("field 'deals[1].outcome.bid' has the wrong type",)),
    "an unknown game kind": (lambda d: outcome(d).update(kind=99),
                             ("field 'deals[1].outcome.kind' must be from 0",)),
}


@pytest.mark.parametrize("command", ["show", "undo"])
@pytest.mark.parametrize("case", LEDGERS)
def test_score_refuses_a_crafted_ledger_and_leaves_it_alone(tmp_path: Path, case: str,
                                                           command: str) -> None:
    change, fragments = LEDGERS[case]
    path = make_ledger(tmp_path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False))
    before = path.read_bytes()
    what = assert_refused(run("saukopf", "score", command, str(path)), path, *fragments)
    assert path.read_bytes() == before, what  # undo removed nothing


def test_score_refuses_a_deeply_nested_ledger(tmp_path: Path) -> None:
    path = make_ledger(tmp_path)
    data = json.loads(path.read_text())
    text = json.dumps(data)
    path.write_text(text.replace('"deals": [', '"deals": [' + "[" * 100_000, 1))
    assert_refused(run("saukopf", "score", "show", str(path)), path,
                   "field 'deals' is nested deeper than the limit of 64 levels")


def test_score_add_refuses_a_crafted_ledger_before_adding(tmp_path: Path) -> None:
    path = make_ledger(tmp_path)
    data = json.loads(path.read_text())
    outcome(data, 0).pop("declarer")
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    result = run("saukopf", "score", "add", str(path), "--game", "wutz", "--declarer", "1",
                 "--bid", "61", "--points", "70", "--laufende", "mit 1")
    assert_refused(result, path, "field 'deals[0].outcome.declarer' is missing")
    assert path.read_bytes() == before


def test_a_sound_ledger_still_shows_every_deal(tmp_path: Path) -> None:
    """The checks refuse nothing the score keeper writes: a ledger of its own loads."""
    path = make_ledger(tmp_path)
    result = run("saukopf", "score", "show", str(path))
    assert result.exit_code == 0, result.output
    assert "Deal 2" in result.stdout and "Schlachtmeister" in result.stdout


def test_score_new_refuses_names_with_control_characters(tmp_path: Path) -> None:
    path = tmp_path / "l.json"
    result = run("saukopf", "score", "new", str(path), "--players",
                 f"A{CLEAR_SCREEN},B,C,D")
    assert result.exit_code == 2 and not path.exists()
    assert "printable" in result.output and not RAW_CONTROLS.search(result.output)


def test_names_with_markup_are_shown_as_written(tmp_path: Path) -> None:
    """A name that looks like Rich markup is printed as it is, not read as markup."""
    path = tmp_path / "l.json"
    assert run("saukopf", "score", "new", str(path), "--players",
               "[bold]Sepp,[/],Alois,Zenzi").exit_code == 0
    result = run("saukopf", "score", "add", str(path), "--game", "wutz", "--declarer", "[/]",
                 "--bid", "61", "--points", "70", "--laufende", "mit 1")
    assert result.exit_code == 0, result.output
    assert "[/] wins" in result.stdout or "[/] win" in result.stdout, result.stdout
    assert "[bold]Sepp" in result.stdout


def test_a_record_directory_that_looks_like_markup_is_printed_as_given(
        tmp_path: Path) -> None:
    """``--record-dir`` is the user's text: the play screen names it as written (it used
    to be read as Rich markup) and the record saved there replays."""
    where = tmp_path / "[bold]records"
    result = CliRunner().invoke(app, ["play", "drecksau", "--seed", "3", "--bots", "random",
                                      "--record-dir", str(where)], input="1\n" * 400)
    assert result.exit_code == 0, result.output
    # Rich wraps a long path anywhere: compare with all white space taken out
    assert "[bold]records" in "".join(result.output.split())
    (saved,) = where.glob("drecksau-*.json")
    assert run("replay", str(saved)).exit_code == 0


def test_a_file_name_with_escapes_is_named_without_them(tmp_path: Path) -> None:
    """The file name is the person's text too: the error line names it stripped."""
    path = tmp_path / f"evil{CLEAR_SCREEN}[bold].json"
    path.write_text("[" * 100)
    result = run("replay", str(path))
    assert result.exit_code == 2 and not RAW_CONTROLS.search(result.output)
    assert result.stderr.splitlines() == [
        f"error: {tmp_path}/evil[bold].json: line 1 column 65: a game record is nested "
        "deeper than the limit of 64 levels"]
