"""The exact Saukopf endgame solver: on real endgames it gives what a brute-force minimax
through the engine gives, and the search bots use it to take the points in the last
tricks."""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from saustall.games.saukopf.bots.endgame import (
    ContractValue, EndgameSolver, NodeLimitReached, contract_of,
)
from saustall.games.saukopf.bots.search import LEVEL_BUDGETS, SearchBot
from saustall.core import get
from saustall.games.saukopf.actions import CARD_BASE
from saustall.games.saukopf.game import SaukopfState, encode_action
from saustall.games.saukopf.observe import FinishedDeal
from tests.saukopf.helpers import act, biased_action, new_deal


def _net(state: SaukopfState, seat: int) -> int:
    score = state._results[-1].score()
    assert score is not None
    return score.meat[seat] - score.roughness[seat]


def _cards(state: SaukopfState) -> list[int]:
    return [a for a in state.legal_actions() if isinstance(a, int) and a < CARD_BASE + 32]


def brute_net(state: SaukopfState, seat: int, seat_party: bool) -> int:
    """``seat``'s net points with every card tried: its party maximizes them, the other
    minimizes them (the engine plays and scores every line)."""
    if state.phase != "playing":
        return _net(state, seat)
    values = []
    for action in _cards(state):
        child = state.clone()
        child.apply(action)
        values.append(brute_net(child, seat, seat_party))
    mine = (state.cur == state.declarer or state.cur == state.partner) == seat_party
    return max(values) if mine else min(values)


def brute_key(state: SaukopfState) -> int:
    """The solver's key (3 x the declarer party's card points, plus 2 if it took every
    trick, 0 if none, else 1), minimax over every line: in the Trog the declarer's party
    wants it high, in the Napf the opponents do."""
    if state.phase != "playing":
        finished = state._results[-1]
        assert isinstance(finished, FinishedDeal)
        outcome = finished.outcome()
        tricks = outcome.declarer_tricks
        flag = 2 if tricks == outcome.total_tricks else 0 if tricks == 0 else 1
        return 3 * outcome.declarer_points + flag
    assert state.decl is not None
    keys = []
    for action in _cards(state):
        child = state.clone()
        child.apply(action)
        keys.append(brute_key(child))
    party = state.cur == state.declarer or state.cur == state.partner
    return max(keys) if party != state.decl.info.napf else min(keys)


def endgames(ruleset: str, seeds: range, cards: int) -> Iterator[SaukopfState]:
    """The first position of each seeded deal where the player to act holds ``cards``
    cards or fewer: random low bids (every game kind comes up), then the rules of thumb
    play the cards (so the deals stay contested)."""
    from saustall.bots import make_bot

    game = get("saukopf", ruleset)
    players = game.ruleset.min_players
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(players, seed, {"deals": 1, "dealer": seed % players})
        assert isinstance(state, SaukopfState)
        bot = make_bot("saukopf", "heuristic", seed)
        while not state.is_terminal():
            if state.phase == "playing" and state.kontra_done \
                    and state.masks[state.cur].bit_count() <= cards:
                yield state
                break
            if state.phase == "playing":
                state.apply(bot.choose(state.view(state.cur), state.legal_actions()))
            else:
                state.apply(biased_action(state, rng))


@pytest.mark.parametrize("ruleset", ["saukopf", "dreihaxer"])
def test_solver_matches_brute_force_minimax_on_real_endgames(ruleset: str) -> None:
    """Every legal card's exact value for the player to act, the position's value and the
    minimax key equal a brute-force minimax through the engine (its card rules and its
    scoring) on the last three cards of seeded deals."""
    values = ContractValue()
    checked = contested = 0
    kinds: set[int] = set()
    for state in endgames(ruleset, range(100), 3):
        seat = state.cur
        party = seat == state.declarer or seat == state.partner
        found = EndgameSolver(state).card_values(seat, contract_of(state), values)
        expected = {}
        for action in _cards(state):
            child = state.clone()
            child.apply(action)
            expected[action - CARD_BASE] = float(brute_net(child, seat, party))
        assert found == expected, (state.decl, [state.game.encode_action(a) for a in state.history])
        solver = EndgameSolver(state)
        assert solver.minimax_key() + 3 * solver.party_points == brute_key(state)
        assert EndgameSolver(state).position_value(seat, contract_of(state), values) == \
            float(brute_net(state, seat, party))
        checked += 1
        contested += len(set(expected.values())) > 1
        assert state.decl is not None
        kinds.add(state.decl.kind)
    # the check means something: many deals, several kinds, cards that differ in value
    assert checked >= 50 and len(kinds) >= 4 and contested >= 5, (checked, kinds, contested)


def test_threshold_searches_agree_with_the_minimax_key() -> None:
    """"Can the side that wants points reach key t?" is yes exactly up to the minimax
    key, with one transposition table serving every threshold."""
    for state in endgames("saukopf", range(100, 115), 4):
        solver = EndgameSolver(state)
        key = solver.minimax_key()
        for threshold in range(max(0, key - 7), key + 8):
            assert solver.reaches(threshold) == (threshold <= key), threshold


def test_the_node_limit_stops_a_search() -> None:
    state = next(endgames("saukopf", range(200, 201), 5))
    with pytest.raises(NodeLimitReached):
        EndgameSolver(state, node_limit=10).minimax_key()


def _takes_the_trick(state: SaukopfState, action: int) -> bool:
    """Does the card ``action``, played last to the trick, win it?"""
    trick = state.trick + (action - CARD_BASE,)
    return state.order.trick_winner(trick) == len(trick) - 1


def test_expert_defender_in_the_fourth_seat_over_trumps() -> None:
    """Late in a Keiler (Eichel trumps), the declarer Resi's Herz Sau leads a trick of
    15 points; Sepp, a defender in the fourth seat with four cards, is void in Herz and
    holds the Herz Unter (a trump): over-trumping takes the trick and beats the game,
    throwing anything else leaves it to her."""
    state = new_deal("E10 E7 G10 G8 HU SA SK S8 | EA EO EU E9 E8 HA SO S7 | "
                     "GA GK GO H9 H8 H7 S10 S9 | EK GU G9 G7 H10 HK HO SU", dealer=1)
    act(state, "pass", "bid 61", "pass", "bid 62", "pass", "declare keiler eichel",
        "card GA", "pass", "pass", "pass", "card G7", "card G10", "card EA", "card EO",
        "card GO", "card SU", "card E7", "card SO", "card H7", "card HO", "card E10",
        "card G9", "card G8", "card E8", "card GK", "card HA", "card H8", "card HK")
    assert state.cur == 0 and state.declarer == 1 and len(state.hands[0]) == 4
    assert [encode_action(a) for a in _choices("expert", state)] == ["card HU"] * 3


def test_club_declarer_in_the_last_seat_takes_the_points() -> None:
    """Late in his Keiler (Gras trumps), Alois sits last to a trick of Eichel König,
    Eichel Zehn and Schellen Neun (14 points) held by the defenders; void in Eichel, he
    holds both top Unter: he trumps and takes it instead of throwing his Herz Sau."""
    state = new_deal("E10 E9 HK HO HU H8 H7 S7 | E7 GA G10 G8 SA S10 S9 S8 | "
                     "EA EO EU GK GU HA H9 SO | EK E8 GO G9 G7 H10 SK SU", dealer=3)
    act(state, "bid 61", "pass", "bid 62", "pass", "pass", "declare keiler gras",
        "card H7", "pass", "pass", "pass", "card E7", "card H9", "card H10", "card E8",
        "card E9", "card S8", "card EA", "card EO", "card G7", "card HU", "card G8",
        "card SO", "card GO", "card HO", "card GA", "card EK", "card E10", "card S9")
    assert state.cur == 2 and state.declarer == 2 and len(state.hands[2]) == 4
    choices = _choices("club", state)
    assert all(_takes_the_trick(state, a) for a in choices), [encode_action(a) for a in choices]


def _choices(level: str, state: SaukopfState) -> list[int]:
    """The cards three bots of ``level`` (seeds 0-2, each solving its last four cards
    exactly) choose for the player to act."""
    assert LEVEL_BUDGETS[level].endgame >= 4
    seat = state.cur
    found = []
    for seed in range(3):
        choice = SearchBot(seed, LEVEL_BUDGETS[level], level).choose(
            state.view(seat), state.legal_actions())
        assert isinstance(choice, int)
        found.append(choice)
    return found
