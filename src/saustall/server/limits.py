"""What one source may cost the server: limits, rate buckets and a guarded JSON parser.

A *source* is the client address of a request or socket (the peer's IP as the server
sees it or, from a trusted reverse proxy (``saustall serve --trusted-proxy``), the client
it names in ``X-Forwarded-For``: uvicorn's proxy-headers middleware puts it in the ASGI
scope), grouped as the connection guard groups it: an IPv6 address counts as its /64, an
IPv4-mapped one as its IPv4 address (:func:`saustall.server.connections.source_of`).
:class:`SourceLimits` counts the open tables each source created and the WebSockets it
holds open; :class:`TokenBucket` meters messages on one socket; :func:`parse_json`
reads a JSON object with a bound on size and nesting, so no input can exhaust the
parser's recursion.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any


class InputError(ValueError):
    """Input the server refuses to read: ``code`` is the wire error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


MAX_JSON_DEPTH = 16
"""Deepest nesting of arrays and objects accepted in any message or request body."""


def _depth(value: Any, limit: int) -> bool:
    """True when ``value`` nests no deeper than ``limit`` (iterative: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if level > limit:
            return False
        stack.extend((child, level + 1) for child in children)
    return True


def parse_json(text: str | bytes, what: str = "the message",
               max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Decode JSON, refusing invalid text and nesting deeper than ``max_depth``.

    Raises :class:`InputError` with code ``malformed-json`` or ``too-deep``.
    """
    try:
        value = json.loads(text)
    except RecursionError:
        raise InputError("too-deep", f"{what} nests arrays or objects more than "
                         f"{max_depth} levels deep") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise InputError("malformed-json", f"{what} is not valid JSON: {exc}") from None
    if not _depth(value, max_depth):
        raise InputError("too-deep", f"{what} nests arrays or objects more than "
                         f"{max_depth} levels deep")
    return value


class TokenBucket:
    """``rate`` messages per second sustained, bursts of up to ``burst``."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.last = now

    def take(self, now: float) -> bool:
        """Spend one token if there is one; False means the message must be dropped."""
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class LimitSettings:
    """Per-source and per-table limits (``None`` or 0 in a count: no limit)."""

    tables_per_source: int = 20
    """Open tables (lobby or playing, still held in memory) one source may have created."""
    sockets_per_source: int = 64
    """WebSockets one source may hold open at once."""
    new_sockets_per_second: float = 20.0
    """WebSockets one source may open per second, sustained (0: no limit): a crowd from
    one address arrives spread out instead of all at once."""
    new_sockets_burst: float = 60.0
    spectators_per_table: int = 200
    """Spectators one table accepts at once."""
    spectator_update_seconds: float = 1.0
    """Spectator counts are sent at most this often (joins and leaves are coalesced)."""


class SourceLimits:
    """Counts, per source, the sockets it holds open and how fast it opens them."""

    def __init__(self, settings: LimitSettings) -> None:
        self.settings = settings
        self.sockets: Counter[str] = Counter()
        self.openings: dict[str, TokenBucket] = {}

    def open_socket(self, source: str, now: float) -> str | None:
        """Count a new socket of ``source``; or, when over a limit, the wire error code
        (nothing counted)."""
        settings = self.settings
        limit = settings.sockets_per_source
        if limit and self.sockets[source] >= limit:
            return "too-many-connections"
        if settings.new_sockets_per_second:
            bucket = self.openings.get(source)
            if bucket is None:
                bucket = self.openings[source] = TokenBucket(
                    settings.new_sockets_per_second, settings.new_sockets_burst, now)
            if not bucket.take(now):
                return "connecting-too-fast"
        self.sockets[source] += 1
        return None

    def prune(self, now: float) -> None:
        """Forget the opening rates of sources that are back to a full burst."""
        for source, bucket in list(self.openings.items()):
            if bucket.tokens + (now - bucket.last) * bucket.rate >= bucket.burst:
                del self.openings[source]

    def close_socket(self, source: str) -> None:
        """Forget one socket of ``source``."""
        self.sockets[source] -= 1
        if self.sockets[source] <= 0:
            del self.sockets[source]
