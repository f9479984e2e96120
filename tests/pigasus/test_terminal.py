"""Terminal play driven by a fake clock and scripted keys, and both Pigasus commands."""

from __future__ import annotations

import json

import pytest
import typer
from rich.text import Text

from saustall.games.pigasus import simulate_cli as simulate_pigasus
from saustall.games.pigasus import terminal as play_pigasus
from saustall.games.pigasus.terminal import LABELS, TerminalPigasus, run_loop
from saustall.core import GameRecord

from .helpers import new_game, stacked


class Script:
    """A fake clock and keyboard: keys arrive at given ms, time jumps while waiting."""

    def __init__(self, keys: list[tuple[int, str]], stop_at: int | None = None) -> None:
        self.keys = list(keys)
        self.now = 0
        self.stop_at = stop_at
        self.screens: list[str] = []
        self.game: TerminalPigasus | None = None

    def clock(self) -> int:
        return self.now

    def read_key(self, timeout: float) -> str | None:
        if self.stop_at is not None and self.now >= self.stop_at and self.game is not None:
            self.game.quit = True
        if self.keys and self.keys[0][0] <= self.now + timeout * 1000:
            at, key = self.keys.pop(0)
            self.now = max(self.now, at)
            return key
        self.now += max(1, int(timeout * 1000))
        return None

    def draw(self, markup: str) -> None:
        self.screens.append(Text.from_markup(markup).plain)

    def run(self, game: TerminalPigasus) -> str:
        self.game = game
        run_loop(game, self.clock, self.read_key, self.draw)
        return self.screens[-1]


def log_text(game: TerminalPigasus) -> list[str]:
    return [line.text for line in game.log]


def test_cards_appear_at_a_steady_pace():
    game = TerminalPigasus(stacked(2, ["PC", "GE", "HS"]), 0, ["slow"], pace_ms=800)
    game.advance(2399)
    assert [e["at"] for e in game.state.view(0)["table"]] == [800, 1600]
    game.advance(2400)
    assert len(game.state.table_cards()) == 3


def test_right_then_wrong_grab_by_the_person():
    game = TerminalPigasus(stacked(3, ["PC", "GE", "CP", "HS"]), 0, ["slow"], pace_ms=1000)
    screen = Script([(3300, " "), (3800, "a"), (4000, "c"), (4600, " "), (5000, "0")],
                    stop_at=5500).run(game)
    assert log_text(game)[:4] == [
        "You grab the Pigasus!", "RIGHT: You take Pig/Croc + Croc/Pig.",
        "You grab the Pigasus!", "WRONG: You pointed at no pair and give back 2 cards."]
    assert game.state.scores()[0] == 0 and game.state.view(None)["box_count"] == 2
    assert "Scores: You 0" in screen


def test_each_letter_points_at_a_card():
    game = TerminalPigasus(stacked(2, ["PC", "GE", "CP"]), 0, ["slow"], pace_ms=1000)
    game.advance(3000)
    game.press(" ", 3100)
    assert game.pointing
    game.press("a", 3200)
    game.press("a", 3250)  # already pointed at: ignored
    game.press("z", 3260)  # no card there: ignored
    assert game.pointed == (game.state.table[0],)
    screen = Text.from_markup(game.render(3300)).plain
    assert "You hold the Pigasus!" in screen and "Pointing at: Pig/Croc" in screen
    game.press("c", 3400)
    assert game.state.scores() == [2, 0] and not game.pointing


def test_too_late_when_a_bot_holds_the_pigasus():
    game = TerminalPigasus(stacked(2, ["PC", "CP"]), 0, ["sharp"], pace_ms=1000)
    t = 2000
    while game.state.phase != "held":
        t += 10
        game.advance(t)
    assert log_text(game)[-1] == "P2 (sharp) grabs the Pigasus!"
    late = game.state.held_since + game.state.window + 1
    game.press(" ", late)
    assert game.state.phase == "held", "the bot pointed already; pick another seed"
    assert log_text(game)[-1] == "Too late: someone else holds the Pigasus."
    game.advance(late + 5000)
    assert "RIGHT: P2 (sharp) takes Pig/Croc + Croc/Pig." in log_text(game)
    screen = Text.from_markup(game.render(late + 5000)).plain
    assert "P2 (sharp) 2" in screen


def test_pace_keys_change_the_pace_within_limits():
    game = TerminalPigasus(stacked(2, ["PC"]), 0, ["casual"], pace_ms=1500)
    game.press("+", 0)
    assert game.pace_ms == 1250 and game.bots[1].deal_interval_ms == 1250
    for _ in range(20):
        game.press("+", 0)
    assert game.pace_ms == play_pigasus.MIN_PACE_MS
    game.press("-", 0)
    assert game.pace_ms == play_pigasus.MIN_PACE_MS + play_pigasus.PACE_STEP_MS
    game.advance(game.pace_ms)
    assert len(game.state.table_cards()) == 1


def test_a_whole_game_against_bots_ends_with_the_result():
    game = TerminalPigasus(new_game(3, seed=9), 0, ["casual", "slow"], pace_ms=600, seed=9)
    screen = Script([]).run(game)
    assert game.finished
    assert "Game over:" in screen and "Game over:" in log_text(game)[-1]
    replayed = GameRecord.from_json(game.state.record().to_json()).replay()
    assert replayed.winners() == game.state.winners()


def test_team_game_names_teams():
    game = TerminalPigasus(stacked(4, ["PC", "CP"], "pigasus-teams"), 0, ["sharp"],
                           pace_ms=1000)
    screen = Text.from_markup(game.render(0)).plain
    assert "Team 1 (yours) 0" in screen and "Team 2 0" in screen


def test_labels_cover_the_largest_table():
    assert len(set(LABELS)) == len(LABELS) >= 56
    # While pointing, letters pick cards; the no-pair keys must not be card labels.
    assert not set(LABELS) & set(play_pigasus.NO_PAIR_KEYS)


def test_card_letters_collide_with_no_command_key():
    commands = set(play_pigasus.GRAB_KEYS) | set(play_pigasus.QUIT_KEYS) | {"+", "-"}
    assert not set(LABELS) & commands
    game = TerminalPigasus(stacked(2, ["PC", "GE"]), 0, ["slow"], pace_ms=1000)
    for key in "qgQG":  # letters: no grab, no quit, no question
        game.press(key, 100)
    assert not game.quit and not game.confirming_quit and not game.pointing


def test_a_stray_key_never_ends_the_game_without_asking():
    game = TerminalPigasus(stacked(2, ["PC", "GE", "HS"]), 0, ["slow"], pace_ms=1000)
    game.press(play_pigasus.ESC, 100)
    assert game.confirming_quit and not game.quit
    assert "Quit the game?" in Text.from_markup(game.render(100)).plain
    game.press("x", 200)  # anything but y plays on
    assert not game.confirming_quit and not game.quit
    game.press(play_pigasus.CTRL_C, 300)
    game.press(" ", 1200)  # a grab answers "no" and still grabs
    assert not game.quit and game.pointing
    game.press("0", 1300)
    game.press(play_pigasus.ESC, 1400)
    game.press("y", 1500)
    assert game.quit and not game.finished


def test_keys_typed_together_all_count():
    game = TerminalPigasus(stacked(2, ["PC", "GE", "CP"]), 0, ["slow"], pace_ms=1000)
    # The grab and both letters arrive in one read: all three must count at once.
    Script([(3100, " ac")], stop_at=3400).run(game)
    assert log_text(game)[:2] == ["You grab the Pigasus!", "RIGHT: You take Pig/Croc + Croc/Pig."]
    assert game.state.scores() == [2, 0]


def test_escape_sequences_are_one_key():
    assert play_pigasus.split_keys("\x1b[Aab\x1bOP\x1b[15~c") == ["a", "b", "c"]
    assert play_pigasus.split_keys("\x1b") == ["\x1b"]
    assert play_pigasus.split_keys("a\x1b") == ["a", "\x1b"]


def test_table_shows_each_head_above_its_body_in_aligned_columns():
    game = TerminalPigasus(stacked(2, ["PC", "GE", "CP"]), 0, ["slow"], pace_ms=1000)
    game.advance(3000)
    lines = Text.from_markup(game.render(3000)).plain.splitlines()
    labels = next(i for i, line in enumerate(lines) if line.strip().startswith("a "))
    heads, bodies = lines[labels + 1], lines[labels + 2]
    assert heads.startswith("head") and bodies.startswith("body")
    col = {key: lines[labels].index(key) for key in "abc"}
    # The pair a (pig body, croc head) and c (croc body, pig head) reads as a cross.
    assert heads[col["a"]:].startswith("Croc") and bodies[col["a"]:].startswith("Pig")
    assert heads[col["c"]:].startswith("Pig") and bodies[col["c"]:].startswith("Croc")
    assert heads[col["b"]:].startswith("Elephant") and bodies[col["b"]:].startswith("Giraffe")


def test_a_game_is_saved_even_when_stopped(tmp_path):
    from rich.console import Console
    import io

    game = TerminalPigasus(stacked(2, ["PC", "GE", "CP"]), 0, ["slow"], pace_ms=1000, seed=4)
    game.advance(2500)
    out = io.StringIO()
    path = play_pigasus.save_game(game, tmp_path, Console(file=out, width=200))
    assert path is not None and path.parent == tmp_path and path.name.startswith("pigasus-")
    assert "Record saved to" in out.getvalue() and str(path) in out.getvalue()
    record = GameRecord.load(path)
    assert record.meta["finished"] is False
    assert record.replay().history == game.state.history
    assert play_pigasus.save_game(game, None, Console(file=io.StringIO())) is None


def test_play_command_help_and_errors(capsys):
    with pytest.raises(typer.Exit):
        play_pigasus.run_cli("pigasus", ["--bots", "wizard"])
    play_pigasus.run_cli("pigasus", ["--help"])
    assert "--pace" in capsys.readouterr().out
    with pytest.raises(typer.Exit) as stopped:  # stdin is not a terminal under pytest
        play_pigasus.run_cli("pigasus", ["--seed", "1"])
    assert stopped.value.exit_code == 2
    assert "terminal" in capsys.readouterr().out


def test_simulate_command_reports_scores_grabs_and_length(capsys):
    simulate_pigasus.run_cli("pigasus", ["-n", "3", "-p", "3", "--bots", "sharp,slow",
                                         "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3 and len(summary["seats"]) == 3
    assert [s["level"] for s in summary["seats"]] == ["sharp", "slow", "sharp"]
    assert summary["grabs"] == sum(s["grabs"] for s in summary["seats"]) > 0
    assert summary["length_s"]["value"] > 56 * 1.5
    assert summary["length_s"]["low"] <= summary["length_s"]["value"] <= summary["length_s"]["high"]
    simulate_pigasus.run_cli("pigasus", ["-n", "2", "--ruleset", "pigasus-teams"])
    out = capsys.readouterr().out
    assert "Game length" in out and "wrong" in out and "team" in out
    with pytest.raises(typer.Exit):
        simulate_pigasus.run_cli("pigasus", ["-o", "window_ms=5000"])


def test_main_cli_dispatches_to_the_pigasus_commands():
    from typer.testing import CliRunner

    from saustall.cli.main import app

    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "pigasus", "-n", "1", "-p", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 1
    result = runner.invoke(app, ["play", "pigasus", "--players", "2"])
    assert result.exit_code == 2 and "terminal" in result.output
