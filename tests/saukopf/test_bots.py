"""Saukopf bots: legal in every phase, and the heuristic beats random."""

from __future__ import annotations

import random

from saustall.bots import make_bot
from saustall.core import get
from saustall.games.saukopf.game import SaukopfState
from tests.saukopf.helpers import biased_action


def test_heuristic_acts_legally_in_every_phase() -> None:
    bot = make_bot("saukopf", "heuristic", seed=1)
    phases: set[str] = set()
    for seed in range(15):
        state = get("saukopf").new_state(4, seed, {"deals": 4})
        assert isinstance(state, SaukopfState)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = state.cur
            legal = state.legal_actions(p)
            choice = bot.choose(state.view(p), legal)
            assert choice in legal
            phases.add(state.phase)
            # drive the table with a low-bidding random player to reach every phase
            state.apply(biased_action(state, rng) if rng.random() < 0.5 else choice)
    assert {"bidding", "declaring", "kontra", "playing"} <= phases


def sessions(lineup: list[str], count: int, ruleset: str = "saukopf") -> dict[str, float]:
    players = len(lineup)
    net = {level: 0.0 for level in lineup}
    seats = {level: 0 for level in lineup}
    for i in range(count):
        order = [lineup[(i + k) % players] for k in range(players)]
        bots = [make_bot("saukopf", order[p], seed=i * 7 + p) for p in range(players)]
        state = get("saukopf", ruleset).new_state(players, 1000 + i)
        while not state.is_terminal():
            p = state.current_player
            state.apply(bots[p].choose(state.view(p), state.legal_actions(p)))
        for p, value in enumerate(state.returns()):
            net[order[p]] += value
            seats[order[p]] += 1
    return {level: net[level] / seats[level] for level in net}


def test_heuristic_beats_random() -> None:
    four = sessions(["heuristic", "random", "random", "random"], 24)
    assert four["heuristic"] > four["random"] + 5
    three = sessions(["heuristic", "random", "random"], 24, "dreihaxer")
    assert three["heuristic"] > three["random"] + 5
