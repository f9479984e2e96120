"""What the built-in server lets connections hold: caps, a request deadline, trusted proxies.

uvicorn, as configured out of the box, keeps a connection open for as long as its client
trickles in header lines, and accepts connections until the process runs out of file
descriptors (then it stops accepting anything, silently). This module guards the sockets
before any request is parsed:

- :class:`ConnectionGuard` counts every open connection (HTTP and upgraded WebSocket) and
  the HTTP connections of each source address; one over :attr:`ConnectionLimits.max_connections`
  or over :attr:`ConnectionLimits.connections_per_source` is answered ``503`` and closed
  at once, so its file descriptor is back before the next ``accept``. The top eighth of
  the total is kept for sources that hold few connections, so that many addresses at
  their own cap together cannot shut out a health check or a new player.
- :func:`guarded_protocols` builds the uvicorn protocol classes that consult the guard:
  httptools' HTTP/1.1 protocol (pinned, so the deadline hooks one known parser) with a
  deadline for each request to arrive whole (request line, headers and body), and the
  WebSocket protocol, which hands the connection's count back when it closes.
- :func:`raise_open_file_limit` raises the soft ``RLIMIT_NOFILE`` to the hard limit and
  :func:`default_max_connections` leaves headroom below it for the process's own files
  (database, bot workers' pipes, static files being sent, logs).

A *source* is the peer's IP address (an IPv6 peer: its /64, which one subscriber usually
holds whole). A trusted reverse proxy (:attr:`ConnectionLimits.trusted_proxies`) is
exempt from the per-source cap, since it carries every client; uvicorn's proxy-headers
middleware then gives the application the client address from ``X-Forwarded-For``.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

log = logging.getLogger("saustall.server.connections")

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

FD_HEADROOM_MIN = 128
"""File descriptors kept free for the process itself, at least (see
:func:`default_max_connections`)."""

RESERVED_SHARE = 8
"""The top 1/8 of the connection cap is kept for sources holding few connections (see
:meth:`ConnectionGuard.admit`)."""
FEW_CONNECTIONS = 4
"""What a source may hold and still get one of the reserved connections: a browser's
health check, a player's page and socket."""

UNLIMITED_FILES = 1 << 20
"""The open-file limit an unlimited one (``RLIM_INFINITY``) counts as: Linux's own ceiling
on descriptors per process by default (``fs.nr_open``), so the connection cap is sized
from a number, not from "unknown"."""

WARNING_INTERVAL = 10.0
"""Seconds between two warnings about the same cap (the count of the rest is in the next)."""


class ConnectionSettingError(ValueError):
    """A connection setting that cannot be used; the message names it and why."""


@dataclass(frozen=True)
class ConnectionLimits:
    """What connections may hold on the built-in server (0 in a count: no limit)."""

    header_timeout: float = 10.0
    """Seconds a connection has to deliver a whole request (line, headers and body) from
    when it opened or the request's first byte; then it is answered 408 and closed
    (0: no deadline). Between requests uvicorn's keep-alive timeout (5 s) applies."""
    connections_per_source: int = 32
    """HTTP connections one source may hold open (WebSockets, once upgraded, count
    against ``LimitSettings.sockets_per_source`` instead). A browser opens up to 6."""
    max_connections: int | None = None
    """Open connections of all sources together, HTTP and WebSocket; ``None``: from the
    file-descriptor limit (:func:`default_max_connections`)."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses or networks (``127.0.0.1``, ``10.0.0.0/8``) of reverse proxies whose
    ``X-Forwarded-For`` names the client; no one else's is believed."""

    def proxy_networks(self) -> list[IPNetwork]:
        """:attr:`trusted_proxies` as networks, or :class:`ConnectionSettingError`
        naming an entry that is not an address or network."""
        return [parse_network(entry) for entry in self.trusted_proxies]

    def check(self) -> None:
        """Raise :class:`ConnectionSettingError` naming the first unusable setting."""
        if self.header_timeout < 0:
            raise ConnectionSettingError(
                f"the header timeout must be 0 (none) or more seconds, not {self.header_timeout:g}")
        if self.connections_per_source < 0:
            raise ConnectionSettingError("the connections per source must be 0 (no limit) "
                                         f"or more, not {self.connections_per_source}")
        if self.max_connections is not None and self.max_connections < 1:
            raise ConnectionSettingError(
                f"the connection cap must be at least 1, not {self.max_connections}")
        self.proxy_networks()


def parse_network(entry: str) -> IPNetwork:
    """One trusted-proxy entry as a network (a bare address: just that address)."""
    try:
        return ipaddress.ip_network(entry.strip(), strict=False)
    except ValueError:
        raise ConnectionSettingError(
            f"trusted proxy {entry!r} is not an IP address or network (such as 127.0.0.1, "
            "::1 or 10.0.0.0/8)") from None


def source_of(host: str | None) -> str:
    """The source a peer address counts against: the address, an IPv6 one's /64."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host  # not an IP (a Unix socket): counted as given
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def raise_open_file_limit() -> tuple[int, int]:
    """Raise the soft ``RLIMIT_NOFILE`` to the hard limit; the soft limit before and after.

    systemd and most shells start services with a soft limit of 1,024 however high the
    hard limit is. Where the limit cannot be read or raised (no ``resource`` module), the
    current one stays, and both figures say so. An unlimited soft limit stays unlimited
    and counts as :data:`UNLIMITED_FILES`.
    """
    try:
        import resource
    except ImportError:  # not on this platform: keep what there is
        return (0, 0)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:  # (-1 on Linux: logged and sized as "unknown")
        return (UNLIMITED_FILES, UNLIMITED_FILES)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 16)
    if soft >= target:
        return (soft, soft)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError) as exc:
        log.warning("could not raise the open-file limit from %d to %d: %s", soft, target, exc)
        return (soft, soft)
    return (soft, target)


def default_max_connections(open_file_limit: int) -> int:
    """Connections a process may hold with ``open_file_limit`` descriptors: an eighth of
    them (at least :data:`FD_HEADROOM_MIN`) stays for everything else the process opens."""
    if open_file_limit <= 0:
        return 1024  # limit unknown: uvicorn's own backlog size, a safe guess
    return max(1, open_file_limit - max(FD_HEADROOM_MIN, open_file_limit // 8))


class ThrottledWarning:
    """One WARNING line per kind at most every ``interval`` seconds, counting the rest."""

    def __init__(self, logger: logging.Logger, interval: float = WARNING_INTERVAL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.logger = logger
        self.interval = interval
        self.clock = clock
        self.last: dict[str, float] = {}
        self.unsaid: Counter[str] = Counter()

    def note(self, kind: str, message: str) -> bool:
        """Count one event of ``kind``; log ``message`` unless a line of that kind went out
        less than ``interval`` ago (the next line adds how many there were since). True
        when it logged."""
        self.unsaid[kind] += 1
        now = self.clock()
        last = self.last.get(kind)
        if last is not None and now - last < self.interval:
            return False
        count = self.unsaid.pop(kind)
        self.last[kind] = now
        if last is None:
            self.logger.warning("%s", message)
        else:
            self.logger.warning("%s (%d time%s in the last %.0f s)", message, count,
                                "" if count == 1 else "s", now - last)
        return True


class ConnectionGuard:
    """Counts open connections per transport; admits or refuses each new one."""

    def __init__(self, limits: ConnectionLimits, max_connections: int,
                 warnings: ThrottledWarning | None = None) -> None:
        self.limits = limits
        self.max_connections = max_connections
        self.proxies = limits.proxy_networks()
        self.warnings = warnings or ThrottledWarning(log)
        self.open: dict[Any, str] = {}
        """Every admitted connection's transport and its source."""
        self.held: Counter[str] = Counter()
        """Connections per source, HTTP and WebSocket."""
        self.http: Counter[str] = Counter()
        """HTTP connections (not upgraded) per source."""
        self.crowded_at = max_connections - max(1, max_connections // RESERVED_SHARE)
        """From this many open connections on, only sources holding fewer than
        :data:`FEW_CONNECTIONS` are admitted."""
        self.upgraded_transports: set[Any] = set()

    def trusted(self, host: str | None) -> bool:
        """Whether ``host`` is one of the trusted proxies."""
        if not host or not self.proxies:
            return False
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.proxies)

    def admit(self, transport: Any, host: str | None) -> str | None:
        """Count a new connection from ``host``; or, over a cap, why not (nothing counted).

        Caps in order: the total; then, once the server is crowded (the top
        1/:data:`RESERVED_SHARE` of the total), sources that hold
        :data:`FEW_CONNECTIONS` or more wait, so that many sources at their own cap
        together still leave room for a health check or a new player; then the cap per
        source. Trusted proxies are subject to the total only.
        """
        source = source_of(host)
        total = len(self.open)
        if total >= self.max_connections:
            self.warnings.note("total", f"connection refused: the server holds "
                               f"{total} connections, its cap (--max-connections)")
            return f"the server holds all the connections it takes ({self.max_connections})"
        if self.trusted(host):
            self._count(transport, source)
            return None
        if total >= self.crowded_at and self.held[source] >= FEW_CONNECTIONS:
            self.warnings.note("crowded", f"connection refused: the server holds {total} of "
                               f"its {self.max_connections} connections; the rest are kept "
                               f"for addresses holding fewer than {FEW_CONNECTIONS}, and "
                               f"{source} holds {self.held[source]}")
            return "the server is crowded; addresses holding few connections come first"
        per_source = self.limits.connections_per_source
        if per_source and self.http[source] >= per_source:
            self.warnings.note("source", f"connection refused: {source} holds "
                               f"{self.http[source]} HTTP connections, the cap per address "
                               "(--connections-per-source)")
            return f"your address holds {per_source} connections already"
        self._count(transport, source)
        return None

    def _count(self, transport: Any, source: str) -> None:
        """Admit: count the connection (as HTTP until it is upgraded)."""
        self.open[transport] = source
        self.held[source] += 1
        self.http[source] += 1

    def upgraded(self, transport: Any) -> None:
        """The connection became a WebSocket: it no longer counts as one of its source's
        HTTP connections (still towards the total)."""
        source = self.open.get(transport)
        if source is None or transport in self.upgraded_transports:
            return
        self.upgraded_transports.add(transport)
        self._uncount(source)

    def release(self, transport: Any) -> None:
        """The connection closed (HTTP or WebSocket); calling it twice is harmless."""
        source = self.open.pop(transport, None)
        if source is None:
            return
        self.held[source] -= 1
        if self.held[source] <= 0:
            del self.held[source]
        if transport in self.upgraded_transports:
            self.upgraded_transports.discard(transport)
        else:
            self._uncount(source)

    def timed_out(self, host: str | None) -> None:
        """Note a connection closed for not sending its request in time."""
        self.warnings.note("deadline", f"connection closed: {source_of(host)} sent no whole "
                           f"request within {self.limits.header_timeout:g} s "
                           "(--header-timeout)")

    def _uncount(self, source: str) -> None:
        self.http[source] -= 1
        if self.http[source] <= 0:
            del self.http[source]


def _plain_response(status: str, code: str, message: str) -> bytes:
    body = ('{"error": {"code": "%s", "message": "%s"}}' % (code, message)).encode()
    return (f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\nretry-after: 5\r\n"
            "x-content-type-options: nosniff\r\n\r\n").encode() + body


class GuardedHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with the guard's caps and the request deadline."""

    guard: ClassVar[ConnectionGuard]
    """Set on the subclass :func:`guarded_protocols` makes."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Admit the connection or answer 503 and close it; start the request deadline."""
        self.deadline: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        host = self.client[0] if self.client else None
        refused = self.guard.admit(transport, host)
        if refused is not None:
            transport.write(_plain_response("503 Service Unavailable",
                                            "too-many-connections", refused))
            transport.close()
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        """Hand the connection's count back."""
        self._disarm()
        self.guard.release(self.transport)
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        """A request's first byte: it has the deadline to arrive whole."""
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        """A WebSocket handshake is complete with its headers: no deadline any more."""
        super().on_headers_complete()
        if self.parser.should_upgrade() and self._should_upgrade():
            self._disarm()
            self.guard.upgraded(self.transport)

    def on_message_complete(self) -> None:
        """The request arrived whole: no deadline until the next one starts."""
        super().on_message_complete()
        self._disarm()

    def _arm(self) -> None:
        timeout = self.guard.limits.header_timeout
        if timeout and self.deadline is None:
            self.deadline = self.loop.call_later(timeout, self._too_slow)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _too_slow(self) -> None:
        self.deadline = None
        transport = self.transport
        if transport.is_closing() or transport.get_protocol() is not self:
            return
        self.guard.timed_out(self.client[0] if self.client else None)
        if self.cycle is None or self.cycle.response_complete:  # no answer under way
            transport.write(_plain_response(
                "408 Request Timeout", "request-timeout",
                f"the request did not arrive within {self.guard.limits.header_timeout:g} s"))
        transport.close()


def guarded_protocols(guard: ConnectionGuard) -> tuple[type[asyncio.Protocol],
                                                       type[asyncio.Protocol] | None]:
    """The HTTP and WebSocket protocol classes for ``uvicorn.Config(http=..., ws=...)``
    that consult ``guard`` (WebSocket: ``None`` when uvicorn has no WebSocket library)."""
    http = type("SaustallHttpProtocol", (GuardedHttpProtocol,), {"guard": guard})
    base: Any = AutoWebSocketsProtocol
    if base is None:
        return http, None

    def connection_lost(self: Any, exc: Exception | None) -> None:
        guard.release(self.transport)
        base.connection_lost(self, exc)

    ws = type("SaustallWebSocketProtocol", (base,), {
        "connection_lost": connection_lost,
        "__doc__": "uvicorn's WebSocket protocol, handing its connection's count back."})
    return http, ws
