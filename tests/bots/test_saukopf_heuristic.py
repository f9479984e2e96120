"""The Saukopf ``heuristic`` bot's card play: the card a Schafkopf player expects, which
``club`` and ``expert`` keep unless another is clearly better."""

from __future__ import annotations

import pytest

from saustall.games.saukopf.bots.heuristic import (
    SPIESS_MASTER_KEEP, SPIESS_SECOND_KEEP, HeuristicBot, card_keep,
)
from saustall.games.saukopf.cards import (
    CARD_BY_TEXT, HERZ, KEEP_RANK_WEIGHT, KEILER, SAUEREI, mask_of, order_for,
)
from saustall.games.saukopf.game import SaukopfState, decode_action
from tests.saukopf.helpers import act, new_deal

# Deal 9308 of four ``club`` bots: Vroni (seat 3) plays a Herz Keiler am Spieß after 62.
KEILER_SPIESS = ("EO GK G9 G8 HK SA SK S8 | E10 E9 E8 G10 G7 S10 SU S9 | "
                 "EA EU E7 GO HA H9 H8 H7 | EK GA GU H10 HO HU SO S7")


def _cards(text: str) -> list[int]:
    return [CARD_BY_TEXT[t] for t in text.split()]


def _after(state: SaukopfState, *cards: str) -> None:
    """Play ``cards`` in turn, every Kontra and Re window passed."""
    for c in cards:
        act(state, f"card {c}")
        while state.phase in ("kontra", "re"):
            act(state, "pass")


def test_of_two_equally_strong_cards_the_cheaper_goes_to_the_declarers_trick() -> None:
    """Vroni leads the Eichel Sieben, the top Eichel am Spieß; Alois must follow and holds
    the Acht and the Zehn. The Neun and the König are played, so the only Eichel still
    out, the Sau, is below both: they are equally strong, and he gives the Acht, not the
    Zehn's 10 points (a judged mistake of ``club``: the Zehn put Vroni on 60 of her 62)."""
    state = new_deal(KEILER_SPIESS, dealer=0)
    act(state, "bid 61", "bid 62", "pass", "pass", "pass", "declare keiler herz spiess")
    _after(state, "G7", "GO", "GA", "GK", "H7", "HO", "EO", "SU", "H8", "SO", "HK", "E9",
           "H9", "GU", "S8", "S9", "E7", "EK", "SA")
    assert state.cur == 1 and sorted(state.view(1)["hand"]) == ["E10", "E8", "G10", "S10"]
    choice = HeuristicBot(0).choose(state.view(1), state.legal_actions())
    assert choice == decode_action("card E8"), state.describe_action(choice)


def test_a_trump_is_worth_the_trumps_still_out_that_it_beats() -> None:
    """In the usual order the Schellen Ober beats every trump still out but the three top
    Ober, the Herz Acht only the Sieben: the Ober is worth keeping far beyond its 3 points.
    Two of my trumps with no trump still out between them are worth the same rank."""
    order = order_for(SAUEREI, 0)
    hand = _cards("SO EU H8 H7 E10 G9 S10 S7")
    keep = card_keep(order, hand, 0, False)
    step = KEEP_RANK_WEIGHT * 7 / 13
    assert keep[CARD_BY_TEXT["H7"]] == 0
    assert keep[CARD_BY_TEXT["H8"]] == 0  # the Sieben below it is mine
    # seven trumps still out below both: GU HU SU HA H10 HK H9
    assert keep[CARD_BY_TEXT["SO"]] == pytest.approx(3 + 7 * step)
    assert keep[CARD_BY_TEXT["EU"]] == pytest.approx(2 + 7 * step)
    assert keep[CARD_BY_TEXT["E10"]] == 10 and keep[CARD_BY_TEXT["S7"]] == 0


def test_am_spiess_a_plain_card_is_worth_its_rank_only_near_the_top() -> None:
    """Am Spieß (a Herz Keiler) the Eichel Acht with the Sieben played is the top Eichel;
    the Neun is beaten by one card still out; the Ober, König, Zehn and Sau are worth
    their points: they seldom take a trick."""
    order = order_for(KEILER, HERZ, True)
    hand = _cards("E8 E9 EK E10 EA G7 G8 S9")
    keep = card_keep(order, hand, mask_of(_cards("E7")), True)
    assert keep[CARD_BY_TEXT["E8"]] == SPIESS_MASTER_KEEP
    assert keep[CARD_BY_TEXT["E9"]] == SPIESS_SECOND_KEEP  # my own Acht is above it
    assert [keep[CARD_BY_TEXT[t]] for t in ("EK", "E10", "EA")] == [4, 10, 11]
    assert keep[CARD_BY_TEXT["G7"]] == SPIESS_MASTER_KEEP
    assert keep[CARD_BY_TEXT["G8"]] == SPIESS_SECOND_KEEP
    assert keep[CARD_BY_TEXT["S9"]] == 0  # the Sieben and the Acht are out


def test_in_the_usual_order_a_plain_card_is_worth_its_points() -> None:
    """Outside Spieß games a plain card's rank rises with its points."""
    order = order_for(SAUEREI, 0)
    hand = _cards("EO GO HK E10 EK G9 S10 S7")
    keep = card_keep(order, hand, mask_of(_cards("HO SO EU GU EA")), False)
    assert all(keep[c] == order.keep[c] for c in hand if not order.is_trump(c))


def _choice(state: SaukopfState) -> str:
    return state.describe_action(HeuristicBot(0).choose(state.view(state.cur),
                                                        state.legal_actions()))


def test_last_to_a_trick_it_trumps_with_the_lowest_trump_that_takes_it() -> None:
    """Deal 9715 of four ``club`` bots: Alois, the declarer's partner and last, is void in
    Gras on GK, EK and G10 and trumps. The Herz Acht takes the 24 points as well as his
    Schellen Ober does; before, he spent the Ober for its 3 points (a judged mistake)."""
    state = new_deal("E10 EK EO E8 GA HO SA S7 | E7 G10 GU G8 HA HK HU S8 | "
                     "EA E9 GO G7 H8 S10 SK SO | EU GK G9 H10 H9 H7 SU S9", dealer=3)
    act(state, "bid 61", "pass", "pass", "pass", "declare sauerei eichel")
    _after(state, "GA", "G8", "G7", "G9", "SA", "S8", "S10", "S9", "E10", "E7", "EA", "H10",
           "GK", "EK", "G10")
    assert state.cur == 2
    assert _choice(state) == "Play Herz-Acht"


def test_second_a_zehn_does_not_go_under_a_sau_still_out() -> None:
    """Deal 9710: Resi leads the Gras König; Alois holds the Zehn, the Acht and the
    Sieben, and the Gras Sau is still out behind him. He plays low; before, the Zehn ran
    into the Sau for a 25-point trick (a judged mistake)."""
    state = new_deal("EA E9 E8 GA HU H9 S10 S9 | EK EO GK GU H10 H8 SA S7 | "
                     "EU G10 G8 G7 HK HO SU S8 | E10 E7 GO G9 HA H7 SK SO", dealer=2)
    act(state, "bid 61", "pass", "pass", "pass", "declare sauerei eichel")
    _after(state, "GO", "HU", "EO", "SU", "GK")
    assert state.cur == 2
    assert _choice(state) in ("Play Gras-Acht", "Play Gras-Sieben")


def test_second_it_takes_the_trick_with_the_top_card_of_the_suit() -> None:
    """Deal 9704: the declarer leads the Gras Sieben; Alois, second, holds the Gras Sau
    and König. The Sau takes the trick for certain (nobody has shown a void in Gras);
    the König lost to the Zehn behind (a judged mistake)."""
    state = new_deal("EA G10 GO G9 HU H9 H8 SU | E10 GU G8 G7 H10 HK SK SO | "
                     "EK GA GK HO H7 S10 S9 S7 | EO EU E9 E8 E7 HA SA S8", dealer=0)
    act(state, "bid 61", "pass", "pass", "pass", "declare sauerei eichel")
    _after(state, "SO", "HO", "EO", "H8", "E9", "EA", "E10", "EK", "GO", "H10", "H7", "EU",
           "HU", "HK", "S7", "HA", "H9", "GU", "S9", "E7", "G7")
    assert state.cur == 2
    assert _choice(state) == "Play Gras-Sau"


def test_am_spiess_a_defender_gives_the_declarers_trick_no_dead_sau() -> None:
    """Deal 9702, a Herz Hauer am Spieß: the declarer's Herz Neun takes the trick for
    certain. Sepp, void in Herz, holds the Schellen Sieben and Acht (the top two
    Schellen), the Eichel Neun, and the Gras and Schellen Sau, which take no trick am
    Spieß. He gives the Schellen Acht, not a Sau's 11 points (a judged mistake)."""
    state = new_deal("EK E9 GA GU HK SA S8 S7 | E7 HO H9 H8 H7 S10 SK SU | "
                     "E10 EU G10 G9 G7 HA SO S9 | EA EO E8 GK GO G8 H10 HU", dealer=2)
    act(state, "bid 61", "pass", "bid 62", "pass", "pass", "declare hauer herz spiess")
    _after(state, "E8", "EK", "E7", "E10", "H7", "EU", "HU", "GU", "H8", "HA", "H10", "HK",
           "H9", "G10", "EO")
    assert state.cur == 0
    assert _choice(state) == "Play Schellen-Acht"


def test_the_partner_smears_no_trump_into_a_trick_still_open() -> None:
    """Deal 9801 (four ``heuristic`` bots), a Sauerei am Spieß: the declarer leads the
    Herz Acht, the second strongest trump, and the Sieben above it is still out behind.
    Zenzi, his partner, plays the Herz Unter, not the König (the fourth strongest trump,
    4 points) that the Sieben took (a judged mistake)."""
    state = new_deal("E10 EU E9 GK HA H10 SA S10 | E8 GO GU G8 H9 H7 SU S9 | "
                     "EO E7 HO H8 SK SO S8 S7 | EA EK GA G10 G9 G7 HK HU", dealer=1)
    act(state, "bid 61", "pass", "pass", "pass", "declare sauerei eichel spiess", "card H8",
        "pass", "pass", "kontra", "pass", "pass", "pass")
    assert state.cur == 3
    assert _choice(state) == "Play Herz-Unter"


def test_a_sure_trick_of_the_partner_gets_the_cheapest_trump() -> None:
    """Deal 9709: the declarer leads the Eichel Ober, the top trump. Sepp, his partner,
    must follow with a trump and gives the Schellen Unter, not the Schellen Ober, a
    stronger trump for one point more (a judged mistake)."""
    state = new_deal("EA GK GU G7 SO SU S9 S8 | EK GO G8 HK HU H8 S10 SK | "
                     "EO EU E8 E7 G10 H10 H9 SA | E10 E9 GA G9 HA HO H7 S7", dealer=1)
    act(state, "bid 61", "pass", "pass", "pass", "declare sauerei eichel")
    _after(state, "EO", "H7")
    assert state.cur == 0
    assert _choice(state) == "Play Schellen-Unter"


# Deal 9412 of four ``expert`` bots: Resi (seat 3) plays a Sauerei am Spieß with Franz.
SAUEREI_SPIESS = ("EK E9 E8 G10 GK GO HK H8 | E10 G9 G8 HU H7 SA S10 S8 | "
                  "EO E7 GU HA H10 H9 SO S7 | EA EU GA G7 HO SK SU S9")


def test_last_to_a_trick_it_takes_it_with_the_trump_worth_least_to_keep() -> None:
    """Franz lets the Schellen Sau run, Resi takes it with the Sieben (the top Schellen am
    Spieß) and Alois, last and void in Schellen, trumps it. Am Spieß the Gras Ober is
    the second weakest trump and the Herz König the fourth strongest: he trumps with the
    Ober (3 points) and keeps the König for a trick it takes later. Before, he banked
    the König's 4 points and spent a high trump (a judged mistake of ``expert``)."""
    state = new_deal(SAUEREI_SPIESS, dealer=0)
    act(state, "pass", "bid 61", "pass", "pass", "declare sauerei schellen spiess")
    _after(state, "SA", "S7", "S9")
    assert state.cur == 0
    choice = HeuristicBot(0).choose(state.view(0), state.legal_actions())
    assert choice == decode_action("card GO"), state.describe_action(choice)
