"""Passing the Saukopf Trog before anyone bid (``PassModel``): valued less what its
playouts were measured to overvalue, so ``club`` and ``expert`` bid the Sauerei hands a
Schafkopf player bids, where passing gave points away."""

from __future__ import annotations

import pytest

from saustall.bots import make_bot
from saustall.games.saukopf.bots.search import PASS_OPTIMISM, PassModel, SearchBot
from saustall.games.saukopf.game import decode_action
from tests.saukopf.helpers import new_deal

# Deals of four bots, first to speak (dealer, seat) holding a sound Sauerei that both
# levels passed with most seeds, and that judges of the bots' decisions marked as mistakes.
SOUND_FIRST_HANDS = {
    # EO GO HU HK with E10 E8 S10 S7: the two top Ober and two more trumps
    "9307": ("E10 EO E8 GO HK HU S10 S7 | EA EK GA G7 HA H10 HO H9 | "
             "G10 GK GU G9 SA SK S9 S8 | EU E9 E7 G8 H8 H7 SO SU", 3, 0),
    # EO GO H10 H8 with a lone S7 to call the Schellen Sau
    "9315": ("E10 EO E9 GK GO H10 H8 S7 | EA EU GA GU HO H7 SK SO | "
             "EK E8 G10 G9 G8 G7 HA SU | E7 HK HU H9 SA S10 S9 S8", 3, 0),
    # EO GO GU HK with the Gras Sau, calling the Eichel Sau over E10 EK
    "9213": ("E9 E8 G8 HU H8 H7 S9 S7 | EA E7 G7 HO S10 SK SU S8 | "
             "E10 EK EO GA GK GO GU HK | EU G10 G9 HA H10 H9 SA SO", 1, 2),
}


def test_passing_is_worth_its_playout_less_what_the_model_overvalues(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every playout of the pass is worth 1.0: the pass is worth 1.0 less the correction;
    a throw-in in the Napf (no bid standing) stays at nothing."""
    monkeypatch.setattr(SearchBot, "_outcome", lambda self, state, me, plan: (1.0, True))
    state = new_deal(SOUND_FIRST_HANDS["9307"][0], dealer=3)
    bot = SearchBot(0)
    draws = [0.0] * 4  # everybody after me passes
    assert PASS_OPTIMISM > 0
    assert PassModel(None).outcome(bot, state, draws, 0) == (1.0 - PASS_OPTIMISM, True)
    assert PassModel(None, throw_in=True).outcome(bot, state, draws, 0) == (0.0, False)


@pytest.mark.parametrize("deal", sorted(SOUND_FIRST_HANDS))
@pytest.mark.parametrize("level", ["club", "expert"])
def test_first_to_speak_with_a_sound_sauerei_bids(deal: str, level: str) -> None:
    """Before the correction, of these 4 seeds ``club`` passed 1, 3 and 0 times (deals
    9307, 9315, 9213) and ``expert`` 1, 4 and 4 times: played on by the bots, such a pass
    gave away about half a net point a time against bidding."""
    hands, dealer, seat = SOUND_FIRST_HANDS[deal]
    for seed in range(4):
        state = new_deal(hands, dealer)
        assert state.cur == seat
        bot = make_bot("saukopf", level, seed=seed)
        choice = bot.choose(state.view(seat), state.legal_actions())
        assert choice == decode_action("bid 61"), (seed, state.describe_action(choice))
