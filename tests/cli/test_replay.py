"""saustall replay: steps numbered from 1 as on the play screens, and the final position."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from saustall.bots.base import make_seat_bots
from saustall.cli.main import app
from saustall.core import GameRecord, get
from saustall.core.game import GameState


def play_out(game: str, ruleset: str, players: int, seed: int, options: dict | None = None,
             limit: int = 2000) -> GameState:
    state = get(game, ruleset).new_state(players, seed, options or {})
    bots = make_seat_bots(game, list(range(players)), ["random"], seed)
    for _ in range(limit):
        if state.is_terminal():
            break
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)), seat)
    return state


def replay(tmp_path: Path, state: GameState, *args: str) -> str:
    path = tmp_path / "game.json"
    GameRecord.from_state(state).save(path)
    result = CliRunner().invoke(app, ["replay", str(path), *args])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_drecksau_replay_numbers_players_and_pigs_from_1(tmp_path: Path) -> None:
    state = play_out("drecksau", "dirty-pig", 3, seed=6)
    record = GameRecord.from_state(state)
    text = replay(tmp_path, state)
    targeted = [(i, m) for i, t in enumerate(record.actions, 1)
                if (m := re.fullmatch(r"play (\w+) (\d)\.(\d)", t))]
    assert targeted
    for index, match in targeted:
        player, pig = int(match[2]) + 1, int(match[3]) + 1
        assert re.search(rf"{index}\. Player [1-3]: [^.]* on player {player}'s pig {pig}\b",
                         text), (index, match[0])
    assert "player 0" not in text.lower() and "pig 0" not in text
    # The final table the help promises: every player's pigs, then the winner.
    assert "Final position" in text and "Player 3" in text and "pig 1" in text
    assert "Winner: player" in text


def test_saukopf_replay_shows_the_deals_and_the_ledger(tmp_path: Path) -> None:
    state = play_out("saukopf", "saukopf", 4, seed=3, options={"deals": 1})
    text = replay(tmp_path, state)
    assert "1. Player 2: Bid" in text or "1. Player 2: Pass" in text
    assert "Ledger" in text and "Player 4" in text and "Schlachtmeister: player" in text


def test_a_partial_replay_shows_the_position_at_that_step(tmp_path: Path) -> None:
    state = play_out("drecksau", "dirty-pig", 2, seed=2)
    text = replay(tmp_path, state, "--step", "3")
    assert "3. Player" in text and " 4. " not in text
    assert "Final position after turn 3" in text and "Game in progress" in text


def test_pigasus_replay_shows_scores_and_the_table(tmp_path: Path) -> None:
    from saustall.games.pigasus.terminal import TerminalPigasus

    game = TerminalPigasus(get("pigasus").new_state(3, 5, {}), 0, ["casual"], 1000, 5)
    game.advance(30000)
    text = replay(tmp_path, game.state)
    assert "1. Player" in text and "reveals a card" in text and "Player 0" not in text
    assert "Cards collected: Player 1" in text and "head" in text and "body" in text


def test_a_pigasus_table_of_every_card_draws() -> None:
    """A record can lay all 72 cards face up (nobody grabbing): more slots than keys. The
    replay draws them all (it used to stop with an IndexError); the extra slots show
    unlabelled, and the table still names each card."""
    from saustall.games.pigasus.terminal import LABELS, UNLABELLED, table_lines
    from saustall.games.pigasus.cards import CARDS

    lines = table_lines(list(enumerate(range(len(CARDS)))), per_row=len(CARDS))
    labels = lines[0].split()
    assert len(CARDS) > len(LABELS) and len(labels) == len(CARDS)
    assert labels[:len(LABELS)] == [f"[bold]{key}[/]" for key in LABELS]
    assert set(labels[len(LABELS):]) == {f"[bold]{UNLABELLED}[/]"}


def test_replay_refuses_a_record_of_another_ruleset_revision(tmp_path: Path) -> None:
    state = play_out("drecksau", "dirty-pig", 2, seed=4)
    data = json.loads(GameRecord.from_state(state).to_json())
    data["revision"] = 5
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "drecksau/dirty-pig revision 5" in said and "plays revision 1" in said, said
    assert "Traceback" not in result.output
