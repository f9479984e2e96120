"""Scoring rules as pure functions: meat points, roughness points, trophies."""

from __future__ import annotations

from saustall.games.saukopf.cards import (
    EICHEL, GRAS, HERZ, KEILER, KNORPEL, MAST, SAUEREI, SCHWARZ, UNREINE_SAUEREI, VEGANE_MAST,
    WUTZ, card, laufende, order_for, parse_cards, OBER,
)
from saustall.games.saukopf.scoring import DealOutcome, Ledger, score_deal


def outcome(**changes: object) -> DealOutcome:
    base: dict[str, object] = dict(players=4, kind=KEILER, bid=61, declarer=0, partner=None,
                                   declarer_points=70, opponent_points=50, declarer_tricks=5,
                                   total_tricks=8, laufende=2)
    base.update(changes)
    return DealOutcome(**base)  # type: ignore[arg-type]


def test_solo_won_with_laufende_earns_no_schwarte() -> None:
    score = score_deal(outcome())
    assert score.winners == (0,)
    assert score.meat == (3, 0, 0, 0)  # Schlachtung 2, Extrawurst 1


def test_trog_ohne_schwarte_counts_each_missing_trump() -> None:
    assert score_deal(outcome(laufende=-3)).meat[0] == 2 + 1 + 3


def test_trog_gluecksschwein_with_four_or_more_laufende() -> None:
    assert score_deal(outcome(laufende=4)).meat[0] == 2 + 1 - 1


def test_decision_extrawurst_to_whoever_wins_a_solo() -> None:
    score = score_deal(outcome(declarer_points=50, opponent_points=70, laufende=-1))
    assert score.winners == (1, 2, 3)
    assert dict(score.meat_items)["Extrawurst"] == 1
    assert score.meat == (0, 3, 3, 3)  # Schlachtung 2, Extrawurst 1; the opponents are mit 1


def test_decision_no_extrawurst_in_dreihaxer() -> None:
    score = score_deal(outcome(players=3, total_tricks=10, declarer_points=70,
                               opponent_points=40))
    assert "Extrawurst" not in dict(score.meat_items)
    assert score.meat == (2, 0, 0)


def test_decision_stallgeruch_trog_measured_on_winners() -> None:
    assert "Stallgeruch" in dict(score_deal(outcome(declarer_points=91,
                                                    opponent_points=29)).meat_items)
    assert "Stallgeruch" not in dict(score_deal(outcome(declarer_points=90,
                                                        opponent_points=30)).meat_items)
    # Dreihaxer with 21 points aside: the loser has under 30 but the winner not over 90
    three = outcome(players=3, total_tricks=10, declarer_points=80, opponent_points=19)
    assert "Stallgeruch" not in dict(score_deal(three).meat_items)


def test_decision_stallgeruch_napf_30_counts() -> None:
    napf = outcome(kind=UNREINE_SAUEREI, partner=2, declarer_points=30, opponent_points=90,
                   declarer_tricks=2, laufende=1)
    score = score_deal(napf)
    assert score.declarer_won
    assert dict(score.meat_items)["Stallgeruch"] == 1
    higher = score_deal(outcome(kind=UNREINE_SAUEREI, partner=2, declarer_points=31,
                                opponent_points=89, declarer_tricks=2, laufende=1))
    assert "Stallgeruch" not in dict(higher.meat_items)


def test_napf_mit_schwarte_and_armes_schwein() -> None:
    mast = dict(kind=MAST, bid=91, declarer_points=20, opponent_points=100, declarer_tricks=1)
    assert dict(score_deal(outcome(**mast, laufende=2)).meat_items)["Mit Schwarte (mit 2)"] == 2
    assert dict(score_deal(outcome(**mast, laufende=-4)).meat_items)["Armes Schwein"] == -1
    assert "Armes Schwein" not in dict(score_deal(outcome(**mast, laufende=-3)).meat_items)


def test_decision_armes_schwein_means_ohne_4() -> None:
    vegan = outcome(kind=VEGANE_MAST, bid=SCHWARZ, declarer_points=0, opponent_points=120,
                    declarer_tricks=0, laufende=0)
    items = dict(score_deal(vegan).meat_items)
    assert "Armes Schwein" not in items
    assert items == {"Schlachtung": 2, "Extrawurst": 1, "Stallgeruch": 1, "Porco Negro": 1}


def test_porco_negro_for_winners_taking_every_trick() -> None:
    score = score_deal(outcome(declarer_points=120, opponent_points=0, declarer_tricks=8))
    assert dict(score.meat_items)["Porco Negro"] == 1
    lost = score_deal(outcome(declarer_points=0, opponent_points=120, declarer_tricks=0,
                              laufende=-2))
    assert dict(lost.meat_items)["Porco Negro"] == 1 and lost.winners == (1, 2, 3)


def test_decision_schwarz_bid_needs_every_trick() -> None:
    assert not score_deal(outcome(bid=SCHWARZ, declarer_points=120, opponent_points=0,
                                  declarer_tricks=7)).declarer_won
    assert score_deal(outcome(bid=SCHWARZ, declarer_points=120, opponent_points=0,
                              declarer_tricks=8)).declarer_won
    # a bid of 120 ignores a zero-point trick of the other side
    assert score_deal(outcome(bid=120, declarer_points=120, opponent_points=0,
                              declarer_tricks=7)).declarer_won


def test_bolzenschuss_only_for_those_beating_a_spiess_game() -> None:
    won = score_deal(outcome(spiess=True))
    assert "Bolzenschuss" not in dict(won.meat_items)
    lost = score_deal(outcome(spiess=True, declarer_points=40, opponent_points=80))
    assert dict(lost.meat_items)["Bolzenschuss"] == 1
    assert lost.roughness == (1, 0, 0, 0)  # Spießer


def test_huftritt_doubling_and_roughness() -> None:
    kicked = score_deal(outcome(kontra=2))
    assert kicked.multiplier == 2 and kicked.meat[0] == 6
    assert kicked.roughness == (0, 0, 2, 0)  # Huftreter
    both = score_deal(outcome(kind=SAUEREI, partner=1, kontra=2, re=1, declarer_points=50,
                              opponent_points=70, laufende=1))
    assert both.multiplier == 4
    assert both.roughness == (0, 3, 0, 0)  # Gegenhuftreter: the partner who said Re


def test_uebergrunzer_only_above_61() -> None:
    assert score_deal(outcome(bid=61, declarer_points=50, opponent_points=70)).roughness[0] == 0
    assert score_deal(outcome(bid=62, declarer_points=50, opponent_points=70)).roughness[0] == 1
    assert score_deal(outcome(bid=SCHWARZ, declarer_points=50, opponent_points=70)).roughness[0] == 1


def test_decision_laufende_of_the_winning_party_both_hands() -> None:
    order = order_for(SAUEREI, GRAS)
    # declarer holds the Alte, the partner the Blaue: together "mit 2"
    party = {card(EICHEL, OBER), card(GRAS, OBER)}
    assert laufende(order, party) == 2
    assert laufende(order, {card(GRAS, OBER)}) == -1
    lost = score_deal(outcome(kind=SAUEREI, partner=2, laufende=2, declarer_points=55,
                              opponent_points=65))
    assert dict(lost.meat_items)["Ohne Schwarte (ohne 2)"] == 2


def test_decision_dreihaxer_aside_skipped_in_laufende() -> None:
    order = order_for(KEILER, HERZ)
    aside = frozenset(parse_cards("EO S7"))
    assert laufende(order, set(parse_cards("GO HO")), aside) == 2  # the Blaue leads the run
    assert laufende(order, set(parse_cards("GO HO")), frozenset()) == -1


def test_laufende_am_spiess_and_without_trumps() -> None:
    spiess = order_for(WUTZ, -1, True)
    assert laufende(spiess, set(parse_cards("SU HU"))) == 2
    assert laufende(order_for(VEGANE_MAST), set(range(32))) == 0
    assert laufende(order_for(KNORPEL, 5), {5}) == 1


def test_decision_trophy_ties() -> None:
    ledger = Ledger(4, meat=[10, 10, 4, 0], roughness=[2, 1, 5, 5])
    assert ledger.schlachtmeister() == (1,)
    assert ledger.oberrauborstler() == (3,)  # 5 each; fewer meat points takes it
    shared = Ledger(4, meat=[3, 3, 0, 0], roughness=[0, 0, 0, 0])
    assert shared.schlachtmeister() == (0, 1)
    assert shared.oberrauborstler() == ()  # nobody was rough
