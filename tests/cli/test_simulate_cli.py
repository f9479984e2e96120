"""``saustall simulate``: the table, JSON output and clear errors for bad input."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from saustall.cli.main import app
from saustall.cli.simulate import run_cli


def run(args: list[str]) -> str:
    out = io.StringIO()
    run_cli("drecksau", args, console=Console(file=out, width=200))
    return out.getvalue()


def fails(args: list[str]) -> str:
    out = io.StringIO()
    with pytest.raises(SystemExit) as info:
        run_cli("drecksau", args, console=Console(file=out, width=200))
    assert info.value.code == 2
    return out.getvalue()


def test_table_shows_win_rates_first_seat_and_lengths() -> None:
    text = run(["--ruleset", "drecksau", "--players", "2", "--games", "40",
                "--bots", "heuristic,random", "--seed", "4", "--workers", "1"])
    assert "drecksau/drecksau: 40 games, 2 players, seed 4" in text
    assert "win rate [95% CI]" in text and "heuristic" in text and "random" in text
    assert "first-player advantage" in text
    assert "turn cap hit" in text
    assert "p50 / p90 / p99" in text
    assert "first-player advantage withheld: the seats held different bots" in text


def test_json_output_is_machine_readable_and_matches_the_library() -> None:
    data = json.loads(run(["--games", "10", "--bots", "heuristic,random", "--seed", "3",
                           "--workers", "1", "--json", "--per-game"]))
    from saustall.arena.simulate import simulate

    direct = simulate("drecksau", "dirty-pig", 2, ["heuristic", "random"], games=10, seed=3,
                      workers=1)
    assert data["ruleset"] == "dirty-pig" and data["players"] == 2
    assert data["summary"]["games"] == 10
    assert [r["winners"] for r in data["results"]] == [list(r.winners) for r in direct.results]
    seat = data["summary"]["seats"][0]
    assert seat["wins"]["successes"] == direct.summary.seats[0].wins.successes
    assert 0 <= seat["wins"]["low"] <= seat["wins"]["rate"] <= seat["wins"]["high"] <= 1


def test_options_and_rotation_reach_the_simulation(tmp_path) -> None:
    target = tmp_path / "games.json"
    data = json.loads(run(["--ruleset", "drecksau", "--games", "6", "--option", "hand_size=4",
                           "--option", "turn_cap=9", "--rotate", "--json", "--workers", "1",
                           "--bots", "heuristic,random", "--out", str(target)]))
    assert data["options"] == {"hand_size": 4, "turn_cap": 9}
    assert data["rotate"] is True
    saved = [json.loads(line) for line in target.read_text().splitlines()]
    assert len(saved) == 6
    assert saved[1]["bots"] == ["random", "heuristic"]


@pytest.mark.parametrize("args, words", [
    (["--ruleset", "nope"], "no ruleset 'nope'"),
    (["--players", "7"], "2-6 players, not 7"),
    (["--players", "3", "--bots", "random,random"], "2 bot(s) given"),
    (["--bots", "random,genius"], "no bot 'genius'"),
    (["--games", "0"], "--games must be at least 1"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--option", "hand_size=4"], "no option 'hand_size'"),
    (["--ruleset", "drecksau", "--option", "hand_size=5"], "must be one of 3, 4"),
])
def test_bad_input_gets_a_clear_error(args: list[str], words: str) -> None:
    assert words in fails(args)


def test_through_the_main_command() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "drecksau", "--games", "4", "--workers", "1",
                                 "--json", "--bots", "random"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["summary"]["games"] == 4
    helped = runner.invoke(app, ["simulate", "drecksau", "--help"])
    assert helped.exit_code == 0 and "--bots" in helped.output and "--rotate" in helped.output
    unknown = runner.invoke(app, ["simulate", "drecksau", "--players", "1"])
    assert unknown.exit_code == 2
    assert "2-6 players" in unknown.output


def test_parallel_run_with_progress_bar() -> None:
    text = run(["--games", "30", "--workers", "2", "--bots", "random", "--seed", "1"])
    assert "30 games" in text


def test_out_file_holds_one_json_object_per_game_line(tmp_path) -> None:
    target = tmp_path / "games.jsonl"
    printed = json.loads(run(["--games", "5", "--workers", "2", "--json", "--seed", "3",
                              "--out", str(target)]))
    lines = target.read_text().splitlines()
    saved = [json.loads(line) for line in lines]  # every line a whole JSON object
    assert [row["index"] for row in saved] == list(range(5))
    assert {(row["game"], row["ruleset"]) for row in saved} == {("drecksau", "dirty-pig")}
    assert sum(row["length"] for row in saved) / 5 == printed["summary"]["length_mean"]
    assert "results" not in printed  # without --per-game no game is held or printed


def test_pigasus_simulation_seats_the_default_level_unless_told() -> None:
    from saustall.bots.base import default_level

    result = CliRunner().invoke(app, ["simulate", "pigasus", "--games", "1", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert {seat["level"] for seat in summary["seats"]} == {default_level("pigasus")}


def test_win_counts_read_as_numbers_people_write() -> None:
    """Counts are written out with thousands separators (not 1.008e+04), and a win split
    between tied winners shows its half."""
    from saustall.cli.simulate import count_text

    assert [count_text(n) for n in (10077.0, 50729.5, 0.0)] == ["10,077", "50,729.5", "0"]
    text = run(["--players", "2", "--games", "12000", "--seed", "1", "--workers", "2"])
    rows = [line for line in text.splitlines() if "│ random │" in line]
    assert len(rows) == 2 and all("e+0" not in row for row in rows)
    wins = [int(row.split("│")[3].strip().replace(",", "")) for row in rows]
    assert sum(wins) == 12000 and all("," in row.split("│")[3] for row in rows)
