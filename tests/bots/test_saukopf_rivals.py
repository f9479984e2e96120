"""Bidding against rivals in the search bot's playouts: a rival with a solo hand bids on
over the bot's bid, a plan that keeps its game bids again, and a weak rival lets the bid
stand."""

from __future__ import annotations

import random
from dataclasses import replace

from saustall.games.saukopf.bots.rivals import BidPlan, bid_on_chance, solo_rating
from saustall.games.saukopf.bots.search import LEVEL_BUDGETS, SearchBot
from saustall.games.saukopf.actions import decode_action
from saustall.games.saukopf.cards import CARD_BY_TEXT
from tests.saukopf.helpers import new_deal

def _mask(cards: str) -> int:
    mask = 0
    for text in cards.split():
        mask |= 1 << CARD_BY_TEXT[text]
    return mask


# Vroni (seat 0, first to speak) holds a middling Eichel Keiler; Sepp (seat 2) the two
# top Ober and two Unter, the rivals' solo hand in the playouts below
TABLE = ("HO SO EU GU EA E10 GA SK | H9 H8 H7 EK E9 G8 S8 S7 | "
         "EO GO HU SU E8 E7 G9 G7 | HA H10 HK G10 GK SA S10 S9")
KEILER = decode_action("declare keiler eichel")


def test_a_solo_hand_rates_above_a_weak_one() -> None:
    strong = _mask("EO GO HO SO EU GU HA H10")
    weak = _mask("E9 E8 G9 G8 S9 S8 H7 EK")
    assert solo_rating(strong, 4) > 0.0 > solo_rating(weak, 4)
    # a higher bid takes more to bid on
    assert bid_on_chance(0.5, 62) > bid_on_chance(0.5, 90) > 0.0


def test_an_eager_rival_takes_over_a_plan_that_lets_the_game_go() -> None:
    state = new_deal(TABLE, dealer=3)
    plan = BidPlan(KEILER, 61, 61)
    # seat 2's draw is high and its rating a solo's: it bids on; the others pass
    won = plan.bid_out(state, 0, [0.0, 0.0, 0.999, 0.0], [0.0, -3.0, 1.5, -3.0])
    assert not won
    assert state.phase == "declaring" and state.cur == 2 and state.top_bid == 62


def test_a_plan_that_keeps_its_game_bids_again_and_wins() -> None:
    state = new_deal(TABLE, dealer=3)
    plan = BidPlan(KEILER, 61, 71)
    won = plan.bid_out(state, 0, [0.0, 0.0, 0.999, 0.0], [0.0, -3.0, 1.5, -3.0])
    # me 61, Sepp 62, me 63, Sepp 64 (his second and last bid), and I am out of bids
    assert not won and state.top_bid == 64
    state = new_deal(TABLE, dealer=3)
    # a rival who bids only once over 61 (its draw clears 62's chance, not 64's) loses it
    chance_62, chance_64 = bid_on_chance(0.2, 62), bid_on_chance(0.2, 64)
    draw = 1.0 - (chance_62 + chance_64) / 2
    won = plan.bid_out(state, 0, [0.0, 0.0, draw, 0.0], [0.0, -3.0, 0.2, -3.0])
    assert won and state.phase == "declaring" and state.cur == 0 and state.top_bid == 63


def test_weak_rivals_let_the_bid_stand() -> None:
    state = new_deal(TABLE, dealer=3)
    won = BidPlan(KEILER, 61, 61).bid_out(state, 0, [0.5] * 4, [0.0, -3.0, -3.0, -3.0])
    assert won and state.top_bid == 61 and state.is_legal(KEILER)


def test_a_bot_bidding_against_rivals_acts_legally_and_replays() -> None:
    budget = replace(LEVEL_BUDGETS["club"], rivals=True)
    for seed in range(2):
        choices = []
        for _ in range(2):
            state = new_deal(TABLE, dealer=3)
            rng = random.Random(seed)
            bot = SearchBot(seed, budget, "club-rivals")
            made = []
            while state.phase == "bidding":
                legal = state.legal_actions()
                choice = bot.choose(state.view(state.cur), legal) if state.cur == 0 \
                    else rng.choice(legal)
                assert choice in legal
                made.append(choice)
                state.apply(choice)
            choices.append(made)
        assert choices[0] == choices[1]
