"""Pigasus's simulation facts: pairs and wrong grabs per seat, ties and how they were
broken, and the balance of players or teams."""

from __future__ import annotations

from saustall.games.pigasus.bots.reaction import simulate_game
from saustall.games.pigasus.facts import PigasusTally


def test_a_game_tied_at_the_end_is_decided_in_the_tie_break() -> None:
    # seed 29, two club bots: 20 cards each when the deck ran out, then seat 2 took the
    # tie-break's pair (22 to 20).
    played = simulate_game(2, 29, ["club"], "pigasus")
    facts = played.facts
    assert facts.tiebreak and facts.end_reason == "tiebreak"
    assert facts.winners == (1,) and facts.cards == (20, 22)
    tally = PigasusTally(2)
    tally.add(("club", "club"), facts)
    summary = tally.summary()
    assert summary.tiebreaks.count == 1 and summary.tie_decided.count == 1
    assert summary.end_reasons["tiebreak"].count == 1 and summary.margin.total == 2
    assert summary.units[1].wins.count == 1


def test_the_counters_agree_with_the_cards_collected() -> None:
    for seed in range(4):
        played = simulate_game(4, seed, ["club", "beginner"], "pigasus-teams")
        facts = played.facts
        assert facts.team_of == (0, 1, 0, 1) and len(facts.cards) == 2
        assert facts.cards == played.scores
        for unit in (0, 1):  # a team's pile: what its members won less what they paid
            members = [s for s in range(4) if facts.team_of[s] == unit]
            assert facts.cards[unit] == sum(facts.cards_won[s] - facts.cards_paid[s]
                                            for s in members)
        for seat in range(4):
            assert facts.grabs[seat] >= facts.pairs[seat] + facts.split[seat] \
                + facts.wrong[seat]


def test_team_balance_shares_add_up_to_the_games() -> None:
    tally = PigasusTally(4)
    for seed in range(6):
        played = simulate_game(4, seed, ["club"], "pigasus-teams")
        tally.add(played.levels, played.facts)
    summary = tally.summary()
    assert summary.games == 6 and [u.seats for u in summary.units] == [(0, 2), (1, 3)]
    assert sum(unit.wins.count for unit in summary.units) == 6
    assert sum(share.count for share in summary.end_reasons.values()) == 6
    assert all(unit.cards.n == 6 for unit in summary.units)
