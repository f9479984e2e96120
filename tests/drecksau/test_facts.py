"""Drecksau's simulation facts: win kind, turns and rounds, cards played, drawn and thrown
away per seat, the card that won; checked on chosen positions and on seeded games."""

from __future__ import annotations

import io
import json
import math
import random
from collections import Counter

import pytest
from rich.console import Console

from saustall.arena.simulate import simulate
from saustall.cli.simulate import run_cli
from saustall.core import get
from saustall.games.drecksau.actions import is_play, played_card
from saustall.games.drecksau.facts import DrecksauFacts, DrecksauTally, game_facts, watch
from saustall.games.drecksau.game import DIRTY, IS_PRETTY, DrecksauState
from saustall.games.drecksau.rulesets import CARD_BY_NAME, CARD_KINDS
from saustall.games.drecksau.tournament import TournamentState
from tests.drecksau.helpers import act, position

MUD, ESCAPE = CARD_BY_NAME["mud"], CARD_BY_NAME["escape"]


def _play_out(state: DrecksauState | TournamentState, seed: int) -> None:
    chooser = random.Random(seed)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))


def test_the_winning_mud_is_the_ending_card_and_the_winner_played_it() -> None:
    # Seat 0 has two dirty pigs and a clean one, and mud in hand: its mud wins.
    state = position("dirty-pig", 2, hands=[["mud", "barn", "rain"], ["farmer", "rod", "door"]],
                     pigs=[[DIRTY, DIRTY, 0, DIRTY, DIRTY], [0] * 5])
    watch(state)
    act(state, "play mud 0.2")
    facts = game_facts(state)
    assert facts.winners == (0,) and facts.win_kind == "dirty"
    assert facts.ending_card == "mud" and facts.ended_by[MUD] == 1
    assert sum(facts.ended_by) == 1 and facts.won_on_other_play == 0
    assert facts.played[0][MUD] == 1 and sum(facts.played[0]) == 1
    assert sum(facts.played[1]) == 0
    assert facts.turns == 1 and facts.table_rounds == 1 and facts.rounds == 1
    assert facts.round_wins == (1, 0, 0)
    assert facts.drawn == ((0,) * len(CARD_KINDS),) * 2  # the winning play draws nothing


def test_an_escape_on_another_players_pretty_dirty_pig_wins_it_for_them() -> None:
    # Seat 1's last pig is dirty under a pretty pig: seat 0's Escape takes the pretty pig
    # away, leaving every pig of seat 1 dirty, so seat 1 wins on seat 0's play.
    state = position("sauschoen", 2, hands=[["escape", "mud", "mud"], ["rain", "rod", "door"]],
                     pigs=[[0, 0, 0], [DIRTY, DIRTY, DIRTY | IS_PRETTY]])
    watch(state)
    act(state, "play escape 1.2")
    facts = game_facts(state)
    assert facts.winners == (1,) and facts.win_kind == "dirty"
    assert facts.ending_card == "escape" and facts.won_on_other_play == 1
    assert facts.played[0][ESCAPE] == 1


def test_an_exchange_counts_the_cards_thrown_away_and_the_cards_drawn() -> None:
    state = position("dirty-pig", 2, hands=[["rain", "rod", "door"], ["farmer", "rod", "door"]],
                     deck=["barn", "barn", "mud", "mud", "lightning"])  # top last
    watch(state)
    act(state, "discard door,rod")
    assert state.counts is not None
    facts = game_facts(state)
    assert facts.exchanges == (1, 0)
    thrown = dict(zip(CARD_KINDS, facts.discarded[0]))
    assert thrown["door"] == 1 and thrown["rod"] == 1 and sum(facts.discarded[0]) == 2
    drawn = dict(zip(CARD_KINDS, facts.drawn[0]))
    assert drawn["lightning"] == 1 and drawn["mud"] == 1 and sum(facts.drawn[0]) == 2
    assert facts.win_kind == "none" and facts.ending_card == ""


@pytest.mark.parametrize("ruleset,players,seed", [
    ("dirty-pig", 2, 1), ("dirty-pig", 5, 2), ("drecksau", 3, 3), ("drecksau", 2, 4),
    ("sauschoen", 4, 5), ("sauschoen", 2, 6)])
def test_counts_add_up_to_the_actions_and_every_card_is_accounted_for(
        ruleset: str, players: int, seed: int) -> None:
    game = get("drecksau", ruleset)
    state = game.new_state(players, seed)
    dealt = [Counter(hand) for hand in state.hands]
    assert isinstance(state, DrecksauState)
    watch(state)
    _play_out(state, seed)
    facts = game_facts(state)
    actions = sum(map(sum, facts.played)) + sum(facts.exchanges) + sum(facts.shows) \
        + sum(facts.passes) + sum(facts.dones)
    assert actions == len(state.history)
    for seat in range(players):  # what came into a hand left it or is still there
        held = Counter(state.hands[seat])
        for kind in range(len(CARD_KINDS)):
            assert (dealt[seat][kind] + facts.drawn[seat][kind]
                    == facts.played[seat][kind] + facts.discarded[seat][kind] + held[kind])
    plays = [a for a in state.history if is_play(a)]
    for kind in range(len(CARD_KINDS)):
        assert sum(row[kind] for row in facts.played) == sum(
            1 for a in plays if played_card(a) == kind)
    assert facts.turns == state.turn
    assert facts.table_rounds == math.ceil(state.turn / players)
    if state.winners():
        assert facts.ending_card == CARD_KINDS[played_card(state.history[-1])]
        assert facts.win_kind == state.win_kind and sum(facts.ended_by) == 1
    else:
        assert facts.win_kind == "none" and sum(facts.ended_by) == 0


def test_a_tournament_adds_up_its_rounds() -> None:
    state = get("drecksau", "sauschoen-tournament").new_state(3, 8)
    assert isinstance(state, TournamentState)
    watch(state)
    _play_out(state, 8)
    facts = game_facts(state)
    assert facts.rounds == len(state.rounds) >= 3
    hows = [entry["how"] for entry in state.rounds]
    assert facts.round_wins == (hows.count("dirty"), hows.count("pretty"), hows.count(None))
    assert sum(facts.ended_by) == facts.round_wins[0] + facts.round_wins[1]
    actions = sum(map(sum, facts.played)) + sum(facts.exchanges) + sum(facts.passes) \
        + sum(facts.dones)
    assert actions == len(state.history)
    assert facts.turns >= facts.rounds and facts.table_rounds <= facts.turns


def test_an_unwatched_game_has_no_facts_and_clones_do_not_count() -> None:
    state = get("drecksau", "dirty-pig").new_state(2, 3)
    assert isinstance(state, DrecksauState)
    watch(state)
    twin = state.clone()
    assert twin.counts is None
    with pytest.raises(ValueError, match="not watched"):
        game_facts(twin)


def test_facts_are_the_same_for_any_number_of_workers() -> None:
    runs = [simulate("drecksau", "sauschoen", 3, ["random", "heuristic", "racer"], games=30,
                     seed=5, workers=workers, rotate=True) for workers in (1, 2)]
    assert [r.facts for r in runs[0].results] == [r.facts for r in runs[1].results]
    assert runs[0].summary.game_figures == runs[1].summary.game_figures
    figures = runs[0].summary.game_figures
    assert figures.games == 30 and figures.rounds == 30
    assert sum(share.count for share in figures.win_kinds.values()) == 30
    assert all(isinstance(r.facts, DrecksauFacts) for r in runs[0].results)


def test_without_facts_the_games_are_the_same_and_report_none() -> None:
    with_facts = simulate("drecksau", "dirty-pig", 2, ["random"], games=20, seed=2, workers=1)
    without = simulate("drecksau", "dirty-pig", 2, ["random"], games=20, seed=2, workers=1,
                       facts=False)
    assert without.summary.game_figures is None
    assert all(r.facts is None for r in without.results)
    assert [(r.winners, r.length) for r in with_facts.results] == [
        (r.winners, r.length) for r in without.results]
    lengths = [r.facts.turns for r in with_facts.results]
    assert lengths == [r.length for r in with_facts.results]  # no Lucky Birds here


def test_the_tally_counts_shares_with_their_totals() -> None:
    tally = DrecksauTally(2)
    for seed in range(6):
        state = get("drecksau", "dirty-pig").new_state(2, seed)
        watch(state)
        _play_out(state, seed)
        tally.add(("random", "random"), game_facts(state))
    summary = tally.summary()
    assert summary.win_kinds["dirty"].count == 6 and summary.win_kinds["dirty"].total == 6
    assert summary.winning_cards["mud"].count == 6  # in Dirty Pig only mud completes pigs
    assert summary.turns.n == 6 and sum(summary.turns_histogram.values()) == 6
    assert summary.table.games == 6 and summary.seats[0].games == 6
    assert sum(summary.table.played.values()) == sum(
        sum(seat.played.values()) for seat in summary.seats)


def _run(args: list[str]) -> str:
    buffer = io.StringIO()
    run_cli("drecksau", args, Console(file=buffer, width=160))
    return buffer.getvalue()


def test_the_command_shows_the_facts_and_writes_them_in_json() -> None:
    text = _run(["--games", "12", "--workers", "1", "--ruleset", "sauschoen", "--players", "3"])
    assert "Drecksau: how the rounds ended (12 rounds in 12 games)" in text
    assert "win kind: pretty" in text and "cards per game" in text
    data = json.loads(_run(["--games", "12", "--workers", "1", "--json"]))
    figures = data["summary"]["drecksau"]
    assert figures["win_kinds"]["dirty"]["total"] == 12
    assert figures["turns"]["n"] == 12
    plain = json.loads(_run(["--games", "12", "--workers", "1", "--json", "--no-facts"]))
    assert "drecksau" not in plain["summary"]
    assert plain["summary"]["seats"] == data["summary"]["seats"]
