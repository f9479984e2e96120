"""What a game's own facts cost a simulation: the same games with facts and without.

``python -m benchmarks.facts_overhead`` (``make facts-overhead``) plays ``--games``
(default 100,000) 2-player Dirty Pig games of random bots on ``--workers`` (default 2)
worker processes, once with facts (the default of ``saustall simulate``) and once with
``--no-facts``, in ``--rounds`` interleaved rounds (the order alternates, so a change in
the machine's load falls on both). Per round it takes the ratio of the two runs' times,
CPU time of this process and its workers (children, counted once the pool has closed),
and wall time, and reports the median of the per-round ratios. The bar (issue 27): facts
on within 1.3x of facts off.

Memory: the parent's resident set is read as the games stream in; "flat" means it is
about the same after the first tenth of the games as at the end (the tallies hold
counts, never games). The workers' peak is the largest resident set of any child.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import time
from typing import Any

from saustall.arena.simulate import simulate

from benchmarks.timing import engine_note


def _rss_mb() -> float:
    """This process's resident set now, in MB (Linux /proc; 0 where unavailable)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
    except OSError:
        return 0.0
    return pages * resource.getpagesize() / 2**20


def _cpu() -> float:
    """CPU seconds of this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def one_run(games: int, workers: int, facts: bool, seed: int) -> dict[str, Any]:
    """Play the games once; times, the parent's memory at a tenth and at the end."""
    samples: list[tuple[int, float]] = []

    def progress(done: int, total: int) -> None:
        samples.append((done, _rss_mb()))

    cpu, wall = _cpu(), time.perf_counter()
    result = simulate("drecksau", "dirty-pig", 2, ["random"], games, seed=seed,
                      workers=workers, keep_results=False, progress=progress, facts=facts)
    wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    early = next(rss for done, rss in samples if done >= games // 10)
    return {"facts": facts, "games": games, "cpu_s": cpu, "wall_s": wall,
            "rss_mb_at_tenth": early, "rss_mb_at_end": samples[-1][1],
            "has_figures": result.summary.game_figures is not None}


def main(argv: list[str] | None = None) -> None:
    """Run the comparison and print it (``--json``: machine-readable)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rounds = []
    for index in range(args.rounds):
        order = (True, False) if index % 2 == 0 else (False, True)
        runs = {facts: one_run(args.games, args.workers, facts, args.seed + index)
                for facts in order}
        rounds.append({"on": runs[True], "off": runs[False],
                       "cpu_ratio": runs[True]["cpu_s"] / runs[False]["cpu_s"],
                       "wall_ratio": runs[True]["wall_s"] / runs[False]["wall_s"]})
        if not args.json:
            on, off = runs[True], runs[False]
            print(f"round {index + 1}: facts on {on['cpu_s']:.1f} CPU s / {on['wall_s']:.1f} "
                  f"s, off {off['cpu_s']:.1f} CPU s / {off['wall_s']:.1f} s; ratio "
                  f"{rounds[-1]['cpu_ratio']:.3f} (CPU), {rounds[-1]['wall_ratio']:.3f} "
                  f"(wall); parent RSS with facts {on['rss_mb_at_tenth']:.1f} MB at a "
                  f"tenth, {on['rss_mb_at_end']:.1f} MB at the end", flush=True)
    worker_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    summary = {
        "games_per_run": args.games, "workers": args.workers, "rounds": rounds,
        "median_cpu_ratio": statistics.median(r["cpu_ratio"] for r in rounds),
        "median_wall_ratio": statistics.median(r["wall_ratio"] for r in rounds),
        "worker_peak_rss_mb": worker_peak, "engine": engine_note(), "bar": 1.3,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
        return
    print(f"{args.games:,} games per run, {args.workers} workers, {engine_note()}")
    print(f"facts on / off, median of {args.rounds} rounds: {summary['median_cpu_ratio']:.3f} "
          f"CPU time, {summary['median_wall_ratio']:.3f} wall time (bar: 1.3); workers' "
          f"peak RSS {worker_peak:.1f} MB")


if __name__ == "__main__":
    main()
