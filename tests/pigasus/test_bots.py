"""Pigasus bots: reaction times, levels, the real-time interface and simulated games."""

from __future__ import annotations

import math
import statistics

import pytest

from saustall.bots import bot_levels, make_bot
from saustall.bots.base import default_level, offered_levels
from saustall.games.pigasus.bots.reaction import (
    LEVELS, PigasusBot, crowd_factor, expected_max_normal, person_wins, simulate_game,
)
from saustall.core import GameRecord, IllegalActionError
from saustall.games.pigasus.driver import RealtimeTable
from saustall.games.pigasus.game import GRAB, POINT, REVEAL, TICK, PigasusAction

from .helpers import card, new_game, play, stacked


def test_named_levels_come_first_and_the_earlier_levels_stay_registered():
    # random comes last: every game gets it, after its own bots
    assert bot_levels("pigasus") == ["beginner", "club", "expert", "slow", "casual", "sharp",
                                     "random"]
    assert offered_levels("pigasus") == ["beginner", "club", "expert"]
    assert default_level("pigasus") == "club"
    bot = make_bot("pigasus", "sharp", seed=3)
    assert isinstance(bot, PigasusBot) and bot.name == "pigasus-sharp"


def test_a_person_reacting_in_two_seconds_beats_the_beginner_level():
    # 19 of 20 with these seeds; calibration in the bot module's docstring
    assert person_wins("beginner", 2000, 20) >= 15


@pytest.mark.parametrize("players", [3, 6])
def test_a_person_reacting_in_two_seconds_beats_two_or_more_beginner_bots(players):
    # Seeded, so the same every run (11 of 12 at both sizes). The 200-game figures
    # (scripts/pigasus_calibration.py) are 192/200 at 3 players and 184/200 at 6; before
    # beginner held back at bigger tables these 6-player seeds gave the person 6 of 12,
    # which this threshold of 2 in 3 refuses.
    games = 12
    assert person_wins("beginner", 2000, games, players) >= games * 2 // 3


def test_only_beginner_holds_back_at_bigger_tables():
    def median(level: str, rivals: int) -> float:
        bot = PigasusBot(level, seed=4)
        return statistics.median(bot.reaction_time(8, rivals) for _ in range(1500))

    # a duel is the 2-player calibration: 1450 + 8 * 45 ms = 1.81 s
    assert abs(median("beginner", 1) - 1810) < 0.06 * 1810
    # two rivals: exp(0.15 * 0.564) ~ 1.09 times slower; nine rivals ~ 1.25 times
    assert median("beginner", 1) < median("beginner", 2) < median("beginner", 9)
    assert median("beginner", 9) > 1.18 * median("beginner", 1)
    for level in ("club", "expert"):
        assert abs(median(level, 3) - median(level, 1)) < 0.06 * median(level, 1)


def test_expected_maximum_of_normal_draws():
    assert expected_max_normal(1) == 0.0
    assert abs(expected_max_normal(2) - 1 / math.sqrt(math.pi)) < 1e-6
    assert abs(expected_max_normal(3) - 1.5 / math.sqrt(math.pi)) < 1e-6
    assert crowd_factor(0.15, 1) == 1.0 and crowd_factor(0.0, 5) == 1.0


def test_stronger_levels_win_more_against_the_same_person():
    wins = [person_wins(level, 2000, 12) for level in ("beginner", "club", "expert")]
    assert wins[0] > wins[1] > wins[2]


def test_reaction_times_follow_the_level():
    medians = {}
    for name in LEVELS:
        bot = PigasusBot(name, seed=1)
        medians[name] = statistics.median(bot.reaction_time(10) for _ in range(2000))
        level = LEVELS[name]
        expected = level.reaction_ms + 10 * level.per_card_ms
        assert abs(medians[name] - expected) < 0.08 * expected
    assert medians["sharp"] < medians["casual"] < medians["slow"]
    small = statistics.median(PigasusBot("casual", seed=1).reaction_time(2) for _ in range(500))
    assert small < medians["casual"]  # a smaller table is scanned faster


def test_dealer_bot_reveals_at_its_pace():
    state = stacked(2, ["PC", "GE"])
    bot = PigasusBot("casual", seed=0, deal_interval_ms=1200)
    assert bot.react(state.view(0), 0) == PigasusAction(0, 1200, REVEAL)
    assert bot.react(state.view(0), 5000) == PigasusAction(0, 5000, REVEAL)
    assert PigasusBot("casual", seed=0).react(state.view(1), 0) is None  # not the dealer


def test_bot_grabs_a_pair_after_its_reaction_and_points_at_it():
    state = stacked(2, ["PC", "CP"])
    play(state, "p0@0 reveal", "p0@1000 reveal")
    bot = PigasusBot("sharp", seed=5, deal_interval_ms=100000)
    plan = bot.react(state.view(1), 1000)
    assert plan is not None and plan.kind == GRAB and plan.player == 1
    assert 1100 < plan.time < 3000
    assert bot.react(state.view(1), 1000) == plan  # asking again gives the same plan
    state.apply(plan)
    first = bot.react(state.view(1), plan.time)
    assert first is not None and first.kind == POINT and first.time > plan.time
    state.apply(first)
    second = bot.react(state.view(1), first.time)
    assert second is not None and second.kind == POINT and second.time > first.time
    assert {first.cards[0], second.cards[0]} == {card("PC"), card("CP")}
    state.apply(second)
    assert state.scores() == [0, 2]
    after = bot.react(state.view(1), second.time)
    assert after is None or after.kind != POINT


def test_bot_gives_up_a_refused_grab():
    state = stacked(3, ["PC", "CP"])
    play(state, "p0@0 reveal", "p0@10 reveal", "p2@20 grab")
    bot = PigasusBot("sharp", seed=1)
    plan = PigasusAction(1, 5000, GRAB)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(plan)
    bot.react(state.view(1), 30)
    bot.rejected(plan, caught.value)
    assert bot.react(state.view(1), 30) is None


def test_choose_picks_sensibly_from_legal_actions():
    state = stacked(2, ["PC", "GE", "CP"])
    bot = PigasusBot("sharp", seed=0)
    assert bot.choose(state.view(0), state.legal_actions(0)).kind == REVEAL
    play(state, "p0@0 reveal", "p0@1 reveal", "p0@2 reveal", "p1@100 grab")
    chosen = bot.choose(state.view(1), state.legal_actions(1))
    assert chosen.kind == POINT and chosen.cards[0] in (card("PC"), card("CP"))
    state.apply(chosen)
    second = bot.choose(state.view(1), state.legal_actions(1))
    assert second.kind == POINT and {chosen.cards[0], second.cards[0]} == {card("PC"), card("CP")}
    assert bot.choose(state.view(0), state.legal_actions(0)).kind in (GRAB, TICK)


def test_simulation_is_deterministic():
    a = simulate_game(3, seed=42, levels=["slow", "casual", "sharp"])
    b = simulate_game(3, seed=42, levels=["slow", "casual", "sharp"])
    c = simulate_game(3, seed=43, levels=["slow", "casual", "sharp"])
    assert a.record.actions == b.record.actions and a == b
    assert a.record.actions != c.record.actions


@pytest.mark.parametrize("ruleset,players", [("pigasus", 2), ("pigasus", 6),
                                             ("pigasus-teams", 4), ("pigasus-teams", 5)])
def test_simulated_game_is_whole_and_replays(ruleset, players):
    result = simulate_game(players, seed=players, levels=["casual", "slow"], ruleset=ruleset)
    state = GameRecord.from_json(result.record.to_json()).replay()
    assert state.is_terminal() and state.winners() == result.winners
    assert result.reveals >= 56 and result.length_ms > 56 * 1000
    for unit, score in enumerate(result.scores):
        seats = [s for s in range(players) if result.team_of[s] == unit]
        won = sum(result.stats[s]["cards_won"] for s in seats)
        paid = sum(result.stats[s]["cards_paid"] for s in seats)
        assert score == won - paid
    assert sum(state.inventory().values()) == 72


def test_sharp_bots_beat_slow_ones_and_slow_ones_grab_wrongly():
    results = [simulate_game(2, seed=s, levels=["sharp", "slow"]) for s in range(10)]
    sharp_wins = sum(1 for r in results if r.winners == (0,))
    assert sharp_wins >= 9
    assert sum(r.stats[0]["wrong"] for r in results) == 0  # sharp: no false alarms
    slow = [simulate_game(4, seed=s, levels=["slow"]) for s in range(6)]
    assert sum(r.stats[p]["wrong"] for r in slow for p in range(4)) > 0
    shared = [r for r in slow if any(r.stats[p]["crowded"] or r.stats[p]["split"]
                                     for p in range(4))]
    assert shared  # equal holds do happen between bots of one level


def test_table_refuses_and_reports_a_stuck_game():
    state = new_game(2)
    table = RealtimeTable(state, {})
    with pytest.raises(RuntimeError, match="stuck"):
        table.run_to_end()
