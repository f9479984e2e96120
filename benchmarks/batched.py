"""The batched Drecksau simulator's speed: ``python -m benchmarks.batched`` (``make bench-batched``).

Actions per CPU second of random legal play at batch 1, 64, 1,024 and 16,384 lanes, on one
core, with auto-reset (:class:`saustall.rl.batched.BatchedDrecksau`; needs the ``rl`` extra).
"""

from __future__ import annotations

import argparse

import numpy as np

from saustall.rl.batched import BatchedDrecksau, BatchState, random_columns

from benchmarks.timing import clock, pin_to_one_core

BENCH_BATCHES = (1, 64, 1_024, 16_384)
"""The batch sizes measured."""


def batched_actions_per_second(batch: int, seconds: float, ruleset: str = "dirty-pig",
                               num_players: int = 2, *, inplace: bool = False,
                               observe: bool = False) -> float:
    """Actions per CPU second of random legal play at ``batch`` lanes, with auto-reset
    (each step counts the lanes that acted), measured for about ``seconds``. With
    ``observe``, every step also encodes the acting seat's observation in every lane
    (into one buffer, as a training loop writes into its rollout storage)."""
    sim = BatchedDrecksau(ruleset, num_players)
    state = sim.init(np.arange(batch))
    noise = np.random.default_rng(0)
    buffer = sim.blank_observations(batch) if observe else None
    for _ in range(3):  # warm up (first reshuffles, allocations)
        state = _random_step(sim, state, noise, inplace, buffer)
    actions = 0
    start = clock()
    elapsed = 0.0
    while elapsed < seconds:
        state = _random_step(sim, state, noise, inplace, buffer)
        actions += batch  # every lane acts: finished games are dealt again at once
        elapsed = clock() - start
    return actions / elapsed


def _random_step(sim: BatchedDrecksau, state: BatchState, noise: np.random.Generator,
                 inplace: bool, buffer: np.ndarray | None = None) -> BatchState:
    state = sim.step(state, random_columns(state.legal_action_mask, noise), inplace=inplace,
                     auto_reset=True)
    if buffer is not None:
        sim.observe(state, out=buffer)
    return state


def main(argv: list[str] | None = None) -> None:
    """Print actions/s at each batch size of :data:`BENCH_BATCHES`."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.batched",
                                     description=(__doc__ or "").split("\n")[0])
    # accepted for the old ``python -m saustall.rl.batched --bench`` habit: it measures anyway
    parser.add_argument("--bench", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, default=3.0, help="per batch size")
    parser.add_argument("--ruleset", default="dirty-pig")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--inplace", action="store_true",
                        help="step in place (no copy of the state per step)")
    parser.add_argument("--observe", action="store_true",
                        help="encode the acting seat's observation every step")
    args = parser.parse_args(argv)
    pin_to_one_core()
    print(f"batched {args.ruleset} {args.players}p, one core, CPU time"
          f"{', in place' if args.inplace else ''}"
          f"{', with the acting seat observation' if args.observe else ''}:")
    for batch in BENCH_BATCHES:
        rate = batched_actions_per_second(batch, args.seconds, args.ruleset, args.players,
                                          inplace=args.inplace, observe=args.observe)
        print(f"  batch {batch:>6,}: {rate:>12,.0f} actions/s")


if __name__ == "__main__":
    main()
