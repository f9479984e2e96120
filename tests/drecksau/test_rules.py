"""Every card's effect and legality, and each decision in docs/rules/drecksau.md."""

from __future__ import annotations

from collections import Counter

import pytest

from saustall.core import IllegalActionError, get
from saustall.games.drecksau.game import DIRTY, HAS_DOOR, HAS_ROD, IN_BARN, IS_PRETTY
from tests.drecksau.helpers import act, position

D, B, DR, R, P = DIRTY, IN_BARN, HAS_DOOR, HAS_ROD, IS_PRETTY


def legal(state) -> set[str]:  # type: ignore[no-untyped-def]
    return {state.game.encode_action(a) for a in state.legal_actions()}


def rule_of(state, text: str) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as raised:
        act(state, text)
    return raised.value.rule


# -- set-up ------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset,players,pigs,cards", [
    ("dirty-pig", 2, 5, 57), ("dirty-pig", 3, 4, 57), ("dirty-pig", 4, 3, 57),
    ("dirty-pig", 6, 3, 57), ("drecksau", 2, 5, 54), ("drecksau", 3, 4, 54),
    ("drecksau", 4, 3, 54), ("sauschoen", 2, 3, 89), ("sauschoen", 6, 3, 89),
])
def test_setup_pigs_and_deck_as_printed(ruleset: str, players: int, pigs: int, cards: int) -> None:
    state = get("drecksau", ruleset).new_state(players, 1)
    assert all(len(row) == pigs for row in state.pigs)
    assert all(f == 0 for row in state.pigs for f in row)  # clean side up
    assert all(len(hand) == 3 for hand in state.hands)
    inventory = state.inventory()
    assert sum(inventory.values()) - inventory["pig"] == cards
    assert inventory["pig"] == (12 if ruleset == "drecksau" else 18)


def test_german_edition_has_66_cards_and_nine_barns() -> None:
    inventory = get("drecksau", "drecksau").new_state(2, 0).inventory()
    assert sum(inventory.values()) == 66
    assert inventory["barn"] == 9 and inventory["pig"] == 12


def test_decision_sauschoen_uses_english_base() -> None:
    inventory = get("drecksau", "sauschoen").new_state(2, 0).inventory()
    english = get("drecksau", "dirty-pig").new_state(2, 0).inventory()
    assert inventory - Counter(pretty=16, escape=12, **{"lucky-bird": 4}) == english


def test_decision_sauschoen_three_pigs_each() -> None:
    for players in range(2, 7):
        state = get("drecksau", "sauschoen").new_state(players, 0)
        assert [len(row) for row in state.pigs] == [3] * players


def test_four_card_hands_option() -> None:
    state = get("drecksau", "drecksau").new_state(3, 0, {"hand_size": 4})
    assert all(len(hand) == 4 for hand in state.hands)
    act_any = state.legal_actions()[0]
    state.apply(act_any)
    assert len(state.hands[0]) == 4


def test_bad_player_count_and_option_are_named() -> None:
    with pytest.raises(ValueError, match="2-4 players"):
        get("drecksau", "drecksau").new_state(5, 0)
    with pytest.raises(ValueError, match="hand_size"):
        get("drecksau", "drecksau").new_state(2, 0, {"hand_size": 5})
    with pytest.raises(ValueError, match="no option 'hand_size'"):
        get("drecksau", "dirty-pig").new_state(2, 0, {"hand_size": 4})


# -- cards -------------------------------------------------------------------------------

def test_mud_dirties_own_clean_pig_only() -> None:
    state = position(hands=[["mud", "mud", "mud"], []], pigs=[[D, 0, B, 0, 0], [0] * 5])
    assert {a for a in legal(state) if a.startswith("play")} == {
        "play mud 0.1", "play mud 0.2", "play mud 0.3", "play mud 0.4"}
    assert rule_of(state, "play mud 0.0") == "mud-needs-clean-pig"
    assert rule_of(state, "play mud 1.0") == "mud-own-pig"
    act(state, "play mud 0.2")  # a pig in a barn without door can still be dirtied
    assert state.pigs[0][2] == B | D


def test_rain_washes_unsheltered_dirty_pigs_of_everyone() -> None:
    state = position(hands=[["rain", "mud", "mud"], []],
                     pigs=[[D, D | B, 0, 0, 0], [D, D | B | DR, D, 0, 0]])
    act(state, "play rain")
    assert state.pigs == [[0, D | B, 0, 0, 0], [0, D | B | DR, 0, 0, 0]]


def test_decision_rain_always_playable() -> None:
    state = position(hands=[["rain", "barn", "barn"], []])
    assert "play rain" in legal(state)


def test_barn_goes_on_own_pig_without_barn() -> None:
    state = position(hands=[["barn", "mud", "mud"], []], pigs=[[B, D, 0, 0, 0], [0] * 5])
    assert rule_of(state, "play barn 0.0") == "one-barn-per-pig"
    assert rule_of(state, "play barn 1.0") == "barn-own-pig"
    act(state, "play barn 0.1")
    assert state.pigs[0][1] == D | B


def test_decision_farmer_needs_dirty_pig() -> None:
    state = position(hands=[["farmer", "mud", "mud"], []],
                     pigs=[[D, 0, 0, 0, 0], [0, D, D | B, D | B | DR, 0]])
    assert {a for a in legal(state) if a.startswith("play farmer")} == {"play farmer 1.1", "play farmer 1.2"}
    assert rule_of(state, "play farmer 1.0") == "farmer-needs-dirty-pig"
    assert rule_of(state, "play farmer 1.3") == "barn-door-blocks-farmer"
    assert rule_of(state, "play farmer 0.0") == "farmer-other-player"
    act(state, "play farmer 1.2")  # even inside a barn
    assert state.pigs[1][2] == B


def test_barn_door_needs_a_dirty_pig_in_a_barn() -> None:
    state = position(hands=[["door", "mud", "mud"], []],
                     pigs=[[B, D, D | B, D | B | DR, 0], [D | B, 0, 0, 0, 0]])
    assert {a for a in legal(state) if a.startswith("play door")} == {"play door 0.2"}
    assert rule_of(state, "play door 0.0") == "barn-door-needs-dirty-pig"
    assert rule_of(state, "play door 0.1") == "barn-door-needs-barn"
    assert rule_of(state, "play door 0.3") == "one-door-per-barn"
    assert rule_of(state, "play door 1.0") == "door-own-pig"


def test_lightning_discards_barn_and_door_and_spares_the_pig() -> None:
    state = position(hands=[["lightning", "mud", "mud"], []],
                     pigs=[[B, 0, 0, 0, 0], [D | B | DR, B | R, 0, 0, 0]])
    assert {a for a in legal(state) if a.startswith("play lightning")} == {"play lightning 1.0"}
    assert rule_of(state, "play lightning 1.1") == "rod-blocks-lightning"
    assert rule_of(state, "play lightning 0.0") == "lightning-other-player"
    assert rule_of(state, "play lightning 1.2") == "lightning-needs-barn"
    discard_before = len(state.discard)
    act(state, "play lightning 1.0")
    assert state.pigs[1][0] == D
    assert sorted(state.discard[discard_before:]) == sorted([5, 2, 4])  # lightning, barn, door


def test_decision_rod_and_door_on_own_barns() -> None:
    state = position(hands=[["rod", "door", "mud"], []],
                     pigs=[[B, 0, 0, 0, 0], [D | B, 0, 0, 0, 0]])
    assert rule_of(state, "play rod 1.0") == "rod-own-pig"
    assert rule_of(state, "play rod 0.1") == "rod-needs-barn"
    act(state, "play rod 0.0")
    assert state.pigs[0][0] == B | R


def test_fully_protected_dirty_pig_is_safe() -> None:
    safe = D | B | DR | R
    state = position(hands=[["farmer", "lightning", "rain"], []],
                     pigs=[[0] * 5, [safe, 0, 0, 0, 0]])
    assert not any(a.endswith(" 1.0") for a in legal(state))
    act(state, "play rain")
    assert state.pigs[1][0] == safe


# -- turns -------------------------------------------------------------------------------

def test_english_exchange_any_one_to_three_cards() -> None:
    state = position(hands=[["mud", "mud", "rain"], []], deck=["barn", "barn", "barn"])
    discards = {a for a in legal(state) if a.startswith("discard")}
    assert discards == {"discard mud", "discard rain", "discard mud,mud", "discard mud,rain",
                        "discard mud,mud,rain"}
    act(state, "discard mud,rain")
    assert sorted(state.hands[0]) == [0, 2, 2]  # mud, barn, barn
    assert state.current_player == 1


def test_german_edition_use_or_discard_one() -> None:
    state = position("drecksau", hands=[["mud", "barn", "barn"], []])
    discards = {a for a in legal(state) if a.startswith("discard")}
    assert discards == {"discard mud", "discard barn"}
    assert rule_of(state, "discard mud,barn") == "discard-one-card"


def test_decision_show_and_redraw_is_the_turn() -> None:
    state = position("drecksau", hands=[["door", "door", "rod"], []],
                     deck=["mud", "rain", "barn"], discard=[])
    assert legal(state) == {"show"}
    assert rule_of(state, "discard door") == "show-when-stuck"
    act(state, "show")
    assert sorted(state.hands[0]) == [0, 1, 2]
    assert state.current_player == 1
    assert state.view(1)["last"]["shown"] == ["door", "door", "rod"]
    english = position(hands=[["door", "door", "rod"], []])
    assert "show" not in legal(english)
    assert rule_of(english, "show") == "show-only-in-german-edition"


def test_deck_runs_out_and_the_discard_pile_is_reshuffled() -> None:
    state = position(hands=[["mud", "mud", "mud"], []], deck=[], discard=["rain", "barn"])
    act(state, "play mud 0.0")
    assert len(state.hands[0]) == 3
    assert len(state.deck) == 2 and state.discard == []  # 3 reshuffled, one drawn


def test_decision_short_hand_when_all_cards_out() -> None:
    state = position(hands=[["mud"], ["rain"]], deck=[], discard=[])
    act(state, "play mud 0.0")  # the mud goes to the discard pile and is drawn again
    assert state.hands[0] == [0]
    empty = position(hands=[[], ["rain"]], deck=[], discard=[])
    assert legal(empty) == {"pass"}
    act(empty, "pass")
    assert empty.current_player == 1


def test_decision_turn_cap_draw() -> None:
    state = get("drecksau", "dirty-pig").new_state(2, 3, {"turn_cap": 4})
    for _ in range(4):
        exchange = next(a for a in state.legal_actions() if a >= 1000)
        state.apply(exchange)
    assert state.is_terminal() and state.winners() == ()
    assert state.stopped_at_cap()
    assert state.returns() == [0.0, 0.0]


# -- winning -----------------------------------------------------------------------------

def test_last_mud_wins_at_once() -> None:
    state = position(hands=[["mud", "rain", "rain"], []], pigs=[[D, D, D, D, 0], [0] * 5])
    act(state, "play mud 0.4")
    assert state.is_terminal() and state.winners() == (0,) and not state.stopped_at_cap()
    assert state.view(None)["win_kind"] == "dirty"
    with pytest.raises(IllegalActionError) as raised:
        act(state, "play rain")
    assert raised.value.rule == "game-over"


def test_decision_pretty_pig_can_make_opponent_win() -> None:
    state = position("sauschoen", hands=[["pretty", "mud", "mud"], []],
                     pigs=[[0, 0, 0], [P, D | P, 0]])
    act(state, "play pretty 1.2")
    assert state.winners() == (1,) and state.win_kind == "pretty"


def test_decision_escape_can_make_opponent_win() -> None:
    state = position("sauschoen", hands=[["escape", "mud", "mud"], []],
                     pigs=[[0, 0, 0], [D, D, D | P]])
    act(state, "play escape 1.2")
    assert state.winners() == (1,) and state.win_kind == "dirty"


def test_decision_mixed_pretty_and_dirty_does_not_win() -> None:
    state = position("sauschoen", hands=[["mud", "rain", "rain"], []],
                     pigs=[[D, P, 0], [0, 0, 0]])
    act(state, "play mud 0.2")
    assert not state.is_terminal()


def test_decision_pretty_pig_ignores_mud_rain_farmer() -> None:
    state = position("sauschoen", hands=[["mud", "farmer", "rain"], []],
                     pigs=[[P, 0, 0], [D | P, 0, 0]])
    assert rule_of(state, "play mud 0.0") == "pretty-pig-protected"
    assert rule_of(state, "play farmer 1.0") == "pretty-pig-protected"
    act(state, "play rain")
    assert state.pigs[1][0] == D | P  # the umbrella keeps the pig below dirty too


def test_pretty_pig_and_barn_door_exclude_each_other() -> None:
    state = position("sauschoen", hands=[["pretty", "door", "mud"], []],
                     pigs=[[D | B | P, D | B, 0], [D | B | DR, B | R, 0]])
    assert rule_of(state, "play door 0.0") == "no-door-for-pretty-pig"
    assert rule_of(state, "play pretty 1.0") == "no-pretty-in-shut-barn"
    assert "play pretty 1.1" in legal(state)  # a barn with a rod is no obstacle


def test_escape_discards_itself_and_the_pretty_pig() -> None:
    state = position("sauschoen", hands=[["escape", "mud", "mud"], []],
                     pigs=[[0, 0, 0], [P, 0, 0]])
    before = len(state.discard)
    act(state, "play escape 1.0")
    assert state.pigs[1][0] == 0
    assert sorted(state.discard[before:]) == [7, 8]
    assert rule_of(position("sauschoen", hands=[["escape", "mud", "mud"], []]),
                   "play escape 1.0") == "escape-needs-pretty-pig"


def test_expansion_cards_are_illegal_outside_sauschoen() -> None:
    state = position(hands=[["mud", "mud", "mud"], []])
    with pytest.raises(IllegalActionError) as raised:
        act(state, "play lucky-bird")
    assert raised.value.rule == "card-in-hand"


def test_decision_lucky_bird_turn() -> None:
    state = position("sauschoen", hands=[["lucky-bird", "mud", "barn"], []],
                     deck=["rain", "rain", "rain"])
    act(state, "play lucky-bird")
    assert state.current_player == 0 and state.phase == "lucky-bird"
    assert legal(state) >= {"play mud 0.0", "play barn 0.0", "done"}
    assert not any(a.startswith("discard") for a in legal(state))
    act(state, "play barn 0.1")
    act(state, "play mud 0.1")
    assert state.current_player == 1
    assert state.hands[0] == [1, 1, 1]  # three new cards
    second = position("sauschoen", hands=[["lucky-bird", "lucky-bird", "door"], []],
                      deck=["rain", "rain", "rain"])
    act(second, "play lucky-bird")  # the second bird is lost; the door cannot be used
    assert legal(second) == {"done"}
    act(second, "done")
    assert second.hands[0] == [1, 1, 1] and second.current_player == 1


def test_views_hide_other_hands_and_the_deck() -> None:
    state = position(hands=[["mud", "rain", "barn"], ["farmer", "door", "rod"]])
    mine, theirs, public = state.view(0), state.view(1), state.view(None)
    assert mine["hand"] == ["mud", "rain", "barn"] and theirs["hand"] == ["farmer", "door", "rod"]
    assert "hand" not in public and public["hand_counts"] == [3, 3]
    assert "farmer" not in str(mine) and "mud" not in str(theirs["hand"])


def test_determinize_redeals_hidden_cards() -> None:
    from saustall.core import Rng
    state = get("drecksau", "dirty-pig").new_state(4, 11)
    worlds = {tuple(state.determinize(0, Rng(i)).hands[1]) for i in range(30)}
    assert len(worlds) > 1
    assert all(state.determinize(0, Rng(i)).hands[0] == state.hands[0] for i in range(5))
