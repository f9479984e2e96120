"""Origin check: browsers may change state or open sockets only from trusted pages.

Defence in depth against other web sites driving a visitor's browser: every WebSocket
handshake and every state-changing HTTP request (``POST``, ``PUT``, ``PATCH``,
``DELETE``) that carries an ``Origin`` header must come from the server's own origin (the
host and port of the request's ``Host`` header) or from one of the configured origins
(``saustall serve --allow-origin``). Others get ``403`` with the documented error body
(code ``bad-origin``); a refused WebSocket handshake is closed with 1008, which the
server answers as HTTP 403.

A request without ``Origin`` passes: browsers always send it on cross-origin requests
and on WebSocket handshakes, so its absence means a non-browser client (the CLI, bots,
scripts), which a browser-based attack cannot be.
"""

from __future__ import annotations

import json
from typing import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def normalise(origin: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an origin such as ``https://example.org``, or ``None``."""
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme]


def same_origin(origin: tuple[str, str, int], host_header: str) -> bool:
    """Whether ``origin`` names the host and port that the request was sent to."""
    try:
        parts = urlsplit(f"//{host_header.strip()}")
        port = parts.port
    except ValueError:
        return False
    scheme, host, origin_port = origin
    return (parts.hostname or "").lower() == host and (
        port or DEFAULT_PORTS[scheme]) == origin_port


class OriginCheck:
    """ASGI middleware refusing cross-origin sockets and state changes (see module)."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed: set[tuple[str, str, int]] = set()
        for origin in allowed:
            parsed = normalise(origin)
            if parsed is None:
                raise ValueError(f"not an origin (scheme://host[:port]): {origin!r}")
            self.allowed.add(parsed)

    def allows(self, origin: str, host_header: str | None) -> bool:
        """Whether a request from ``origin`` to ``host_header`` may pass."""
        parsed = normalise(origin)
        if parsed is None:
            return False
        if parsed in self.allowed:
            return True
        return host_header is not None and same_origin(parsed, host_header)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, or refuse it when its origin is not trusted."""
        kind = scope["type"]
        if kind == "websocket" or (kind == "http" and scope["method"] in UNSAFE_METHODS):
            headers = {name: value for name, value in scope["headers"]
                       if name in (b"origin", b"host")}
            origin = headers.get(b"origin")
            if origin is not None:
                host = headers.get(b"host")
                text = origin.decode("latin-1")
                if not self.allows(text, None if host is None else host.decode("latin-1")):
                    await self._refuse(kind, text[:100], send)
                    return
        await self.app(scope, receive, send)

    @staticmethod
    async def _refuse(kind: str, origin: str, send: Send) -> None:
        message = (f"requests from the page at {origin!r} are not accepted by this server; "
                   "its operator can allow that origin with --allow-origin")
        if kind == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": "bad origin"})
            return
        body = json.dumps({"error": {"code": "bad-origin", "message": message,
                                     "rule": None}}).encode()
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
