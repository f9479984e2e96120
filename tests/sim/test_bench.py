"""The benchmark script runs every registered ruleset and reports sane figures."""

from __future__ import annotations

import json

import pytest

from benchmarks import compare as bench_compare
from benchmarks import engine as bench
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
    monkeypatch.setattr(bench_compare, "openspiel_available", lambda: False)
    assert bench_compare.main([]) == 2
    err = capsys.readouterr().err
    assert "pyspiel" in err and ".[bench]" in err and "open-spiel" in err


def test_compare_prints_each_bar_with_its_verdict_and_every_ruleset_cost(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def fake_compare(runs: int, seconds: float) -> dict[str, object]:
        ratios = []
        for ours, theirs in bench_compare.PAIRS:
            bar = next((b for o, t, b in bench_compare.BARS if (o, t) == (ours, theirs)), None)
            speed = 1.5 if ours.startswith("drecksau/dirty-pig 2p") else 0.1
            ratios.append({"saustall": ours, "openspiel": theirs, "bar": bar,
                           "speed_ratio": speed, "clone_ratio": 1.0,
                           "meets_bar": None if bar is None else speed >= bar})
        return {"runs": runs, "seconds": seconds, "ratios": ratios,
                "contenders": {"hearts": {"actions_per_second": 1.0, "clone_us": 1.0}}}

    monkeypatch.setattr(bench_compare, "openspiel_available", lambda: True)
    monkeypatch.setattr(bench_compare, "compare", fake_compare)
    monkeypatch.setattr(bench_compare, "call_costs", lambda runs, seconds: [
        {"game": "g", "ruleset": "fast", "players": 2, "clone_us": 1.0, "view_us": 9.0,
         "determinize_us": 2.0, "record_us_per_action": 1.0, "short_of": []},
        {"game": "g", "ruleset": "slow", "players": 2, "clone_us": 9.0, "view_us": 9.0,
         "determinize_us": 2.0, "record_us_per_action": 1.0, "short_of": ["clone_us"]}])
    assert bench_compare.main(["--runs", "1", "--seconds", "0.01"]) == 0
    lines = capsys.readouterr().out.splitlines()
    bar_rows = {ours: next(line for line in lines if ours in line and theirs in line)
                for ours, theirs, _ in bench_compare.BARS}
    assert "1.500" in bar_rows["drecksau/dirty-pig 2p"]
    dirty_pig = bar_rows["drecksau/dirty-pig 2p"]
    assert "pass" in dirty_pig and ">= 1.0" in dirty_pig
    assert "short" in bar_rows["saukopf/saukopf 4p"] and ">= 0.8" in bar_rows["saukopf/saukopf 4p"]
    assert "short" in bar_rows["pigasus/pigasus 4p"] and ">= 0.5" in bar_rows["pigasus/pigasus 4p"]
    assert "pass" in next(line for line in lines if " fast " in line)
    assert "short: clone" in next(line for line in lines if " slow " in line)


def test_call_costs_name_the_bars_a_ruleset_misses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_compare, "cases", lambda: [("drecksau", "dirty-pig", 2)])
    monkeypatch.setattr(bench_compare, "costs_of", lambda *args: {
        "clone_us": 6.0, "view_us": 1.0, "determinize_us": 1.0, "record_us_per_action": 4.0})
    [row] = bench_compare.call_costs(runs=1, seconds=0.01)
    assert row["short_of"] == ["clone_us", "record_us_per_action"]
