"""saustall analyze: tables with seats from 1, JSON equal to the library's analysis, and one
``error:`` line with exit 2 for a bad record, seat, level or game."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from saustall.analysis import MISTAKE_MIN, MISTAKE_Z, analyze
from saustall.core import GameRecord
from tests.bots.test_saukopf_analysis import HOPELESS, kicked
from tests.cli.bad_files import RAW_CONTROLS, REAL_RECORDS, assert_refused, run

WORLDS = "6"


@pytest.fixture
def kick_record(tmp_path: Path) -> Path:
    """Resi's hopeless Kontra against Sepp's Wutz, saved."""
    path = tmp_path / "kick.json"
    kicked(HOPELESS).save(path)
    return path


def test_json_is_the_library_analysis(kick_record: Path) -> None:
    result = run("analyze", str(kick_record), "--seat", "2", "--worlds", WORLDS, "--seed", "3",
                 "--json")
    assert result.exit_code == 0, result.output
    printed = json.loads(result.stdout)
    expected = analyze(GameRecord.load(kick_record), 1, worlds=int(WORLDS), seed=3)
    assert printed == json.loads(json.dumps(expected.to_dict()))
    assert printed["seats"] == [1] and printed["decisions"][-1]["mistake"] is True


def test_tables_number_seats_from_1_and_mark_the_choice(kick_record: Path) -> None:
    result = run("analyze", str(kick_record), "--seat", "2", "--worlds", WORLDS)
    assert result.exit_code == 0, result.output
    text = result.stdout
    last = len(GameRecord.load(kick_record).actions)
    # the Kontra is the record's last step, told as saustall replay numbers steps
    assert re.search(rf"^{last}\. Player 2, kontra: ", text, re.M), text
    kick_row = next(line for line in text.splitlines() if "Huftritt" in line)
    assert "→" in kick_row
    assert "clear mistake" in text
    summary = text[text.index("Summary"):]
    # her two decisions (a pass in the bidding, the Kontra), the Kontra a clear mistake
    row = re.search(r"Player 2\s*│\s*2\s*│\s*([\d.]+)\s*│\s*(\d+)\s", summary)
    assert row is not None, summary
    assert float(row[1]) > 1.0 and int(row[2]) >= 1
    assert "Player 1 " not in summary and "Player 0" not in text


def test_the_closing_line_states_the_bar_analysis_sets(kick_record: Path) -> None:
    result = run("analyze", str(kick_record), "--seat", "2", "--worlds", WORLDS)
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())  # the line may wrap at the console's width
    assert (f"a clear mistake costs more than {MISTAKE_Z:g} paired standard errors and at "
            f"least {MISTAKE_MIN:g} net points.") in text


def test_every_seat_by_default(kick_record: Path) -> None:
    result = run("analyze", str(kick_record), "--worlds", "2", "--json")
    assert result.exit_code == 0, result.output
    printed = json.loads(result.stdout)
    assert printed["seats"] == [0, 1, 2, 3]
    assert {d["seat"] for d in printed["decisions"]} == {0, 1, 2, 3}


def one_error_line(result_stderr: str, exit_code: int) -> str:
    assert exit_code == 2
    lines = result_stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("error: ") and not RAW_CONTROLS.search(lines[0])
    return lines[0]


@pytest.mark.parametrize("seat", ["0", "5"])
def test_a_seat_out_of_range_is_one_error(kick_record: Path, seat: str) -> None:
    result = run("analyze", str(kick_record), "--seat", seat)
    line = one_error_line(result.stderr, result.exit_code)
    assert f"no seat {seat} in this 4-player game: seats are 1-4" in line
    assert result.stdout == ""


def test_an_unknown_level_is_one_error(kick_record: Path) -> None:
    result = run("analyze", str(kick_record), "--level", "grandmaster")
    line = one_error_line(result.stderr, result.exit_code)
    assert "no analysis level 'grandmaster'" in line and "expert" in line


def test_a_game_without_analysis_is_one_error() -> None:
    result = run("analyze", str(REAL_RECORDS["drecksau"]))
    line = one_error_line(result.stderr, result.exit_code)
    assert "no analysis for game 'drecksau'" in line


def test_a_bad_record_is_refused(tmp_path: Path, kick_record: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{")
    assert_refused(run("analyze", str(path)), path, "must be JSON")
    data = json.loads(kick_record.read_text())
    del data["seed"]
    path.write_text(json.dumps(data))
    assert_refused(run("analyze", str(path)), path, "field 'seed' is missing")


def test_a_record_that_does_not_replay_is_refused(kick_record: Path) -> None:
    data = json.loads(kick_record.read_text())
    data["actions"][1] = "declare wutz"  # not a bid: the bidding is not over
    kick_record.write_text(json.dumps(data))
    assert_refused(run("analyze", str(kick_record)), kick_record)


def test_the_record_is_replayed_once_for_its_checks(kick_record: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The command leaves the replay that names a failing action to analyze(): one full
    replay, not one of its own before it."""
    calls: list[int | None] = []
    replay = GameRecord.replay

    def counted(record: GameRecord, upto: int | None = None) -> Any:
        calls.append(upto)
        return replay(record, upto)

    monkeypatch.setattr(GameRecord, "replay", counted)
    result = run("analyze", str(kick_record), "--seat", "2", "--worlds", "2", "--json")
    assert result.exit_code == 0, result.output
    assert calls == [None]


def test_a_missing_record_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    assert_refused(run("analyze", str(path)), path)


def test_the_legend_is_the_games_own(kick_record: Path) -> None:
    # the analyser words what the columns mean in its game's scoring; the command does not
    from saustall.games.saukopf.bots.analysis import SaukopfAnalyser

    result = run("analyze", str(kick_record), "--seat", "2", "--worlds", WORLDS)
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "meat minus roughness points" in SaukopfAnalyser.legend
    assert " ".join(SaukopfAnalyser.legend.split()) in text
