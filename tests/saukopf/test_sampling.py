"""Worlds sampled from a view alone (``SaukopfGame.sample_world``).

Positions come from sessions of low-bidding random players (every game kind, hidden
partners, Kreuzung hand-overs, thrown-in deals) in every Saukopf ruleset. Each seat's view
is handed over as JSON text, as a bot or a client would get it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from saustall.core import Rng, get
from saustall.core.registry import rulesets
from saustall.games.saukopf.cards import TRUMP, order_for
from saustall.games.saukopf.game import SaukopfState
from saustall.games.saukopf.sampling import (
    Lean, SamplingError, WorldSampler, view_plays, voids_shown,
)
from tests.saukopf.helpers import act, biased_action, new_deal
from tests.saukopf.test_views import KREUZUNG_HANDS

RULESETS = [r.name for r in rulesets("saukopf")]


def positions(ruleset: str, seeds: range, every: int) -> Iterator[SaukopfState]:
    """States along low-bidding random sessions of three deals."""
    game = get("saukopf", ruleset)
    players = game.ruleset.min_players
    for seed in seeds:
        state = game.new_state(players, seed, {"deals": 3, "dealer": seed % players})
        assert isinstance(state, SaukopfState)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % every == 0 or state.is_terminal():
                yield state
            if state.is_terminal():
                break
            state.apply(biased_action(state, rng))
            step += 1


def kreuzung_positions() -> Iterator[SaukopfState]:
    """Open trump, partner bidding in both rounds, the hand-over, a failed Kreuzung."""
    openings = [
        ["bid 61", "pass", "pass", "pass", "declare kreuzung"],
        ["bid 61", "pass", "pass", "pass", "declare kreuzung", "pass", "pass", "pass", "pass"],
        ["bid 61", "pass", "pass", "pass", "declare kreuzung", "pass", "pass", "join"],
        ["bid 61", "pass", "pass", "pass", "declare kreuzung", *["pass"] * 6],
        ["bid 61", "pass", "pass", "pass", "declare kreuzung", *["pass"] * 6,
         "bid 61", "pass", "pass", "pass", "declare unreine-kreuzung", "pass", "join"],
    ]
    for number, opening in enumerate(openings):
        state = new_deal(KREUZUNG_HANDS, dealer=3)
        act(state, *opening)
        rng = random.Random(number)
        while True:
            yield state
            if state.is_terminal():
                break
            state.apply(biased_action(state, rng))


def check_world(state: SaukopfState, seat: int, seed: int) -> None:
    view = state.view(seat)
    game = state.game
    text = json.dumps(view)
    world = game.sample_world(json.loads(text), Rng(seed))
    assert isinstance(world, SaukopfState)
    assert world.view(seat) == view
    assert world.inventory() == state.inventory()
    assert world.to_act() == state.to_act()
    if state.cur == seat:
        assert world.legal_actions() == state.legal_actions()
    if state.phase == "partner":  # the same round of the partner bidding: the same future
        assert world.poll_i == state.poll_i
    assert world.allow_revoke == state.allow_revoke
    # the same view and seed give the same world; a JSON round trip changes nothing
    again = game.sample_world(json.loads(text), Rng(seed))
    assert (again.masks, again.dealt, again.history) == (world.masks, world.dealt,
                                                         world.history)
    direct = game.sample_world(view, Rng(seed))
    assert (direct.masks, direct.history) == (world.masks, world.history)
    # the world plays on to the end of the session
    rng = random.Random(seed)
    while not world.is_terminal():
        world.apply(rng.choice(world.legal_actions()))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_sampled_worlds_reproduce_every_view(ruleset: str) -> None:
    checked = 0
    for state in positions(ruleset, range(6), every=7):
        for seat in range(state.num_players):
            check_world(state, seat, checked)
            checked += 1
    assert checked > 100


def test_sampled_worlds_through_kreuzung_deals() -> None:
    for number, state in enumerate(kreuzung_positions()):
        if number % 3 == 0 or state.phase in ("partner", "giving"):
            for seat in range(4):
                check_world(state, seat, number)


def test_sampled_worlds_redeal_the_hidden_cards() -> None:
    """Sampling reads the view, not the state: the hidden hands vary between worlds, the
    observer's own hand never does."""
    state = get("saukopf", "saukopf").new_state(4, 3, {"deals": 1})
    assert isinstance(state, SaukopfState)
    sampler = WorldSampler(state.game, state.view(0))
    rng = Rng(1)
    worlds = [sampler.sample(rng) for _ in range(20)]
    assert all(w.masks[0] == state.masks[0] for w in worlds)
    assert len({tuple(w.masks[1:]) for w in worlds}) > 15
    assert sum(w.masks[1:] == state.masks[1:] for w in worlds) < 2


def test_the_voids_a_view_shows_hold_in_the_true_hands() -> None:
    """A seat that did not follow a trick holds no card of the suit led: what the view
    shows (the play in order, the current trick last) is never contradicted by the real
    hands, and the positions show voids often enough for that to say something."""
    found = 0
    for state in positions("saukopf", range(12), every=3):
        if state.decl is None or state.is_terminal():
            continue
        view = json.loads(json.dumps(state.view(0)))
        plays = view_plays(view)
        assert [sum(1 << c for q, c in plays if q == p) for p in range(4)] == \
            list(state.played_masks())
        order = order_for(state.decl.kind, state.decl.param, state.decl.spiess)
        for p, void in enumerate(voids_shown(order, plays, 4)):
            assert state.masks[p] & void == 0
            found += void != 0
    assert found >= 10


def test_hidden_partner_is_never_the_declarer_or_the_kicker() -> None:
    """Sauerei: the called Sau is with neither the declarer nor a seat that kicked."""
    found = 0
    for state in positions("saukopf", range(30), every=5):
        declared = state.view(0)["declared"]
        if state.called_ace < 0 or state.partner_public or state.phase != "playing":
            continue
        for seat in range(4):
            if seat == state.partner:
                continue
            sampler = WorldSampler(state.game, state.view(seat))
            rng = Rng(seat)
            for _ in range(5):
                world = sampler.sample(rng)
                holder = world.holder(state.called_ace)
                assert holder not in (declared["declarer"], state.kontra, seat)
                found += 1
    assert found > 20


def test_a_view_that_no_deal_fits_is_refused() -> None:
    state = get("saukopf", "saukopf").new_state(4, 5, {"deals": 1})
    view = state.view(1)
    view["hand_counts"] = [8, 8, 8, 7]
    with pytest.raises(SamplingError):
        state.game.sample_world(view, Rng(0))
    with pytest.raises(SamplingError):
        state.game.sample_world({"players": 4}, Rng(0))


def test_inference_weights_the_declarers_hand() -> None:
    """With a weight that wants the declarer strong, the sampled declarer holds more
    trumps on average than in unweighted worlds."""
    for state in positions("saukopf", range(40), every=1):
        if state.phase == "playing" and state.decl is not None and state.decl.solo \
                and not state.tricks and not state.trick and state.declarer != 0:
            break
    else:
        raise AssertionError("no solo reached")
    order = state.order
    trump_mask = 0
    for c in order.trumps:
        trump_mask |= 1 << c
    sampler = WorldSampler(state.game, state.view(0 if state.declarer != 0 else 1))
    d = state.declarer
    rng = Rng(2)
    plain = [(sampler.sample(rng).masks[d] & trump_mask).bit_count() for _ in range(60)]
    strong = [(sampler.sample(rng, lambda hands: (hands[d] & trump_mask).bit_count() / 8)
               .masks[d] & trump_mask).bit_count() for _ in range(60)]
    assert sum(strong) > sum(plain)


def test_a_lean_as_dealt_keeps_each_count_as_likely_as_random_deals_make_it() -> None:
    """A Sauerei's declarer holds three to six trumps (:class:`Lean`). Drawing the count
    evenly from that range and dealing the rest of the hand at random gave the worlds'
    declarers 5.3 trumps where real ones held 4.5, so their opponents thought a Sauerei
    harder to beat than it was. As dealt, each count in the range is as likely as among
    random deals, and never more than six."""
    state = new_deal("EO GO EU GU HA H10 S9 G8 | HO SO HU SU HK H9 EA E10 | "
                     "H8 H7 EK E9 E8 E7 GK G10 | GA G9 G7 SA S10 SK S8 S7", dealer=3)
    act(state, "bid 61", "pass", "pass", "pass", "declare sauerei schellen")
    view = state.view(1)
    trumps = state.order.suit_masks[TRUMP]
    sampler = WorldSampler(state.game, view)

    def counts(lean: Lean | None, seed: int) -> list[int]:
        worlds = sampler.sample_many(Rng(seed), 400, lambda hands: 1.0, 2000, lean)
        return [(w.masks[0] & trumps).bit_count() for w in worlds]
    random_deals = [n for n in counts(None, 1) if 3 <= n <= 6]
    as_dealt = counts(Lean(0, trumps, 3, 6, as_dealt=True), 2)
    evenly = counts(Lean(0, trumps, 3, 6), 3)
    assert all(3 <= n <= 6 for n in as_dealt)
    mean = sum(as_dealt) / len(as_dealt)
    assert abs(mean - sum(random_deals) / len(random_deals)) < 0.25
    assert sum(evenly) / len(evenly) > mean + 0.5
