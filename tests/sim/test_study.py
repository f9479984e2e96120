"""``saustall study``: the same games under several bots, disagreements flagged."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from saustall.arena.study import FIRST, Variant, length_name, paired_difference, run_study
from saustall.bots.base import make_bot, register_bot
from saustall.cli.main import app


LENGTH = length_name("turns")
"""Drecksau's length figure in a study: its own unit, turns, paired by seed."""


@pytest.fixture(scope="module", autouse=True)
def random_twin() -> None:
    """A second name for the random bot: a bot that must agree with random everywhere."""
    register_bot("drecksau", "random-twin", type(make_bot("drecksau", "random", 0)))


def test_paired_difference_uses_newcombe_for_wins_and_t_for_lengths() -> None:
    a = [1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0] * 25
    b = [1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0] * 25
    found, method = paired_difference(a, b, share_like=True)
    assert method == "paired Newcombe" and found.value == 0.0 and found.n == 200
    assert -1.0 <= found.low < 0.0 < found.high <= 1.0
    lengths, method = paired_difference([10.0, 12.0, 14.0], [20.0, 23.0, 25.0], False)
    assert method == "paired t" and lengths.value == pytest.approx(32 / 3)
    assert lengths.excludes_zero()


def test_a_study_flags_where_bots_disagree_and_not_where_they_agree() -> None:
    result = run_study("drecksau", ["random", "random-twin", "heuristic"], 40,
                       ruleset="dirty-pig", players=2, seed=3, workers=1)
    by_pair = {(c.figure, c.a, c.b): c for c in result.across_bots}
    # the twin plays the same games as random: every difference is exactly 0, never flagged
    twins = [c for c in result.across_bots if {c.a, c.b} == {"random", "random-twin"}]
    assert twins and not any(c.flagged for c in twins)
    assert all(c.difference.value == 0 for c in twins)
    # random games run far longer than the heuristic's (about 80 turns against 34)
    length = by_pair[(LENGTH, "random", "heuristic")]
    assert length.flagged and length.difference.high < 0
    assert LENGTH in result.flagged()
    assert result.first_player_withheld == ""  # one bot in every seat: a pure seat effect
    first = next(r for r in result.run("heuristic").rows if r.name == FIRST)
    assert 0.0 <= first.interval.low <= first.interval.value <= first.interval.high <= 1.0


def test_a_variant_is_compared_with_the_base_on_the_same_seeds() -> None:
    result = run_study("drecksau", ["random"], 30, ruleset="dirty-pig", players=2, seed=1,
                       workers=1, variant=Variant(ruleset="dirty-pig",
                                                  options={"turn_cap": 10}))
    assert result.variant == "dirty-pig turn_cap=10"
    assert {c.figure for c in result.against_base} >= {FIRST, LENGTH}
    # random games take about 80 actions: a cap of 10 turns stops nearly all of them
    capped = next(c for c in result.against_base if c.figure == "turn cap hit")
    assert capped.method == "paired Newcombe" and capped.flagged and capped.difference.low > 0
    shorter = next(c for c in result.against_base if c.figure == LENGTH)
    assert shorter.method == "paired t" and shorter.difference.high < 0
    same = run_study("drecksau", ["random"], 30, ruleset="dirty-pig", players=2, seed=1,
                     workers=1, variant=Variant(ruleset="dirty-pig"))
    # the base against itself: the same games, differences exactly 0
    assert all(c.difference.value == 0 and not c.flagged for c in same.against_base)


def test_the_study_command_prints_flags_json_and_a_report(tmp_path) -> None:
    report = tmp_path / "study.html"
    runner = CliRunner()
    done = runner.invoke(app, ["study", "drecksau", "--bots", "random,heuristic", "--games",
                               "20", "--players", "2", "--workers", "1", "--report",
                               str(report)])
    assert done.exit_code == 0, done.output
    assert "bots disagree" in done.stdout and "first-player advantage under heuristic" \
        in done.stdout
    text = report.read_text()
    assert "data:image/png;base64," in text and "Figures by bot" in text
    data = json.loads(runner.invoke(app, ["study", "drecksau", "--bots", "random,heuristic",
                                          "--games", "10", "--players", "2", "--workers",
                                          "1", "--json"]).stdout)
    assert {row["bot"] for row in data["figures"]} == {"random", "heuristic"}
    assert all(row["low"] <= row["value"] <= row["high"] for row in data["figures"]
               if row["low"] is not None)
    assert LENGTH in data["flagged"]
    refused = runner.invoke(app, ["study", "drecksau", "--bots", "random,nobody"])
    assert refused.exit_code == 2 and "nobody" in refused.output
    assert "Traceback" not in refused.output


def test_a_house_rule_variant_from_param_is_paired_with_the_base(tmp_path) -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["study", "drecksau", "--ruleset", "dirty-pig", "--bots",
                               "heuristic", "--games", "30", "--players", "2", "--workers",
                               "1", "--seed", "1", "--param", "pigs_per_player=4", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["variant"] == "dirty-pig pigs_per_player=4"
    assert data["variant_params"] == {"pigs_per_player": 4}
    changes = {row["figure"]: row for row in data["against_base"]}
    # four pigs instead of five: about 10 turns fewer a game (35 against 24)
    assert changes[LENGTH]["method"] == "paired t" and changes[LENGTH]["high"] < 0
    # the game's own facts (win kinds) are compared too, with their intervals; its turns
    # are the length row (paired), not a second copy beside it
    assert "win kinds / dirty" in changes and "turns" not in changes
    assert "game length (actions)" not in changes
    file = tmp_path / "four-pigs.toml"
    file.write_text('name = "four-pigs"\n[params]\npigs_per_player = 4\n')
    named = json.loads(runner.invoke(app, [
        "study", "drecksau", "--ruleset", "dirty-pig", "--bots", "heuristic", "--games",
        "30", "--players", "2", "--workers", "1", "--seed", "1", "--ruleset-file",
        str(file), "--json"]).stdout)
    assert named["variant"] == "four-pigs"
    assert [r["value"] for r in named["against_base"]] == \
        [r["value"] for r in data["against_base"]]  # the same games, only named
    refused = runner.invoke(app, ["study", "drecksau", "--bots", "heuristic", "--param",
                                  "pigs_per_player=9"])
    assert refused.exit_code == 2 and "pigs_per_player" in refused.output


def test_a_pigasus_study_puts_levels_side_by_side_and_pairs_a_variant(tmp_path) -> None:
    result = run_study("pigasus", ["casual", "club"], 4, players=3, seed=2, workers=1,
                       variant=Variant(params={"window_ms": 600}))
    names = result.figure_names()
    assert names[:3] == ["seat 1 wins", "seat 2 wins", "seat 3 wins"]
    assert result.length == "game length (s)" and result.length in names
    assert {"tie-break", "wrong grabs per game", "end reasons / most-cards"} <= set(names)
    assert "tiebreaks" not in names and "length s" not in names  # given once, paired
    assert "units / seat 1 / cards" in names and "units / seat 1 / wins" not in names
    assert "no first player" in result.first_player_withheld
    # the same seeds for both levels and for the variant: paired comparisons
    methods = {c.figure: c.method for c in result.across_bots}
    assert methods["seat 1 wins"] == "paired Newcombe" and methods[result.length] == "paired t"
    assert {c.a for c in result.against_base} == {"casual", "club"}
    again = run_study("pigasus", ["casual"], 4, players=3, seed=2, workers=2)
    assert again.run("casual").rows == result.run("casual").rows
    report = tmp_path / "pigasus.html"
    done = CliRunner().invoke(app, ["study", "pigasus", "--bots", "casual,club", "--games",
                                    "3", "--players", "3", "--workers", "1", "--param",
                                    "window_ms=600", "--report", str(report)])
    assert done.exit_code == 0, done.output
    assert "first-player advantage withheld" in done.stdout and "casual" in done.stdout
    text = report.read_text()
    assert "Seat win rates" in text and "Game length (simulated seconds)" in text
    assert "first player wins" not in text  # no first player: not in the legend either
    assert "data:image/png;base64," in text
