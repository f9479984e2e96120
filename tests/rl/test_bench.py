"""``make bench-rl`` measures its rows side by side (a tiny run, no figures asserted)."""

from __future__ import annotations

from benchmarks.rl_envs import CONTENDERS, OUR_ENV, RATIOS, measure


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
