"""Saukopf contract worth: per game kind, what declaring paid the declaring party."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from saustall.bots.base import make_bot
from saustall.cli.main import app
from saustall.core import get
from saustall.core.rng import derive_seed
from saustall.games.saukopf.census import run_census
from saustall.games.saukopf.worth import ContractDeal, WorthTally, contract_deals


def _session(seed: int) -> object:
    state = get("saukopf", "saukopf").new_state(4, seed, {"deals": 4})
    bots = [make_bot("saukopf", "heuristic", derive_seed(seed, "bot", s)) for s in range(4)]
    while not state.is_terminal():
        p = state.current_player
        state.apply(bots[p].choose(state.view(p), state.legal_actions(p)), p)
    return state


def test_contract_deals_read_the_declarer_and_its_net_from_each_played_deal() -> None:
    state = _session(11)
    entries = [e for e in state.results if not e["thrown_in"]]  # type: ignore[attr-defined]
    deals = contract_deals(state)  # type: ignore[arg-type]
    assert len(deals) == len(entries) > 0
    for deal, entry in zip(deals, entries):
        seat = entry["declarer"]
        assert deal.declarer == seat and deal.kind == entry["game"].split()[0]
        assert deal.declarer_net == entry["meat"][seat] - entry["roughness"][seat]
        assert deal.won == entry["declarer_won"]
        if deal.won:
            assert deal.declarer_net > 0  # winners get meat points


def test_worth_tally_gives_a_mean_with_its_interval_per_kind_and_spiess() -> None:
    tally = WorthTally(4)
    made = [ContractDeal("keiler", spiess, 0, None, "61", net, float(net), net > 0)
            for spiess, net in ((False, 4), (False, 6), (True, -2), (True, 8))]
    tally.add(made)
    rows = {(row.kind, row.spiess): row for row in tally.summary()}
    keiler = rows[("keiler", "any")]
    assert keiler.deals == 4 and keiler.declarer_net.value == pytest.approx(4.0)
    assert keiler.declarer_net.low < 4.0 < keiler.declarer_net.high
    assert rows[("keiler", "yes")].deals == 2 and rows[("keiler", "no")].deals == 2
    assert keiler.won.value == 0.75 and 0 < keiler.won.low < 0.75 < keiler.won.high <= 1
    assert rows[("unreine-kreuzung", "any")].deals == 0  # every kind listed, unplayed ones too


def test_census_worth_answers_per_kind_and_is_the_same_for_any_workers(tmp_path) -> None:
    one = run_census("dreihaxer", "heuristic", 8, seed=2, workers=1, worth=True)
    two = run_census("dreihaxer", "heuristic", 8, seed=2, workers=2, worth=True)
    assert [r.declarer_net for r in one.worth] == [r.declarer_net for r in two.worth]
    played = sum(row.deals for row in one.worth if row.spiess == "any")
    assert played == sum(share.count for _, share in one.kinds)
    path, report = tmp_path / "census.json", tmp_path / "census.html"
    done = CliRunner().invoke(app, ["census", "--ruleset", "dreihaxer", "--bot", "heuristic",
                                    "--deals", "6", "--workers", "1", "--worth", "--json",
                                    str(path), "--report", str(report)])
    assert done.exit_code == 0, done.output
    assert "Contract worth" in done.stdout and "declarer net" in done.stdout
    data = json.loads(path.read_text())
    assert all({"kind", "spiess", "deals", "declarer_net", "won"} <= set(row)
               for row in data["worth"])
    assert all(isinstance(row, dict) for row in data["kinds"])
    text = report.read_text()
    assert "data:image/png;base64," in text and "Contract worth" in text
