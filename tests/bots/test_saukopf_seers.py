"""``scripts/saukopf_seers.py``: the card-play ceiling the measuring scripts duel against
(a search level whose cards are solved on the true deal). Its figures in docs/bots.md
hold only if a seer really plays the open-hand best card of the deal it is handed, and
it must never be a level people can pick."""

from __future__ import annotations

from types import ModuleType

import pytest

from saustall.bots import make_bot
from saustall.bots.base import bot_levels
from saustall.core import get
from saustall.games.saukopf.actions import card_of, is_card
from saustall.games.saukopf.bots.endgame import ContractValue, EndgameSolver, contract_of
from saustall.games.saukopf.bots.search import LEVEL_BUDGETS
from saustall.games.saukopf.game import SaukopfState
from tests.script_loader import load_script

@pytest.fixture(scope="module")
def seers() -> ModuleType:
    return load_script("saukopf_seers")


def first_cards(deal: int, cards: int) -> SaukopfState:
    """Deal ``deal`` bid and played by ``heuristic`` bots until ``cards`` cards are down."""
    state = get("saukopf", "saukopf").new_state(4, deal, {"deals": 1, "dealer": deal % 4})
    assert isinstance(state, SaukopfState)
    bots = [make_bot("saukopf", "heuristic", seat) for seat in range(4)]
    down = 0
    while not state.is_terminal():
        p = state.current_player
        if state.phase == "playing" and down == cards:
            return state
        action = bots[p].choose(state.view(p), state.legal_actions(p))
        down += state.phase == "playing" and is_card(action)
        state.apply(action)
    raise AssertionError(f"deal {deal} was thrown in: pick a played one")


def test_importing_the_seers_offers_no_level_that_sees_hidden_cards(seers: ModuleType) -> None:
    assert not any(level.endswith("-seer") for level in bot_levels("saukopf"))


@pytest.mark.parametrize("deal,cards", [(0, 12), (6, 16), (7, 8)])
def test_a_seer_plays_the_best_card_of_the_true_deal_with_every_hand_open(
        seers: ModuleType, deal: int, cards: int) -> None:
    state = first_cards(deal, cards)
    me = state.current_player
    legal = [a for a in state.legal_actions(me) if isinstance(a, int)]
    solved = EndgameSolver(state.clone()).card_values(me, contract_of(state), ContractValue())
    values = [solved[card_of(a)] for a in legal]
    assert len(set(values)) > 1, "a position where the card matters"
    best = max(values)
    seer = seers.SeerBot(3, LEVEL_BUDGETS["beginner"], "beginner-seer")
    seer.deal = state
    chosen = seer.choose(state.view(me), legal)
    assert solved[card_of(chosen)] == best
    # the true deal, not worlds sampled from the view
    assert [w.masks for w in seer.worlds(state.view(me), 5)] == [state.masks]


def test_a_seer_without_the_true_state_says_what_it_needs(seers: ModuleType) -> None:
    state = first_cards(1, 4)
    seer = seers.SeerBot(3, LEVEL_BUDGETS["beginner"], "beginner-seer")
    with pytest.raises(AssertionError, match="true state"):
        seer.choose(state.view(state.current_player),
                    state.legal_actions(state.current_player))
