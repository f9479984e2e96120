"""Equal alternatives in an analysis: those with the same outcome in every sampled world
are one group, one line in ``saustall analyze`` ("Bid 62-82 (21 bids)") and one entry of
``groups`` in its JSON, while every alternative stays listed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

import pytest

import saustall.analysis as analysis_module
from saustall.analysis import Outcome, analyze, group_words
from saustall.games.saukopf.bots.analysis import SaukopfAnalyser, bid_ranges
from saustall.core import GameRecord
from saustall.core.game import Action, View
from saustall.games.saukopf.actions import BID_BASE
from tests.bots.test_saukopf_analysis import HOPELESS, WORLDS, bot_record
from tests.cli.bad_files import run
from tests.saukopf.helpers import act, new_deal

LEAST_BIDS = range(62, 83)
"""The bids the scripted analyser plays out alike: 21 bids, 62 to 82."""


class ScriptedAnalyser(SaukopfAnalyser):
    """Saukopf's wording, with outcomes made up: the bids 62-82 the same in both worlds
    (2 net points on average, won in one world of two), every other alternative its own."""

    def outcomes(self, view: View, actions: Sequence[Action], *, level: str, worlds: int,
                 seed: int) -> list[list[Outcome]]:
        return [[(1.0, 1.0), (3.0, 0.0)] if isinstance(a, int) and a - BID_BASE in LEAST_BIDS
                else [(-float(i), 0.0), (0.0, 0.0)] for i, a in enumerate(actions)]


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(analysis_module._ANALYSERS, "saukopf", ScriptedAnalyser())


def opening_bid() -> GameRecord:
    """Sepp (seat 0, first to bid) opens with 61: every bid and the pass were open to him."""
    state = new_deal(HOPELESS, dealer=3)
    act(state, "bid 61")
    return state.record()


def test_bids_alike_in_every_world_are_one_group(scripted: None) -> None:
    decision, = analyze(opening_bid(), 0, worlds=2).decisions
    least = [f"bid {n}" for n in LEAST_BIDS]
    group = decision.groups[0]  # the best estimate: first, as the alternatives
    assert group.text == "Bid 62-82 (21 bids)"
    assert list(group.actions) == least
    assert (group.net.mean, group.win.mean, group.cost, group.chosen) == (2.0, 0.5, 0.0, False)
    assert decision.best in least and decision.chosen == "bid 61"
    # every alternative is still listed, and in exactly one group
    assert len(decision.alternatives) == 62  # pass, 61-120, Schwarz
    grouped = [action for g in decision.groups for action in g.actions]
    assert sorted(grouped) == sorted(a.action for a in decision.alternatives)
    assert len(decision.groups) == 62 - 20
    chosen, = [g for g in decision.groups if g.chosen]
    assert chosen.actions == ("bid 61",) and chosen.text == "Bid 61"
    assert chosen.cost == decision.cost > 0


def test_json_lists_the_groups_beside_every_alternative(scripted: None) -> None:
    printed = analyze(opening_bid(), 0, worlds=2).to_dict()["decisions"][0]
    assert len(printed["alternatives"]) == 62
    assert printed["groups"][0] == {
        "text": "Bid 62-82 (21 bids)", "actions": [f"bid {n}" for n in LEAST_BIDS],
        "chosen": False, "net": 2.0, "net_se": 1.0, "win": 0.5, "win_se": 0.5, "cost": 0.0}


def test_the_report_shows_a_group_on_one_line(scripted: None, tmp_path: Path) -> None:
    path = tmp_path / "bid.json"
    opening_bid().save(path)
    result = run("analyze", str(path), "--seat", "1", "--worlds", "2")
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if "│" in line]
    assert sum("Bid 62-82 (21 bids)" in row for row in rows) == 1
    assert not any("Bid 70 " in row for row in rows)
    assert any("→" in row and "Bid 61 " in row for row in rows)
    assert "below Bid 62-82" not in result.stdout  # the verdict names one alternative


def test_a_real_analysis_groups_only_alternatives_with_one_estimate(tmp_path: Path) -> None:
    analysis = analyze(bot_record(tmp_path), 0, worlds=WORLDS)
    for decision in analysis.decisions:
        by_action = {a.action: a for a in decision.alternatives}
        grouped = [action for g in decision.groups for action in g.actions]
        assert sorted(grouped) == sorted(by_action)
        for group in decision.groups:
            members = [by_action[action] for action in group.actions]
            assert {(m.net, m.win) for m in members} == {(group.net, group.win)}
            assert group.chosen == any(m.chosen for m in members)
    # a bid decision offers some 60 bids, and many of them play out alike
    bids = [d for d in analysis.decisions if d.phase == "bidding"]
    assert bids and all(len(d.groups) < len(d.alternatives) for d in bids)
    json.dumps(analysis.to_dict())


def test_bids_are_named_as_runs() -> None:
    assert bid_ranges([62, 63, 64, 70, 121]) == "62-64, 70 or Schwarz"
    assert bid_ranges([120, 121]) == "120 or Schwarz"
    assert bid_ranges([61]) == "61"


def test_plain_wording_of_equal_alternatives() -> None:
    assert group_words(["Play Gras-Neun", "Play Gras-Sieben"], "cards") == \
        "Play Gras-Neun or Gras-Sieben (2 cards)"
    assert group_words(["Pass", "Bid 61", "Bid 62"]) == "Pass, Bid 61 or Bid 62 (3 alternatives)"
