"""Saukopf's per-deal facts: declarer, bid, contract, card points, Laufende, Kontra/Re,
meat and roughness per seat; and what each contract was worth to its declarer."""

from __future__ import annotations

import random

from saustall.arena.simulate import simulate
from saustall.core import get
from saustall.games.saukopf.cards import SCHWARZ, bid_text
from saustall.games.saukopf.simulation import SaukopfTally, contract_name, session_facts


def _session(seed: int, deals: int = 8):
    state = get("saukopf", "saukopf").new_state(4, seed, {"deals": deals})
    chooser = random.Random(seed)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
    return state


def test_each_deal_reports_what_its_result_entry_shows() -> None:
    for seed in range(4):
        state = _session(seed)
        facts = session_facts(state)
        assert len(facts.deals) == len(state.results) == 8
        for deal, entry in zip(facts.deals, state.results):
            assert list(deal.meat) == entry["meat"]
            assert list(deal.roughness) == entry["roughness"]
            if entry["thrown_in"]:
                assert deal.kind == "" and deal.declarer == -1 and deal.declarer_net == 0
                continue
            assert deal.kind == entry["game"].split()[0]
            assert deal.declarer == entry["declarer"]
            assert bid_text(deal.bid) == entry["bid"] and 61 <= deal.bid <= SCHWARZ
            assert deal.declarer_points == entry["declarer_points"]
            assert deal.declarer_points + entry["opponent_points"] == 120
            assert deal.kontra_seat == (-1 if entry["kontra"] is None else entry["kontra"])
            assert deal.re_seat == (-1 if entry["re"] is None else entry["re"])
            assert deal.declarer_won == entry["declarer_won"]
            assert deal.declarer_net == (entry["meat"][deal.declarer]
                                         - entry["roughness"][deal.declarer])
        # the deals add up to the session's ledger
        for seat in range(4):
            assert sum(d.meat[seat] for d in facts.deals) == facts.meat[seat]
            assert sum(d.roughness[seat] for d in facts.deals) == facts.roughness[seat]


def test_a_won_deal_pays_the_declarer_and_a_lost_one_does_not() -> None:
    # heuristic tables (random ones bid Schwarz and lose nearly every deal)
    result = simulate("saukopf", "saukopf", 4, ["heuristic"], games=4, seed=2, workers=1)
    facts = [deal for r in result.results for deal in r.facts.deals if deal.kind]
    assert any(d.declarer_won for d in facts) and any(not d.declarer_won for d in facts)
    for deal in facts:
        if deal.declarer_won:  # the winners share meat: at least the Schlachtung's 2
            assert deal.declarer_net >= 1  # less a Glücksschwein at most
        else:
            assert deal.meat[deal.declarer] == 0 and deal.declarer_net <= 0


def test_contract_worth_adds_up_the_deals_of_each_contract() -> None:
    tally = SaukopfTally(4)
    all_deals = []
    for seed in range(5):
        facts = session_facts(_session(seed))
        tally.add(("random",) * 4, facts)
        all_deals += [d for d in facts.deals if d.kind]
    summary = tally.summary()
    assert sum(c.deals for c in summary.contracts.values()) == len(all_deals)
    for name, stats in summary.contracts.items():
        mine = [d for d in all_deals if contract_name(d) == name]
        assert stats.deals == len(mine) == stats.declarer_net.n
        assert stats.declarer_won.count == sum(d.declarer_won for d in mine)
        assert stats.declarer_net.total == sum(d.declarer_net for d in mine)
    assert sum(share.count for share in summary.declarer_seats) == len(all_deals)
    assert sum(summary.bids.values()) == len(all_deals)
    assert sum(seat.declared for seat in summary.seats) == len(all_deals)
    assert sum(seat.kontra_given for seat in summary.seats) == summary.kontra.count


def test_contract_figures_are_the_same_for_any_number_of_workers() -> None:
    args = ("saukopf", "saukopf", 4, ["heuristic", "random", "heuristic", "random"])
    one = simulate(*args, games=6, seed=4, workers=1)
    two = simulate(*args, games=6, seed=4, workers=2, chunk_size=1)
    assert one.summary.game_figures.contracts == two.summary.game_figures.contracts
    assert [r.facts for r in one.results] == [r.facts for r in two.results]
