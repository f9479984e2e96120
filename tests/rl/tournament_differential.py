"""Play seeded Sauschön tournaments through the batched tournament and the scalar engine.

Every lane is compared with its scalar twin (a :class:`TournamentState`) at the start and
after every action: the current round field by field as :mod:`tests.rl.differential`
compares a round (hands, piles in order, pigs, seat to act, phase, turn, the random
stream, the legal slots against ``legal_actions()``), who sits the round out, the
tournament's stacks, scores, rounds, deciding flag, winners and end; the acting seat's
observation against the AEC environment's, entry for entry; and at each tournament's end
the rewards against ``returns()`` and the truncation against ``stopped_at_cap()``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from saustall.core.registry import get
from saustall.games.drecksau.tournament import TournamentState
from saustall.rl import drecksau_v0
from saustall.rl.batched_tournament import TOURNAMENT, BatchedTournament, TournamentBatch
from saustall.rl.lanes import random_columns
from tests.rl.differential import describe_lanes, describe_scalar


def describe_tournaments(sim: BatchedTournament, state: TournamentBatch) -> list[dict[str, Any]]:
    """Every field of every lane, in the scalar engine's terms."""
    rounds = describe_lanes(sim, state.round)
    stack = sim.stack.tolist()
    described = []
    for b, round_ in enumerate(rounds):
        seated = state.seated[b].tolist()
        # a seat sitting out has no pigs in the engine (its flags here must stay 0)
        assert all(not any(row) for row, sits in zip(round_["pigs"], seated) if not sits)
        round_["pigs"] = [row if sits else [] for row, sits in zip(round_["pigs"], seated)]
        round_["terminal"] = bool(state.over[b])
        round_["participants"] = [s for s, sits in enumerate(seated) if sits]
        round_["trophies"] = stack[int(state.trophies_taken[b]):]
        round_["buckets"] = stack[int(state.buckets_taken[b]):]
        round_["scores"] = state.scores[b].tolist()
        round_["deciding"] = bool(state.deciding[b])
        round_["rounds"] = int(state.round_index[b])
        round_["pretty"] = int(state.pretty_rounds[b])
        round_["dirty"] = int(state.dirty_rounds[b])
        round_["winners"] = np.flatnonzero(state.winners[b]).tolist()
        described.append(round_)
    return described


def describe_tournament(twin: TournamentState) -> dict[str, Any]:
    """The same fields of a scalar tournament."""
    found = describe_scalar(twin.round)
    found["terminal"] = twin.is_terminal()
    found["legal"] = sorted(twin.legal_actions())
    found["participants"] = list(twin.round.participants)
    found["trophies"] = list(twin.trophies)
    found["buckets"] = list(twin.buckets)
    found["scores"] = twin.scores()
    found["deciding"] = twin.deciding
    found["rounds"] = len(twin.rounds)
    found["pretty"] = sum(1 for r in twin.rounds if r["how"] == "pretty")
    found["dirty"] = sum(1 for r in twin.rounds if r["how"] == "dirty")
    found["winners"] = list(twin.winners())
    return found


def play_and_compare_tournaments(players: int, options: dict[str, Any], tournaments: int,
                                 lanes: int, first_seed: int = 0, *,
                                 reset_in_step: bool = False) -> dict[str, int]:
    """Play until ``tournaments`` have finished in ``lanes`` lanes, comparing every state;
    returns counts: ``tournaments``, ``rounds``, ``deciding`` (deciding rounds dealt),
    ``capped`` (tournaments stopped at the round cap), ``actions``, ``sitting_out``
    (actions in a deciding round that some seats sit out). Finished lanes start
    their next tournament by ``auto_reset``, or with ``reset_in_step`` within the step.
    Raises AssertionError naming the lane, seed, action and field at the first difference."""
    sim = BatchedTournament(players, options)
    aec = drecksau_v0.raw_env(ruleset=TOURNAMENT, num_players=players, **options)
    engine = get("drecksau", TOURNAMENT)
    seeds = np.arange(lanes) + first_seed
    state = sim.init(seeds)

    def fresh(seed: int) -> TournamentState:
        twin = engine.new_state(players, seed, options)
        assert isinstance(twin, TournamentState)
        return twin

    twins = [fresh(int(seed)) for seed in seeds]
    noise = np.random.default_rng(first_seed)
    counts = {"tournaments": 0, "rounds": 0, "deciding": 0, "capped": 0, "actions": 0,
              "sitting_out": 0}
    last: list[str] = ["start"] * lanes

    def tournament_over(lane: int) -> bool:
        """Check a finished tournament's rewards; True once enough have finished."""
        twin = twins[lane]
        expected = np.array(twin.returns(), dtype=np.float32)
        assert np.array_equal(state.rewards[lane], expected), (
            f"seed {int(state.seed[lane])}: rewards {state.rewards[lane]} != returns "
            f"{twin.returns()}")
        assert bool(state.truncated[lane]) == twin.stopped_at_cap()
        assert bool(state.terminated[lane]) == (not twin.stopped_at_cap())
        counts["tournaments"] += 1
        counts["rounds"] += len(twin.rounds)
        counts["deciding"] += sum(1 for r in twin.rounds if r["deciding"])
        counts["capped"] += twin.stopped_at_cap()
        return counts["tournaments"] >= tournaments

    def compare(lane: int, described: dict[str, Any], observed: np.ndarray) -> None:
        twin = twins[lane]
        where = f"{players}p {options}: seed {int(state.seed[lane])}, after {last[lane]}"
        if not twin.is_terminal():
            expected = aec.observation_vector(twin, twin.round.player)
            assert np.array_equal(observed, expected), (
                f"{where}: observation entries "
                f"{np.flatnonzero(observed != expected).tolist()} differ")
        theirs = describe_tournament(twin)
        if described != theirs:
            field = next(k for k in theirs if described[k] != theirs[k])
            raise AssertionError(f"{where}: {field} is {described[field]}, the engine "
                                 f"has {theirs[field]}")

    while True:
        described = describe_tournaments(sim, state)
        observed = sim.observe(state)
        for lane in range(lanes):
            compare(lane, described[lane], observed[lane])
            if not reset_in_step and twins[lane].is_terminal() and tournament_over(lane):
                return counts
        if not reset_in_step and state.over.any():
            state = sim.auto_reset(state)
            for lane in range(lanes):
                if twins[lane].is_terminal():
                    twins[lane] = fresh(int(state.seed[lane]))
                    last[lane] = "start"
            continue  # compare the new tournaments before playing them
        columns = random_columns(state.legal_action_mask, noise)
        codes = sim.engine_actions(state.current_player, columns).tolist()
        state = sim.step(state, columns, auto_reset=reset_in_step)
        for lane, twin in enumerate(twins):
            if twin.is_terminal():
                assert not state.rewards[lane].any()
                continue
            last[lane] = twin.describe_action(codes[lane])
            counts["sitting_out"] += len(twin.round.participants) < players
            twin.apply(codes[lane])
            counts["actions"] += 1
            assert bool(state.terminated[lane] | state.truncated[lane]) == twin.is_terminal()
            if not twin.is_terminal():
                assert not state.rewards[lane].any()
            elif reset_in_step:
                if tournament_over(lane):
                    return counts
                twins[lane] = fresh(int(state.seed[lane]))
                last[lane] = "start"
