"""``scripts/saukopf_decisions.py``: a bot level's decisions written for a Schafkopf player
to judge, each as the deciding seat saw it and no more."""

from __future__ import annotations

import re
from types import ModuleType

import pytest

from saustall.bots import make_bot
from saustall.core.rng import derive_seed
from saustall.games.saukopf.cards import card_text, cards_of
from saustall.games.saukopf.game import SaukopfState
from tests.saukopf.helpers import new_deal
from tests.script_loader import load_script

CARD_TOKEN = re.compile(r"\b[EGHS](?:A|10|K|O|U|9|8|7)\b")

# Deal 9307 of four ``club`` bots
HANDS = ("E10 EO E8 GO HK HU S10 S7 | EA EK GA G7 HA H10 HO H9 | "
         "G10 GK GU G9 SA SK S9 S8 | EU E9 E7 G8 H8 H7 SO SU")


@pytest.fixture(scope="module")
def decisions() -> ModuleType:
    return load_script("saukopf_decisions")


def test_a_decision_shows_the_seats_own_cards_and_the_played_ones_only(
        decisions: ModuleType) -> None:
    """At every decision of a deal played by bots, the block names the seat's hand, the
    choice and the options, and no card still in another seat's hand."""
    state = new_deal(HANDS, dealer=3)
    bots = [make_bot("saukopf", "club", derive_seed(9307, "bars", i)) for i in range(4)]
    written = 0
    while not state.is_terminal():
        p = state.current_player
        view, legal = state.view(p), state.legal_actions(p)
        action = bots[p].choose(view, legal)
        block = decisions.describe(view, [state.describe_action(a) for a in legal],
                                   state.describe_action(action), 9307)
        hidden = {card_text(c) for q in range(4) if q != p for c in cards_of(state.masks[q])}
        assert not hidden & set(CARD_TOKEN.findall(block)), block
        assert f"Hand of seat {p + 1}: {' '.join(view['hand'])}" in block
        assert block.endswith(f"CHOSEN: {state.describe_action(action)}")
        written += 1
        state.apply(action)
    assert isinstance(state, SaukopfState) and written > 32


def test_without_a_card_share_only_the_rare_decisions_are_written(
        decisions: ModuleType) -> None:
    """The bidding, declaring, Kontra and Re decisions with a choice are all written; with
    a card share of 0 no card decision is."""
    blocks = decisions.deal_decisions("club", 9307, 0.0, 0)
    phases = [re.search(r"Phase: (\w+)", b).group(1) for b in blocks]  # type: ignore[union-attr]
    assert "playing" not in phases
    assert phases[0] == "bidding" and "Bidding so far" not in blocks[0]
    every = decisions.deal_decisions("club", 9307, 1.0, 0)
    assert [b for b in every if "Phase: playing" not in b] == blocks
    assert any("Phase: playing" in b for b in every)
