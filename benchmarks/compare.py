"""Saustall against OpenSpiel: ``python -m benchmarks.compare`` (``make bench-compare``).

OpenSpiel (the ``open-spiel`` wheel, installed by the optional ``bench`` extra) has C++
engines for hearts (4 players) and skat (3 players), the trick-taking games closest to
Saukopf and its three-player Dreihaxer. Each contender runs in its own worker process
pinned to one core; rounds interleave the contenders (one timed run each, one after the
other, so that a busy machine slows all alike), and every ratio is the median of the
per-round ratios. Every contender is timed in its own CPU time (:data:`benchmarks.timing.clock`).
Measured per contender: random-playout actions per second and the
cost of ``clone()`` on a state halfway through a game.

The speed bars of issue 10 are the first ratios (:data:`BARS`), each printed with its bar
and whether it is met; the other ratios are extra information. The output ends with what
``python -m benchmarks.engine`` measures per call for every ruleset (clone, view, determinize
and a record's round trip per action) against their bars (:data:`COST_BARS`), so this one
command reproduces the issue's table.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, Sequence

from benchmarks.engine import call_costs as costs_of
from benchmarks.engine import cases, played, playout
from benchmarks.timing import engine_note, per_call_us, pin, timed

SAUSTALL_CASES = [("drecksau", "dirty-pig", 2), ("drecksau", "dirty-pig", 4),
                  ("saukopf", "saukopf", 4), ("saukopf", "dreihaxer", 3),
                  ("pigasus", "pigasus", 4)]
"""The Saustall rulesets measured (game, ruleset, players)."""
OPENSPIEL_GAMES = ["hearts", "skat"]
"""OpenSpiel games measured."""
BARS = [("drecksau/dirty-pig 2p", "hearts", 1.0), ("saukopf/saukopf 4p", "skat", 0.8),
        ("pigasus/pigasus 4p", "hearts", 0.5)]
"""The speed bars: (Saustall contender, OpenSpiel contender, least speed ratio)."""
EXTRA_PAIRS = [("saukopf/saukopf 4p", "hearts"), ("saukopf/dreihaxer 3p", "skat"),
               ("drecksau/dirty-pig 4p", "hearts")]
"""Further ratios, printed for information (no bar)."""
PAIRS = [(ours, theirs) for ours, theirs, _ in BARS] + EXTRA_PAIRS
"""Every ratio printed: (Saustall contender, OpenSpiel contender)."""
COST_BARS = {"clone_us": 5.0, "determinize_us": 25.0, "record_us_per_action": 3.0}
"""The most microseconds a call may cost, for every ruleset (``view_us`` has no bar)."""


def run_saustall(game_name: str, ruleset: str, players: int, seconds: float,
                 seed: int) -> dict[str, float]:
    """One timed run of a Saustall ruleset: actions/s and clone µs."""
    from saustall.core.registry import get

    game = get(game_name, ruleset)
    rng = random.Random(seed)
    seeds = iter(range(seed * 1_000_000, (seed + 1) * 1_000_000))
    rate = timed(lambda: playout(game, players, next(seeds), rng), seconds)
    states = played(game, players, seed)
    clone_us = per_call_us(states[len(states) // 2].clone, seconds / 4, 1)
    return {"actions_per_second": rate, "clone_us": clone_us}


def run_openspiel(name: str, seconds: float, seed: int) -> dict[str, float]:
    """One timed run of an OpenSpiel game: actions/s and clone µs."""
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(seed)

    def step() -> int:
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        return actions

    rate = timed(step, seconds)
    middle = game.new_initial_state()
    target = None
    while not middle.is_terminal():  # stop halfway through the play
        if middle.is_chance_node():
            outcomes = middle.chance_outcomes()
            middle.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        if target is None:
            target = len(middle.history()) + 30
        if len(middle.history()) >= target:
            break
        legal = middle.legal_actions()
        middle.apply_action(legal[rng.randrange(len(legal))])
    return {"actions_per_second": rate, "clone_us": per_call_us(middle.clone, seconds / 4, 1)}


def openspiel_available() -> bool:
    """True when pyspiel can be imported."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def compare(runs: int, seconds: float) -> dict[str, Any]:
    """Interleaved rounds of every contender; medians per contender and per-round ratios."""
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else [0]
    jobs: dict[str, tuple[Callable[..., dict[str, float]], tuple[Any, ...]]] = {
        f"{g}/{r} {n}p": (run_saustall, (g, r, n)) for g, r, n in SAUSTALL_CASES}
    jobs.update({name: (run_openspiel, (name,)) for name in OPENSPIEL_GAMES})
    pools = {label: ProcessPoolExecutor(max_workers=1, initializer=pin,
                                        initargs=(cpus[i % len(cpus)],))
             for i, label in enumerate(jobs)}
    rounds: list[dict[str, dict[str, float]]] = []
    try:
        for round_no in range(runs):
            results = {}
            for label, (function, args) in jobs.items():  # one after another: no overlap
                results[label] = pools[label].submit(function, *args, seconds, round_no).result()
            rounds.append(results)
    finally:
        for pool in pools.values():
            pool.shutdown()
    medians = {label: {key: statistics.median(r[label][key] for r in rounds)
                       for key in ("actions_per_second", "clone_us")} for label in jobs}
    bars = {(ours, theirs): bar for ours, theirs, bar in BARS}
    ratios: list[dict[str, Any]] = []
    for ours, theirs in PAIRS:
        ratios.append({
            "saustall": ours, "openspiel": theirs, "bar": bars.get((ours, theirs)),
            "speed_ratio": statistics.median(
                r[ours]["actions_per_second"] / r[theirs]["actions_per_second"] for r in rounds),
            "clone_ratio": statistics.median(
                r[ours]["clone_us"] / r[theirs]["clone_us"] for r in rounds),
        })
    for row in ratios:
        row["meets_bar"] = None if row["bar"] is None else row["speed_ratio"] >= row["bar"]
    return {"runs": runs, "seconds": seconds, "contenders": medians, "ratios": ratios}


def call_costs(runs: int, seconds: float) -> list[dict[str, Any]]:
    """clone, view, determinize and record round-trip costs (µs) of every ruleset, as
    ``python -m benchmarks.engine`` measures them, each with the bars it meets."""
    from saustall.core.registry import get

    rows = []
    for game, ruleset, players in cases():
        costs = costs_of(get(game, ruleset), players, 0, seconds / 4, runs)
        rows.append({"game": game, "ruleset": ruleset, "players": players, **costs,
                     "short_of": [name for name, bar in COST_BARS.items() if costs[name] > bar]})
    return rows


def _verdict(meets: bool | None) -> str:
    return "" if meets is None else ("pass" if meets else "[bold red]short[/]")


def compare_main(runs: int, seconds: float, as_json: bool) -> int:
    """Print the comparison; 2 with a clear message when OpenSpiel is not installed."""
    if not openspiel_available():
        print("The comparison needs OpenSpiel's Python module pyspiel, which is not installed. "
              "Install the optional extra: pip install -e '.[bench]' (PyPI wheel "
              "'open-spiel'; wheels exist for Linux and macOS on CPython 3.9-3.12).",
              file=sys.stderr)
        return 2
    report = compare(runs, seconds)
    report["call_costs"] = call_costs(runs, seconds)
    report["saustall_engine"] = engine_note()
    if as_json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    from rich.console import Console
    from rich.table import Table

    console = Console(width=max(150, Console().width))  # readable columns when piped
    table = Table(title=f"Contenders, one core each, median of {runs} interleaved rounds")
    for column in ("contender", "actions/s", "clone µs"):
        table.add_column(column, justify="left" if column == "contender" else "right")
    for label, row in report["contenders"].items():
        table.add_row(label, f"{row['actions_per_second']:,.0f}", f"{row['clone_us']:.2f}")
    console.print(table)
    pairs = Table(title="Saustall / OpenSpiel (median of per-round ratios; the first rows "
                  "are the speed bars)")
    for column in ("Saustall", "OpenSpiel", "speed ratio", "bar", "", "clone time ratio"):
        pairs.add_column(column, justify="left" if column in ("Saustall", "OpenSpiel", "")
                         else "right")
    for row in report["ratios"]:
        bar = "" if row["bar"] is None else f">= {row['bar']:.1f}"
        pairs.add_row(row["saustall"], row["openspiel"], f"{row['speed_ratio']:.3f}", bar,
                      _verdict(row["meets_bar"]), f"{row['clone_ratio']:.1f}")
    console.print(pairs)
    bars = ", ".join(f"{name.removesuffix('_us').replace('_us_per_action', '')} <= {bar:g} µs"
                     for name, bar in COST_BARS.items())
    costs = Table(title=f"Per-call costs, state halfway through a random game (bars: {bars})")
    for column in ("game", "ruleset", "players", "clone µs", "view µs", "determinize µs",
                   "record µs/action", ""):
        costs.add_column(column, justify="left" if column in ("game", "ruleset", "")
                         else "right", no_wrap=True)
    for row in report["call_costs"]:
        short = row["short_of"]
        costs.add_row(row["game"], row["ruleset"], str(row["players"]),
                      f"{row['clone_us']:.1f}", f"{row['view_us']:.1f}",
                      f"{row['determinize_us']:.1f}", f"{row['record_us_per_action']:.1f}",
                      _verdict(not short) + ("" if not short else ": " + ", ".join(
                          name.removesuffix("_us").replace("_us_per_action", "")
                          for name in short)))
    console.print(costs)
    console.print(f"Saustall engine: {report['saustall_engine']}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m benchmarks.compare``: the comparison, as a table (or JSON)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.compare",
                                     description="Saustall against OpenSpiel's hearts and skat "
                                                 "(needs the 'bench' extra).")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--runs", type=int, default=5, help="interleaved rounds (median)")
    parser.add_argument("--seconds", type=float, default=0.3, help="length of one timed run")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.seconds <= 0:
        parser.error("--runs must be at least 1 and --seconds positive")
    return compare_main(runs=args.runs, seconds=args.seconds, as_json=args.json)


if __name__ == "__main__":
    raise SystemExit(main())
