"""The batched simulators' speed: ``python -m benchmarks.batched`` (``make bench-batched``).

Actions per CPU second of random legal play at batch 1, 64, 1,024 and 16,384 lanes, on one
core, with auto-reset (:class:`saustall.rl.batched.BatchedDrecksau`; needs the ``rl`` extra).
``--game saukopf`` (``--ruleset dreihaxer`` for three) measures the batched Saukopf card
play (:class:`saustall.rl.batched_saukopf.BatchedSaukopf`, lanes refilled from a pool of
scripted deals; ``--whole``: whole deals, the bidding too, lanes dealt from seeds) at 1
to 16,384 lanes, beside the scalar engine playing the same one action at a time (the
anchor), in interleaved rounds.
"""

from __future__ import annotations

import argparse
import random
from typing import Any
import statistics

import numpy as np

from saustall.rl.batched import BatchedDrecksau, BatchState, random_columns

from benchmarks.timing import clock, pin_to_one_core, timed

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


SAUKOPF_POOL = 1_024
"""Scripted deals the Saukopf lanes are refilled from."""


def saukopf_pool(ruleset: str = "saukopf", size: int = SAUKOPF_POOL) -> list[Any]:
    """``size`` scalar deals at the start of their card play, every game kind of the
    ruleset in turn (:func:`saustall.rl.batched_saukopf.scripted_deal`)."""
    from saustall.games.saukopf.cards import GAME_KINDS
    from saustall.rl.batched_saukopf import scripted_deal

    kinds = [k.code for k in GAME_KINDS if ruleset != "dreihaxer" or not k.doppel]
    rng = random.Random(0)
    pool: list[Any] = []
    seed = 0
    while len(pool) < size:
        state = scripted_deal(ruleset, seed, kinds[len(pool) % len(kinds)], rng=rng)
        seed += 1
        if state is not None:
            pool.append(state)
    return pool


def saukopf_actions_per_second(batch: int, seconds: float, ruleset: str = "saukopf", *,
                               observe: bool = False, inplace: bool = False,
                               pool: list[Any] | None = None, whole: bool = False) -> float:
    """Actions per CPU second of the batched Saukopf card play at ``batch`` lanes, random
    legal slots, every finished lane dealt again from a pool of scripted deals (each step
    counts the lanes that acted: all of them); with ``whole``, whole deals instead (the
    bidding too: lanes dealt from seeds, ``redeal``); with ``observe``, the acting seat's
    observation every step, into one buffer."""
    from saustall.rl.batched_saukopf import BatchedSaukopf

    sim = BatchedSaukopf(ruleset)
    noise = np.random.default_rng(0)
    if whole:
        state = sim.init(np.arange(batch))
    else:
        deals = sim.start(pool if pool is not None else saukopf_pool(ruleset))
        state = deals.take(noise.integers(0, deals.batch_size, batch))
    buffer = sim.blank_observations(batch) if observe else None

    def step() -> int:
        nonlocal state
        state = sim.step(state, random_columns(state.legal_action_mask, noise), inplace=inplace)
        if whole:
            state = sim.redeal(state, inplace=inplace)
        else:
            state = sim.auto_reset(state, deals, noise, inplace=inplace)
        if buffer is not None:
            sim.observe(state, out=buffer)
        return batch

    for _ in range(3):  # warm up
        step()
    return timed(step, seconds)


def scalar_saukopf_actions_per_second(seconds: float, ruleset: str = "saukopf", *,
                                      observe: bool = False, pool: list[Any] | None = None,
                                      whole: bool = False) -> float:
    """The anchor: the scalar engine's actions per CPU second over the same deals' card
    play, random legal actions, each deal cloned from the pool when the last ends (with
    ``whole``: whole deals, dealt from seeds 0, 1, ...); with ``observe``, the AEC
    environment's observation of the seat to act every step."""
    from saustall.core.registry import get
    from saustall.rl import saukopf_v0

    game = get("saukopf", ruleset)
    players = game.ruleset.min_players
    starts = [] if whole else pool if pool is not None else saukopf_pool(ruleset)
    env = saukopf_v0.raw_env(ruleset=ruleset, deals=1)
    rng = random.Random(0)
    at = 0
    state = game.new_state(players, 0, {"deals": 1}) if whole else starts[0].clone()

    def step() -> int:
        nonlocal state, at
        if state.is_terminal():
            at += 1
            state = (game.new_state(players, at, {"deals": 1}) if whole
                     else starts[at % len(starts)].clone())
        if observe:
            env.observation_vector(state, state.current_player)
        state.apply(rng.choice(state.legal_actions()))
        return 1

    return timed(step, seconds)


def saukopf_report(seconds: float, ruleset: str, observe: bool, inplace: bool,
                   whole: bool = False, rounds: int = 5) -> None:
    """Print the batched Saukopf card play's actions/s at each batch size, then batch
    4,096 beside the scalar anchor in interleaved rounds (medians, and the median of the
    per-round ratios)."""
    pool = None if whole else saukopf_pool(ruleset)
    for batch in BENCH_BATCHES:
        rate = saukopf_actions_per_second(batch, seconds, ruleset, observe=observe,
                                          inplace=inplace, pool=pool, whole=whole)
        print(f"  batch {batch:>6,}: {rate:>12,.0f} actions/s")
    ratios, anchors, rates = [], [], []
    for _ in range(rounds):
        batched = saukopf_actions_per_second(4_096, seconds, ruleset, observe=observe,
                                             inplace=inplace, pool=pool, whole=whole)
        anchor = scalar_saukopf_actions_per_second(seconds, ruleset, observe=observe,
                                                   pool=pool, whole=whole)
        ratios.append(batched / anchor)
        anchors.append(anchor)
        rates.append(batched)
    print(f"  interleaved, {rounds} rounds (medians): batch 4,096 "
          f"{statistics.median(rates):,.0f} actions/s, scalar engine (anchor) "
          f"{statistics.median(anchors):,.0f} actions/s; ratio {statistics.median(ratios):.1f}x")


def main(argv: list[str] | None = None) -> None:
    """Print actions/s at each batch size of :data:`BENCH_BATCHES`."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.batched",
                                     description=(__doc__ or "").split("\n")[0])
    # accepted for the old ``python -m saustall.rl.batched --bench`` habit: it measures anyway
    parser.add_argument("--bench", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, default=3.0, help="per batch size")
    parser.add_argument("--game", default="drecksau", choices=("drecksau", "saukopf"))
    parser.add_argument("--whole", action="store_true",
                        help="saukopf: whole deals, the bidding too (else card play)")
    parser.add_argument("--ruleset", default=None,
                        help="default: dirty-pig (drecksau), saukopf (saukopf)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--inplace", action="store_true",
                        help="step in place (no copy of the state per step)")
    parser.add_argument("--observe", action="store_true",
                        help="encode the acting seat's observation every step")
    args = parser.parse_args(argv)
    pin_to_one_core()
    if args.game == "saukopf":
        ruleset = args.ruleset or "saukopf"
        print(f"batched {ruleset} {'whole deals' if args.whole else 'card play'}, one core, "
              "CPU time"
              f"{', in place' if args.inplace else ''}"
              f"{', with the acting seat observation' if args.observe else ''}:")
        saukopf_report(args.seconds, ruleset, args.observe, args.inplace, args.whole)
        return
    args.ruleset = args.ruleset or "dirty-pig"
    print(f"batched {args.ruleset} {args.players}p, one core, CPU time"
          f"{', in place' if args.inplace else ''}"
          f"{', with the acting seat observation' if args.observe else ''}:")
    for batch in BENCH_BATCHES:
        rate = batched_actions_per_second(batch, args.seconds, args.ruleset, args.players,
                                          inplace=args.inplace, observe=args.observe)
        print(f"  batch {batch:>6,}: {rate:>12,.0f} actions/s")


if __name__ == "__main__":
    main()
