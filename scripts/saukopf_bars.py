"""Measure the Saukopf search bot against issue 11's bars (a long run, not a test).

    python scripts/saukopf_bars.py duel saukopf expert heuristic 300
        duplicate deals: each deal is played with A on the even seats and B on the odd ones,
        then swapped (Dreihaxer: A on one seat, then on two); the per-deal difference of
        A's and B's mean net points per seat, with its 95% confidence interval.
    python scripts/saukopf_bars.py table saukopf club 1000
        four (three) bots of one level: throw-in rate, game kinds, Kontra and Re rates, the
        declarer's win rate, decision latency (median, p99: wall time, and the deciding
        process's CPU time, overall and per phase).

One-deal sessions, the dealer rotating with the deal number; seeds from the deal number.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections import Counter

from saustall.bots.base import make_bot
from saustall.core import get
from saustall.core.rng import derive_seed


def play(ruleset: str, seats: list[str], deal: int, times: dict[str, list[float]],
         results: list[dict[str, object]]) -> list[float]:
    """One deal with the given bot levels by seat; each seat's net points."""
    game = get("saukopf", ruleset)
    players = game.ruleset.min_players
    state = game.new_state(players, deal, {"deals": 1, "dealer": deal % players})
    bots = [make_bot("saukopf", level, derive_seed(deal, "bars", i))
            for i, level in enumerate(seats)]
    while not state.is_terminal():
        p = state.current_player
        view = state.view(p)
        start, cpu = time.perf_counter(), time.process_time()
        action = bots[p].choose(view, state.legal_actions(p))
        times.setdefault(seats[p], []).append(time.perf_counter() - start)
        # CPU time too: on a loaded machine the wall time mostly measures the other jobs
        times.setdefault(f"{seats[p]} (CPU)", []).append(time.process_time() - cpu)
        times.setdefault(f"{seats[p]} (CPU, {view['phase']})", []).append(
            time.process_time() - cpu)
        state.apply(action)
    results.extend(state.results)
    return state.returns()


def latency(times: dict[str, list[float]]) -> None:
    for level, found in sorted(times.items()):
        found.sort()
        print(f"  {level}: median {1000 * found[len(found) // 2]:.1f} ms, "
              f"p99 {1000 * found[int(len(found) * 0.99)]:.1f} ms over {len(found)} decisions")


def duel(ruleset: str, a: str, b: str, deals: int) -> None:
    players = get("saukopf", ruleset).ruleset.min_players
    if players == 4:
        lineups = [[a, b, a, b], [b, a, b, a]]
    else:
        lineups = [[a if i == k else b for i in range(3)] for k in range(3)] + \
                  [[b if i == k else a for i in range(3)] for k in range(3)]
    diffs = []
    times: dict[str, list[float]] = {}
    results: list[dict[str, object]] = []
    started = time.time()
    for deal in range(deals):
        total = {a: 0.0, b: 0.0}
        count = {a: 0, b: 0}
        for seats in lineups:
            for level, value in zip(seats, play(ruleset, seats, deal, times, results)):
                total[level] += value
                count[level] += 1
        diffs.append(total[a] / count[a] - total[b] / count[b])
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    print(f"{ruleset}: {a} - {b} = {mean:+.2f} net points per deal per seat, 95% CI "
          f"[{mean - half:+.2f}, {mean + half:+.2f}], {deals} duplicate deals "
          f"({time.time() - started:.0f} s)")
    latency(times)


def table(ruleset: str, level: str, deals: int) -> None:
    players = get("saukopf", ruleset).ruleset.min_players
    times: dict[str, list[float]] = {}
    results: list[dict[str, object]] = []
    started = time.time()
    for deal in range(deals):
        play(ruleset, [level] * players, deal, times, results)
    played = [r for r in results if not r["thrown_in"]]
    kinds = Counter(str(r["game"]).split()[0] for r in played)
    share = len(played) or 1
    print(f"{ruleset}, {players} x {level}: {deals} deals ({time.time() - started:.0f} s); "
          f"thrown in {1 - len(played) / deals:.1%}; Kontra {sum(r['kontra'] is not None for r in played) / share:.1%}; "
          f"Re {sum(r['re'] is not None for r in played) / share:.1%}; declarer won "
          f"{sum(bool(r['declarer_won']) for r in played) / share:.1%}; am Spieß "
          f"{sum(str(r['game']).endswith('spiess') for r in played) / share:.1%}")
    print("  game kinds:", ", ".join(f"{k} {v}" for k, v in kinds.most_common()))
    latency(times)


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    if mode == "duel":
        duel(args[0], args[1], args[2], int(args[3]))
    else:
        table(args[0], args[1], int(args[2]))
