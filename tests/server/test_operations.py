"""What an operator watches: readiness and the Prometheus metrics at /metrics."""

from __future__ import annotations

import re

import httpx

from tests.server.conftest import LiveServer, Wire, bearer, create, play_to_end


def sample(text: str, name: str) -> float:
    """The value of one sample in Prometheus' text format (0 when absent)."""
    found = re.search(rf"^{re.escape(name)} (\S+)$", text, re.M)
    return float(found.group(1)) if found else 0.0


async def test_ready_and_metrics_count_tables_sockets_actions_and_acks(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    ready = await http.get("/api/ready")
    assert ready.status_code == 200 and ready.json() == {"ready": True}
    before = (await http.get("/metrics")).text
    assert sample(before, "saustall_actions_total") == 0
    assert sample(before, 'saustall_tables{role="owned"}') == 0

    created = await create(http, game="drecksau", seats=2, name="Anna", bots=["random"])
    wire = await Wire.open(server, created["table_id"], token=created["token"])
    await wire.until("state")
    during = (await http.get("/metrics")).text
    assert sample(during, "saustall_sockets") == 1
    assert sample(during, 'saustall_tables{role="owned"}') == 1
    assert sample(during, 'saustall_tables{role="mirrored"}') == 0

    await http.post(f"/api/tables/{created['table_id']}/start",
                    headers=bearer(created["token"]))
    over = await play_to_end(wire)
    after = (await http.get("/metrics")).text
    record = (await http.get(over["record_url"], headers=bearer(created["token"]))).json()
    # every action of the game, the bot's included, was stored here as the owner
    assert sample(after, "saustall_actions_total") == len(record["actions"])
    answered = sample(after, "saustall_ack_seconds_count")
    assert 0 < answered <= len(record["actions"])  # the human's actions only
    assert sample(after, 'saustall_ack_seconds_bucket{le="+Inf"}') == answered
    await wire.close()
