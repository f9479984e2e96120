"""Terminal play seats the default bot level, explains every level in --help and names
the seated bots' levels when the game starts."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from saustall.bots.base import level_rating, offered_levels
from saustall.bots.describe import rating_number, rating_text, rating_unit
from saustall.games.pigasus import terminal as play_pigasus
from saustall.games.saukopf import terminal as play_saukopf
from saustall.cli.main import app
from saustall.games.drecksau.terminal import TerminalPlay
from tests.pigasus.helpers import stacked


def flat(text: str) -> str:
    """``text`` with its line breaks and runs of spaces (rich's wrapping) made single."""
    return " ".join(text.replace("│", " ").split())


def test_drecksau_help_lists_every_level_weakest_first_with_the_default(
        named_levels: None) -> None:
    result = CliRunner().invoke(app, ["play", "drecksau", "--help"])
    assert result.exit_code == 0
    text = flat(result.output)
    beginner, club, expert = (text.index(f"{level} (") for level in ("beginner", "club",
                                                                     "expert"))
    assert beginner < club < expert
    assert "club (a real game that a newcomer can win, the default; rated" in text
    assert "beginner (plays loosely and makes mistakes" in text
    others = text.split("other bots:", 1)[1]
    assert all(name in others for name in ("random", "heuristic", "racer"))


def test_drecksau_seats_the_default_level_and_names_it_at_the_start(
        named_levels: None, tmp_path: Path) -> None:
    out = io.StringIO()
    play = TerminalPlay("dirty-pig", players=3, humans=[0], seed=4, record_dir=tmp_path,
                        console=Console(file=out, width=200, color_system=None),
                        input_fn=lambda prompt: "q")
    assert play.levels == {1: "club", 2: "club"}
    play.run()
    text = flat(out.getvalue())
    assert ("Bots: Player 2: club (a real game that a newcomer can win); "
            "Player 3: club (a real game that a newcomer can win)") in text
    assert "Player 2 (club bot)" in text


def test_saukopf_command_seats_the_default_level_and_names_every_bot(
        named_levels: None) -> None:
    out = io.StringIO()
    command = play_saukopf.build_app(console=Console(file=out, width=200, color_system=None))
    result = CliRunner().invoke(command, ["--auto", "--seed", "5", "--deals", "1"])
    assert result.exit_code == 0, result.output
    intro = flat(out.getvalue()).split("Bots:", 1)[1]
    assert intro.count(": club (a real game that a newcomer can win)") == 4
    helped = CliRunner().invoke(command, ["--help"])
    assert "expert (thinks longest and plays its best; rated: " in flat(helped.output)


def test_pigasus_help_explains_the_levels_as_reaction_times(
        capsys: pytest.CaptureFixture[str]) -> None:
    play_pigasus.run_cli("pigasus", ["--help"])
    text = flat(capsys.readouterr().out)
    assert "club (grabs a pair in about 1.4 s: an even game for a newcomer who reacts in " \
           "2 s, the default; rated: " in text
    assert "beginner (grabs a pair about 1.8 s after it shows" in text
    assert "other bots: slow, casual, sharp" in text


@pytest.mark.parametrize("game", ["drecksau", "saukopf", "pigasus"])
def test_help_rates_every_level_that_was_measured(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Each named level's rating, in the words of its scale and rounded as the lobby
    shows it, right after the level's own description."""
    if game == "pigasus":
        play_pigasus.run_cli("pigasus", ["--help"])
        text = flat(capsys.readouterr().out)
    else:
        result = CliRunner().invoke(app, ["play", game, "--help"])
        assert result.exit_code == 0
        text = flat(result.output)
    levels = offered_levels(game)
    rated = [level for level in levels if level_rating(game, level)]
    assert rated, f"no measured level in {game}"
    for level in rated:
        rating = level_rating(game, level)
        assert rating is not None
        words = rating_text(rating, game)
        if rating.low is not None:  # measured, not a yardstick: the figure is told
            assert rating_number(rating.figure, rating_unit(rating.unit, game)) in words
        # within this level's entry: after its name, before the next level's
        start = text.index(f"{level} (")
        later = levels[levels.index(level) + 1:]
        end = text.index(f"{later[0]} (", start) if later else text.index("other bots:")
        assert f"rated" in text[start:end] and flat(words) in text[start:end], text[start:end]


def test_pigasus_seats_club_by_default_and_shows_it_before_the_first_card() -> None:
    game = play_pigasus.TerminalPigasus(stacked(3, ["PC", "GE"]), 0)
    assert game.levels == {1: "club", 2: "club"}
    countdown = flat(game.render(-2000))
    assert "Bots: P2: club (grabs a pair in about 1.4 s" in countdown
    assert "Bots:" not in game.render(500)  # once the cards come, the names say it
    assert "P2 (club)" in game.render(500)
