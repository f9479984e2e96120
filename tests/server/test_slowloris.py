"""``make slowloris``: a real ``saustall serve`` under ``ulimit -n 1024`` stays reachable.

See :mod:`saustall.server.slowloris` for the attack and the probes. Long (about 20 s
each, and two cores busy): outside the default suite.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from saustall.server.slowloris import measure, report

pytestmark = pytest.mark.long


@pytest.mark.parametrize("reopen_delay", [5.0, 0.0], ids=["slowloris-pace", "connect-flood"])
async def test_1100_slow_connections_from_one_address_leave_the_server_reachable(
        tmp_path: Path, reopen_delay: float) -> None:
    figures = await measure(connections=1100, nofile=1024, probes=10, probe_timeout=5.0,
                            close_within=30.0, serve_args=[], workdir=tmp_path,
                            reopen_delay=reopen_delay)
    met = report(figures, 5.0, 30.0)
    assert figures.probes_ok == 10, figures
    assert figures.closed_after is not None and figures.closed_after <= 30.0, figures
    assert figures.outcomes.get("503", 0) > 0, "the cap per address refused connections"
    assert met
