"""``scripts/saukopf_seers.py``: the search levels that see every card for their card play
or their game, which the measuring scripts duel to learn what knowing the cards adds. Its
figures in docs/bots.md hold only if a seer really takes the open-hand best card or game
of the deal it is handed, and a seer must never be a level people can pick."""

from __future__ import annotations

from types import ModuleType

import pytest

from saustall.bots import make_bot
from saustall.bots.base import Bot, bot_levels
from saustall.core import get
from saustall.games.saukopf.actions import PASS, card_of, is_card
from saustall.games.saukopf.bots.endgame import ContractValue, EndgameSolver, contract_of
from saustall.games.saukopf.bots.search import LEVEL_BUDGETS, SearchBot
from saustall.games.saukopf.game import SaukopfState
from tests.script_loader import load_script


@pytest.fixture(scope="module")
def seers() -> ModuleType:
    return load_script("saukopf_seers")


def heuristic_table(deal: int) -> tuple[SaukopfState, list[Bot]]:
    """Deal ``deal`` of a four-player table, and four ``heuristic`` bots for it."""
    state = get("saukopf", "saukopf").new_state(4, deal, {"deals": 1, "dealer": deal % 4})
    assert isinstance(state, SaukopfState)
    return state, [make_bot("saukopf", "heuristic", seat) for seat in range(4)]


def to_declaring(deal: int) -> SaukopfState:
    """Deal ``deal`` bid by ``heuristic`` bots until its declarer chooses the game."""
    state, bots = heuristic_table(deal)
    while state.phase != "declaring":
        assert not state.is_terminal(), f"deal {deal} was thrown in: pick a played one"
        p = state.current_player
        state.apply(bots[p].choose(state.view(p), state.legal_actions(p)))
    return state


def first_cards(deal: int, cards: int) -> SaukopfState:
    """Deal ``deal`` bid and played by ``heuristic`` bots until ``cards`` cards are down."""
    state, bots = heuristic_table(deal)
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
    assert not any("seer" in level for level in bot_levels("saukopf"))


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
    seer = seers.CardSeer(3, LEVEL_BUDGETS["beginner"], "beginner-seer")
    seer.deal = state
    chosen = seer.choose(state.view(me), legal)
    assert solved[card_of(chosen)] == best
    # the true deal, not worlds sampled from the view
    assert [w.masks for w in seer.worlds(state.view(me), 5)] == [state.masks]


def test_a_seer_without_the_true_state_says_what_it_needs(seers: ModuleType) -> None:
    state = first_cards(1, 4)
    seer = seers.CardSeer(3, LEVEL_BUDGETS["beginner"], "beginner-seer")
    with pytest.raises(AssertionError, match="true state"):
        seer.choose(state.view(state.current_player),
                    state.legal_actions(state.current_player))


@pytest.mark.parametrize("deal", [9, 15])
def test_a_game_seer_declares_the_game_the_open_hand_solve_values_most(
        seers: ModuleType, deal: int) -> None:
    state = to_declaring(deal)
    me = state.current_player
    legal = [a for a in state.legal_actions(me) if isinstance(a, int)]
    level = SearchBot(3, LEVEL_BUDGETS["beginner"], "beginner")
    own = level.choose(state.view(me), legal)
    seer = seers.GameSeer(3, LEVEL_BUDGETS["beginner"], "beginner-gameseer")
    seer.deal = state
    chosen = seer.choose(state.view(me), legal)
    assert chosen != own  # deals where knowing the cards changes the game
    options = level.declaring_options(state.view(me), legal)
    values = {a: seer.solved_value(state, a, me) for a in options}
    assert values[chosen] == max(v for v in values.values() if v is not None)
    # the solved value is the open-hand minimax of the first card, seen from my seat
    declared = state.clone()
    declared.apply(chosen)
    while declared.phase != "playing":
        declared.apply(PASS)
    cards = EndgameSolver(declared.clone()).card_values(me, contract_of(declared), ContractValue())
    leader = declared.current_player
    mine = leader == me or leader == declared.partner
    assert values[chosen] == (max if mine else min)(cards.values())
