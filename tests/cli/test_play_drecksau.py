"""Terminal play of Drecksau, driven by scripted input: full games, hot-seat, errors."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Callable, Iterator

import pytest
from rich.console import Console
from typer.testing import CliRunner

from saustall.cli.main import app
from saustall.games.drecksau.terminal import TerminalPlay
from saustall.core import GameRecord
from saustall.games.drecksau.rules_text import CARD_HELP, RULESET_HELP
from saustall.games.drecksau.rulesets import CARD_KINDS


def scripted(first: list[str], then: str = "1", limit: int = 5000) -> Callable[[str], str]:
    """Answer prompts with ``first``, then ``then`` to every move prompt and '' to
    'press Enter'; raise EOFError after ``limit`` prompts."""
    answers: Iterator[str] = iter(first)
    count = 0

    def answer(prompt: str) -> str:
        nonlocal count
        count += 1
        if count > limit:
            raise EOFError
        if "press Enter" in prompt:
            return ""
        return next(answers, then)
    return answer


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, color_system=None), out


def test_card_help_covers_every_card_and_ruleset() -> None:
    assert set(CARD_HELP) == set(CARD_KINDS)
    for entry in CARD_HELP.values():
        assert entry["title"] and entry["summary"] and len(entry["details"]) > 60
    assert set(RULESET_HELP) >= {"dirty-pig", "drecksau", "sauschoen", "sauschoen-tournament"}


def test_full_game_against_a_bot_with_bad_input_help_and_saved_record(tmp_path: Path) -> None:
    con, out = console()
    play = TerminalPlay("dirty-pig", players=2, humans=[0], bots=["heuristic"], seed=11,
                        record_dir=tmp_path, console=con,
                        input_fn=scripted(["", "abc", "99", "? mud", "help",
                                           "play farmer 1.0"]))
    state = play.run()
    text = out.getvalue()
    assert state.is_terminal() and not play.quit
    assert "Type the number of a move." in text
    assert "'abc' is not a move" in text
    assert "There is no move 99: choose a number from 1 to" in text
    assert CARD_HELP["mud"]["details"][:40] in text
    assert "How to play" in text and CARD_HELP["lightning"]["summary"] in text
    assert "Not allowed:" in text
    assert "Your hand" in text and "Your moves" in text and "Deck:" in text
    assert "Player 2 (heuristic bot)" in text
    assert "won" in text or "Nobody won" in text
    # The record is saved and replays to the same end.
    assert play.record_path is not None and play.record_path.parent == tmp_path
    record = GameRecord.load(play.record_path)
    assert record.meta["finished"] is True and record.meta["humans"] == [0]
    replayed = record.replay()
    assert replayed.is_terminal()
    assert replayed.winners() == state.winners() == record.winners
    assert replayed.history == state.history


def test_bot_moves_are_told_in_plain_words(tmp_path: Path) -> None:
    con, out = console()
    TerminalPlay("drecksau", players=3, humans=[0], bots=["random"], seed=2,
                 record_dir=tmp_path, console=con, input_fn=scripted([])).run()
    text = out.getvalue()
    assert "Since your last move:" in text
    assert "Player 2 (random bot): " in text and "Player 3 (random bot): " in text


def test_typed_notation_is_accepted(tmp_path: Path) -> None:
    con, out = console()
    play = TerminalPlay("dirty-pig", players=2, humans=[0], bots=["random"], seed=5,
                        record_dir=tmp_path, console=con, input_fn=scripted([], limit=1))
    legal = play.state.legal_actions()
    notation = play.game.encode_action(legal[-1])
    play.input_fn = scripted([notation], then="q")
    state = play.run()
    assert state.history[0] == legal[-1]


def test_hotseat_hides_each_hand_until_its_player_is_ready(tmp_path: Path) -> None:
    con, out = console()
    clears: list[int] = []
    con.clear = lambda *args, **kwargs: (out.write("<<CLEAR>>"), clears.append(1))  # type: ignore[method-assign]
    seen: list[tuple[str, str]] = []

    def answer(prompt: str) -> str:
        seen.append((prompt, out.getvalue()))
        if len(seen) > 4000:
            raise EOFError
        return "" if "press Enter" in prompt else "1"

    play = TerminalPlay("dirty-pig", players=2, humans=[0, 1], bots=[], seed=8,
                        record_dir=tmp_path, console=con, input_fn=answer)
    state = play.run()
    assert state.is_terminal()
    handovers = [(prompt, screen) for prompt, screen in seen if "press Enter" in prompt]
    assert len(handovers) >= 2
    assert {p.split(":")[0] for p, _ in handovers} == {"Player 1", "Player 2"}
    for prompt, screen in handovers:
        since_clear = screen.rsplit("<<CLEAR>>", 1)[-1]
        assert "Your hand" not in since_clear, prompt
    # After the prompt the hand appears, drawn for the right player.
    moves = [(p, s) for p, s in seen if "your move" in p]
    assert all(s.rsplit("<<CLEAR>>", 1)[-1].count("Your hand") == 1 for _, s in moves)
    assert "Player 1 (you)" not in out.getvalue()


def test_tournament_shows_stacks_scores_and_round_results(tmp_path: Path) -> None:
    con, out = console()
    play = TerminalPlay("sauschoen-tournament", players=2, humans=[0], bots=["heuristic"],
                        seed=4, record_dir=tmp_path, console=con, input_fn=scripted([]))
    state = play.run()
    text = out.getvalue()
    assert state.is_terminal()
    assert "Tournament" in text and "Trophies left (pretty wins)" in text
    assert "Mud buckets left (dirty wins)" in text
    assert "Round 1: " in text and ("mud bucket worth 1" in text or "trophy worth 1" in text)
    assert "points" in text
    record = GameRecord.load(play.record_path)  # type: ignore[arg-type]
    assert record.replay().winners() == state.winners()


def test_quitting_saves_the_unfinished_game(tmp_path: Path) -> None:
    con, out = console()
    play = TerminalPlay("sauschoen", players=2, humans=[0], bots=["heuristic"], seed=1,
                        record_dir=tmp_path, console=con, input_fn=scripted(["1", "1"], "q"))
    state = play.run()
    assert play.quit and not state.is_terminal()
    assert "Game stopped." in out.getvalue()
    record = GameRecord.load(play.record_path)  # type: ignore[arg-type]
    assert record.meta["finished"] is False
    assert record.replay().history == state.history


def test_end_of_input_stops_the_game_cleanly(tmp_path: Path) -> None:
    con, _ = console()
    play = TerminalPlay("dirty-pig", players=2, humans=[0], bots=["random"], seed=1,
                        record_dir=tmp_path, console=con, input_fn=scripted([], limit=0))
    play.run()
    assert play.quit and play.record_path is not None and play.record_path.exists()


def test_play_command_runs_a_game_from_standard_input(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["play", "drecksau", "--ruleset", "drecksau", "--seed", "3",
                                 "--bots", "random", "--record-dir", str(tmp_path)],
                           input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Game record saved to" in result.output
    saved = list(tmp_path.glob("drecksau-drecksau-3-*.json"))
    assert len(saved) == 1
    assert GameRecord.load(saved[0]).replay().is_terminal()


@pytest.mark.parametrize("args, words", [
    (["--ruleset", "nope"], "no ruleset 'nope'"),
    (["--players", "9"], "2-6 players, not 9"),
    (["--humans", "3"], "--humans must be between 0 and 2"),
    (["--bots", "genius"], "unknown bot 'genius'"),
    (["--players", "4", "--bots", "random,random"], "2 bot levels given for 3 bot seat(s)"),
    (["--ruleset", "drecksau", "--option", "hand_size=7"], "must be one of 3, 4"),
])
def test_play_command_names_bad_input(args: list[str], words: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "drecksau", "--record-dir", str(tmp_path), *args])
    assert result.exit_code == 2
    assert words in " ".join(result.output.split())


def test_play_command_help() -> None:
    result = CliRunner().invoke(app, ["play", "drecksau", "--help"])
    assert result.exit_code == 0
    assert "--hotseat" in result.output and "--record-dir" in result.output


def test_play_command_saves_by_default_and_no_record_turns_it_off(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["play", "drecksau", "--seed", "3", "--bots", "random"]
    result = CliRunner().invoke(app, args, input="1\n" * 400)
    assert result.exit_code == 0 and "Game record saved to" in result.output
    assert len(list((tmp_path / "records").glob("drecksau-*.json"))) == 1
    result = CliRunner().invoke(app, [*args, "--no-record"], input="1\n" * 400)
    assert result.exit_code == 0 and "saved" not in result.output
    assert len(list((tmp_path / "records").glob("drecksau-*.json"))) == 1


def test_odd_digits_at_the_move_prompt_are_no_move_number(tmp_path: Path) -> None:
    """Digits ``int`` refuses (``²``, 5,000 nines) are read as no number, not a crash."""
    con, out = console()
    play = TerminalPlay("dirty-pig", players=2, humans=[0], bots=["random"], seed=1,
                        record_dir=tmp_path, console=con,
                        input_fn=scripted(["\u00b2", "9" * 5000], then="q"))
    play.run()
    text = out.getvalue()
    assert play.quit and "'\u00b2' is not a move" in text
