"""The built-in server's guard of its sockets: request deadline, caps, trusted proxies.

A real uvicorn server configured as ``saustall serve`` configures it
(:func:`saustall.server.app.server_config`) with small settings: requests must arrive
whole within 0.5 s, 5 HTTP connections per address. Clients on 127.0.0.1 and 127.0.0.2
(both loopback on Linux) are two addresses. Times are only bounded from above, generously,
so a loaded machine cannot fail them.
"""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
from dataclasses import replace

import httpx
import pytest
import websockets

from saustall.server.access_log import redact_query
from saustall.server.connections import (
    UNLIMITED_FILES, ConnectionGuard, ConnectionLimits, ThrottledWarning,
    default_max_connections, raise_open_file_limit, source_of,
)
from saustall.server.tables import HubSettings
from tests.server.conftest import LiveServer, quick_settings

SLOW_REQUEST = b"GET /api/health HTTP/1.1\r\nHost: x\r\n"
"""A request line and one header, the rest never sent (a slowloris)."""
GENEROUS = 20.0
"""Upper bound, in seconds, for anything the server must do after a 0.5-s deadline."""


SMALL = ConnectionLimits(header_timeout=0.5, connections_per_source=5)


@pytest.fixture
def connections() -> ConnectionLimits:
    """The ``server`` fixture's guard: 0.5-s request deadline, 5 HTTP connections per
    address (tests that need others parametrize ``connections``)."""
    return SMALL


@pytest.fixture
def settings() -> HubSettings:
    """One open table per address: what the trusted-proxy tests count."""
    return quick_settings(tables_per_source=1)


async def connect(live: LiveServer, source: str = "127.0.0.1", send: bytes = SLOW_REQUEST
                  ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A raw connection from ``source`` that has sent ``send``."""
    reader, writer = await asyncio.open_connection("127.0.0.1", live.port,
                                                   local_addr=(source, 0))
    writer.write(send)
    await writer.drain()
    return reader, writer


async def answer(reader: asyncio.StreamReader) -> bytes:
    """Everything the server sends until it closes the connection (within GENEROUS)."""
    return await asyncio.wait_for(reader.read(), GENEROUS)


async def health_from(live: LiveServer, source: str) -> int:
    """The status of one ``GET /api/health`` from ``source``."""
    transport = httpx.AsyncHTTPTransport(local_address=source)
    async with httpx.AsyncClient(base_url=live.base, transport=transport, timeout=GENEROUS) as http:
        return (await http.get("/api/health")).status_code


async def test_a_request_whose_headers_never_end_is_answered_408_and_closed(
        server: LiveServer) -> None:
    reader, writer = await connect(server)
    data = await answer(reader)
    assert data.startswith(b"HTTP/1.1 408 "), data
    assert b"request-timeout" in data
    writer.close()


async def test_a_connection_that_sends_nothing_is_closed(server: LiveServer) -> None:
    reader, writer = await connect(server, send=b"")
    assert (await answer(reader)).startswith(b"HTTP/1.1 408 ")
    writer.close()


async def test_a_slow_second_request_on_a_kept_alive_connection_is_closed_too(
        server: LiveServer) -> None:
    reader, writer = await connect(server, send=b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
    first = await asyncio.wait_for(reader.readuntil(b'{"ok":true}'), GENEROUS)
    assert first.startswith(b"HTTP/1.1 200 ")
    writer.write(SLOW_REQUEST)
    assert (await answer(reader)).startswith(b"HTTP/1.1 408 ")
    writer.close()


async def test_a_request_in_time_is_answered_and_the_connection_kept(server: LiveServer) -> None:
    reader, writer = await connect(server, send=b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
    first = await asyncio.wait_for(reader.readuntil(b'{"ok":true}'), GENEROUS)
    assert first.startswith(b"HTTP/1.1 200 ")
    writer.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")  # same connection, again
    second = await asyncio.wait_for(reader.readuntil(b'{"ok":true}'), GENEROUS)
    assert second.startswith(b"HTTP/1.1 200 ")
    writer.close()


async def test_a_huge_body_is_refused_before_it_arrives(server: LiveServer) -> None:
    # it declares 100 MB and sends a few bytes: answered at once, not at the deadline
    reader, writer = await connect(server, send=(
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
        b"content-length: 100000000\r\n\r\n{\"game\": "))
    head = await asyncio.wait_for(reader.readuntil(b"\r\n"), GENEROUS)
    assert head.startswith(b"HTTP/1.1 413 "), head
    writer.close()
    # one that streams (chunked, no length, never ending) is cut off once past the limit
    chunk = b"x" * 8192
    reader, writer = await connect(server, send=(
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
        b"transfer-encoding: chunked\r\n\r\n"
        + b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(8))))
    head = await asyncio.wait_for(reader.readuntil(b"\r\n"), GENEROUS)
    assert head.startswith(b"HTTP/1.1 413 "), head
    writer.close()


# a deadline long enough that the held connections outlive the refusals on a loaded machine
@pytest.mark.parametrize("connections", [replace(SMALL, header_timeout=5.0)])
async def test_one_address_gets_its_cap_of_connections_and_another_still_gets_in(
        server: LiveServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, "saustall.server.connections")
    held = [await connect(server) for _ in range(5)]
    refused = [await connect(server) for _ in range(10)]
    for reader, _ in refused:  # refused at once, before their deadline could matter
        data = await answer(reader)
        assert data.startswith(b"HTTP/1.1 503 ") and b"too-many-connections" in data, data
    assert await health_from(server, "127.0.0.2") == 200
    assert server.guard is not None and server.guard.http["127.0.0.1"] == 5
    lines = [r for r in caplog.records if "connections-per-source" in r.getMessage()]
    assert len(lines) == 1, "one warning line for ten refusals (rate-limited)"
    assert lines[0].levelno == logging.WARNING and lines[0].exc_info is None
    assert "127.0.0.1" in lines[0].getMessage()
    for reader, writer in held:  # the deadline frees the address's connections
        assert (await answer(reader)).startswith(b"HTTP/1.1 408 ")
        writer.close()
    assert await health_from(server, "127.0.0.1") == 200
    for _, writer in refused:
        writer.close()


async def test_websockets_leave_the_http_cap_and_give_their_count_back(
        server: LiveServer) -> None:
    sockets = [await websockets.connect(f"{server.ws_base}/ws/tables/nosuch") for _ in range(7)]
    assert server.guard is not None
    assert len(server.guard.open) >= 7 and server.guard.http["127.0.0.1"] == 0
    assert await health_from(server, "127.0.0.1") == 200  # 7 sockets, HTTP still free
    for ws in sockets:
        await ws.close()
    for _ in range(int(GENEROUS / 0.05)):
        if not server.guard.open:
            break
        await asyncio.sleep(0.05)
    assert server.guard.open == {} and not server.guard.http


@pytest.mark.parametrize("connections", [replace(SMALL, max_connections=3, header_timeout=0)])
async def test_the_total_cap_refuses_any_address(server: LiveServer) -> None:
    held = [await connect(server) for _ in range(3)]
    reader, writer = await connect(server, "127.0.0.2")
    data = await answer(reader)
    assert data.startswith(b"HTTP/1.1 503 ") and b"too-many-connections" in data
    writer.close()
    for _, held_writer in held:
        held_writer.close()


async def create_from(http: httpx.AsyncClient, client: str | None) -> int:
    """Create a table claiming to come from ``client`` (X-Forwarded-For); the status."""
    headers = {"X-Forwarded-For": client} if client else {}
    answer = await http.post("/api/tables", json={"game": "drecksau", "seats": 2},
                             headers=headers)
    return answer.status_code


@pytest.mark.parametrize("connections", [replace(SMALL, trusted_proxies=("127.0.0.1",))])
async def test_behind_a_trusted_proxy_the_limits_count_the_forwarded_client(
        server: LiveServer) -> None:
    proxied = server
    async with httpx.AsyncClient(base_url=proxied.base, timeout=GENEROUS) as http:
        assert await create_from(http, "203.0.113.7") == 201
        assert await create_from(http, "203.0.113.7") == 429  # one open table each
        assert await create_from(http, "198.51.100.1") == 201  # another client
        # a forged address in front of the proxy's own entry changes nothing
        assert await create_from(http, "198.51.100.99, 203.0.113.7") == 429
    # the proxy carries every client: the per-address cap does not apply to it
    held = [await connect(proxied) for _ in range(7)]
    for reader, writer in held:
        assert (await answer(reader)).startswith(b"HTTP/1.1 408 ")
        writer.close()


@pytest.mark.parametrize("connections", [replace(SMALL, trusted_proxies=("127.0.0.1",))])
async def test_the_table_limit_counts_sources_as_the_connection_cap_does(
        server: LiveServer) -> None:
    # One subscriber usually holds a whole IPv6 /64, so two of its addresses are one
    # source; an IPv4-mapped address is its IPv4 one (as in source_of).
    async with httpx.AsyncClient(base_url=server.base, timeout=GENEROUS) as http:
        assert await create_from(http, "2001:db8:1:2::7") == 201
        assert await create_from(http, "2001:db8:1:2:ffff::8") == 429  # the same /64
        assert await create_from(http, "2001:db8:1:3::7") == 201  # another /64
        assert await create_from(http, "203.0.113.7") == 201
        assert await create_from(http, "::ffff:203.0.113.7") == 429


async def test_without_a_trusted_proxy_nobody_chooses_their_address(server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=server.base, timeout=GENEROUS) as http:
        assert await create_from(http, "203.0.113.7") == 201
        assert await create_from(http, "198.51.100.1") == 429  # still 127.0.0.1


def test_settings_that_cannot_work_are_named() -> None:
    from typer.testing import CliRunner

    from saustall.cli.main import app

    runner = CliRunner()
    for args, named in ((["--trusted-proxy", "nginx.local"], "'nginx.local'"),
                        (["--header-timeout", "-1"], "header timeout"),
                        (["--max-connections", "0"], "connection cap")):
        result = runner.invoke(app, ["serve", *args])
        assert result.exit_code == 2, result.output
        assert named in result.output


def test_a_crowded_server_keeps_its_last_connections_for_addresses_holding_few() -> None:
    guard = ConnectionGuard(ConnectionLimits(connections_per_source=5,
                                             trusted_proxies=("10.0.0.1",)), 16)
    assert guard.crowded_at == 14  # the top eighth is reserved

    def hold(host: str, count: int) -> list[object]:
        held = [object() for _ in range(count)]
        assert all(guard.admit(transport, host) is None for transport in held), host
        return held

    hold("192.0.2.1", 5)
    hold("192.0.2.2", 5)
    four = hold("192.0.2.3", 4)
    refused = guard.admit(object(), "192.0.2.3")  # under its own cap, but crowded
    assert refused is not None and "crowded" in refused
    assert guard.admit(object(), "198.51.100.9") is None  # holds none: gets in
    assert guard.admit(object(), "10.0.0.1") is None  # a trusted proxy: the total only
    full = guard.admit(object(), "203.0.113.1")
    assert full is not None and "all the connections" in full
    for transport in four:
        guard.release(transport)
    assert guard.admit(object(), "192.0.2.3") is None  # back under the crowded mark
    assert len(guard.open) == 13 and guard.held["192.0.2.3"] == 1


def test_the_soft_open_file_limit_is_raised_to_the_hard_one() -> None:
    code = ("import resource, sys\n"
            "from saustall.server.connections import raise_open_file_limit\n"
            "hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]\n"
            "resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))\n"
            "before, after = raise_open_file_limit()\n"
            "assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == after\n"
            "print(before, after, hard)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ), check=True, timeout=60).stdout.split()
    before, after, hard = map(int, out)
    assert before == 256 and after == min(hard, after) and after > 256


def test_an_unlimited_open_file_limit_counts_as_a_number(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import resource

    def unlimited(which: int) -> tuple[int, int]:
        assert which == resource.RLIMIT_NOFILE
        return (resource.RLIM_INFINITY, resource.RLIM_INFINITY)

    def never(which: int, limits: tuple[int, int]) -> None:
        raise AssertionError("an unlimited soft limit needs no raising")

    monkeypatch.setattr(resource, "getrlimit", unlimited)
    monkeypatch.setattr(resource, "setrlimit", never)
    before, after = raise_open_file_limit()
    assert before == after == UNLIMITED_FILES > 0
    assert default_max_connections(after) == UNLIMITED_FILES - UNLIMITED_FILES // 8


def test_the_connection_cap_keeps_headroom_below_the_file_limit() -> None:
    assert default_max_connections(1024) == 1024 - 128  # systemd's default soft limit
    assert default_max_connections(65536) == 65536 - 8192


def test_an_ipv6_subscriber_counts_as_one_address() -> None:
    assert source_of("2001:db8:1:2::5") == source_of("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert source_of("::ffff:192.0.2.1") == "192.0.2.1"
    assert source_of(None) == "unknown"


def test_a_warning_goes_out_at_most_every_interval_with_the_count(
        caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    warnings = ThrottledWarning(logging.getLogger("test.throttle"), 10, clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, "test.throttle"):
        assert warnings.note("cap", "full")
        for step in range(1, 50):
            now[0] = step * 0.1
            assert not warnings.note("cap", "full")
        now[0] = 10.0
        assert warnings.note("cap", "full")
    assert [r.getMessage() for r in caplog.records] == [
        "full", "full (50 times in the last 10 s)"]


def test_the_log_keeps_query_names_and_loses_their_values() -> None:
    assert (redact_query("/api/tables/ab12/record?game=2&invite=Zq9xT")
            == "/api/tables/ab12/record?game=***&invite=***")
    assert redact_query("/t/ab12?invite=Zq9xT") == "/t/ab12?invite=***"
    assert redact_query("/ws/tables/ab12?bare-secret") == "/ws/tables/ab12?***"
    assert redact_query("/api/health") == "/api/health"
