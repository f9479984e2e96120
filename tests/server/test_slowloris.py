"""``make slowloris``: a real ``saustall serve`` under ``ulimit -n 1024`` stays reachable.

See :mod:`tests.server.slowloris` for the attack and the probes. Long (20 s to a few
minutes each, both cores busy): outside the default suite.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.slowloris import measure, report

pytestmark = pytest.mark.long


async def test_1100_slow_connections_from_one_address_leave_the_server_reachable(
        tmp_path: Path) -> None:
    """The bar: 10 of 10 probes within 5 s, the held connections closed within 30 s."""
    figures = await measure(connections=1100, nofile=1024, probes=10, probe_timeout=5.0,
                            close_within=30.0, serve_args=[], workdir=tmp_path)
    assert report(figures, 5.0, 30.0), figures
    assert figures.outcomes.get("503", 0) > 0, "the cap per address refused connections"
    assert figures.outcomes.get("408", 0) > 0, "the deadline closed the held connections"


async def test_a_connect_flood_from_one_address_slows_the_server_but_leaves_it_reachable(
        tmp_path: Path) -> None:
    """Every slot reopening at once: each refusal costs the event loop an accept, a 503
    and a close, so probes are slower (the proxy or firewall must rate-limit new
    connections, docs/deploy.md); all of them must still be answered, within 15 s."""
    figures = await measure(connections=1100, nofile=1024, probes=10, probe_timeout=15.0,
                            close_within=30.0, serve_args=[], workdir=tmp_path,
                            reopen_delay=0.0)
    assert report(figures, 15.0, 30.0), figures
