"""The reference card's six worked examples, dealt and played through the engine.

Seats: Sepp 0, Resi 1, Alois 2, Zenzi 3. Each test builds the exact hands the example
describes, bids, declares, plays all eight tricks, and checks every player's meat and
roughness points (the ledger of a one-deal session).
"""

from __future__ import annotations

from tests.saukopf.helpers import ALOIS, RESI, SEPP, ZENZI, act, new_deal, play_tricks


def points(state) -> tuple[list[int], list[int]]:  # type: ignore[no-untyped-def]
    assert state.is_terminal()
    return state.ledger.meat, state.ledger.roughness


def test_meat_example_1_sauerei_lost_after_huftritt() -> None:
    """Sepp (der Alte, der Braune) calls die Blaue; grasfree Resi (the other two Ober)
    kicks; Resi and Alois win narrowly: 6 each (Schlachtung 2, Ohne Schwarte 1, x2)."""
    state = new_deal("EO SO EU H10 G7 EA E10 S9 | GO HO GU HK SA S10 E9 E8 | "
                     "HU SU H9 G10 GK EK E7 S8 | GA H8 H7 HA G9 G8 SK S7", dealer=ZENZI)
    act(state, "bid 61", "pass", "pass", "pass", "declare sauerei gras")
    assert state.partner == ZENZI
    play_tricks(state, ["H10 HO SU HA", "GU HU H7 SO", "EA E8 EK G9", "E10 E9 E7 H8",
                        "S7 S9 SA S8", "S10 H9 SK EU", "G7 GO G10 GA", "HK GK G8 EO"],
                kontra=RESI)
    result = state.results[-1]
    assert (result["declarer_points"], result["opponent_points"]) == (59, 61)
    assert result["winners"] == [RESI, ALOIS]
    assert result["laufende"] == "mit 1"  # the declarer's party: the Alte, then Resi's Blaue
    meat, rough = points(state)
    assert meat == [0, 6, 6, 0]
    assert rough == [0, 0, 0, 0]


def test_meat_example_2_ferkelparade_am_spiess_lost() -> None:
    """Zenzi's highest trump am Spieß is the Gras 7; Sepp, Alois, Resi take 4 each
    (Schlachtung 2, Extrawurst 1, Bolzenschuss 1); Zenzi is a Spießer."""
    state = new_deal("S7 E9 H9 E10 EK EO EU HO | H7 G9 S9 G10 GK GO GU S10 | "
                     "E8 H8 H10 HK HU SK SO SU | G7 E7 S8 G8 EA GA SA HA", dealer=ALOIS)
    act(state, "bid 61", "pass", "pass", "pass", "declare ferkelparade spiess")
    assert state.order.trumps[:3] == (31, 23, 15)  # S7, H7, G7: reversed Ferkel order
    play_tricks(state, ["HA HO G9 HK", "H7 H8 G8 S7", "E10 GK SK EA", "EO S9 HU S8",
                        "SA EU S10 SU", "H10 G7 E9 G10", "GA H9 GU E8", "SO E7 EK GO"])
    result = state.results[-1]
    assert result["declarer_won"] is False
    assert result["laufende"] == "ohne 2"
    meat, rough = points(state)
    assert meat == [4, 4, 4, 0]
    assert rough == [0, 0, 0, 1]


def test_meat_example_3_vegane_mast_won() -> None:
    """Sepp wins a Vegane Mast (no trick): 5 (Schlachtung 2, Extrawurst 1,
    Stallgeruch 1, Porco Negro 1)."""
    state = new_deal("E7 E8 G7 G8 H7 H8 S7 S8 | EA E10 EK EO GA G10 GK GO | "
                     "HA H10 HK HO SA S10 SK SO | EU E9 GU G9 HU H9 SU S9", dealer=SEPP)
    act(state, *["pass"] * 4)  # all quiet in the Trog
    assert state.stage == "napf"
    act(state, "pass", "pass", "pass", "bid schwarz", "declare vegane-mast")
    assert state.order.trumps == ()
    play_tricks(state, ["EK S10 EU E8", "EO HO E9 E7", "GO SO GU G7", "EA SA SU S7",
                        "G10 SK G9 G8", "GA H10 HU H7", "GK HA S9 H8", "E10 HK H9 S8"])
    result = state.results[-1]
    assert result["declarer_tricks"] == 0 and result["laufende"] == "keine"
    meat, rough = points(state)
    assert meat == [5, 0, 0, 0]
    assert rough == [0, 0, 0, 0]


def test_meat_example_4_knorpel_lost_with_88() -> None:
    """Alois's Knorpel brings 88 only: the others take 4 each (Schlachtung 2,
    Extrawurst 1, Ohne Schwarte 1); Alois bid over 61, an Übergrunzer."""
    state = new_deal("EK EO EU E9 GK GO GU G9 | HK HO HU H9 SK SO SU S9 | "
                     "EA GA HA SA G10 H10 S7 E7 | E8 E10 G8 G7 H8 H7 S8 S10", dealer=ZENZI)
    act(state, "pass", "pass", "bid 91", "pass", "declare knorpel EA")
    play_tricks(state, ["GO SO G10 G8", "SA S10 GK SK", "S7 S8 EO S9", "SU HA H7 G9",
                        "HO H10 H8 EK", "E7 E10 EU HK", "G7 GU HU GA", "EA E8 E9 H9"])
    result = state.results[-1]
    assert result["declarer_points"] == 88
    meat, rough = points(state)
    assert meat == [4, 4, 0, 4]
    assert rough == [0, 0, 1, 0]


HAUER_HANDS = ("G9 GO GK G10 GA EA HA SA | G7 EU E10 EK E9 H10 S9 S8 | "
               "G8 HU H9 HK HO S10 SK E8 | SU GU EO E7 H8 H7 SO S7")


def test_roughness_example_1_hauer_am_spiess_lost_after_re() -> None:
    """Sepp bids 65, loses a Hauer am Spieß after Resi's Huftritt and his Gegenhuftritt:
    5 roughness points (Übergrunzer 1, Spießer 1, Gegenhuftreter 3)."""
    state = new_deal(HAUER_HANDS, dealer=ZENZI)
    act(state, "bid 65", "pass", "pass", "pass", "declare hauer gras spiess")
    play_tricks(state, ["HA H10 HO H8", "GU G9 EU HU", "EA E10 E8 E7", "H7 GA E9 H9",
                        "SA S9 SK SO", "S8 S10 S7 GO", "GK G7 G8 SU", "EK HK EO G10"],
                kontra=RESI, re=SEPP)
    result = state.results[-1]
    assert result["declarer_points"] == 51 and result["multiplier"] == 4
    meat, rough = points(state)
    assert rough == [5, 0, 0, 0]
    # the winners: (Schlachtung 2 + Extrawurst 1 + Bolzenschuss 1) x 4; they hold the
    # top two trumps am Spieß (Gras 7 and 8), so no Schwarte
    assert meat == [0, 16, 16, 16]


def test_roughness_example_2_hauer_am_spiess_won() -> None:
    """As before, but Sepp wins: Resi pays 2 roughness points for her Huftritt."""
    state = new_deal(HAUER_HANDS, dealer=ZENZI)
    act(state, "bid 65", "pass", "pass", "pass", "declare hauer gras spiess")
    play_tricks(state, ["GO G7 G8 GU", "E9 E8 E7 EA", "SU G9 EU HU", "GA S9 S10 H8",
                        "G10 H10 HO S7", "SA S8 SK SO", "EK HK EO GK", "HA E10 H9 H7"],
                kontra=RESI, re=SEPP)
    result = state.results[-1]
    assert result["declarer_points"] == 65
    meat, rough = points(state)
    assert rough == [0, 2, 0, 0]
    # Sepp: (Schlachtung 2 + Extrawurst 1 + Ohne Schwarte 2) x 4
    assert meat == [20, 0, 0, 0]
