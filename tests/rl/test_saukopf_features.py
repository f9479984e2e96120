"""Saukopf observations come from the compiled
:class:`~saustall.games.saukopf.features.SeatEncoder` and masks from a look-up by the
legal cards: a differential test against the reference, the vector encoded from the
seat's view (:meth:`raw_env.encode`) and the mask built from the legal list, for every
seat at every decision of many random sessions of both rulesets."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from saustall.games.saukopf.actions import JOIN, declaration_of, is_bid, is_declare, is_revoke
from saustall.games.saukopf.cards import KREUZUNG_KINDS, SAUEREI_KINDS
from saustall.games.saukopf.features import SeatEncoder, observation_blocks
from saustall.games.saukopf.game import SaukopfState
from saustall.rl import saukopf_v0

# seat 0 (first to bid) holds one trump: Kreuzungen, their open trump and the card handed
# over face down (random deals seldom allow a Kreuzung)
KREUZUNG_HANDS = ("EA E10 EK E9 GA G10 HA SA | EO GO HO SO EU GU HU SU | "
                  "H10 HK H9 H8 H7 E8 E7 G9 | GK G8 G7 S10 SK S9 S8 S7")
RULESETS = [("saukopf", {"deals": 2}), ("dreihaxer", {"deals": 2}),
            ("saukopf", {"deals": 1, "allow_revoke": True}),
            ("saukopf", {"deals": 2, "hands": KREUZUNG_HANDS, "dealer": 3})]


def pick(state: SaukopfState, rng: random.Random) -> Any:
    """A random legal action, biased to reach every kind of position: bids stay low (or
    pass), partner games (Sauerei, Kreuzung) are declared when they may be and joined (uniform
    random bidding ends in solos only); revokes are rare."""
    legal: list[Any] = state.legal_actions()
    bids = [a for a in legal if is_bid(a)]
    if bids:
        return rng.choice([a for a in legal if not is_bid(a)] + [min(bids)])
    partner_games = [a for a in legal if is_declare(a) and declaration_of(a).kind in
                     SAUEREI_KINDS | KREUZUNG_KINDS]
    if partner_games and rng.random() < 0.8:
        return rng.choice(partner_games)
    if JOIN in legal and rng.random() < 0.8:
        return JOIN
    plays = [a for a in legal if not is_revoke(a)]  # a revoke ends the deal: seldom
    return rng.choice(legal if not plays or rng.random() < 0.02 else plays)


def differences(fast: np.ndarray, reference: np.ndarray) -> list[int]:
    """The entries where two observations differ, bit for bit (float32)."""
    return np.flatnonzero(fast.view(np.int32) != reference.view(np.int32)).tolist()


@pytest.mark.parametrize(("ruleset", "options"), RULESETS)
def test_the_fast_observation_and_mask_are_the_references(
        ruleset: str, options: dict[str, Any]) -> None:
    env = saukopf_v0.raw_env(ruleset=ruleset, **options)
    rng = random.Random(3)
    checked = 0
    phases: set[str] = set()
    visible = {"given": 0, "partner": 0, "trumps": 0, "played": 0}
    at, n = env.layout.at, env.num_players
    for game in range(40):
        env.reset(seed=game)
        state = env.state
        assert isinstance(state, SaukopfState)
        while True:
            for seat in range(n):
                agent = f"player_{seat}"
                view = state.view(seat)
                reference = env.encode(view, seat)
                fast = env.observe(agent)["observation"]
                assert fast.dtype == np.float32 and fast.flags.writeable
                assert not differences(fast, reference), (
                    f"seed {game}, seat {seat}, phase {view['phase']}: entries "
                    f"{differences(fast, reference)} differ")
                legal = state.legal_actions(seat) if seat in state.to_act() else []
                assert np.array_equal(env.action_mask(agent), env.actions.mask(seat, legal))
                assert np.array_equal(env.observe(agent)["action_mask"],
                                      env.actions.mask(seat, legal))
                checked += 1
                phases.add(view["phase"])
                visible["given"] += bool(fast[at["given"]:at["given"] + 32].any())
                visible["partner"] += bool(fast[at["partner"]:at["partner"] + n].any())
                visible["trumps"] += bool(fast[at["trumps"]:at["trumps"] + 32].any())
                visible["played"] += bool(fast[at["played"]:at["played"] + 32 * n].any())
            if state.is_terminal():
                break
            seat = state.to_act()[0]
            env.step(env.actions.index[seat][pick(state, rng)])
    assert checked > 1000
    assert phases >= {"bidding", "declaring", "kontra", "re", "playing", "over"}
    # the Dreihaxer plays solos only: no partner, nothing handed over
    assert all(visible[block] for block in ("trumps", "played")), visible
    assert (visible["partner"] > 0) == (ruleset == "saukopf"), visible
    assert visible["given"] > 0 or "hands" not in options, visible


def test_one_encoder_serves_states_in_any_order() -> None:
    """What the encoder remembers is keyed by the state's own parts: positions of two
    sessions, encoded alternately (and out of order) by one encoder, are each their
    view's vector."""
    env = saukopf_v0.raw_env(ruleset="saukopf", deals=2)
    rng = random.Random(5)
    positions = []
    for seed in (11, 12):
        env.reset(seed=seed)
        state = env.state
        assert isinstance(state, SaukopfState)
        while not state.is_terminal():
            positions.append(state.clone())
            state.apply(pick(state, rng))
    rng.shuffle(positions)
    encoder = SeatEncoder(env.num_players, env.hand_size)
    for state in positions:
        for seat in range(env.num_players):
            fast = np.frombuffer(encoder.encode(state, seat), dtype=np.float32)
            assert not differences(fast, env.encode(state.view(seat), seat))


@pytest.mark.parametrize("players", [3, 4])
def test_the_encoder_writes_the_documented_layout(players: int) -> None:
    env = saukopf_v0.raw_env(ruleset="dreihaxer" if players == 3 else "saukopf")
    env.reset(seed=1)
    assert isinstance(env.state, SaukopfState)
    encoder = SeatEncoder(players, env.hand_size)
    assert encoder.size == env.layout.size == sum(size for _, size, _ in
                                                  observation_blocks(players))
    assert len(encoder.encode(env.state, 0)) == 4 * env.layout.size
