"""The Saukopf engine's rules: bidding, declaring, Kreuzung, Huftritt, Rufsau, revokes."""

from __future__ import annotations

import pytest

from saustall.core import IllegalActionError, InvalidOptionError
from saustall.games.saukopf.cards import CARD_TEXT, SCHWARZ, parse_card
from saustall.games.saukopf.game import (
    BID_BASE, JOIN, KONTRA, PASS, RE, bid_action, card_action, declaration_of, decode_action,
    is_declare,
)
from tests.saukopf.helpers import ALOIS, RESI, SEPP, ZENZI, act, new_deal, play_tricks

EXAMPLE_1 = ("EO SO EU H10 G7 EA E10 S9 | GO HO GU HK SA S10 E9 E8 | "
             "HU SU H9 G10 GK EK E7 S8 | GA H8 H7 HA G9 G8 SK S7")
RUNAWAY = ("EO SO EU H10 G7 EA E10 S9 | GO HO GU HK SA S10 E9 E8 | "
           "HU SU H9 HA GK EK E7 S8 | GA G10 G9 G8 H8 H7 SK S7")
KREUZUNG_HANDS = ("EA E10 EK E9 GA G10 HA SA | EO GO HO SO EU GU HU SU | "
                  "H10 HK H9 H8 H7 E8 E7 G9 | GK G8 G7 S10 SK S9 S8 S7")


def declared_games(state) -> set[str]:  # type: ignore[no-untyped-def]
    return {" ".join(declaration_of(a).words()) for a in state.legal_actions() if is_declare(a)}


def rule_of(state, text: str) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as raised:
        state.apply(decode_action(text))
    return raised.value.rule


def test_deal_and_first_bidder() -> None:
    state = new_deal(EXAMPLE_1, dealer=ZENZI)
    assert [len(h) for h in state.hands] == [8, 8, 8, 8]
    assert state.cur == SEPP  # left of the dealer
    assert state.view(SEPP)["hand"][:2] == ["EO", "SO"]  # trumps first, highest first


def test_bad_hands_option_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="repeats"):
        new_deal(EXAMPLE_1.replace("S7", "EO"), dealer=0)
    with pytest.raises(InvalidOptionError, match="groups"):
        new_deal("EO SO", dealer=0)


def test_decision_bidding_order_and_two_bids() -> None:
    state = new_deal(EXAMPLE_1, dealer=ZENZI)
    act(state, "bid 61", "bid 62", "pass", "pass")
    assert state.cur == SEPP
    assert rule_of(state, "bid 62") == "bid-must-rise"
    act(state, "bid 63")
    assert state.cur == RESI  # Alois and Zenzi passed and are out
    act(state, "bid 64")
    # Sepp has bid twice: the bidding is over and Resi declares
    assert state.phase == "declaring" and state.cur == RESI and state.bid == 64


def test_decision_doppel_only_at_61() -> None:
    state = new_deal(EXAMPLE_1, dealer=ZENZI)
    act(state, "bid 61", "pass", "pass", "pass")
    games = declared_games(state)
    assert {"sauerei gras", "sauerei schellen", "wutz", "keiler herz spiess"} <= games
    assert "sauerei eichel" not in games  # Sepp holds the Eichel-Sau
    assert not any(g.startswith("knorpel") for g in games)  # Knorpel needs 91
    assert rule_of(state, "declare sauerei eichel") == "call-a-sau-you-lack"
    state = new_deal(EXAMPLE_1, dealer=ZENZI)
    act(state, "bid 62", "pass", "pass", "pass")
    assert not any(g.startswith("sauerei") for g in declared_games(state))
    assert rule_of(state, "declare sauerei gras") == "doppel-capped-at-61"
    assert rule_of(state, "declare knorpel EO") == "minimum-bid"


def test_decision_bid_must_leave_a_game() -> None:
    state = new_deal(EXAMPLE_1, dealer=ZENZI)
    act(state, *["pass"] * 4)
    assert state.stage == "napf"
    bids = sorted(a - BID_BASE for a in state.legal_actions() if a >= BID_BASE)
    assert bids == [61] + list(range(91, 121)) + [SCHWARZ]
    assert rule_of(state, "bid 75") == "bid-needs-a-game"
    act(state, "bid 91", "pass", "pass", "pass")
    assert declared_games(state) == {"mast", "mast spiess"}


def test_decision_all_pass_twice_throws_in_and_dealer_moves() -> None:
    state = new_deal(EXAMPLE_1, dealer=ZENZI, deals=2)
    act(state, *["pass"] * 8)
    assert state.results[0]["thrown_in"]
    assert state.ledger.meat == [0, 0, 0, 0]
    assert state.dealer == SEPP and state.cur == RESI and state.stage == "trog"


def test_vegane_mast_only_after_schwarz_in_the_napf() -> None:
    state = new_deal(EXAMPLE_1, dealer=ZENZI)
    act(state, *["pass"] * 4, "bid schwarz")
    assert state.phase == "declaring"  # nobody can bid above Schwarz
    assert declared_games(state) == {"mast", "mast spiess", "vegane-mast", "vegane-mast spiess"}


def test_decision_kontra_window_after_first_card() -> None:
    state = new_deal(RUNAWAY, dealer=ALOIS)
    act(state, "pass", "bid 61", "pass", "pass", "declare sauerei gras")
    assert rule_of(state, "kontra") == "kontra-window"
    act(state, "card G9")  # Zenzi leads: she runs away with three Gras cards
    assert state.phase == "kontra"
    # everyone but the declarer is asked, the hidden partner too (she may only pass)
    assert state.poll == [RESI, ALOIS, ZENZI]
    act(state, "pass", "pass")
    assert state.cur == ZENZI and state.legal_actions() == [PASS]
    act(state, "pass")
    assert state.phase == "playing" and state.cur == SEPP
    assert rule_of(state, "kontra") == "kontra-window"


def test_re_answers_a_kontra_at_once() -> None:
    state = new_deal(EXAMPLE_1, dealer=ZENZI)
    act(state, "bid 61", "pass", "pass", "pass", "declare sauerei gras", "card H10")
    act(state, "kontra")  # Resi
    assert state.phase == "re" and state.poll == [ALOIS, ZENZI, SEPP]
    assert state.legal_actions() == [PASS]  # Alois is an opponent
    act(state, "pass")
    assert state.legal_actions() == [PASS, RE]  # Zenzi, the hidden partner
    act(state, "re")
    assert state.re == ZENZI and state.phase == "playing"
    assert state.view(ALOIS)["declared"]["partner"] == ZENZI  # her Re gave her away


def test_decision_rufsau_rules() -> None:
    state = new_deal(EXAMPLE_1, dealer=ALOIS)
    act(state, "pass", "bid 61", "pass", "pass", "declare sauerei gras")
    legal = state.legal_actions()
    assert card_action(parse_card("GA")) in legal  # the Sau may always be led
    assert card_action(parse_card("G9")) not in legal  # only two Gras cards: no running away
    assert rule_of(state, "card G9") == "rufsau-run-away"

    state = new_deal(EXAMPLE_1, dealer=ZENZI)
    act(state, "bid 61", "pass", "pass", "pass", "declare sauerei gras")
    play_tricks(state, ["H10 HO SU HA", "GU HU H7 SO", "EA E8 EK G9"])
    act(state, "card E10", "card E9", "card E7")
    assert card_action(parse_card("GA")) not in state.legal_actions()  # no Abferkeln
    assert rule_of(state, "card GA") == "rufsau-no-discard"
    act(state, "card H8")
    play_tricks(state, ["S7 S9 SA S8", "S10 H9 SK EU"])
    act(state, "card G7", "card GO", "card G10")
    assert state.legal_actions() == [card_action(parse_card("GA"))]  # searched: the Sau comes
    assert rule_of(state, "card G8") == "rufsau-must-answer-search"


def test_running_away_frees_the_sau_and_shows_the_partner() -> None:
    state = new_deal(RUNAWAY, dealer=ALOIS)
    act(state, "pass", "bid 61", "pass", "pass", "declare sauerei gras")
    assert card_action(parse_card("G9")) in state.legal_actions()
    play_tricks(state, ["G9 G7 GO GK"])
    assert state.ran_away and state.partner_public
    assert state.view(SEPP)["declared"]["partner"] == ZENZI


def test_decision_running_away_is_once() -> None:
    """S19: after running away, the holder may lead the called suit again with fewer than
    three of its other cards, and the Sau is free (no search, no Abferkeln rule)."""
    state = new_deal(RUNAWAY, dealer=ALOIS)
    act(state, "pass", "bid 61", "pass", "pass", "declare sauerei gras")
    play_tricks(state, ["G9 G7 GO GK", "E9 E7 H8 EA"])  # Zenzi runs away, then wins a trick
    assert state.cur == ZENZI and state.ran_away
    legal = state.legal_actions()
    assert card_action(parse_card("G10")) in legal  # two Gras besides the Sau: still free
    assert card_action(parse_card("G8")) in legal
    assert card_action(parse_card("GA")) in legal

    # without the run-away, the same two Gras cards could not be led
    fresh = new_deal(RUNAWAY.replace("S10 E9", "S10 G9").replace("G10 G9 G8", "G10 E9 G8"),
                     dealer=ALOIS)
    act(fresh, "pass", "bid 61", "pass", "pass", "declare sauerei gras")
    assert rule_of(fresh, "card G10") == "rufsau-run-away"


def test_decision_ferkelparade_order_by_number_first() -> None:
    """S20: the Ferkelparade trumps are the 9s, then the 8s, then the 7s (each Eichel,
    Gras, Herz, Schellen); am Spieß reversed. Meat example 2 needs this order: Zenzi, holding
    the Gras 7, Eichel 7, Schellen 8 and Gras 8, has the Gras 7 as her highest trump."""
    state = new_deal(RUNAWAY, dealer=ALOIS)
    act(state, "pass", "pass", "bid 61", "pass", "declare ferkelparade")
    names = [CARD_TEXT[c] for c in state.order.trumps]
    assert names == ["E9", "G9", "H9", "S9", "E8", "G8", "H8", "S8",
                     "E7", "G7", "H7", "S7"]
    spiess = new_deal(RUNAWAY, dealer=ALOIS)
    act(spiess, "pass", "pass", "bid 61", "pass", "declare ferkelparade spiess")
    assert [CARD_TEXT[c] for c in spiess.order.trumps] == names[::-1]
    zenzi = {"G7", "E7", "S8", "G8"}  # her trumps in meat example 2
    assert next(n for n in names[::-1] if n in zenzi) == "G7"


def test_decision_kreuzung_partner_bidding() -> None:
    state = new_deal(KREUZUNG_HANDS, dealer=ZENZI)
    act(state, "bid 61", "pass", "pass", "pass")
    assert "kreuzung" in declared_games(state)  # one trump only: the Herz-Sau
    act(state, "declare kreuzung")
    assert state.view(ALOIS)["declared"]["open_trump"] == "HA"
    assert state.phase == "partner" and state.poll == [RESI, ALOIS, ZENZI] * 2
    act(state, "pass", "pass")
    assert state.legal_actions() == [PASS, JOIN]
    act(state, "join")
    assert state.phase == "giving" and state.cur == ZENZI
    assert rule_of(state, "give HA") == "card-in-hand"
    act(state, "give S7")
    assert "HA" in state.view(ZENZI)["hand"] and "S7" in state.view(SEPP)["hand"]
    assert state.view(SEPP)["declared"]["given"] == "S7"
    assert state.view(ZENZI)["declared"]["given"] == "S7"
    assert state.view(RESI)["declared"]["given"] is None  # face down
    assert state.phase == "playing" and state.partner == ZENZI


def test_kreuzung_with_two_trumps_is_refused() -> None:
    state = new_deal(KREUZUNG_HANDS, dealer=RESI)
    act(state, "bid 61", "pass", "pass", "pass")  # Alois: five trumps
    assert state.cur == ALOIS
    assert "kreuzung" not in declared_games(state)
    assert rule_of(state, "declare kreuzung") == "kreuzung-at-most-one-trump"


def test_kreuzung_partner_must_give_a_plain_card() -> None:
    state = new_deal(KREUZUNG_HANDS, dealer=ZENZI)
    act(state, "bid 61", "pass", "pass", "pass", "declare kreuzung", "pass", "join")
    assert state.cur == ALOIS
    assert rule_of(state, "give H10") == "give-a-non-trump"
    act(state, "give E8")
    assert state.partner == ALOIS


def test_kreuzung_without_partner_moves_to_the_napf_then_throws_in() -> None:
    state = new_deal(KREUZUNG_HANDS, dealer=ZENZI, deals=2)
    act(state, "bid 61", "pass", "pass", "pass", "declare kreuzung", *["pass"] * 6)
    assert state.stage == "napf" and state.phase == "bidding" and state.decl is None
    assert state.view(RESI)["failed_kreuzung"] == [[SEPP, "HA"]]
    act(state, "bid 61", "pass", "pass", "pass", "declare unreine-kreuzung", *["pass"] * 6)
    assert state.results[0]["thrown_in"] and state.deal_index == 1


def test_decision_knorpel_card_must_be_in_play() -> None:
    hands = ("EO GO HO SO EU GU HU SU HA H10 | EA E10 EK E9 E8 E7 GA G10 GK G9 | "
             "G8 G7 HK H9 H8 H7 SA S10 SK S9 | S8 S7")
    state = new_deal(hands, dealer=2, ruleset="dreihaxer")
    act(state, "bid 91", "pass", "pass")
    games = declared_games(state)
    assert "knorpel EO" in games and "knorpel S7" not in games
    assert rule_of(state, "declare knorpel S7") == "knorpel-card-in-play"
    assert rule_of(state, "declare sauerei gras") == "dreihaxer-solos-only"
    assert state.view(None)["aside"] == ["S8", "S7"]


def test_dreihaxer_plays_ten_tricks_and_skips_the_aside_in_laufende() -> None:
    hands = ("GO HO SO EU GU HU SU HA H10 HK | EA E10 EK E9 E8 E7 GA G10 GK G9 | "
             "G8 G7 H9 H8 H7 SA S10 SK S9 S8 | EO S7")
    state = new_deal(hands, dealer=2, ruleset="dreihaxer")
    act(state, "bid 61", "pass", "pass", "declare keiler herz")
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[-1] if state.phase == "playing" else PASS)
    result = state.results[0]
    assert result["laufende"] == "mit 10"  # the Alte lies aside: the Blaue heads the run
    assert result["declarer_points"] + result["opponent_points"] == 120 - 3
    assert sum(len(t["cards"]) for t in result["tricks"]) == 30


def test_decision_revoke_gives_remaining_tricks() -> None:
    state = new_deal(EXAMPLE_1, dealer=ZENZI, allow_revoke=True)
    act(state, "bid 61", "pass", "pass", "pass", "declare sauerei gras")
    play_tricks(state, ["H10 HO SU HA"])
    before = state.taken_points[RESI]
    act(state, "revoke 1")  # Resi revoked: in the Trog the rest goes to Sepp and Zenzi
    result = state.results[0]
    assert result["revoked_by"] == RESI
    assert result["opponent_points"] == before
    assert result["declarer_tricks"] == 7 and result["declarer_won"]

    state = new_deal(EXAMPLE_1, dealer=ZENZI, allow_revoke=True)
    act(state, *["pass"] * 4, "bid 61", "pass", "pass", "pass",
        "declare unreine-sauerei gras")
    act(state, "card H10", "pass", "pass", "pass", "card HO")
    act(state, "revoke 0")  # in the Napf the rest goes to the revoker's own party
    result = state.results[0]
    assert result["declarer_points"] == 120 and not result["declarer_won"]


def test_revoke_only_in_table_mode() -> None:
    state = new_deal(EXAMPLE_1, dealer=ZENZI)
    act(state, "bid 61", "pass", "pass", "pass", "declare sauerei gras")
    assert rule_of(state, "revoke 1") == "revoke-in-table-mode"


def test_illegal_action_leaves_state_unchanged() -> None:
    state = new_deal(EXAMPLE_1, dealer=ZENZI)
    act(state, "bid 61")
    before = (state.record().to_json(), state.view(None))
    assert rule_of(state, "bid 61") == "bid-must-rise"
    assert rule_of(state, "card EO") == "cards-after-declaring"
    assert (state.record().to_json(), state.view(None)) == before


def test_session_rotates_dealer_and_names_the_schlachtmeister() -> None:
    state = new_deal(EXAMPLE_1, dealer=ZENZI, deals=2)
    act(state, "bid 61", "pass", "pass", "pass", "declare sauerei gras")
    play_tricks(state, ["H10 HO SU HA", "GU HU H7 SO", "EA E8 EK G9", "E10 E9 E7 H8",
                        "S7 S9 SA S8", "S10 H9 SK EU", "G7 GO G10 GA", "HK GK G8 EO"],
                kontra=RESI)
    assert state.dealer == SEPP and not state.is_terminal()
    act(state, *["pass"] * 8)
    assert state.is_terminal()
    assert state.winners() == (RESI, ALOIS)
    assert state.returns() == [0.0, 6.0, 6.0, 0.0]
    assert state.record().replay().view(None) == state.view(None)


def test_bid_action_codes_round_trip() -> None:
    from saustall.core import get

    game = get("saukopf")
    for text in ("pass", "bid 61", "bid schwarz", "declare sauerei gras",
                 "declare knorpel H10 spiess", "declare vegane-mast", "card EO", "give GK",
                 "kontra", "re", "join", "revoke 3"):
        assert game.encode_action(game.decode_action(text)) == text
    assert bid_action(SCHWARZ) == game.decode_action("bid schwarz")
    assert KONTRA != RE
