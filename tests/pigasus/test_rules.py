"""Scripted timelines for every Pigasus rule and every decision in docs/rules/pigasus.md."""

from __future__ import annotations

import pytest

from saustall.core import IllegalActionError, InvalidOptionError, get
from saustall.core.errors import GameOverError, MalformedActionError, NotYourTurnError
from saustall.games.pigasus.cards import CARDS, CODES, NUM_CARDS, is_pair, partner
from saustall.games.pigasus.game import PigasusAction, decode_action, encode_action

from .helpers import card, new_game, play, stacked


def rule_of(state, text: str) -> str:
    """Apply ``text``, expect a rule error, check nothing changed, return the rule."""
    before_view, before_history = state.view(None), list(state.history)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(decode_action(text))
    assert state.view(None) == before_view
    assert state.history == before_history
    return caught.value.rule


# -- the cards and the set-up ----------------------------------------------------------

def test_72_cards_each_with_exactly_one_partner():
    assert len(CARDS) == NUM_CARDS == 72 == len(set(CODES))
    for c in range(NUM_CARDS):
        body, head = CARDS[c]
        assert body != head
        assert partner(partner(c)) == c != partner(c)
        assert [d for d in range(NUM_CARDS) if is_pair(c, d)] == [partner(c)]
    assert card("PC") == partner(card("CP"))


def test_setup_sets_16_aside_and_deals_nothing():
    state = new_game(4, seed=7)
    view = state.view(None)
    assert view["set_aside_count"] == 16 and view["deck_count"] == 56
    assert view["table"] == [] and view["scores"] == [0, 0, 0, 0]
    assert sorted(state.inventory()) == sorted(CODES)
    assert set(state.inventory().values()) == {1}


def test_decision_first_dealer_is_seat_zero():
    assert new_game(3).dealer == 0
    assert new_game(3, first_dealer=2).dealer == 2
    with pytest.raises(InvalidOptionError, match="first_dealer"):
        new_game(3, first_dealer=3)


def test_decision_player_counts():
    solo, teams = get("pigasus", "pigasus").ruleset, get("pigasus", "pigasus-teams").ruleset
    assert (solo.min_players, solo.max_players) == (2, 10)
    assert (teams.min_players, teams.max_players) == (4, 10)
    with pytest.raises(InvalidOptionError):
        new_game(11)
    with pytest.raises(InvalidOptionError):
        new_game(3, "pigasus-teams")


@pytest.mark.parametrize("name,value", [("window_ms", -1), ("window_ms", 5000),
                                        ("point_limit_ms", 10), ("event_cap", 3)])
def test_timing_options_are_checked(name, value):
    with pytest.raises(InvalidOptionError, match=name):
        new_game(3, **{name: value})


# -- notation --------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["p0@16000 reveal", "p2@15300 grab", "p2@15420 point PC",
                                  "p2@15420 point PC,CP", "p2@15420 point none", "p9@0 tick"])
def test_notation_round_trips(text):
    action = decode_action(text)
    assert isinstance(action, PigasusAction)
    assert encode_action(action) == text
    assert decode_action(encode_action(action)) == action


def test_notation_reads_card_codes_in_any_case_and_sorts_two():
    assert decode_action("p1@5 point cp") == decode_action("p1@5 point CP")
    assert decode_action("p1@5 point CP").cards == (card("CP"),)
    assert decode_action("p1@5 point CP,pc") == decode_action("p1@5 point PC,CP")


@pytest.mark.parametrize("text", ["p0@x reveal", "p0@5 point PP", "p0@5 point PX",
                                  "p0@5 point PC,PC", "p0@5 point PC,CP,GE", "p0@5 grab PC",
                                  "p0@5 point", "reveal", "p0@5 jump"])
def test_malformed_notation_is_rejected(text):
    with pytest.raises(MalformedActionError):
        decode_action(text)


def test_bad_action_values_are_malformed():
    state = new_game(3)
    for bad in [42, PigasusAction(5, 0, "grab"), PigasusAction(0, -1, "grab"),
                PigasusAction(0, 0, "dance"), PigasusAction(0, 0, "point", (9, 3)),
                PigasusAction(0, 0, "point", (72,)), PigasusAction(0, 0, "point", (1, 2, 3)),
                PigasusAction(0, 0, "grab", (1, 2))]:
        with pytest.raises(MalformedActionError):
            state.apply(bad)


# -- revealing -------------------------------------------------------------------------

def test_only_the_dealer_reveals_and_cards_never_cover_each_other():
    state = stacked(3, ["PC", "GE", "HS"])
    assert rule_of(state, "p1@0 reveal") == "dealer-reveals"
    play(state, "p0@0 reveal", "p0@900 reveal", "p0@1800 reveal")
    table = state.view(1)["table"]
    assert [(e["slot"], e["card"], e["at"]) for e in table] == [
        (0, "PC", 0), (1, "GE", 900), (2, "HS", 1800)]


def test_time_moves_forward():
    state = stacked(3, ["PC", "GE"])
    play(state, "p0@1000 reveal")
    assert rule_of(state, "p0@999 reveal") == "time-moves-forward"
    play(state, "p0@1000 reveal")  # the same millisecond is fine


def test_the_seat_given_must_be_the_actor():
    state = new_game(3)
    with pytest.raises(NotYourTurnError):
        state.apply(decode_action("p0@0 reveal"), player=1)


# -- right and wrong grabs -------------------------------------------------------------

def test_right_grab_takes_the_pair_and_makes_the_grabber_dealer():
    state = stacked(3, ["PC", "GE", "CP"])
    play(state, "p0@0 reveal", "p0@1000 reveal", "p0@2000 reveal", "p1@2600 grab")
    assert state.view(0)["pigasus"]["holders"][0]["player"] == 1
    assert rule_of(state, "p0@2700 reveal") == "no-reveal-while-held"
    play(state, "p1@3000 point PC,CP")
    assert state.scores() == [0, 2, 0]
    assert [e["card"] for e in state.view(0)["table"]] == ["GE"]
    assert state.dealer == 1
    assert state.outcome[0]["result"] == "right"
    assert state.stats[1]["right"] == 1 and state.stats[1]["cards_won"] == 2
    assert rule_of(state, "p0@4000 reveal") == "dealer-reveals"
    play(state, "p1@4000 reveal")


def test_decision_touching_counts_as_wrong_grab():
    state = stacked(3, ["PC", "GE"])
    play(state, "p0@0 reveal", "p0@1000 reveal", "p2@1500 grab", "p2@1800 point none")
    assert state.outcome[0]["result"] == "wrong"
    assert state.outcome[0]["paid"] == 0  # nothing collected yet: nothing to give back
    assert state.dealer == 0 and state.stats[2]["wrong"] == 1


def test_decision_bench_empty_handed():
    state = stacked(3, ["PC", "GE", "CP", "EG"])
    play(state, "p0@0 reveal", "p0@1000 reveal", "p2@1500 grab", "p2@1800 point none")
    assert state.view(0)["benched"] == [2]
    assert rule_of(state, "p2@1900 grab") == "benched"  # no free guesses
    play(state, "p0@2000 reveal", "p1@2500 grab", "p1@2700 point PC,CP")
    assert state.view(0)["benched"] == []  # a pair was taken: p2 may grab again
    play(state, "p1@3000 reveal", "p2@3500 grab", "p2@3700 point GE,EG")
    assert state.scores() == [0, 2, 2]
    # A wrong grab that costs cards does not bench; the option turns benching off.
    play(state, "p2@4000 grab", "p2@4200 point none")
    assert state.scores()[2] == 0 and state.view(0)["benched"] == []
    free = stacked(2, ["PC"], bench_empty_handed=False)
    play(free, "p0@0 reveal", "p1@10 grab", "p1@200 point none", "p1@300 grab")
    assert free.phase == "held"


def test_decision_one_card_at_a_time():
    state = stacked(3, ["PC", "GE", "CP"])
    play(state, "p0@0 reveal", "p0@10 reveal", "p0@20 reveal", "p1@500 grab", "p1@700 point PC")
    holder = state.view(2)["pigasus"]["holders"][0]
    assert holder["fingers"] == ["PC"] and holder["pointed"] is None  # still pointing
    assert rule_of(state, "p1@800 point PC") == "point-two-different-cards"
    assert rule_of(state, "p1@800 point GE,EG") == "point-at-table-cards"
    assert rule_of(state, "p1@800 point GE,CP") == "point-two-different-cards"
    play(state, "p1@900 point GE")  # the second card completes the claim: wrong
    assert state.outcome[0]["result"] == "wrong" and state.outcome[0]["pointed"] == ["PC", "GE"]
    # Both cards in one action (as a web client sends them) make the same claim.
    both = stacked(3, ["PC", "GE", "CP"])
    play(both, "p0@0 reveal", "p0@10 reveal", "p0@20 reveal", "p1@500 grab")
    both.apply(decode_action("p1@700 point CP,PC"))
    assert both.scores() == [0, 2, 0]


def test_pointing_at_two_cards_that_do_not_match_is_a_wrong_grab():
    state = stacked(3, ["PC", "GE", "CP"])
    play(state, "p0@0 reveal", "p0@10 reveal", "p0@20 reveal", "p2@500 grab",
         "p2@900 point PC,GE")
    assert state.outcome[0]["result"] == "wrong"
    assert len(state.table_cards()) == 3


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_decision_wrong_grab_pays_number_of_players(players):
    state = stacked(players, ["PC", "CP", "GE", "EG", "HS"])
    play(state, "p0@0 reveal", "p0@100 reveal", "p1@200 grab", "p1@500 point PC,CP",
         "p1@1000 reveal", "p1@1100 reveal", "p1@1200 grab", "p1@1500 point EG,GE")
    assert state.scores()[1] == 4
    play(state, "p1@2000 reveal", "p1@2100 grab", "p1@2400 point none")
    paid = min(4, players)  # as many cards as players, or all there are
    assert state.outcome[0]["paid"] == paid
    assert state.scores()[1] == 4 - paid
    assert state.view(None)["box_count"] == paid
    # The most recently collected cards go back first.
    assert [CODES[c] for c in state.box] == ["EG", "GE", "CP", "PC"][:paid]
    assert sum(state.inventory().values()) == NUM_CARDS


def test_decision_point_time_limit():
    state = stacked(2, ["PC", "CP"])
    play(state, "p0@0 reveal", "p0@10 reveal", "p1@100 grab")
    assert state.next_due() == 100 + 10000 + 1
    assert rule_of(state, "p0@10100 tick") == "tick-at-due-time"
    assert rule_of(state, "p0@10100 grab") == "pigasus-held"
    play(state, "p0@10101 tick")
    assert state.phase == "play" and state.outcome[0]["result"] == "wrong"
    assert state.outcome[0]["pointed"] == []


def test_missed_pairs_stay_claimable():
    state = stacked(3, ["PC", "CP", "GE", "HS", "DR"])
    play(state, "p0@0 reveal", "p0@1000 reveal", "p0@2000 reveal", "p0@3000 reveal",
         "p0@4000 reveal")
    # Someone grabs for the wrong cards; the pair stays there for anyone.
    play(state, "p1@4500 grab", "p1@5000 point GE,HS")
    assert state.outcome[0]["result"] == "wrong"
    play(state, "p2@5200 grab", "p2@5500 point CP,PC")
    assert state.scores() == [0, 0, 2]


def test_several_pairs_visible_at_once():
    state = stacked(3, ["PC", "GE", "CP", "EG"])
    play(state, "p0@0 reveal", "p0@1 reveal", "p0@2 reveal", "p0@3 reveal")
    assert state.visible_pairs() == sorted([(card("PC"), card("CP")),
                                            (card("GE"), card("EG"))])
    play(state, "p1@500 grab", "p1@800 point PC,CP", "p2@900 grab", "p2@1200 point GE,EG")
    assert state.scores() == [0, 2, 2] and state.table_cards() == []
    assert state.dealer == 2


# -- pointing --------------------------------------------------------------------------

def test_decision_grab_and_point_are_two_steps():
    state = stacked(3, ["PC", "GE", "CP"])
    play(state, "p0@0 reveal", "p0@10 reveal", "p0@20 reveal", "p2@1000 grab")
    view = state.view(1)
    assert view["phase"] == "held"
    assert view["pigasus"]["holders"] == [{
        "player": 2, "team": 2, "at": 1000, "pointed": None, "fingers": [],
        "pointed_at": None, "must_point_by": 11000}]
    play(state, "p2@4000 point CP,PC")  # thinking for three seconds is allowed
    assert state.scores() == [0, 0, 2]


def test_decision_no_reveal_while_held():
    state = stacked(3, ["PC", "GE", "CP"])
    play(state, "p0@0 reveal", "p1@10 grab")
    assert rule_of(state, "p0@20 reveal") == "no-reveal-while-held"
    play(state, "p1@30 point none", "p0@200 reveal")
    assert len(state.table_cards()) == 2


def test_pointing_rules():
    state = stacked(3, ["PC", "CP"])
    play(state, "p0@0 reveal", "p0@10 reveal")
    assert rule_of(state, "p1@20 point PC") == "only-holder-points"
    play(state, "p1@30 grab")
    assert rule_of(state, "p1@40 point GE") == "point-at-table-cards"
    assert rule_of(state, "p1@40 grab") == "hold-once"
    play(state, "p1@50 point PC,CP")
    assert rule_of(state, "p1@60 point none") == "point-once"


# -- simultaneous grabs ----------------------------------------------------------------

def test_decision_simultaneous_grab_window():
    state = stacked(3, ["PC", "CP"])
    play(state, "p0@0 reveal", "p0@1000 reveal", "p1@1500 grab", "p2@1650 grab")
    holders = state.view(0)["pigasus"]["holders"]
    assert [h["player"] for h in holders] == [1, 2]  # 150 ms later still counts
    assert rule_of(state, "p0@1651 grab") == "pigasus-held"  # one ms more is too late

    narrow = stacked(3, ["PC", "CP"], window_ms=50)
    play(narrow, "p0@0 reveal", "p0@1000 reveal", "p1@1500 grab")
    assert rule_of(narrow, "p2@1551 grab") == "pigasus-held"


def test_decision_equal_hold_same_pair_splits():
    state = stacked(3, ["PC", "CP"])
    play(state, "p0@0 reveal", "p0@1000 reveal", "p2@1500 grab", "p1@1600 grab",
         "p1@1700 point PC,CP")
    assert state.phase == "held"  # p2 has not pointed yet
    play(state, "p2@1800 point CP,PC")
    results = {e["player"]: (e["result"], e["cards"]) for e in state.outcome}
    # The earlier grab takes the lower-numbered card of the pair, the other the other.
    assert results == {2: ("split", ["PC"]), 1: ("split", ["CP"])}
    assert state.scores() == [0, 1, 1] and state.dealer == 2


def test_decision_equal_hold_different_pairs_each_take_their_pair():
    state = stacked(3, ["PC", "CP", "GE", "EG"])
    play(state, "p0@0 reveal", "p0@1 reveal", "p0@2 reveal", "p0@3 reveal",
         "p1@500 grab", "p2@520 grab", "p2@700 point GE,EG", "p1@800 point PC,CP")
    assert {e["player"]: e["result"] for e in state.outcome} == {1: "right", 2: "right"}
    assert state.scores() == [0, 2, 2] and state.dealer == 1


def test_decision_equal_hold_one_right_one_wrong():
    state = stacked(3, ["PC", "CP", "GE", "EG", "HS"])
    play(state, "p0@0 reveal", "p0@1 reveal", "p2@10 grab", "p2@300 point PC,CP",
         "p2@400 reveal", "p2@401 reveal", "p2@402 reveal",
         "p2@500 grab", "p0@600 grab", "p0@700 point EG,GE", "p2@700 point GE,HS")
    assert {e["player"]: e["result"] for e in state.outcome} == {2: "wrong", 0: "right"}
    assert state.scores() == [2, 0, 0]  # p2 paid both its cards back
    assert state.dealer == 0


def test_decision_third_holder_on_same_pair_is_crowded_out():
    state = stacked(4, ["PC", "CP"])
    play(state, "p0@0 reveal", "p0@1 reveal", "p1@100 grab", "p2@110 grab", "p3@120 grab",
         "p3@300 point PC,CP", "p2@300 point PC,CP", "p1@300 point PC,CP")
    assert [e["result"] for e in state.outcome] == ["split", "split", "crowded"]
    assert state.scores() == [0, 1, 1, 0]
    assert state.outcome[2]["paid"] == 0


def test_window_closes_by_tick_when_everyone_pointed_early():
    state = stacked(3, ["PC", "CP"])
    play(state, "p0@0 reveal", "p0@10 reveal", "p1@100 grab", "p1@120 point PC,CP")
    assert state.phase == "held" and state.next_due() == 251
    assert rule_of(state, "p2@250 tick") == "tick-at-due-time"
    assert rule_of(state, "p2@252 tick") == "tick-at-due-time"
    play(state, "p2@251 tick")
    assert state.scores() == [0, 2, 0]


def test_decision_late_event_judged_after_transition():
    state = stacked(3, ["PC", "CP", "GE"])
    play(state, "p0@0 reveal", "p0@10 reveal", "p1@100 grab", "p1@120 point PC,CP")
    # At 5000 ms the hold was settled long ago: p1 deals now, so p0's reveal is refused
    # and, being refused, changes nothing (the settlement waits for an accepted event).
    assert rule_of(state, "p0@5000 reveal") == "dealer-reveals"
    assert state.phase == "held"
    play(state, "p1@5000 reveal")
    assert state.scores() == [0, 2, 0]
    assert [e["card"] for e in state.view(2)["table"]] == ["GE"]


# -- the end and the tie-break ---------------------------------------------------------

def test_decision_game_ends_when_no_pair_after_last_card():
    state = stacked(2, ["PC", "CP", "GE"], only=True)
    play(state, "p0@0 reveal", "p0@10 reveal", "p1@100 grab", "p1@300 point PC,CP",
         "p1@1000 reveal")
    assert state.is_terminal() and state.winners() == (1,)
    assert state.end_reason == "most-cards" and state.returns() == [0.0, 1.0]
    assert not state.stopped_at_cap()
    with pytest.raises(GameOverError):
        state.apply(decode_action("p0@2000 grab"))


def test_last_pair_can_still_be_grabbed_after_the_last_card():
    state = stacked(3, ["PC", "GE", "CP"], only=True)
    play(state, "p0@0 reveal", "p0@1000 reveal", "p0@2000 reveal")
    assert not state.is_terminal() and state.next_due() == 2000 + 5000
    play(state, "p2@3000 grab", "p2@3300 point PC,CP")
    assert state.is_terminal() and state.winners() == (2,)


def test_decision_last_call_after_final_card():
    state = stacked(3, ["PC", "CP", "GE", "EG"], only=True)
    play(state, "p0@0 reveal", "p0@10 reveal", "p1@100 grab", "p1@300 point PC,CP",
         "p1@1000 reveal", "p1@2000 reveal")
    assert state.next_due() == 7000
    play(state, "p0@6999 grab", "p0@7200 point none")  # a wrong grab restarts the call
    assert not state.is_terminal() and state.next_due() == 7200 + 5000
    play(state, "p0@12200 tick")
    assert state.is_terminal() and state.winners() == (1,)
    assert state.visible_pairs()  # nobody claimed it in time


def test_decision_last_call_zero_ends_at_the_last_card():
    """last_call_ms 0: a pair left after the last card ends the game at that instant."""
    state = stacked(3, ["PC", "CP", "GE", "EG"], only=True, last_call_ms=0)
    play(state, "p0@0 reveal", "p0@10 reveal", "p1@100 grab", "p1@300 point PC,CP",
         "p1@1000 reveal")
    assert not state.is_terminal() and state.legal_actions(0)
    play(state, "p1@2000 reveal")  # the last card: GE and EG lie unclaimed
    assert state.visible_pairs()
    assert state.is_terminal() and state.winners() == (1,)
    assert state.to_act() == () and state.next_due() is None
    assert all(state.legal_actions(p) == [] for p in range(3))
    with pytest.raises(GameOverError):
        state.apply(decode_action("p0@2000 grab"))
    assert state.view(None)["end_reason"] == "most-cards"


def _tied_at_two(players: int, set_aside: list[str], **options) -> object:
    state = stacked(players, ["PC", "CP", "GE", "EG"], only=True, set_aside=set_aside,
                    **options)
    return play(state, "p0@0 reveal", "p0@10 reveal", "p0@100 grab", "p0@300 point PC,CP",
                "p0@1000 reveal", "p0@1010 reveal", "p1@1100 grab", "p1@1300 point GE,EG")


def test_decision_tiebreak_first_scorer_wins():
    state = _tied_at_two(2, ["HS", "DR", "SH", "RD"])
    view = state.view(0)
    assert view["tiebreak"] and view["contenders"] == [0, 1]
    assert view["deck_count"] == 4 and view["set_aside_count"] == 0
    assert state.dealer == 1
    play(state, "p1@2000 reveal", "p1@3000 reveal", "p1@4000 reveal", "p0@4400 grab",
         "p0@4700 point HS,SH")
    assert state.is_terminal() and state.winners() == (0,)
    assert state.end_reason == "tiebreak"


def test_decision_tiebreak_contenders_only():
    state = _tied_at_two(3, ["HS", "SH"])
    assert state.view(None)["contenders"] == [0, 1]
    play(state, "p1@2000 reveal", "p1@3000 reveal")
    assert rule_of(state, "p2@3100 grab") == "tiebreak-contenders-only"
    play(state, "p1@3200 grab", "p1@3400 point HS,SH")
    assert state.winners() == (1,)


def test_decision_tiebreak_exhausted_shared_win():
    state = _tied_at_two(3, ["HS", "DR"])
    play(state, "p1@2000 reveal", "p1@3000 reveal")
    assert state.is_terminal() and state.end_reason == "tiebreak-exhausted"
    assert state.winners() == (0, 1) and state.returns() == [0.5, 0.5, 0.0]


def test_decision_tiebreak_simultaneous_scorers_play_on():
    state = _tied_at_two(2, ["HS", "SH", "DR", "RD"])
    play(state, "p1@2000 reveal", "p1@2100 reveal", "p0@2500 grab", "p1@2550 grab",
         "p0@2800 point HS,SH", "p1@2800 point HS,SH")
    assert not state.is_terminal() and state.scores() == [3, 3]
    play(state, "p0@3500 reveal", "p0@3600 reveal", "p1@4000 grab", "p1@4300 point DR,RD")
    assert state.winners() == (1,)


def test_decision_tiebreak_dealer():
    state = stacked(3, ["PC", "CP", "GE", "EG", "HS", "SH", "DR"], only=True,
                    set_aside=["OP", "PO"])
    play(state, "p0@0 reveal", "p0@1 reveal", "p0@100 grab", "p0@300 point PC,CP",
         "p0@400 reveal", "p0@401 reveal", "p1@500 grab", "p1@700 point GE,EG",
         "p1@800 reveal", "p1@801 reveal", "p2@900 grab", "p2@1100 point HS,SH",
         "p2@1200 grab", "p2@1400 point none")  # p2 gives both cards back
    assert state.scores() == [2, 2, 0] and state.dealer == 2
    play(state, "p2@1500 reveal")  # the last card: no pair, so the tie-break starts
    assert state.view(None)["tiebreak"] and state.dealer == 0  # next tied seat clockwise


def test_decision_event_cap():
    state = new_game(2, event_cap=200, bench_empty_handed=False)
    for t in range(0, 99 * 1000, 1000):  # 99 wrong grabs: 198 actions
        play(state, f"p0@{t} grab", f"p0@{t + 500} point none")
    play(state, "p1@200000 grab")
    assert not state.is_terminal()
    play(state, "p1@200500 point none")
    assert state.is_terminal() and state.end_reason == "event-cap"
    assert state.winners() == (0, 1) and state.stopped_at_cap()


def test_ticks_only_at_the_due_time():
    state = stacked(2, ["PC", "CP"])
    assert rule_of(state, "p1@0 tick") == "tick-when-due"
    play(state, "p0@0 reveal", "p0@10 reveal", "p1@100 grab", "p1@120 point PC,CP")
    play(state, "p0@251 tick")
    assert state.scores() == [0, 2]


# -- teams -----------------------------------------------------------------------------

def test_decision_teams_alternate_seats():
    assert new_game(4, "pigasus-teams").team_of == (0, 1, 0, 1)
    assert new_game(6, "pigasus-teams", num_teams=3).team_of == (0, 1, 2, 0, 1, 2)
    assert new_game(5, "pigasus-teams").members == ((0, 2, 4), (1, 3))
    with pytest.raises(InvalidOptionError, match="3 teams"):
        new_game(5, "pigasus-teams", num_teams=3)


def test_team_shares_one_pile_and_anyone_in_it_deals():
    state = stacked(4, ["PC", "CP", "GE", "EG", "HS"], "pigasus-teams")
    play(state, "p0@0 reveal", "p2@10 reveal")  # teammate of the dealer may deal
    assert rule_of(state, "p1@20 reveal") == "dealer-reveals"
    play(state, "p2@100 grab", "p2@300 point PC,CP", "p0@400 reveal", "p2@410 reveal",
         "p0@500 grab", "p0@700 point GE,EG")
    assert state.scores() == [4, 0]
    assert state.view(3)["teams"] == [[0, 2], [1, 3]]


def test_decision_team_penalty_counts_teams():
    state = stacked(4, ["PC", "CP", "GE", "EG", "HS"], "pigasus-teams")
    play(state, "p0@0 reveal", "p0@1 reveal", "p0@100 grab", "p0@300 point PC,CP",
         "p0@400 reveal", "p0@401 reveal", "p2@500 grab", "p2@700 point GE,EG",
         "p2@800 reveal", "p0@900 grab", "p0@1100 point none")
    assert state.outcome[0]["paid"] == 2  # two teams, though four people play
    assert state.scores() == [2, 0]


def test_decision_teammates_hold_once():
    state = stacked(4, ["PC", "CP"], "pigasus-teams")
    play(state, "p0@0 reveal", "p0@1 reveal", "p0@100 grab")
    assert rule_of(state, "p2@120 grab") == "hold-once"
    play(state, "p1@130 grab")  # the other team may join within the window
    assert len(state.holders) == 2


def test_team_win_names_every_member():
    state = stacked(4, ["PC", "CP", "GE"], "pigasus-teams", only=True)
    play(state, "p0@0 reveal", "p0@1 reveal", "p3@100 grab", "p3@300 point PC,CP",
         "p1@400 reveal")
    assert state.winners() == (1, 3)
    assert state.returns() == [0.0, 0.5, 0.0, 0.5]
