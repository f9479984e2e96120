"""Honest simulation figures: shared wins, and Saukopf's points, trophies and games."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from saustall.cli.simulate import run_cli
from saustall.arena.simulate import GameResult, SimulationResult, simulate, summarize
from saustall.games.saukopf.simulation import LEGEND


def _tied(index: int, winners: tuple[int, ...], first: int = 1) -> GameResult:
    return GameResult(index=index, seed=index, bots=("a",) * 4, winners=winners,
                      returns=(0.0,) * 4, length=10, capped=False, first_player=first)


def test_a_win_shared_by_everyone_counts_a_quarter_each_and_no_first_player_edge() -> None:
    # Saukopf sessions where nobody scored: all four tie for Schlachtmeister.
    summary = summarize([_tied(i, (0, 1, 2, 3)) for i in range(8)], players=4)
    assert [seat.wins.successes for seat in summary.seats] == [2.0] * 4
    assert sum(seat.wins.rate for seat in summary.seats) == pytest.approx(1.0)
    assert summary.first_player_wins.rate == pytest.approx(0.25)
    assert summary.first_player_advantage == pytest.approx(0.0)


def test_a_two_way_tie_gives_each_winner_half() -> None:
    summary = summarize([_tied(0, (1, 3)), _tied(1, (2,))], players=4)
    assert [seat.wins.successes for seat in summary.seats] == [0.0, 0.5, 1.0, 0.5]
    assert summary.first_player_wins.successes == 0.5


@pytest.fixture(scope="module")
def sessions() -> SimulationResult:
    return simulate("saukopf", "saukopf", 4, ["heuristic", "random", "heuristic", "random"],
                    games=12, seed=3, workers=1)


def test_saukopf_win_rates_and_trophy_shares_add_up_to_100_percent(sessions: SimulationResult) -> None:
    summary = sessions.summary
    assert sum(seat.wins.rate for seat in summary.seats) == pytest.approx(1.0)
    facts = summary.game_figures
    assert sum(seat.schlachtmeister.share for seat in facts.seats) == pytest.approx(1.0)
    oberrauborstler = sum(seat.oberrauborstler.share for seat in facts.seats)
    assert oberrauborstler + facts.no_oberrauborstler.share == pytest.approx(1.0)
    for seat, points in zip(summary.seats, facts.seats):
        # the engine's returns are the session's net points; per deal: divided by 4 deals
        assert points.net_per_deal == pytest.approx(seat.mean_return / 4)
        assert points.net_per_deal == pytest.approx(points.meat_per_deal
                                                    - points.roughness_per_deal)


def test_saukopf_deal_mix_counts_every_deal(sessions: SimulationResult) -> None:
    result = sessions
    facts = result.summary.game_figures
    assert facts.sessions == 12 and facts.deals == 48
    played = facts.deals - facts.thrown_in.count
    assert sum(share.count for _, share in facts.kinds) == played
    assert len(facts.kinds) == 11  # every game kind listed, unplayed ones at 0
    assert facts.re.count <= facts.kontra.count <= played
    # the per-game facts agree with the summary
    deals = [deal for r in result.results for deal in r.facts.deals]
    assert sum(1 for deal in deals if not deal.kind) == facts.thrown_in.count
    assert sum(deal.kontra for deal in deals) == facts.kontra.count


def test_dreihaxer_lists_only_its_solos() -> None:
    result = simulate("saukopf", "dreihaxer", 3, ["random"], games=2, seed=1, workers=1)
    names = [name for name, _ in result.summary.game_figures.kinds]
    assert "sauerei" not in names and "keiler" in names and len(names) == 7


def test_saukopf_figures_do_not_depend_on_worker_count() -> None:
    args = ("saukopf", "saukopf", 4, ["heuristic", "random", "random", "random"])
    one = simulate(*args, games=6, seed=8, workers=1)
    two = simulate(*args, games=6, seed=8, workers=2, chunk_size=1)
    assert one.summary == two.summary


def test_the_output_says_what_every_figure_means() -> None:
    out = io.StringIO()
    run_cli("saukopf", ["--games", "3", "--workers", "1", "--bots", "heuristic,random"
                        ",heuristic,random"], console=Console(file=out, width=200))
    text = out.getvalue()
    for name, _ in LEGEND:
        assert f"{name}: " in text
    for name in ("wins: ", "mean return [95% CI]: ", "first-player advantage: "):
        assert name in text
    assert "net points of the session: meat points minus roughness points" in text
    assert "Schlachtmeister shares add up to 100%" in text


def test_saukopf_json_carries_its_figures() -> None:
    out = io.StringIO()
    run_cli("saukopf", ["--games", "2", "--workers", "1", "--json"],
            console=Console(file=out, width=200))
    data = json.loads(out.getvalue())
    figures = data["summary"]["saukopf"]
    assert figures["deals"] == 8 and len(figures["seats"]) == 4
    assert {"net_per_deal", "meat_per_deal", "roughness_per_deal", "schlachtmeister",
            "oberrauborstler"} <= set(figures["seats"][0])
