"""Security headers on every HTTP response of the game server.

The web app's own code is its only script: the Content-Security-Policy allows scripts,
styles, images and connections from the server itself and nothing inline, so even text
that slipped into the page as markup could not run. Invite links carry a table's secret,
so no page may leak its address to another site in a Referer header.
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
])

SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class SecurityHeadersMiddleware:
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP response.

    A plain ASGI middleware rather than Starlette's ``BaseHTTPMiddleware``: it only edits
    the response's start message, so streamed files and errors pass through unchanged, and
    WebSocket connections are left alone.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.raw_headers = [(name.lower().encode("latin-1"), value.encode("latin-1"))
                            for name, value in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(n, v) for n, v in self.raw_headers if n not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def add_security_headers(app: Starlette) -> None:
    """Send :data:`SECURITY_HEADERS` on every HTTP response of ``app``.

    The middleware goes outside Starlette's whole stack, not through ``add_middleware``:
    that would put it inside the error middleware, and a crash's 500 answer would go out
    without the headers.
    """
    build_inner = app.build_middleware_stack

    def build_middleware_stack() -> ASGIApp:
        return SecurityHeadersMiddleware(build_inner())

    app.build_middleware_stack = build_middleware_stack  # type: ignore[method-assign]
