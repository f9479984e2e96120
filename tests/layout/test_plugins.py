"""A game from another package, found by its entry point, on every surface of the CLI;
and a broken plugin named in a clear error while the other games play on.

The package (``tests/layout/plugin/pebbles_game``) is made visible the way an install
would: a ``*.dist-info`` directory with its ``entry_points.txt`` on ``sys.path``, read by
``importlib.metadata``. The commands run in a fresh interpreter, so this process keeps
its own registry.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PLUGIN_SOURCE = Path(__file__).parent / "plugin"
SRC = Path(__file__).resolve().parents[2] / "src"


def install(where: Path, name: str, entry_points: dict[str, str]) -> None:
    """A distribution's metadata in ``where``, as pip leaves it (no code copied)."""
    info = where / f"{name}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    lines = "".join(f"{game} = {value}\n" for game, value in entry_points.items())
    (info / "entry_points.txt").write_text(f"[saustall.games]\n{lines}")


def saustall(where: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``saustall ARGS`` in a fresh interpreter that sees the plugin package in ``where``."""
    env = dict(os.environ, COLUMNS="200",
               PYTHONPATH=os.pathsep.join([str(where), str(PLUGIN_SOURCE), str(SRC),
                                           os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-c", "from saustall.cli.main import app; app()",
                           *args], input=stdin, capture_output=True, text=True, env=env,
                          cwd=where, timeout=300)


@pytest.fixture()
def site(tmp_path: Path) -> Path:
    install(tmp_path, "pebbles_game", {"pebbles": "pebbles_game.support:SUPPORT"})
    return tmp_path


def test_a_plugin_game_is_listed_played_simulated_compared_and_replayed(site: Path) -> None:
    listed = saustall(site, "games")
    assert listed.returncode == 0, listed.stderr
    assert "pebbles" in listed.stdout and "drecksau" in listed.stdout

    played = saustall(site, "play", "pebbles", "--seed", "4", "--record-dir", "records",
                      stdin="1\n" * 20)
    assert played.returncode == 0, played.stderr + played.stdout
    assert "Player 1's view" in played.stdout and "take 1 of 15" in played.stdout
    assert "Winner: player" in played.stdout
    record = next((site / "records").glob("pebbles-*.json"))

    replayed = saustall(site, "replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert "pebbles/pebbles" in replayed.stdout and "Winner: player" in replayed.stdout
    assert "pile" in replayed.stdout  # the generic drawing: the public view's fields

    simulated = saustall(site, "simulate", "pebbles", "--players", "2", "--games", "40",
                         "--bots", "random", "--workers", "1", "--json")
    assert simulated.returncode == 0, simulated.stderr
    summary = json.loads(simulated.stdout)["summary"]
    assert summary["games"] == 40 and summary["draws"] == 0

    compared = saustall(site, "arena", "pebbles", "--bots", "random,leave-four", "--games",
                        "30", "--workers", "1", "--json", "arena.json")
    assert compared.returncode == 0, compared.stderr + compared.stdout
    arena = json.loads((site / "arena.json").read_text())
    assert arena["games"] == 60 and set(arena["results"]) == {"random", "leave-four"}
    # the game's own bot (registered through its record) plays the winning rule
    assert arena["results"]["leave-four"]["mean"] > arena["results"]["random"]["mean"]


def test_a_broken_plugin_is_named_and_the_other_games_still_play(tmp_path: Path) -> None:
    install(tmp_path, "broken_game", {"broken": "no_such_module.support:SUPPORT",
                                      "pebbles": "pebbles_game.support:SUPPORT"})
    listed = saustall(tmp_path, "games")
    assert listed.returncode == 0, listed.stderr
    assert "not loaded: broken" in listed.stdout and "no_such_module" in listed.stdout
    assert "pebbles" in listed.stdout and "saukopf" in listed.stdout

    asked = saustall(tmp_path, "play", "broken")
    assert asked.returncode == 2
    assert "game 'broken': cannot import 'no_such_module.support'" in asked.stdout

    simulated = saustall(tmp_path, "simulate", "drecksau", "--players", "2", "--games", "4",
                         "--bots", "random", "--workers", "1", "--json")
    assert simulated.returncode == 0, simulated.stderr
