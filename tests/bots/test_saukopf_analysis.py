"""The analysis of a Saukopf record (saustall.analysis with the Saukopf analyser): every
decision of the seat with all its alternatives, costs that are 0 for the best, a clear
mistake flagged, the same analysis from the same inputs, and nothing read from hidden
cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from saustall.analysis import AnalysisError, analyze, decision_indices
from saustall.bots.base import make_seat_bots
from saustall.core import GameRecord, get
from saustall.core.errors import UnknownGameError
from saustall.games.saukopf.game import REVOKE_BASE, SaukopfState, decode_action
from tests.cli.bad_files import real_record
from tests.saukopf.helpers import act, new_deal

WORLDS = 4  # few worlds: the tests check the shape and the clear cases, not precision


def bot_record(tmp_path: Path, seed: int = 3) -> GameRecord:
    """A one-deal session of four ``beginner`` bots, saved and loaded as a record."""
    state = get("saukopf").new_state(4, seed, {"deals": 1, "dealer": seed % 4})
    bots = make_seat_bots("saukopf", list(range(4)), ["beginner"], seed)
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)), seat)
    path = tmp_path / "deal.json"
    state.record().save(path)
    return GameRecord.load(path)


def expected_decisions(record: GameRecord, seat: int) -> dict[int, tuple[set[str], str]]:
    """Index -> (the seat's legal actions but revokes, the one taken), where it had a
    choice: worked out from the engine, apart from the analysis."""
    game = get(record.game, record.ruleset)
    state = game.new_state(record.num_players, record.seed, record.options)
    found = {}
    for index, text in enumerate(record.actions):
        action = decode_action(text)
        if state.current_player == seat:
            legal = {game.encode_action(a) for a in state.legal_actions()
                     if not REVOKE_BASE <= int(a) < REVOKE_BASE + 4}  # type: ignore[call-overload]
            if len(legal) > 1:
                found[index] = (legal, text)
        state.apply(action)
    return found


@pytest.mark.parametrize("seat", [0, 2])
def test_every_decision_of_the_seat_with_every_alternative(tmp_path: Path, seat: int) -> None:
    record = bot_record(tmp_path)
    told: list[tuple[int, int]] = []
    analysis = analyze(record, seat, worlds=WORLDS, progress=lambda *p: told.append(p))
    expected = expected_decisions(record, seat)
    # the progress the CLI shows: every decision counted, up to all of them
    assert told == [(done, len(expected)) for done in range(len(expected) + 1)]
    assert [d.index for d in analysis.decisions] == sorted(expected)
    assert analysis.seats == (seat,)
    for decision in analysis.decisions:
        legal, taken = expected[decision.index]
        assert decision.seat == seat
        assert {a.action for a in decision.alternatives} == legal
        assert len(decision.alternatives) == len(legal)
        assert decision.chosen == taken
        assert [a.action for a in decision.alternatives if a.chosen] == [taken]
        means = [a.net.mean for a in decision.alternatives]
        assert means == sorted(means, reverse=True)  # best first
        assert decision.alternatives[0].action == decision.best
        assert decision.alternatives[0].cost == 0.0
        assert all(a.cost >= 0 for a in decision.alternatives)
        assert decision.cost >= 0
        assert (decision.cost == 0) == (decision.best == decision.chosen)
        chosen = next(a for a in decision.alternatives if a.chosen)
        assert decision.cost == pytest.approx(means[0] - chosen.net.mean)
        assert all(0 <= a.win.mean <= 1 for a in decision.alternatives)
        assert decision.worlds == WORLDS
        assert "hand " in decision.situation
    summary, = analysis.summary()
    assert summary.decisions == len(expected)
    assert summary.total_cost == pytest.approx(sum(d.cost for d in analysis.decisions))


def test_the_same_inputs_give_the_same_analysis(tmp_path: Path) -> None:
    record = bot_record(tmp_path, seed=4)
    first = analyze(record, 1, worlds=WORLDS, seed=7)
    assert first.decisions
    assert analyze(record, 1, worlds=WORLDS, seed=7).to_dict() == first.to_dict()
    # a decision's estimate does not hang on which other seats were analysed
    every = analyze(record, None, worlds=WORLDS, seed=7)
    assert [d for d in every.decisions if d.seat == 1] == list(first.decisions)


def test_an_analysis_made_decision_by_decision_is_the_whole_one(tmp_path: Path) -> None:
    # (the server spreads an analysis over its workers this way, one decision at a time)
    record = bot_record(tmp_path, seed=5)
    whole = analyze(record, 2, worlds=WORLDS)
    indices = decision_indices(record, 2)
    assert indices == [d.index for d in whole.decisions] and indices
    parts = [analyze(record, 2, worlds=WORLDS, indices=[index]) for index in indices]
    assert [part.decisions for part in parts] == [(d,) for d in whole.decisions]
    assert analyze(record, 2, worlds=WORLDS, indices=[]).decisions == ()


# Sepp (seat 0) plays a Wutz holding all four Unter and four aces; Resi (seat 1), the
# first asked about a Kontra, holds nothing at all.
HOPELESS = ("EU GU HU SU EA GA HA SA | SO E8 E7 G7 H7 S9 S8 S7 | "
            "GO HO H10 HK H9 H8 S10 SK | EO E10 EK E9 G10 GK G9 G8")


def kicked(hands: str) -> GameRecord:
    state = new_deal(hands, dealer=3)
    act(state, "bid 61", "pass", "pass", "pass", "declare wutz", "card EU")
    assert state.phase == "kontra" and state.cur == 1
    act(state, "kontra")
    return state.record()


def test_kontra_with_a_hopeless_hand_is_a_clear_mistake() -> None:
    record = kicked(HOPELESS)
    analysis = analyze(record, 1, worlds=12)
    decision = analysis.decisions[-1]
    assert decision.index == len(record.actions) - 1 and decision.phase == "kontra"
    assert decision.chosen == "kontra" and decision.best == "pass"
    # a Huftritt that fails costs its kicker 2 roughness points: so it does in nearly
    # every world, against 0 for passing
    assert decision.cost > 1.0
    assert decision.mistake
    assert analysis.summary()[0].mistakes >= 1
    passing = next(a for a in decision.alternatives if a.action == "pass")
    assert passing.win.mean < 0.5


def test_passing_that_hopeless_hand_is_no_mistake() -> None:
    state = new_deal(HOPELESS, dealer=3)
    act(state, "bid 61", "pass", "pass", "pass", "declare wutz", "card EU", "pass")
    decision = analyze(state.record(), 1, worlds=12).decisions[-1]
    assert decision.phase == "kontra" and decision.chosen == "pass"
    assert decision.cost == 0 and not decision.mistake


def test_the_analysis_of_a_seat_reads_no_hidden_card() -> None:
    """Two deals alike for Resi (seat 1: her hand, every public action) but with the
    other three hands dealt otherwise: her analysis is the same. Playing out the true
    deal would tell them apart: in the second Sepp's Wutz can be beaten."""
    other = ("EU GU E9 G10 GK G9 G8 SK | SO E8 E7 G7 H7 S9 S8 S7 | "
             "GO HO H10 HK H9 H8 S10 SU | EO E10 EK HU EA GA HA SA")
    first, second = kicked(HOPELESS), kicked(other)
    assert first.actions == second.actions and first.options != second.options
    one, two = analyze(first, 1, worlds=WORLDS), analyze(second, 1, worlds=WORLDS)
    assert len(one.decisions) == 2  # her pass in the bidding, her Kontra
    assert one.to_dict() == two.to_dict()
    # Sepp's own analysis does tell the deals apart: it is his hand that differs
    assert (analyze(first, 0, worlds=WORLDS).to_dict()
            != analyze(second, 0, worlds=WORLDS).to_dict())


def test_bad_requests_are_refused_by_name(tmp_path: Path) -> None:
    record = bot_record(tmp_path)
    with pytest.raises(AnalysisError, match="no seat 4 in this 4-player game"):
        analyze(record, 4)
    with pytest.raises(AnalysisError, match="no analysis level 'grandmaster'"):
        analyze(record, 0, level="grandmaster")
    with pytest.raises(AnalysisError, match="at least 2"):
        analyze(record, 0, worlds=1)
    with pytest.raises(UnknownGameError, match="no analysis for game 'drecksau'"):
        analyze(real_record("drecksau"), 0)


def test_a_state_with_a_seat_to_act_has_that_seats_choices() -> None:
    """A record may stop mid-deal: the analysis covers the decisions it holds."""
    state = new_deal(HOPELESS, dealer=3)
    act(state, "bid 61")
    assert isinstance(state, SaukopfState)
    analysis = analyze(state.record(), 0, worlds=WORLDS)
    assert [d.index for d in analysis.decisions] == [0]
    assert analysis.decisions[0].chosen == "bid 61"
