"""``saustall simulate pigasus`` on par with the common simulator: workers, rotation,
intervals, per-game lines and the report."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from saustall.cli.main import app
from saustall.games.pigasus.simulate_cli import run_simulation


def test_workers_give_the_same_figures_as_one_process() -> None:
    args = dict(players=3, levels=["expert", "beginner"], games=6, seed=4, rotate=True)
    one = run_simulation(workers=1, **args)
    two = run_simulation(workers=2, **args)
    assert one == two
    # rotation: every seat held each bot in turn
    assert {seat["level"] for seat in one["seats"]} == {"beginner/expert"}
    for seat in one["seats"]:
        share, cards = seat["win_share"], seat["mean_cards"]
        assert 0.0 <= share["low"] <= share["value"] <= share["high"] <= 1.0
        assert 0.0 <= cards["low"] <= cards["value"] <= cards["high"]
    assert one["length_range_s"]["shortest"] <= one["length_s"]["value"]
    tie = one["tiebreaks"]
    assert tie["n"] == 6 and 0.0 <= tie["low"] <= tie["high"] <= 1.0


def test_team_play_reports_team_balance_and_writes_games_and_a_report(tmp_path) -> None:
    lines, report = tmp_path / "pig.jsonl", tmp_path / "pig.html"
    done = CliRunner().invoke(app, ["simulate", "pigasus", "-n", "4", "--ruleset",
                                    "pigasus-teams", "--workers", "2", "--out", str(lines),
                                    "--report", str(report)])
    assert done.exit_code == 0, done.output
    assert "Team balance" in done.stdout and "a range, not an interval" in done.stdout
    rows = [json.loads(line) for line in lines.read_text().splitlines()]
    assert [row["index"] for row in rows] == [0, 1, 2, 3]
    # a seat wins what its team wins (not half of it)
    summary = run_simulation(players=4, levels=["club"], games=4, ruleset="pigasus-teams")
    teams = {row["team"]: row["value"] for row in summary["team_balance"]["team_wins"]}
    for seat in summary["seats"]:
        assert seat["win_share"]["value"] == teams[seat["team"] + 1]
    text = report.read_text()
    assert "data:image/png;base64," in text and "http" not in text


def test_a_house_rule_variant_is_simulated_and_named(tmp_path) -> None:
    base = run_simulation(players=2, levels=["sharp"], games=2, seed=5)
    wide = run_simulation(players=2, levels=["sharp"], games=2, seed=5,
                          params={"window_ms": 1000})
    assert "variant" not in base
    assert wide["variant"]["params"] == {"window_ms": 1000}
    # the same seeds under a wider window for simultaneous grabs: other games
    assert wide["events"]["value"] != base["events"]["value"]
    done = CliRunner().invoke(app, ["simulate", "pigasus", "-n", "1", "-p", "2",
                                    "--param", "window_ms=1000", "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["variant"]["params"] == {"window_ms": 1000}
    refused = CliRunner().invoke(app, ["simulate", "pigasus", "-n", "1", "--param",
                                       "event_cap=5"])
    assert refused.exit_code == 2 and "event_cap" in refused.output
