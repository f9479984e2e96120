"""Every command's help: reachable with -h and --help, exit 0, no reStructuredText marks."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from saustall.cli.main import app
from saustall.core.registry import game_names

COMMANDS = [
    [], ["games"], ["play"], ["play", "drecksau"], ["play", "saukopf"], ["play", "pigasus"],
    ["simulate"], ["simulate", "drecksau"], ["simulate", "saukopf"], ["simulate", "pigasus"],
    ["saukopf"], ["saukopf", "score"], ["saukopf", "score", "new"],
    ["saukopf", "score", "add"], ["saukopf", "score", "show"], ["saukopf", "score", "undo"],
    ["arena"], ["replay"], ["analyze"], ["serve"], ["db"], ["db", "check"], ["db", "backup"],
]


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "saustall")
def test_help_exits_0_and_reads_cleanly(command: list[str], flag: str) -> None:
    result = CliRunner().invoke(app, [*command, flag])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output
    assert "``" not in result.output


def test_play_help_lists_the_games_and_how_to_get_their_options() -> None:
    result = CliRunner().invoke(app, ["play", "--help"])
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    names = game_names()  # every registered game, by name (an installed plugin too)
    assert ", ".join(names[:-1]) + f" or {names[-1]}" in text
    assert {"drecksau", "pigasus", "saukopf"} <= set(names)
    assert "saustall play GAME --help" in text


def test_play_options_without_a_game_go_to_drecksau(tmp_path) -> None:
    result = CliRunner().invoke(app, ["play", "--seed", "3", "--bots", "random",
                                      "--record-dir", str(tmp_path)], input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert list(tmp_path.glob("drecksau-*.json"))
