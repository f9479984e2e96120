"""The benchmark script runs every registered ruleset and reports sane figures."""

from __future__ import annotations

import json

import pytest

from saustall import bench
from saustall.core import rulesets


def test_bench_covers_every_ruleset_and_two_player_dirty_pig() -> None:
    cases = bench.cases()
    assert ("drecksau", "dirty-pig", 2) in cases
    assert {(game, ruleset) for game, ruleset, _ in cases} == {
        (spec.game, spec.name) for spec in rulesets()}


def test_bench_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--json", "--runs", "2", "--seconds", "0.01", "--game", "drecksau"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {row["ruleset"] for row in rows} == {
        spec.name for spec in rulesets("drecksau")}
    for row in rows:
        assert row["games_per_second"] > 0 and row["actions_per_second"] > 0
        assert row["actions_per_second"] == pytest.approx(
            row["games_per_second"] * row["actions_per_game"], rel=0.5)
        assert row["runs"] == 2
        for cost in ("clone_us", "view_us", "determinize_us", "record_us_per_action"):
            assert 0 < row[cost] < 1e6, cost


def test_bench_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--runs", "1", "--seconds", "0.01", "--game", "drecksau"]) == 0
    out = capsys.readouterr().out
    assert "actions/s" in out and "dirty-pig" in out


def test_bench_rejects_unknown_game() -> None:
    with pytest.raises(SystemExit):
        bench.main(["--game", "nope"])


def test_bench_table_shows_call_costs(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--runs", "1", "--seconds", "0.01", "--game", "saukopf"]) == 0
    out = capsys.readouterr().out
    assert "clone µs" in out and "determinize µs" in out and "record µs/action" in out


def test_compare_without_openspiel_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from saustall import bench_compare

    monkeypatch.setattr(bench_compare, "openspiel_available", lambda: False)
    assert bench.main(["--compare"]) == 2
    err = capsys.readouterr().err
    assert "pyspiel" in err and ".[bench]" in err and "open-spiel" in err
