"""Terminal play and the score keeper, driven by scripted input."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from saustall.cli import play_saukopf, saukopf_tools
from saustall.cli.play_saukopf import SaukopfTerminal
from saustall.cli.saukopf_tools import ScoreInputError, build_outcome

import pytest


def quiet_console() -> Console:
    return Console(file=io.StringIO(), width=120, color_system=None)


def output(console: Console) -> str:
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def test_human_plays_a_full_session_by_move_numbers(tmp_path: Path) -> None:
    console = quiet_console()
    prompts: list[str] = []

    def first_move(prompt: str) -> str:
        prompts.append(prompt)
        return "1"

    terminal = SaukopfTerminal(seed=11, deals=2, console=console, input_fn=first_move,
                               record_dir=tmp_path)
    state = terminal.run()
    assert state.is_terminal() and not terminal.quit
    text = output(console)
    assert prompts  # the human was asked
    assert "Your hand:" in text and "Bidding:" in text
    assert "Schlachtfest, deal" in text or "thrown in" in text
    assert "Schlachtmeister:" in text
    assert terminal.record_path is not None and terminal.record_path.exists()
    record = json.loads(terminal.record_path.read_text())
    assert record["game"] == "saukopf" and record["actions"]


def test_human_types_cards_and_gets_clear_errors() -> None:
    console = quiet_console()
    answers = iter(["zz", "130", "?", "61", "62"])

    def scripted(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            return "q"

    terminal = SaukopfTerminal(seed=3, deals=1, bots=["heuristic"], console=console,
                               input_fn=scripted)
    state = terminal.run()
    text = output(console)
    assert terminal.quit and not state.is_terminal()
    assert "cannot read action 'zz'" in text
    assert "a bid is a number of card points from 61 to 120" in text
    assert "Not allowed: a bid must beat the top bid 61" in text
    assert "How to play" in text
    assert "You: bids 62" in text


def test_auto_session_shows_the_scoring_breakdown() -> None:
    console = quiet_console()
    terminal = SaukopfTerminal(human=None, seed=2, deals=4, console=console)
    state = terminal.run()
    text = output(console)
    scored = [r for r in state.results if not r["thrown_in"]]
    assert scored
    assert "Schlachtung 2" in text
    assert "Laufende:" in text and "Trumps, high to low" not in text  # no human table
    assert text.count("Trick 8:") == len(scored)


def test_dreihaxer_in_the_terminal() -> None:
    console = quiet_console()
    SaukopfTerminal(ruleset="dreihaxer", human=None, seed=4, deals=3, console=console).run()
    text = output(console)
    assert "Laid aside (count for nobody)" in text
    assert "Trick 10:" in text or "thrown in" in text


def test_play_command_line_runs_and_helps() -> None:
    runner = CliRunner()
    console = quiet_console()
    app = play_saukopf.build_app(console=console)
    result = runner.invoke(app, ["--auto", "--seed", "5", "--deals", "1"])
    assert result.exit_code == 0, result.output
    assert "Session ledger" in output(console)
    assert runner.invoke(app, ["--help"]).exit_code == 0
    bad = runner.invoke(app, ["--bots", "genius", "--auto"])
    assert bad.exit_code == 2 and "unknown bot genius" in output(console)


def test_score_keeper_session(tmp_path: Path) -> None:
    runner = CliRunner()
    console = quiet_console()
    app = saukopf_tools.build_app(console=console)
    ledger = str(tmp_path / "abend.json")
    steps = [
        ["score", "new", ledger, "--players", "Sepp,Resi,Alois,Zenzi"],
        ["score", "add", ledger, "--game", "sauerei", "--declarer", "Sepp", "--partner",
         "Zenzi", "--bid", "61", "--points", "59", "--laufende", "mit 1", "--kontra", "Resi"],
        ["score", "add", ledger, "--game", "hauer", "--declarer", "1", "--bid", "65",
         "--points", "51", "--laufende", "ohne 2", "--kontra", "resi", "--re", "Sepp",
         "--spiess"],
        ["score", "show", ledger],
    ]
    for args in steps:
        result = runner.invoke(app, args)
        assert result.exit_code == 0, output(console)
    text = output(console)
    assert "Resi and Alois win: 6 meat points each" in text
    assert "Gegenhuftreter 3 roughness points" in text
    data = json.loads(Path(ledger).read_text())
    totals, _ = saukopf_tools.ledger_totals(data)
    assert totals.meat == [0, 22, 22, 16] and totals.roughness == [5, 0, 0, 0]
    assert "Schlachtmeister: Resi and Alois" in text and "Oberrauborstler: Sepp" in text
    assert runner.invoke(app, ["score", "undo", ledger]).exit_code == 0
    assert len(json.loads(Path(ledger).read_text())["deals"]) == 1


def test_score_keeper_refuses_impossible_input(tmp_path: Path) -> None:
    runner = CliRunner()
    console = quiet_console()
    app = saukopf_tools.build_app(console=console)
    ledger = str(tmp_path / "l.json")
    runner.invoke(app, ["score", "new", ledger, "--players", "A,B,C,D"])
    result = runner.invoke(app, ["score", "add", ledger, "--game", "knorpel", "--declarer",
                                 "A", "--bid", "70", "--points", "50", "--laufende", "mit 1"])
    assert result.exit_code == 2
    assert "Knorpel needs a bid of at least 91" in output(console)
    result = runner.invoke(app, ["score", "add", ledger, "--game", "wutz", "--declarer",
                                 "Xaver", "--bid", "61", "--points", "50", "--laufende", "+1"])
    assert result.exit_code == 2 and "'Xaver' is not a player" in output(console)
    assert json.loads(Path(ledger).read_text())["deals"] == []


@pytest.mark.parametrize("changes,message", [
    ({"game": "sauerei"}, "name the partner"),
    ({"game": "sauerei", "partner": 0}, "another player"),
    ({"game": "sauerei", "partner": 2, "bid": 70}, "capped at 61"),
    ({"partner": 2}, "is a solo"),
    ({"points": 130}, "0 to 120"),
    ({"points": 50, "opponent_points": 60}, "add up to 120"),
    ({"points": 0}, "--tricks"),
    ({"points": 0, "opponent_points": 120, "tricks": 1, "laufende": -1}, ""),
    ({"laufende": 5}, "only 4 trump"),
    ({"laufende": 0}, "has trumps"),
    ({"game": "vegane-mast", "bid": 121, "laufende": 1, "tricks": 0, "points": 0},
     "no Laufende"),
    ({"kontra": 0}, "opponents"),
    ({"re": 0}, "answers a Huftritt"),
    ({"kontra": 1, "re": 2}, "declarer or partner"),
    ({"players": 3}, "--opponent-points"),
    ({"players": 3, "opponent_points": 10}, "99 to 120"),
    ({"players": 3, "game": "sauerei", "partner": 1}, "solos only"),
    ({"game": "schafkopf"}, "unknown game"),
])
def test_build_outcome_names_the_problem(changes: dict[str, object], message: str) -> None:
    args: dict[str, object] = dict(players=4, game="wutz", declarer=0, partner=None, bid=61,
                                   points=70, laufende=2)
    args.update(changes)
    if message == "":  # a valid deal with a zero-point trick: accepted
        assert build_outcome(**args).declarer_tricks == 1  # type: ignore[arg-type]
        return
    with pytest.raises(ScoreInputError, match=message):
        build_outcome(**args)  # type: ignore[arg-type]


def test_parse_laufende_and_bid() -> None:
    assert saukopf_tools.parse_laufende("mit 3") == 3
    assert saukopf_tools.parse_laufende("ohne2") == -2
    assert saukopf_tools.parse_laufende("keine") == 0
    assert saukopf_tools.parse_bid("Schwarz") == 121
    with pytest.raises(ScoreInputError):
        saukopf_tools.parse_laufende("viele")
    with pytest.raises(ScoreInputError):
        saukopf_tools.parse_bid("60")
