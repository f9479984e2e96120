"""The Saukopf ``heuristic`` bot's card play: the card a Schafkopf player expects, which
``club`` and ``expert`` keep unless another is clearly better."""

from __future__ import annotations

from saustall.games.saukopf.bots.heuristic import HeuristicBot, equal_strength_keep
from saustall.games.saukopf.cards import (
    CARD_BY_TEXT, HERZ, KEILER, SAUEREI, mask_of, order_for,
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


def test_a_card_still_out_between_two_keeps_their_ranks_apart() -> None:
    """With the Neun still out between them, the Acht takes a trick the Zehn cannot:
    both keep their own worth, rank and points."""
    order = order_for(KEILER, HERZ, True)
    hand = _cards("E8 E10 G10 S10")
    gone = mask_of(_cards("E7 EK"))
    keep = equal_strength_keep(order, hand, gone)
    assert keep[CARD_BY_TEXT["E10"]] == order.keep[CARD_BY_TEXT["E10"]]
    assert keep[CARD_BY_TEXT["E8"]] == order.keep[CARD_BY_TEXT["E8"]]
    keep = equal_strength_keep(order, hand, gone | mask_of(_cards("E9")))
    assert keep[CARD_BY_TEXT["E10"]] == order.keep[CARD_BY_TEXT["E8"]] + 10


def test_in_the_usual_order_the_worth_of_a_card_is_its_points() -> None:
    """Outside Spieß games rank rises with points, so the equal strength changes nothing."""
    order = order_for(SAUEREI, 0)
    hand = _cards("EO GO HK E10 EK G9 S10 S7")
    keep = equal_strength_keep(order, hand, mask_of(_cards("HO SO EU GU EA")))
    assert keep == list(order.keep)


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
