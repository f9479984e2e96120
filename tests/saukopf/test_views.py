"""Hidden information: views, determinization and conservation over every game kind.

The shared conformance suite plays uniformly random games, whose bids nearly always end
above 61; these playouts bid low on purpose so that Sauerei, Kreuzung and the Napf games
(hidden partners, open and handed-over cards) are reached too.
"""

from __future__ import annotations

import json
import random

from saustall.core import Rng, get
from saustall.games.saukopf.cards import CARD_TEXT
from saustall.games.saukopf.game import SaukopfState
from tests.saukopf.helpers import (
    ALL_KIND_NAMES, ALOIS, RESI, SEPP, ZENZI, act, biased_action, kinds_seen, new_deal,
)


def biased_session(ruleset: str, players: int, seed: int, check_every: int = 0) -> SaukopfState:
    state = get("saukopf", ruleset).new_state(players, seed, {"deals": 8})
    assert isinstance(state, SaukopfState)
    rng = random.Random(seed)
    redeal = Rng(seed + 1)
    steps = 0
    while not state.is_terminal():
        if check_every and steps % check_every == 0:
            check_worlds(state, redeal, rng)
        state.apply(biased_action(state, rng))
        steps += 1
    return state


def check_worlds(state: SaukopfState, redeal: Rng, rng: random.Random) -> None:
    """Every observer's re-dealt world looks the same to them and plays on consistently."""
    for observer in [*range(state.num_players), None]:
        view = state.view(observer)
        twin = state.determinize(observer, redeal)
        assert twin.view(observer) == view
        assert twin.inventory() == state.inventory()
        if observer is not None and state.cur == observer:
            assert twin.legal_actions() == state.legal_actions()
        _play_out(twin, rng)


def _play_out(state: SaukopfState, rng: random.Random) -> None:
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal
        state.apply(rng.choice(legal))


def test_every_game_kind_is_reached_and_conserves_cards() -> None:
    states = [biased_session("saukopf", 4, seed) for seed in range(40)]
    # a Kreuzung needs a hand with at most one trump: rare, so dealt on purpose below
    assert kinds_seen(states) >= ALL_KIND_NAMES - {"kreuzung", "unreine-kreuzung"}
    for state in states:
        assert sorted(state.inventory().values()) == [1] * 32


def test_determinize_keeps_every_view_over_all_game_kinds() -> None:
    for seed in range(4):
        biased_session("saukopf", 4, seed, check_every=11)
    for seed in range(2):
        biased_session("dreihaxer", 3, seed, check_every=9)


def test_hidden_partner_and_handed_card_stay_hidden() -> None:
    found_sauerei = found_give = False
    for seed in range(60):
        state = get("saukopf").new_state(4, seed, {"deals": 8})
        assert isinstance(state, SaukopfState)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.phase == "playing" and state.decl is not None:
                if state.called_ace >= 0 and not state.partner_public:
                    found_sauerei = True
                    outsiders = [p for p in range(4) if p != state.partner]
                    for p in outsiders:
                        assert state.view(p)["declared"]["partner"] is None
                    assert state.view(state.partner)["declared"]["partner"] == state.partner
                    twin = state.determinize(state.declarer, Rng(seed))
                    assert state.called_ace not in twin.hands[state.declarer]
                if state.kreuz_given >= 0:
                    found_give = True
                    for p in range(4):
                        seen = state.view(p)["declared"]["given"]
                        assert (seen is not None) == (p in (state.declarer, state.partner))
            state.apply(biased_action(state, rng))
    assert found_sauerei and found_give


def test_views_hold_no_other_hand() -> None:
    state = get("saukopf").new_state(4, 5)
    assert isinstance(state, SaukopfState)
    for seat in range(4):
        text = json.dumps(state.view(seat))
        for other in range(4):
            for c in state.hands[other]:
                assert (f'"{CARD_TEXT[c]}"' in text) == (other == seat)
    spectator = json.dumps(state.view(None))
    assert not any(f'"{CARD_TEXT[c]}"' in spectator for h in state.hands for c in h)


KREUZUNG_HANDS = ("EA E10 EK E9 GA G10 HA SA | EO GO HO SO EU GU HU SU | "
                  "H10 HK H9 H8 H7 E8 E7 G9 | GK G8 G7 S10 SK S9 S8 S7")


def test_determinize_through_kreuzung_deals() -> None:
    """Open trump, partner bidding, the card handed face down, a failed Kreuzung."""
    openings = [
        ["bid 61", "pass", "pass", "pass", "declare kreuzung"],
        ["bid 61", "pass", "pass", "pass", "declare kreuzung", "pass", "pass", "join"],
        ["bid 61", "pass", "pass", "pass", "declare kreuzung", *["pass"] * 6],
        ["bid 61", "pass", "pass", "pass", "declare kreuzung", *["pass"] * 6,
         "bid 61", "pass", "pass", "pass", "declare unreine-kreuzung", "pass", "join"],
    ]
    for number, opening in enumerate(openings):
        state = new_deal(KREUZUNG_HANDS, dealer=3)
        act(state, *opening)
        rng = random.Random(number)
        redeal = Rng(number)
        while not state.is_terminal():
            check_worlds(state, redeal, rng)
            state.apply(biased_action(state, rng))
        assert not state.results[0]["thrown_in"] or number == 2


def test_determinize_keeps_a_napf_bid_of_61_declarable() -> None:
    """A bid of 61 in the Napf shows a hand with a Doppel game: every re-dealt world the
    bidder then declares in has one (a world without would leave nothing legal)."""
    state = new_deal("E10 EK E9 E8 G10 GK G9 G8 | EO GO S10 SK S9 H7 HK EU | "
                     "EA E7 GA G7 HA H10 HO HU | H9 H8 SA SO SU S8 S7 GU", dealer=3)
    act(state, "pass", "pass", "pass", "pass", "pass", "bid 61", "pass", "pass")
    assert state.phase == "declaring" and state.cur == RESI
    redeal = Rng(7)
    for observer in (SEPP, ALOIS, ZENZI, None):
        for _ in range(60):
            twin = state.determinize(observer, redeal)
            assert twin.view(observer) == state.view(observer)
            assert twin.legal_actions(), twin.view(RESI)["hand"]
