"""The Drecksau bots: the heuristic plays the moves a sensible person would, and wins."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from saustall.bots import bot_levels, make_bot
from saustall.games.drecksau.actions import DONE, SHOW, discarded_cards, encode_action
from saustall.games.drecksau.game import DIRTY as D, HAS_DOOR as O, IN_BARN as B, IS_PRETTY as P
from saustall.arena.simulate import simulate
from tests.drecksau.helpers import position

J = "rod"  # a card that is no use in these positions unless a barn is around


def choice(state, seat: int = 0, level: str = "heuristic") -> str:
    """The bot's move in ``state`` as notation."""
    bot = make_bot("drecksau", level, seed=3)
    return encode_action(bot.choose(state.view(seat), state.legal_actions(seat)))


def test_bots_are_registered() -> None:
    assert {"random", "heuristic", "racer"} <= set(bot_levels("drecksau"))


def test_heuristic_dirties_its_own_pig() -> None:
    state = position(pigs=[[0] * 5, [0] * 5], hands=[["mud", "rod", "door"], ["mud"] * 3])
    assert choice(state).startswith("play mud 0.")


def test_heuristic_puts_a_barn_on_its_dirty_pig() -> None:
    state = position(pigs=[[D, 0, 0, 0, 0], [0] * 5],
                     hands=[["barn", "rod", "door"], ["mud"] * 3])
    assert choice(state) == "play barn 0.0"


def test_heuristic_nails_the_door_on_a_dirty_barned_pig() -> None:
    state = position(pigs=[[D | B, 0, 0, 0, 0], [0] * 5],
                     hands=[["barn", "door", "rod"], ["mud"] * 3])
    assert choice(state) == "play door 0.0"


def test_heuristic_sends_the_farmer_to_the_leader() -> None:
    state = position(players=3, pigs=[[D, 0, 0, 0], [D, D, D, 0], [D, 0, 0, 0]],
                     hands=[["farmer", J, "door"], ["mud"] * 3, ["mud"] * 3])
    assert choice(state).startswith("play farmer 1.")


def test_heuristic_scrubs_the_leaders_barned_pig_before_an_open_one() -> None:
    # The open pig can still be rained on; the barned one only the farmer can reach.
    state = position(pigs=[[0] * 5, [D, D | B, D, D, 0]],
                     hands=[["farmer", J, "door"], ["mud"] * 3])
    assert choice(state) == "play farmer 1.1"


def test_heuristic_strikes_the_leaders_unprotected_barn() -> None:
    state = position(pigs=[[0] * 5, [D | B | O, D | B | O | 8, D | B | O, D | B, 0]],
                     hands=[["lightning", J, "door"], ["mud"] * 3])
    assert choice(state) in ("play lightning 1.0", "play lightning 1.2")


def test_heuristic_rains_when_it_hurts_the_others_more() -> None:
    state = position(pigs=[[D | B, 0, 0, 0, 0], [D, D, D, 0, 0]],
                     hands=[["rain", J, "door"], ["mud"] * 3])
    assert choice(state) == "play rain"


def test_heuristic_keeps_rain_back_when_it_would_wash_its_own_pigs() -> None:
    state = position(pigs=[[D, D, D, 0, 0], [D | B, 0, 0, 0, 0]],
                     hands=[["rain", J, "door"], ["mud"] * 3])
    assert choice(state) != "play rain"


def test_heuristic_fits_a_rod_while_lightning_is_still_about() -> None:
    state = position(pigs=[[D | B | O, D | B | O, 0, 0, 0], [D, 0, 0, 0, 0]],
                     hands=[["rod", "barn", "farmer"], ["mud"] * 3])
    assert choice(state).startswith("play rod 0.")


def test_heuristic_takes_the_win() -> None:
    state = position(pigs=[[D, D, D, D, 0], [D, D, D, D, 0]],
                     hands=[["farmer", "rain", "mud"], ["mud"] * 3])
    assert choice(state) == "play mud 0.4"


def test_heuristic_swaps_cards_it_cannot_use_well() -> None:
    state = position(pigs=[[D, D, 0, 0, 0], [0] * 5],
                     hands=[["door", "rod", "lightning"], ["mud"] * 3])
    move = choice(state)
    assert move.startswith("discard ") and "rod" in move and "lightning" in move


def test_heuristic_in_german_edition_discards_rather_than_wash_its_own_pigs() -> None:
    state = position("drecksau", pigs=[[D, D, 0, 0, 0], [0] * 5],
                     hands=[["rain", "rain", "lightning"], ["mud"] * 3])
    assert choice(state) in ("discard lightning", "discard rain")


def test_heuristic_shows_its_hand_when_stuck() -> None:
    state = position("drecksau", pigs=[[0] * 5, [0] * 5],
                     hands=[["rod", "door", "lightning"], ["mud"] * 3])
    assert state.legal_actions() == [SHOW]
    assert choice(state) == "show"


def test_heuristic_makes_its_own_pigs_pretty_for_a_pretty_win() -> None:
    state = position("sauschoen", pigs=[[P, P, 0], [D, 0, 0]],
                     hands=[["pretty", J, "door"], ["mud"] * 3])
    assert choice(state) == "play pretty 0.2"


def test_heuristic_makes_a_pig_of_a_near_winner_pretty_to_block_it() -> None:
    state = position("sauschoen", pigs=[[D, 0, 0], [D | B | O, D, 0]],
                     hands=[["pretty", J, "barn"], ["mud"] * 3])
    assert choice(state).startswith("play pretty 1.")


def test_heuristic_never_hands_a_pretty_win_to_someone_else() -> None:
    state = position("sauschoen", pigs=[[D, 0, 0], [P, P, D]],
                     hands=[["pretty", J, "door"], ["mud"] * 3])
    assert not choice(state).startswith("play pretty 1.")


def test_heuristic_lets_a_near_pretty_winners_pig_escape() -> None:
    state = position("sauschoen", pigs=[[D, 0, 0], [P, P, 0]],
                     hands=[["escape", J, "door"], ["mud"] * 3])
    assert choice(state) in ("play escape 1.0", "play escape 1.1")


def test_heuristic_plays_a_lucky_bird_with_useful_cards_behind_it() -> None:
    state = position("sauschoen", pigs=[[0, 0, 0], [D, 0, 0]],
                     hands=[["lucky-bird", "mud", "mud"], ["mud"] * 3])
    assert choice(state) == "play lucky-bird"
    state.apply(state.game.decode_action("play lucky-bird"))
    assert choice(state).startswith("play mud 0.")


def test_heuristic_ends_a_lucky_bird_turn_rather_than_harm_itself() -> None:
    state = position("sauschoen", pigs=[[D, D, 0], [0, 0, 0]],
                     hands=[["lucky-bird", "rain", "rain"], ["mud"] * 3])
    state.apply(state.game.decode_action("play lucky-bird"))
    assert state.legal_actions()[-1] == DONE
    assert choice(state) == "done"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31),
       setup=st.sampled_from([("dirty-pig", 2), ("dirty-pig", 5), ("drecksau", 3),
                              ("sauschoen", 4), ("sauschoen-tournament", 3)]))
def test_bots_choose_only_legal_actions_and_replay(seed: int, setup: tuple[str, int]) -> None:
    ruleset, players = setup
    levels = ["heuristic", "racer", "random", "heuristic", "random"][:players]
    first = simulate("drecksau", ruleset, players, levels, games=1, seed=seed, workers=1)
    again = simulate("drecksau", ruleset, players, levels, games=1, seed=seed, workers=1)
    assert first.results == again.results  # simulate applies with full rule checks
    assert first.results[0].winners or first.results[0].capped


def test_discard_notation_helper_round_trip() -> None:
    # The bot reads discard codes with the engine's helper; make sure they agree.
    state = position(pigs=[[0] * 5, [0] * 5], hands=[["door", "rod", "rod"], ["mud"] * 3])
    codes = [a for a in state.legal_actions() if encode_action(a).startswith("discard")]
    assert sorted(tuple(discarded_cards(a)) for a in codes) == sorted(
        {(4,), (6,), (4, 6), (6, 6), (4, 6, 6)})


# Heuristic against random: measured over 2000 games with rotating seats (seed 2025) the
# heuristic wins 99.7% (2 players) and 95.8% (4 players) of dirty-pig, 97.0% / 79.8% of
# drecksau and 98.8% / 89.6% of sauschoen; the thresholds leave a wide margin.
@pytest.mark.parametrize("ruleset, players, threshold", [
    ("dirty-pig", 2, 0.85), ("dirty-pig", 4, 0.6), ("drecksau", 2, 0.8),
    ("drecksau", 4, 0.5), ("sauschoen", 2, 0.85), ("sauschoen", 4, 0.6),
])
def test_heuristic_clearly_beats_random(ruleset: str, players: int, threshold: float) -> None:
    bots = ["heuristic"] + ["random"] * (players - 1)
    result = simulate("drecksau", ruleset, players, bots, games=200, seed=2024, workers=1,
                      rotate=True)
    heuristic = next(b for b in result.summary.bots if b.bot == "heuristic")
    assert heuristic.wins.low > threshold, heuristic.wins
    assert heuristic.wins.low > 1 / players + 0.2
