"""The toy game as a separate distribution: installed by ``make test``, found by entry point.

These tests need the package installed (``pip install -e tests/fixtures/saustall-nim``,
which the Makefile's install step does); without it they fail, saying so: a skip would
let a broken install pass unseen.
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from tests.testing.toy import FIXTURE, installed


@pytest.fixture(autouse=True)
def _toy_game_installed() -> None:
    if not installed():
        pytest.fail("saustall-nim is not installed: make test installs it "
                    "(pip install -e tests/fixtures/saustall-nim)")


def test_the_toy_game_declares_its_support_record_in_the_games_entry_point_group() -> None:
    found = {ep.name: ep.value for ep in entry_points(group="saustall.games")}
    assert found.get("nim") == "saustall_nim.support:SUPPORT"


def test_the_toy_games_own_tests_pass_as_its_author_runs_them() -> None:
    """``python -m pytest`` in the package: its rules and, through
    ``saustall.testing.plugin``, one conformance test per check and ruleset."""
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                           "-p", "no:xdist", "-p", "no:randomly"],
                          cwd=FIXTURE, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "6 skipped" in done.stdout and "does not offer world sampling" in done.stdout


def saustall(*args: str, stdin: str | None = None) -> str:
    """Run the ``saustall`` command in this process; its output, after a clean exit."""
    from typer.testing import CliRunner

    from saustall.cli.main import app

    result = CliRunner().invoke(app, list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return result.stdout  # progress goes to standard error


def test_saustall_games_lists_the_toy_game_and_its_rulesets() -> None:
    listed = saustall("games")
    assert "nim" in listed and "misere" in listed


def test_saustall_play_finishes_a_game_with_the_generic_text_client() -> None:
    # the first listed move, every time: 12 counters end the game within 12 moves
    played = saustall("play", "nim", "--players", "2", "--bots", "perfect", "--seed", "3",
                      "--no-record", stdin="1\n" * 12)
    assert "take 1 from pile" in played
    assert "Winner: player" in played


@pytest.mark.parametrize("ruleset", ["nim", "misere"])
def test_saustall_simulate_plays_the_toy_games_bots_to_the_end(ruleset: str) -> None:
    summary = json.loads(saustall("simulate", "nim", "--ruleset", ruleset, "--players", "2",
                                  "--games", "40", "--bots", "perfect,random", "--json",
                                  "--workers", "1"))
    assert summary["summary"]["games"] == 40
    # every game ends with one winner of two: no draw, no game stopped by a cap
    assert sum(seat["wins"]["successes"] for seat in summary["summary"]["seats"]) == 40


def test_saustall_arena_ranks_the_toy_games_bots(tmp_path: Path) -> None:
    summary_file = tmp_path / "arena.json"
    saustall("arena", "nim", "--players", "2", "--bots", "random,perfect", "--games", "10",
             "--workers", "1", "--json", str(summary_file))
    summary = json.loads(summary_file.read_text())
    assert summary["games"] == 20  # ten deals, each bot in each seat
    results = summary["results"]
    assert results["perfect"]["mean"] > results["random"]["mean"]
