"""Environment speed: ``python -m benchmarks.rl_envs`` (``make bench-rl``).

Steps per second of our PettingZoo AEC environment (2-player ``dirty-pig``) against
PettingZoo's ``leduc_holdem_v4`` and RLCard's own ``leduc-holdem`` environment, measured
side by side in one run: each contender in its own worker process pinned to one core,
rounds interleaving the contenders (one timed run each, one after the other, so that a
busy machine slows all alike), every ratio the median of the per-round ratios, every
figure in the worker's CPU time (the helpers of :mod:`benchmarks.timing`).

A step is one agent's action, taken the way a training loop takes it: ``env.last()``,
a uniformly random action among those the mask allows, ``env.step(action)`` (RLCard:
``env.step`` on a random legal action). ``env`` rows run wrapped (leduc in PettingZoo's
three standard wrappers: order enforcing, assert out of bounds, terminate illegal; ours in
:class:`~saustall.rl.wrapper.ClassicWrapper`, the same checks in one layer), ``raw_env``
rows without them. The ``no-op env`` rows are a do-nothing AEC environment under
PettingZoo's three wrappers (the most steps per second any environment in them reaches
here) and under our one.

:data:`CONTENDERS` lists the rows; other modules (the batched simulator) add theirs as
:class:`Contender` entries with their own unit. :data:`RATIOS` names the ratios printed,
the first one with the issue's bar.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

from benchmarks.timing import engine_note, pin, timed

OUR_ENV = "saustall drecksau_v0 dirty-pig 2p env"
LEDUC_ENV = "pettingzoo leduc_holdem_v4 env"


@dataclass(frozen=True)
class Contender:
    """One row: ``function(seconds, seed, **kwargs)`` returns units per second."""

    label: str
    function: Callable[..., float]
    kwargs: dict[str, Any] = field(default_factory=dict)
    unit: str = "steps/s"
    requires: str = ""
    """A module the row needs (``pyspiel``, ``pgx``...): without it the row is left out."""

    def available(self) -> bool:
        """Whether the module the row needs can be imported."""
        if not self.requires:
            return True
        import importlib.util

        return importlib.util.find_spec(self.requires) is not None


def aec_steps_per_second(make: str, seconds: float, seed: int, wrapped: bool = True,
                         **kwargs: Any) -> float:
    """Random-play steps per second of the AEC environment ``module:function``."""
    import importlib

    import numpy as np

    module_name, _, name = make.partition(":")
    factory = getattr(importlib.import_module(module_name), name)
    env = factory(**kwargs)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)

    def game() -> int:
        env.reset()
        steps = 0
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps

    return timed(game, seconds)


def rlcard_steps_per_second(seconds: float, seed: int, name: str = "leduc-holdem") -> float:
    """Random-play steps per second of RLCard's own environment."""
    import rlcard

    env = rlcard.make(name, config={"seed": seed})
    rng = random.Random(seed)

    def game() -> int:
        state, _player = env.reset()
        steps = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _player = env.step(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return timed(game, seconds)


def openspiel_steps_per_second(seconds: float, seed: int, name: str = "hearts") -> float:
    """Random-play steps per second of an OpenSpiel game, the acting player's tensor
    read every step as an RL loop reads it: ``observation_tensor`` where the game has
    one (skat), else ``information_state_tensor`` (hearts has no observation tensor).
    Chance nodes (the deal) are played but not counted."""
    import pyspiel

    game = pyspiel.load_game(name)
    kind = game.get_type()
    rng = random.Random(seed)
    use_observation = kind.provides_observation_tensor

    def game_steps() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            player = state.current_player()
            if use_observation:
                state.observation_tensor(player)
            else:
                state.information_state_tensor(player)
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return timed(game_steps, seconds)


def pgx_actions_per_second(seconds: float, seed: int, name: str = "leduc_holdem",
                           batch: int = 16_384) -> float:
    """Actions per CPU second of pgx's ``name`` on the CPU at ``batch`` lanes, as pgx
    is meant to run: ``jit(vmap(auto_reset(step, init)))``, a uniformly random legal
    action drawn inside the jitted step; pgx computes every lane's observation (of the
    player to act) within each step. Compilation is left out of the timing."""
    import jax
    import jax.numpy as jnp
    import pgx
    from pgx.experimental import auto_reset

    env = pgx.make(name)
    init = jax.jit(jax.vmap(env.init))
    step = jax.vmap(auto_reset(env.step, env.init))

    @jax.jit
    def random_step(state: Any, key: Any) -> Any:
        pick, stepping = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(pick, logits, axis=-1)
        return step(state, action, jax.random.split(stepping, batch))

    key = jax.random.PRNGKey(seed)
    key, dealing = jax.random.split(key)
    state = init(jax.random.split(dealing, batch))
    keys = iter(jax.random.split(key, 1_000_000))
    for _ in range(3):  # compile and warm up
        state = random_step(state, next(keys))
    jax.block_until_ready(state)
    holder = [state]

    def one_step() -> int:
        holder[0] = random_step(holder[0], next(keys))
        jax.block_until_ready(holder[0].observation)
        return batch

    return timed(one_step, seconds)


def jax_drecksau_actions_per_second(seconds: float, seed: int, batch: int = 16_384,
                                    ruleset: str = "dirty-pig", num_players: int = 2) -> float:
    """Actions per CPU second of the JAX back end (:mod:`saustall.rl.jax_drecksau`) on
    the CPU at ``batch`` lanes, run as the pgx row runs: one jitted ``vmap`` of a
    random legal slot (one random word a lane), the step with its auto-reset
    (``step(..., auto_reset=True)``, as the numpy row steps) and the acting seat's
    observation in every lane, every step. Compilation is left out of the timing."""
    import jax
    import jax.numpy as jnp

    from saustall.rl.jax_drecksau import JaxDrecksau

    env = JaxDrecksau(ruleset, num_players)
    init = jax.jit(jax.vmap(env.init))

    slots = jnp.arange(env.num_actions, dtype=jnp.uint32)

    def lane(state: Any, draw: Any) -> Any:
        # a random legal slot from one draw a lane: the legal slot of the highest hash
        # of (slot + draw) (a draw per slot, as pgx's row draws from logits, would cost
        # 191 draws a lane here: the policy's cost, not the engine's)
        mixed = (slots + draw) * jnp.uint32(0x9E3779B1)
        mixed = (mixed ^ (mixed >> 16)) * jnp.uint32(0x85EBCA6B)
        action = jnp.argmax(jnp.where(state.legal_action_mask, mixed ^ (mixed >> 13), 0))
        state = env.step(state, action, auto_reset=True)
        return state, env.observe(state)

    step = jax.vmap(lane)

    @jax.jit
    def random_step(state: Any, key: Any) -> Any:
        return step(state, jax.random.bits(key, (batch,), jnp.uint32))

    key = jax.random.PRNGKey(seed)
    key, dealing = jax.random.split(key)
    state = init(jax.random.split(dealing, batch))
    keys = iter(jax.random.split(key, 1_000_000))
    for _ in range(3):  # compile and warm up
        state, observation = random_step(state, next(keys))
    jax.block_until_ready(observation)
    holder = [state]

    def one_step() -> int:
        holder[0], seen = random_step(holder[0], next(keys))
        jax.block_until_ready(seen)
        return batch

    return timed(one_step, seconds)


def noop_env(classic: bool = False, **_: Any) -> Any:
    """A do-nothing two-player AEC environment (50-step games) in PettingZoo's standard
    wrappers (``classic``: in our one-layer :func:`~saustall.rl.common.classic_wrapper`)."""
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv

    from saustall.rl.common import classic_wrapper, observation_space, standard_wrappers

    class NoOp(AECEnv):  # type: ignore[misc]
        metadata = {"name": "noop"}

        def __init__(self) -> None:
            self.possible_agents = ["player_0", "player_1"]
            self._obs = {"observation": np.zeros(4, np.float32),
                         "action_mask": np.ones(4, np.int8)}
            self._space = observation_space(4, 4)
            self._actions = spaces.Discrete(4)

        def observation_space(self, agent: str) -> Any:
            return self._space

        def action_space(self, agent: str) -> Any:
            return self._actions

        def reset(self, seed: int | None = None, options: Any = None) -> None:
            self.agents = self.possible_agents[:]
            self.moves = 0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
            self.agent_selection = "player_0"

        def observe(self, agent: str) -> Any:
            return self._obs

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent]:
                self._was_dead_step(action)
                return
            self.moves += 1
            if self.moves >= 50:
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self.agent_selection = "player_1" if agent == "player_0" else "player_0"
            self._accumulate_rewards()

    return classic_wrapper(NoOp()) if classic else standard_wrappers(NoOp())


def batched_rate(seconds: float, seed: int, batch: int, observe: bool = False,
                 inplace: bool = False) -> float:
    """Random-play actions per second of the batched simulator at ``batch`` lanes
    (``observe``: with the acting seat's observation in every lane, every step)."""
    from benchmarks.batched import batched_actions_per_second

    return batched_actions_per_second(batch, seconds, observe=observe, inplace=inplace)


HEARTS = "openspiel hearts 4p (information_state_tensor)"
SKAT = "openspiel skat 3p (observation_tensor)"
SAUKOPF_ENV = "saustall saukopf_v0 saukopf 4p env"
BATCHED_OBS = "batched dirty-pig 2p + acting-seat observation, batch 16,384"
PGX_LEDUC = "pgx leduc_holdem (CPU, jit+vmap), batch 16,384"
JAX_OBS = "jax dirty-pig 2p + acting-seat observation (CPU, jit+vmap), batch 16,384"


CONTENDERS: list[Contender] = [
    Contender(OUR_ENV, aec_steps_per_second,
              {"make": "saustall.rl.drecksau_v0:env", "ruleset": "dirty-pig", "num_players": 2}),
    Contender("saustall drecksau_v0 dirty-pig 2p raw_env", aec_steps_per_second,
              {"make": "saustall.rl.drecksau_v0:raw_env", "ruleset": "dirty-pig",
               "num_players": 2}),
    Contender(LEDUC_ENV, aec_steps_per_second,
              {"make": "pettingzoo.classic.leduc_holdem_v4:env"}),
    Contender("pettingzoo leduc_holdem_v4 raw_env", aec_steps_per_second,
              {"make": "pettingzoo.classic.leduc_holdem_v4:raw_env"}),
    Contender("rlcard leduc-holdem", rlcard_steps_per_second),
    Contender(SAUKOPF_ENV, aec_steps_per_second,
              {"make": "saustall.rl.saukopf_v0:env", "ruleset": "saukopf"}),
    Contender("saustall saukopf_v0 dreihaxer 3p env", aec_steps_per_second,
              {"make": "saustall.rl.saukopf_v0:env", "ruleset": "dreihaxer"}),
    Contender(HEARTS, openspiel_steps_per_second, {"name": "hearts"}, requires="pyspiel"),
    Contender(SKAT, openspiel_steps_per_second, {"name": "skat"}, requires="pyspiel"),
    Contender("no-op env (pettingzoo wrappers only)", aec_steps_per_second,
              {"make": "benchmarks.rl_envs:noop_env"}),
    Contender("no-op env (saustall ClassicWrapper only)", aec_steps_per_second,
              {"make": "benchmarks.rl_envs:noop_env", "classic": True}),
    *(Contender(f"batched dirty-pig 2p, batch {batch:,}", batched_rate, {"batch": batch},
                "actions/s") for batch in (1, 64, 1_024, 16_384)),
    Contender(BATCHED_OBS, batched_rate, {"batch": 16_384, "observe": True, "inplace": True},
              "actions/s"),
    Contender(PGX_LEDUC, pgx_actions_per_second, {"batch": 16_384}, "actions/s",
              requires="pgx"),
    Contender(JAX_OBS, jax_drecksau_actions_per_second, {"batch": 16_384}, "actions/s",
              requires="jax"),
]
"""The rows measured, in order."""

RATIOS: list[tuple[str, str, float | None]] = [
    (OUR_ENV, LEDUC_ENV, 5.0),
    (OUR_ENV, HEARTS, 1.0),
    (SAUKOPF_ENV, SKAT, 0.5),
    (BATCHED_OBS, PGX_LEDUC, 1.5),
    (SAUKOPF_ENV, HEARTS, None),
    ("saustall saukopf_v0 dreihaxer 3p env", SKAT, None),
    ("batched dirty-pig 2p, batch 16,384", PGX_LEDUC, None),
    (JAX_OBS, BATCHED_OBS, None),
    (JAX_OBS, PGX_LEDUC, None),
    ("saustall drecksau_v0 dirty-pig 2p raw_env", "pettingzoo leduc_holdem_v4 raw_env", None),
    (OUR_ENV, "rlcard leduc-holdem", None),
    ("no-op env (pettingzoo wrappers only)", LEDUC_ENV, None),
    ("no-op env (saustall ClassicWrapper only)", LEDUC_ENV, None),
]
"""(numerator, denominator, bar or None): the ratios printed."""


def _run(contender: Contender, seconds: float, seed: int) -> float:
    return contender.function(seconds=seconds, seed=seed, **contender.kwargs)


def measure(runs: int, seconds: float, only: list[Contender] | None = None) -> dict[str, Any]:
    """Interleaved rounds of every contender; medians, and per-round ratio medians."""
    contenders = [c for c in (only if only is not None else CONTENDERS) if c.available()]
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else [0]
    pools = {c.label: ProcessPoolExecutor(max_workers=1, initializer=pin,
                                          initargs=(cpus[i % len(cpus)],))
             for i, c in enumerate(contenders)}
    rounds: list[dict[str, float]] = []
    try:
        for round_no in range(runs):
            rounds.append({c.label: pools[c.label].submit(_run, c, seconds, round_no).result()
                           for c in contenders})  # one after another: no overlap
    finally:
        for pool in pools.values():
            pool.shutdown()
    rows = [{"contender": c.label, "unit": c.unit,
             "median": statistics.median(r[c.label] for r in rounds)} for c in contenders]
    labels = {c.label for c in contenders}
    ratios = []
    for ours, theirs, bar in RATIOS:
        if ours in labels and theirs in labels:
            ratio = statistics.median(r[ours] / r[theirs] for r in rounds)
            ratios.append({"numerator": ours, "denominator": theirs, "ratio": ratio,
                           "bar": bar, "meets_bar": None if bar is None else ratio >= bar})
    return {"runs": runs, "seconds": seconds, "contenders": rows, "ratios": ratios}


def main(argv: list[str] | None = None) -> int:
    """Measure and print (``--json`` for machine-readable output)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds per contender per round (default 2)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--only", default="",
                        help="comma-separated words: measure only the rows naming one")
    args = parser.parse_args(argv)
    words = [w.strip() for w in args.only.split(",") if w.strip()]
    only = [c for c in CONTENDERS if any(w in c.label for w in words)] if words else None
    report = measure(args.runs, args.seconds, only)
    left_out = [c.label for c in CONTENDERS if not c.available()]
    if left_out:
        report["left_out"] = left_out
    report["saustall_engine"] = engine_note()
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    from rich.console import Console
    from rich.table import Table

    console = Console(width=max(120, Console().width))
    table = Table(title=f"Environments, one core each, median of {args.runs} interleaved rounds")
    table.add_column("contender")
    table.add_column("per second", justify="right")
    table.add_column("unit")
    for row in report["contenders"]:
        table.add_row(row["contender"], f"{row['median']:,.0f}", row["unit"])
    console.print(table)
    ratios = Table(title="Ratios (median of per-round ratios)")
    for column in ("numerator", "denominator", "ratio", "bar", ""):
        ratios.add_column(column, justify="right" if column in ("ratio", "bar") else "left")
    for row in report["ratios"]:
        verdict = "" if row["meets_bar"] is None else ("pass" if row["meets_bar"] else "short")
        ratios.add_row(row["numerator"], row["denominator"], f"{row['ratio']:.2f}",
                       "" if row["bar"] is None else f">= {row['bar']:g}", verdict)
    console.print(ratios)
    console.print(f"Saustall engine: {report['saustall_engine']}")
    for label in report.get("left_out", []):
        console.print(f"left out (its library is not installed): {label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
