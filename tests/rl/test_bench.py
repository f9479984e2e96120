"""``make bench-rl`` measures its rows side by side (a tiny run, no figures asserted)."""

from __future__ import annotations

from benchmarks.batched import batched_actions_per_second
from benchmarks.rl_envs import (
    BATCHED_OBS, CONTENDERS, HEARTS, OUR_ENV, PGX_LEDUC, RATIOS, SAUKOPF_ENV, SKAT, Contender,
    measure,
)


def test_a_tiny_interleaved_run_reports_every_row_and_ratio() -> None:
    # rlcard is not a test dependency: our env against the wrappers-only row
    rows = [c for c in CONTENDERS
            if c.label == OUR_ENV or c.label == "no-op env (saustall ClassicWrapper only)"]
    assert len(rows) == 2
    report = measure(runs=2, seconds=0.05, only=rows)
    assert [r["contender"] for r in report["contenders"]] == [c.label for c in rows]
    assert all(r["median"] > 0 for r in report["contenders"])
    assert report["ratios"] == []  # no ratio whose two rows were not both measured
    assert RATIOS[0][:2] == (OUR_ENV, "pettingzoo leduc_holdem_v4 env") and RATIOS[0][2] == 5.0


def test_rows_whose_library_is_missing_are_left_out() -> None:
    ours = next(c for c in CONTENDERS if c.label == OUR_ENV)
    missing = Contender("needs a library that is not there", ours.function, ours.kwargs,
                        requires="saustall_no_such_library")
    assert not missing.available() and ours.available()
    report = measure(runs=1, seconds=0.02, only=[ours, missing])
    assert [r["contender"] for r in report["contenders"]] == [OUR_ENV]


def test_the_batched_row_with_observations_counts_actions() -> None:
    assert batched_actions_per_second(16, 0.05, observe=True, inplace=True) > 0
    bars = {(ours, theirs): bar for ours, theirs, bar in RATIOS}
    assert bars[(BATCHED_OBS, PGX_LEDUC)] == 1.5
    assert bars[(OUR_ENV, HEARTS)] == 1.0 and bars[(SAUKOPF_ENV, SKAT)] == 0.5
