"""The Sauschön tournament: stacks, awards, the end, the deciding round."""

from __future__ import annotations

import random

from saustall.core import get
from saustall.games.drecksau.game import DIRTY, IS_PRETTY
from saustall.games.drecksau.rulesets import CARD_BY_NAME
from saustall.games.drecksau.tournament import TournamentState


def tournament(players: int = 3, seed: int = 1) -> TournamentState:
    state = get("drecksau", "sauschoen-tournament").new_state(players, seed)
    assert isinstance(state, TournamentState)
    return state


def win_round(state: TournamentState, winner: int, how: str) -> None:
    """Let ``winner`` win the current round with one card (dirty or pretty)."""
    round_ = state.round
    card = CARD_BY_NAME["mud" if how == "dirty" else "pretty"]
    flag = DIRTY if how == "dirty" else IS_PRETTY
    round_.pigs[winner] = [flag, flag, 0]
    round_.player = winner
    hand = round_.hands[winner]
    if card not in hand:  # swap a card of the hand with one from the deck
        index = round_.deck.index(card)
        round_.deck[index], hand[0] = hand[0], card
        hand.sort()
    round_._legal = None
    state.apply(state.game.decode_action(f"play {'mud' if how == 'dirty' else 'pretty'} {winner}.2"))


def test_decision_tournament_awards_top_item() -> None:
    state = tournament()
    win_round(state, 1, "pretty")
    win_round(state, 2, "dirty")
    win_round(state, 1, "pretty")
    assert state.awards[1] == [{"kind": "trophy", "points": 1}, {"kind": "trophy", "points": 2}]
    assert state.awards[2] == [{"kind": "bucket", "points": 1}]
    assert state.trophies == [3] and state.buckets == [2, 3]
    assert state.scores() == [0, 3, 1]
    view = state.view(0)["tournament"]
    assert view["scores"] == [0, 3, 1] and view["round"] == 4
    assert [r["how"] for r in view["rounds"]] == ["pretty", "dirty", "pretty"]


def test_decision_tournament_ends_when_a_stack_is_empty() -> None:
    state = tournament()
    for _ in range(3):
        win_round(state, 0, "dirty")
    assert state.is_terminal() and state.winners() == (0,)
    assert state.scores() == [6, 0, 0]
    assert state.returns() == [1.0, 0.0, 0.0]


def test_decision_tournament_deciding_round_among_leaders() -> None:
    state = tournament(players=3)
    win_round(state, 0, "dirty")    # 1
    win_round(state, 1, "dirty")    # 2
    win_round(state, 2, "pretty")   # 1
    win_round(state, 0, "dirty")    # 0 has 1 + 3 = 4 ... bucket stack now empty
    assert state.is_terminal() and state.winners() == (0,)  # 4, 2, 1
    state2 = tournament(players=3, seed=2)
    win_round(state2, 0, "pretty")  # trophy 1
    win_round(state2, 1, "pretty")  # trophy 2
    win_round(state2, 0, "dirty")   # bucket 1 -> player 0 has 2
    win_round(state2, 2, "dirty")   # bucket 2 -> player 2 has 2
    win_round(state2, 2, "pretty")  # trophy 3 -> player 2 has 5: trophies empty
    assert state2.is_terminal() and state2.winners() == (2,)
    state3 = tournament(players=3, seed=3)
    win_round(state3, 0, "dirty")   # 1
    win_round(state3, 1, "dirty")   # 2
    win_round(state3, 2, "pretty")  # 1
    win_round(state3, 0, "pretty")  # 0: 1 + 2 = 3
    win_round(state3, 2, "pretty")  # 2: 1 + 3 = 4; trophies empty; scores 3, 2, 4
    assert state3.is_terminal() and state3.winners() == (2,)
    tie = tournament(players=3, seed=4)
    win_round(tie, 0, "dirty")      # 0: 1
    win_round(tie, 1, "dirty")      # 1: 2
    win_round(tie, 0, "pretty")     # 0: 2
    win_round(tie, 2, "pretty")     # 2: 2
    win_round(tie, 1, "pretty")     # 1: 2 + 3 = 5 -> trophies empty, 1 leads alone
    assert tie.winners() == (1,)
    deciding = tournament(players=3, seed=5)
    win_round(deciding, 0, "pretty")  # 0: 1
    win_round(deciding, 1, "pretty")  # 1: 2
    win_round(deciding, 0, "pretty")  # 0: 1 + 3 = 4 ... trophies empty: 4 vs 2: no tie
    assert deciding.winners() == (0,)
    level = tournament(players=3, seed=6)
    win_round(level, 0, "dirty")      # 0: 1
    win_round(level, 1, "pretty")     # 1: 1
    win_round(level, 1, "dirty")      # 1: 3
    win_round(level, 0, "pretty")     # 0: 3
    win_round(level, 2, "dirty")      # 2: 3 -> buckets empty; all tied at 3
    assert not level.is_terminal() and level.deciding
    assert level.round.participants == (0, 1, 2)
    win_round(level, 2, "pretty")
    assert level.is_terminal() and level.winners() == (2,)
    assert level.scores() == [3, 3, 3]  # the deciding round awards nothing


def test_decision_tournament_deciding_round_sits_out_the_others() -> None:
    state = tournament(players=4)
    win_round(state, 0, "dirty")    # 0: 1
    win_round(state, 1, "dirty")    # 1: 2
    win_round(state, 0, "pretty")   # 0: 2
    win_round(state, 3, "dirty")    # 3: 3 -> buckets empty: 3 leads? scores 2, 2, 0, 3
    assert state.is_terminal() and state.winners() == (3,)
    tied = tournament(players=4, seed=9)
    win_round(tied, 0, "pretty")    # 0: 1
    win_round(tied, 1, "pretty")    # 1: 2
    win_round(tied, 0, "dirty")     # 0: 2
    win_round(tied, 2, "dirty")     # 2: 2
    win_round(tied, 3, "dirty")     # 3: 3 ; buckets empty: 2, 2, 2, 3 -> 3 wins
    assert tied.winners() == (3,)
    pair = tournament(players=4, seed=10)
    win_round(pair, 0, "dirty")     # 0: 1
    win_round(pair, 1, "dirty")     # 1: 2
    win_round(pair, 0, "dirty")     # 0: 1 + 3 = 4 ; buckets empty: 4, 2, 0, 0
    assert pair.winners() == (0,)
    duel = tournament(players=4, seed=11)
    win_round(duel, 0, "pretty")    # 0: 1
    win_round(duel, 0, "dirty")     # 0: 2
    win_round(duel, 1, "pretty")    # 1: 2
    win_round(duel, 1, "dirty")     # 1: 4
    win_round(duel, 0, "pretty")    # 0: 5 -> trophies empty: 5, 4
    assert duel.winners() == (0,)
    even = tournament(players=4, seed=12)
    win_round(even, 0, "pretty")    # 0: 1
    win_round(even, 1, "pretty")    # 1: 2
    win_round(even, 1, "dirty")     # 1: 3
    win_round(even, 0, "dirty")     # 0: 3
    win_round(even, 2, "pretty")    # 2: 3 -> trophies empty: 3, 3, 3, 0
    assert even.deciding and even.round.participants == (0, 1, 2)
    assert even.round.pigs[3] == [] and even.round.hands[3] == []
    assert 3 not in even.to_act()
    rng = random.Random(1)
    while not even.is_terminal():
        assert even.current_player != 3
        even.apply(rng.choice(even.legal_actions()))
    assert even.winners()[0] in (0, 1, 2)


def test_decision_tournament_first_player_rotates() -> None:
    state = tournament(players=3)
    assert state.current_player == 0
    win_round(state, 1, "dirty")
    assert state.current_player == 1
    win_round(state, 0, "dirty")
    assert state.current_player == 2


def test_tournament_random_play_is_replayable() -> None:
    state = tournament(players=4, seed=21)
    rng = random.Random(21)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert 3 <= len(state.rounds) <= 30
    replayed = state.record().replay()
    assert replayed.view(None) == state.view(None)
