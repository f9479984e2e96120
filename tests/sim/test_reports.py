"""Reports, game files and backends of the simulators: what a designer's tools rely on."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from saustall.arena.simulate import GameResult, Summary, simulate, summary_dict
from saustall.bots.base import make_bot, register_bot
from saustall.cli.main import app
from saustall.cli.simulate import GamesFile, run_cli

EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*['"]?\s*(?:https?:)?//""", re.IGNORECASE)


def self_contained(text: str) -> None:
    """Nothing in the page is fetched from elsewhere."""
    assert not EXTERNAL.search(text), EXTERNAL.search(text)
    assert "<script" not in text.lower()
    assert text.count("data:image/png;base64,") >= 2


def test_simulate_report_is_self_contained_with_plots_and_escaped_names(tmp_path) -> None:
    register_bot("drecksau", "<b>sly</b>", type(make_bot("drecksau", "random", 0)))
    report = tmp_path / "sim.html"
    out = io.StringIO()
    run_cli("drecksau", ["--games", "20", "--workers", "1", "--bots", "<b>sly</b>,heuristic",
                         "--report", str(report)], console=Console(file=out, width=200))
    text = report.read_text()
    self_contained(text)
    assert "&lt;b&gt;sly&lt;/b&gt;" in text and "<b>sly</b>" not in text
    for heading in ("Seats", "First player", "Game length (actions)", "What the figures mean"):
        assert f"<h2>{heading}</h2>" in text
    assert "First-player advantage withheld" in text  # different bots, not rotated


def test_saukopf_report_charts_its_game_kinds_and_json_has_records(tmp_path) -> None:
    report = tmp_path / "sk.html"
    out = io.StringIO()
    run_cli("saukopf", ["--games", "2", "--workers", "1", "--bots", "heuristic", "--report",
                        str(report)], console=Console(file=out, width=200))
    text = report.read_text()
    self_contained(text)
    assert "kinds" in text and "The game&#x27;s own figures" in text
    assert "every seat acts first once" in text  # Saukopf withholds the first player's edge
    out = io.StringIO()
    run_cli("saukopf", ["--games", "2", "--workers", "1", "--bots", "heuristic", "--json"],
            console=Console(file=out, width=200))
    figures = json.loads(out.getvalue())["summary"]["saukopf"]
    kinds = figures["kinds"]  # records, not [name, share] pairs
    assert all(isinstance(row, dict) and {"name", "count", "total", "low", "high"} <= set(row)
               for row in kinds)
    seat = figures["seats"][0]
    net = seat["net_per_deal_ci"]
    assert net["low"] <= net["value"] <= net["high"] and net["n"] == 2


def test_games_file_lines_can_be_read_after_the_first_game(tmp_path) -> None:
    path = tmp_path / "games.jsonl"
    written = GamesFile(path, {"game": "drecksau", "ruleset": "dirty-pig"})
    result = GameResult(index=0, seed=5, bots=("random", "random"), winners=(1,),
                        returns=(0.0, 1.0), length=12, capped=False, first_player=0)
    written.add(result)
    # before the run ends, another reader sees a whole line
    first = path.read_text().splitlines()
    assert len(first) == 1 and json.loads(first[0])["winners"] == [1]
    written.add(result)
    assert len(path.read_text().splitlines()) == 2
    written.finish()


def test_a_killed_simulation_leaves_a_valid_line_per_finished_game(tmp_path) -> None:
    path = tmp_path / "games.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    running = subprocess.Popen(
        [sys.executable, "-m", "saustall.cli.main", "simulate", "drecksau", "--games",
         "1000000", "--workers", "1", "--out", str(path)], env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(1200):  # until a few chunks are written (no time is assumed)
            if path.exists() and len(path.read_bytes().splitlines()) >= 3:
                break
            if running.poll() is not None:
                break
            time.sleep(0.25)
    finally:
        running.kill()
        running.wait()
    lines = path.read_text().splitlines()
    assert len(lines) >= 3
    rows = [json.loads(line) for line in lines]  # every line whole, whatever was cut off
    assert [row["index"] for row in rows] == list(range(len(rows)))


def test_progress_goes_to_stderr_even_with_json() -> None:
    done = CliRunner().invoke(app, ["simulate", "drecksau", "--games", "6", "--workers", "1",
                                    "--json"])
    assert done.exit_code == 0
    json.loads(done.stdout)  # stdout is the JSON alone
    assert "simulating: 6/6" in done.stderr


def test_summary_json_is_records_with_intervals() -> None:
    result = simulate("drecksau", "dirty-pig", 2, ["racer"], 30, seed=2, workers=1)
    data = summary_dict(result.summary, "drecksau")
    assert data["first_player_advantage_ci"]["n"] == 30  # the same bot everywhere: given
    assert data["first_player_withheld"] == ""
    for seat in data["seats"]:
        ci = seat["mean_return_ci"]
        assert 0.0 <= ci["low"] <= ci["value"] <= ci["high"] <= 1.0
    assert all(set(row) == {"actions", "games"} for row in data["lengths"])
    assert sum(row["games"] for row in data["lengths"]) == 30


class _NoRay(RuntimeError):
    pass


@pytest.fixture
def ray_that_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray's start fails as it does on a loaded machine (deterministically: no timing)."""
    import ray

    def fail(*args: object, **kwargs: object) -> None:
        raise _NoRay("Timed out after 60 seconds waiting for the local Ray node to start.\n"
                     "  File \"/ray/_private/node.py\", line 1234, in start\n" * 30)

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", fail)
    monkeypatch.setattr(ray, "shutdown", lambda: None)


@pytest.mark.parametrize("args", [
    ["simulate", "drecksau", "--games", "4", "--backend", "ray"],
    ["arena", "drecksau", "--bots", "random,heuristic", "--games", "2", "--backend", "ray"],
    ["census", "--deals", "2", "--bot", "heuristic", "--backend", "ray"],
    ["study", "drecksau", "--bots", "random", "--games", "2", "--backend", "ray"],
])
def test_a_failed_ray_start_is_one_line_naming_the_cause_and_the_way_out(
        ray_that_fails: None, args: list[str]) -> None:
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 2
    text = done.output.strip()
    lines = [line for line in text.splitlines()
             if line.strip() and not line.startswith(("simulating", "study", "census"))]
    assert len(lines) == 1, text
    assert lines[0].startswith("error: Ray did not start")
    assert "Timed out after 60 seconds" in lines[0] and "--backend local" in lines[0]
    assert "Traceback" not in text and "node.py" not in text
