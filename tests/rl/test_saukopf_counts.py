"""Saukopf observations are encoded from ``view_counts(seat)``: the same vector as the one
encoded from the seat's view, at every decision of random sessions of both rulesets."""

from __future__ import annotations

import random

import numpy as np
import pytest

from saustall.rl import saukopf_v0


@pytest.mark.parametrize(("ruleset", "options"), [("saukopf", {"deals": 2}),
                                                  ("dreihaxer", {"deals": 2})])
def test_the_fast_observation_is_the_views(ruleset: str, options: dict[str, int]) -> None:
    env = saukopf_v0.raw_env(ruleset=ruleset, **options)
    rng = random.Random(3)
    checked, declared = 0, 0
    for game in range(12):
        env.reset(seed=game)
        state = env.state
        while not state.is_terminal():
            for seat in range(env.num_players):
                view = state.view(seat)
                fast = env.observation_vector(state, seat)
                assert np.array_equal(fast, env.encode(view, seat)), (
                    f"seed {game}, seat {seat}, phase {view['phase']}: entries "
                    f"{np.flatnonzero(fast != env.encode(view, seat)).tolist()} differ")
                checked += 1
                declared += view["declared"] is not None
            seat = state.to_act()[0]
            mask = env.action_mask(f"player_{seat}")
            env.step(rng.choice(np.flatnonzero(mask).tolist()))
            env._obs, env._masks = {}, {}
    assert checked > 500 and declared > 100
