"""A game's own figures read generically: shares and per-game sums get their intervals."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from saustall.arena.figures import Share, Sums, figures, share_groups
from saustall.arena.simulate import records
from saustall.stats import t_interval


def test_moments_are_read_as_a_mean_with_its_t_interval_not_as_their_range() -> None:
    values = [3.0, 5.0, 4.0, 9.0, 1.0, 6.0]
    sums = Sums()
    for value in values:
        sums.add(value)
    data = records(asdict(sums.moments()))
    assert data["smallest"] == 1.0 and data["largest"] == 9.0
    (found,) = figures({"turns": data})
    expected = t_interval(values)
    assert found.path == "turns" and found.kind == "mean"
    assert found.interval.value == pytest.approx(expected.value)
    assert found.interval.low == pytest.approx(expected.low)
    assert found.interval.high == pytest.approx(expected.high)
    assert found.interval.n == 6


def test_a_mapping_of_shares_is_a_group_and_names_read_as_words() -> None:
    summary = records({"win_kinds": {"dirty": asdict(Share.of(7, 10)),
                                     "pretty": asdict(Share.of(3, 10))},
                       "contracts": {"keiler": {"declarer_won": asdict(Share.of(2, 4))},
                                     "hauer": {"declarer_won": asdict(Share.of(1, 1))}}})
    paths = {figure.path: figure for figure in figures(summary)}
    assert paths["win kinds / dirty"].interval.value == 0.7
    assert paths["win kinds / dirty"].interval.low < 0.7 < paths["win kinds / dirty"].interval.high
    groups = dict(share_groups(summary))
    assert [name for name, _ in groups["win kinds"]] == ["dirty", "pretty"]
    assert [name for name, _ in groups["contracts / declarer won"]] == ["keiler", "hauer"]


def test_moments_carry_their_range_so_a_summary_reader_clips_to_it() -> None:
    # a count that is rarely above 0: its t interval would reach below 0
    counts = Sums((0.0, None))
    for value in [0.0] * 9 + [1.0]:
        counts.add(value)
    data = records(asdict(counts.moments()))
    assert (data["range_low"], data["range_high"]) == (0.0, None)
    (found,) = figures({"reshuffles": data})
    unclipped = t_interval([0.0] * 9 + [1.0])
    assert unclipped.low < 0.0  # what the summary would say without its range
    assert found.interval.low == 0.0 and found.interval.high == pytest.approx(unclipped.high)
    # a net has no range: its interval is not cut at what happened to be seen
    nets = Sums()
    for value in (1.0, 2.0, 3.0):
        nets.add(value)
    (net,) = figures({"net": records(asdict(nets.moments()))})
    assert net.interval.low < 1.0
    # card points of a Saukopf deal stop at 120
    from saustall.games.saukopf.simulation import CARD_POINT_BOUNDS

    points = Sums(CARD_POINT_BOUNDS)
    for value in (120.0, 120.0, 110.0):
        points.add(value)
    (found,) = figures({"points": records(asdict(points.moments()))})
    assert found.interval.high == 120.0 and found.interval.low < 120.0
