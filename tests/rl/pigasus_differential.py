"""Play seeded Pigasus games through the batched tick env and the parallel env side by side.

Lane ``b`` is compared with a :class:`parallel_env` of its own (dealt the same game seed)
at the start and after every tick: every seat's observation and action mask, entry for
entry; rewards, terminations, truncations and refusals; and the engine state behind
them (deck and set-aside cards in order, the table, pairs, piles and box, time, phase,
dealer, tie-break, contenders, bench, every holder's grab, fingers and finish, event
counts, winners and why). Actions come from a seeded, mostly sensible random policy
(reveal, grab at a visible pair, point at it; sometimes a wrong grab, a wrong card, a
give-up, a wait, or an action that is not legal at all).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from saustall.games.pigasus.game import PigasusState
from saustall.rl import pigasus_v0
from saustall.rl.batched_pigasus import END_REASONS, PARTNER, BatchedPigasus, PigasusBatch
from saustall.rl.common import agent_name

PHASES = {"play": 0, "held": 1, "over": 2}
AT = pigasus_v0.LAYOUT.at

# Both rulesets, small and large tables, and the options that change the rules or time.
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("pigasus", 2, {}),
    ("pigasus", 3, {"event_cap": 200}),
    ("pigasus", 4, {"point_limit_ms": 1000, "window_ms": 300}),
    ("pigasus", 5, {"last_call_ms": 0, "tick_ms": 37}),
    ("pigasus", 10, {"bench_empty_handed": False, "first_dealer": 7}),
    ("pigasus-teams", 4, {}),
    ("pigasus-teams", 6, {"num_teams": 3, "point_limit_ms": 1000}),
    ("pigasus", 3, {"max_ticks": 60}),
]


def describe_lanes(sim: BatchedPigasus, s: PigasusBatch) -> list[dict[str, Any]]:
    """The engine-side fields of every lane, in the scalar engine's terms."""
    found = []
    for b in range(s.batch_size):
        holding = np.flatnonzero(s.holding[b])
        order = holding[np.argsort(s.grab_rank[b, holding])]
        found.append({
            "deck": s.deck[b, :s.deck_len[b]].tolist(),
            "set_aside": s.set_aside[b, :s.set_aside_len[b]].tolist(),
            "table": np.flatnonzero(s.on_table[b]).tolist(),
            "pairs": int(s.pairs[b]),
            "piles": s.piles[b].tolist(),
            "box": int(s.box[b]),
            "now": int(s.now[b]),
            "phase": int(s.phase[b]),
            "tiebreak": bool(s.tiebreak[b]),
            "contenders": np.flatnonzero(s.contenders[b]).tolist(),
            "benched": np.flatnonzero(s.benched[b]).tolist(),
            "dealer": int(s.dealer[b]),
            "holders": [(int(p), int(s.grabbed_at[b, p]),
                         s.fingers[b, p, :s.finger_count[b, p]].tolist(),
                         int(s.done_at[b, p])) for p in order],
            "held_since": int(s.held_since[b]),
            "changed_at": int(s.changed_at[b]),
            "reveals": int(s.reveals[b]),
            "settled": int(s.settled[b]),
            "events": int(s.events[b]),
            "winners": np.flatnonzero(s.winners[b]).tolist(),
            "end_reason": END_REASONS[s.end_reason[b] - 1] if s.end_reason[b] else None,
            "time": int(s.time[b]),
            "ticks": int(s.ticks[b]),
        })
    return found


def describe_env(env: pigasus_v0.parallel_env) -> dict[str, Any]:
    """The same fields of a parallel env's game."""
    state = env.state
    assert isinstance(state, PigasusState)
    return {
        "deck": list(state.deck),
        "set_aside": list(state.set_aside),
        "table": sorted(state.table_cards()),
        "pairs": state._pairs,
        "piles": state.scores(),
        "box": len(state.box),
        "now": state.now,
        "phase": PHASES[state.phase],
        "tiebreak": state.tiebreak,
        "contenders": sorted(state.contenders),
        "benched": sorted(state.benched),
        "dealer": state.dealer,
        "holders": [(h.seat, h.grabbed_at, list(h.cards),
                     -1 if h.done_at is None else h.done_at) for h in state.holders],
        "held_since": state.held_since,
        "changed_at": state.changed_at,
        "reveals": state.reveals,
        "settled": state.settled,
        "events": len(state.history),
        "winners": list(state.winners()),
        "end_reason": state.end_reason,
        "time": env.time,
        "ticks": env.ticks,
    }


def choose(mask: np.ndarray, obs: np.ndarray, noise: np.random.Generator,
           sleepy: bool = False) -> int:
    """A seeded, mostly sensible action for one seat (a ``sleepy`` one is slow to point,
    and often runs out of time)."""
    r = noise.random()
    if r < 0.03:
        return int(noise.integers(pigasus_v0.NUM_ACTIONS))  # perhaps refused
    legal = np.flatnonzero(mask)
    if mask[pigasus_v0.GIVE_UP_INDEX]:  # holding: point
        if r < (0.93 if sleepy else 0.25):
            return pigasus_v0.NOOP  # think
        fingers = np.flatnonzero(obs[AT["fingers"]:AT["fingers"] + 72])
        pairs = np.flatnonzero(obs[AT["pairs"]:AT["pairs"] + 72])
        if fingers.size and r < 0.85:
            card = int(PARTNER[fingers[0]])
            if mask[pigasus_v0.POINT_BASE + card]:
                return pigasus_v0.POINT_BASE + card
        if not fingers.size and pairs.size and r < 0.85:
            return pigasus_v0.POINT_BASE + int(noise.choice(pairs))
        return int(noise.choice(legal[legal >= pigasus_v0.GIVE_UP_INDEX]))
    pairs_seen = obs[AT["pairs"]:AT["pairs"] + 72].any()
    if mask[pigasus_v0.GRAB_INDEX] and ((pairs_seen and r < 0.4) or r < 0.05):
        return pigasus_v0.GRAB_INDEX
    if mask[pigasus_v0.REVEAL_INDEX] and r < 0.6:
        return pigasus_v0.REVEAL_INDEX
    return pigasus_v0.NOOP


def play_and_compare_pigasus(ruleset: str, players: int, options: dict[str, Any], games: int,
                             lanes: int, first_seed: int = 0, *,
                             reset_in_step: bool = False) -> dict[str, int]:
    """Play until ``games`` games have ended (or been truncated) in ``lanes`` lanes,
    comparing everything after every tick; returns counts (``games``, ``ticks``,
    ``refused``, ``settled``, ``tiebreaks``, ``truncated``, each end reason and each
    kind of claim: ``right``, ``split``, ``crowded``, ``wrong``; ``out_of_time``: holders
    whose time to point ran out).
    Raises AssertionError naming the lane, seed, tick and field at the first difference."""
    env_options = dict(options)
    sim = BatchedPigasus(ruleset, players, **env_options)
    envs = [pigasus_v0.parallel_env(ruleset=ruleset, num_players=players, **env_options)
            for _ in range(lanes)]
    for lane, env in enumerate(envs):
        env.reset(seed=first_seed + lane)
    seeds = [env.state.seed for env in envs if env.state is not None]
    state = sim.init(seeds)
    game = envs[0].game

    def redeal(lane: int, seed: int) -> None:
        env = envs[lane]
        env.reset()
        env.state = game.new_state(players, seed, env.options)  # the batched lane's seed

    observations = [env._observations() for env in envs]
    noise = np.random.default_rng(first_seed)
    counts: dict[str, int] = {"games": 0, "ticks": 0, "refused": 0, "settled": 0,
                              "tiebreaks": 0, "truncated": 0, "right": 0, "split": 0,
                              "crowded": 0, "wrong": 0, "out_of_time": 0,
                              **{reason: 0 for reason in END_REASONS}}
    agents = [agent_name(p) for p in range(players)]

    def compare(lane: int, described: dict[str, Any], obs: np.ndarray, mask: np.ndarray,
                theirs: dict[str, Any]) -> None:
        where = f"{ruleset} {players}p {options}: seed {int(state.seed[lane])}, tick {state.ticks[lane]}"
        expected = describe_env(envs[lane])
        if described != expected:
            field = next(k for k in expected if described[k] != expected[k])
            raise AssertionError(f"{where}: {field} is {described[field]}, the engine has "
                                 f"{expected[field]}")
        for p, agent in enumerate(agents):
            assert np.array_equal(obs[p], theirs[agent]["observation"]), (
                f"{where}: seat {p}'s observation entries "
                f"{np.flatnonzero(obs[p] != theirs[agent]['observation']).tolist()} differ")
            assert np.array_equal(mask[p], theirs[agent]["action_mask"].astype(bool)), (
                f"{where}: seat {p}'s mask differs at "
                f"{np.flatnonzero(mask[p] != theirs[agent]['action_mask']).tolist()}")

    def game_over(lane: int) -> bool:
        env_state = envs[lane].state
        assert env_state is not None
        counts["games"] += 1
        counts["settled"] += env_state.settled
        counts["tiebreaks"] += env_state.tiebreak
        for seat_stats in env_state.stats:
            for result in ("right", "split", "crowded", "wrong"):
                counts[result] += seat_stats[result]
        if env_state.end_reason:
            counts[env_state.end_reason] += 1
        else:
            counts["truncated"] += 1
        return counts["games"] >= games

    while True:
        described = describe_lanes(sim, state)
        obs = sim.observe(state)
        for lane in range(lanes):
            compare(lane, described[lane], obs[lane], state.legal_action_mask[lane],
                    observations[lane])
        if not reset_in_step and (state.terminated | state.truncated).any():
            finished = np.flatnonzero(state.terminated | state.truncated)
            for lane in finished:
                if game_over(int(lane)):
                    return counts
            state = sim.auto_reset(state)
            for lane in finished:
                redeal(int(lane), int(state.seed[lane]))
                observations[lane] = envs[lane]._observations()
            continue
        actions = np.array([[choose(state.legal_action_mask[b, p], obs[b, p], noise, p == 1)
                             for p in range(players)] for b in range(lanes)])
        # holders out of time during this tick (they did not point in it)
        for lane in range(lanes):
            for seat, grabbed, _, done in described[lane]["holders"]:
                deadline = grabbed + sim.point_limit + 1
                if (done < 0 and actions[lane, seat] == pigasus_v0.NOOP
                        and deadline <= state.time[lane] + sim.tick_ms):
                    counts["out_of_time"] += 1
        state = sim.step(state, actions, auto_reset=reset_in_step)
        for lane, env in enumerate(envs):
            result = env.step({agent: int(actions[lane, p]) for p, agent in enumerate(agents)})
            theirs, rewards, terminations, truncations, infos = result
            where = f"seed {int(state.seed[lane])}, tick {env.ticks}"
            for p, agent in enumerate(agents):
                assert state.rewards[lane, p] == np.float32(rewards[agent]), where
                assert bool(state.terminated[lane]) == terminations[agent], where
                assert bool(state.truncated[lane]) == truncations[agent], where
                assert bool(state.refused[lane, p]) == bool(infos[agent].get("refused")), (
                    f"{where}: seat {p} action {actions[lane, p]} refused "
                    f"{bool(state.refused[lane, p])}, env info {infos[agent]}")
                counts["refused"] += bool(state.refused[lane, p])
            counts["ticks"] += 1
            observations[lane] = theirs
            if reset_in_step and (state.terminated[lane] or state.truncated[lane]):
                if game_over(lane):
                    return counts
                redeal(lane, int(state.seed[lane]))
                observations[lane] = env._observations()
