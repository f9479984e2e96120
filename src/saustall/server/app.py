"""The game server: FastAPI HTTP endpoints, one WebSocket per client, the web app.

The wire protocol is specified in ``docs/protocol.md``. :func:`create_app` builds the
application for a database URL; :func:`run` serves it with uvicorn (``saustall serve``).
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import sys
import time
from contextlib import asynccontextmanager
from pathlib import Path
from collections import deque
from typing import Any, AsyncIterator, Mapping, Sequence

import uvicorn
from uvicorn.config import STARTUP_FAILURE
from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.middleware.gzip import GZipMiddleware
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect, WebSocketState

import saustall
from saustall.server import operations
from saustall.server.access_log import log_config
from saustall.server.assets import IMMUTABLE, REVALIDATE, StaticAssets, asset_response
from saustall.server.connections import (
    ConnectionGuard, ConnectionLimits, default_max_connections, guarded_protocols,
    raise_open_file_limit, source_of,
)
from saustall.server.db import Store, UnusableDatabase
from saustall.server.heap import settle_for_serving
from saustall.server.lease import Fenced, log_failed_write
from saustall.server.metrics import CONTENT_TYPE_LATEST
from saustall.server.limits import InputError, LimitSettings, TokenBucket, parse_json
from saustall.server.origin import OriginCheck
from saustall.server.security import add_security_headers
from saustall.server.records import FinishedGame, finished_game
from saustall.server.replays import MAX_POSITIONS
from saustall.server.model import hash_token
from saustall.server.tables import Client, Hub, HubSettings, ServerError, Table, dumps

log = logging.getLogger("saustall.server")

DEFAULT_DATABASE = "sqlite+aiosqlite:///saustall.db"
MAX_BODY_BYTES = 16 * 1024
WS_MAX_FRAME = 64 * 1024
STATIC_DIR = Path(saustall.__file__).parent / "web" / "static"


def _error(exc: ServerError) -> JSONResponse:
    return JSONResponse({"error": exc.payload()}, status_code=exc.status)


async def _body(request: Request) -> dict[str, Any]:
    """The JSON object body of a request, or a :class:`ServerError` naming the problem.

    A body over :data:`MAX_BODY_BYTES` is refused as soon as its ``Content-Length`` says
    so or that much of it has arrived: never read whole into memory.
    """
    too_large = ServerError(413, "too-large",
                            f"request bodies are limited to {MAX_BODY_BYTES} bytes")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise too_large
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY_BYTES:
            raise too_large
    if not raw.strip():
        return {}
    try:
        data = parse_json(bytes(raw), "the body")
    except InputError as exc:
        raise ServerError(400, "bad-request", exc.message) from None
    if not isinstance(data, dict):
        raise ServerError(400, "bad-request", "the body must be a JSON object")
    return data


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return None


def _source(address: Any) -> str:
    """The source a request or socket counts against (:func:`source_of` its peer address:
    an IPv6 peer's /64), as the connection guard counts it; ``"unknown"`` when the server
    has no address."""
    host: str | None = getattr(address, "host", None)
    return source_of(host)


MAX_GAME_NUMBER_DIGITS = 9


def _game_number(raw: str | None) -> int | None:
    """The ``game`` query parameter as a game number, or a 400 naming the problem."""
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit() and len(raw) <= MAX_GAME_NUMBER_DIGITS):
        raise ServerError(400, "bad-request", "query 'game' must be a game number "
                          f"(1 to {MAX_GAME_NUMBER_DIGITS} digits 0-9)")
    return int(raw)


def _query_number(request: Request, name: str, default: int) -> int:
    """A whole-number query parameter, or a 400 naming the problem."""
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit() and len(raw) <= MAX_GAME_NUMBER_DIGITS):
        raise ServerError(400, "bad-request", f"query {name!r} must be a whole number "
                          f"(1 to {MAX_GAME_NUMBER_DIGITS} digits 0-9)")
    return int(raw)


def _query_seat(request: Request) -> int:
    """The ``seat`` query parameter (seats from 0), or a 400 naming the problem."""
    if request.query_params.get("seat") is None:
        raise ServerError(400, "bad-request", "query 'seat' is required: the seat (from 0)")
    return _query_number(request, "seat", 0)


def _seat_number(raw: str) -> int:
    """A seat number from the path, or a 400 naming the problem."""
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 3):
        raise ServerError(400, "bad-request", f"the seat in the path must be a seat number, "
                          f"not {raw[:20]!r}")
    return int(raw)


class PlainStartupFailure:
    """ASGI middleware: a refused database fails start-up with its message, not a traceback.

    Starlette reports a failing lifespan with the formatted traceback, which uvicorn logs;
    for :class:`UnusableDatabase` the operator needs only its message (what is wrong and
    how to recover).
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass everything on; replace the message of a start-up refused by the database."""
        if scope["type"] != "lifespan":
            await self.app(scope, receive, send)
            return

        async def plain_send(message: Message) -> None:
            # Starlette sends "startup.failed" from inside its ``except`` block.
            refusal = sys.exc_info()[1]
            if message["type"] == "lifespan.startup.failed" \
                    and isinstance(refusal, UnusableDatabase):
                message = {**message, "message": str(refusal)}
            await send(message)

        await self.app(scope, receive, plain_send)


def create_app(database: str = DEFAULT_DATABASE, *, bot_delay: float = 0.8,
               settings: HubSettings | None = None,
               static_dir: Path | None = STATIC_DIR,
               allow_origins: Sequence[str] = ()) -> FastAPI:
    """The server application storing its tables in ``database`` (SQLAlchemy async URL).

    Browsers may send state-changing requests and open sockets only from the server's
    own origin or one of ``allow_origins`` (see :mod:`saustall.server.origin`).
    """
    settings = settings or HubSettings(bot_delay=bot_delay)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(database)
        await store.open()
        hub = Hub(store, settings)
        try:
            await hub.load()
        except BaseException:
            await hub.close()
            await store.close()
            raise
        app.state.hub = hub
        if settings.settle_heap:  # after loading: the pauses of a full collection
            settle_for_serving()
        try:
            yield
        finally:
            await hub.close()
            await store.close()

    # No Swagger page: it loads its script from a CDN (no internet at run time) and runs
    # inline script, which the Content-Security-Policy refuses. The schema stays served.
    app = FastAPI(title="Saustall game server", version=saustall.__version__,
                  lifespan=lifespan, docs_url=None, openapi_url="/api/openapi.json",
                  redoc_url=None)
    add_security_headers(app)

    app.add_middleware(PlainStartupFailure)

    def hub_of(request: Request) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    install_error_handlers(app)
    app.add_middleware(OriginCheck, allowed=allow_origins)
    # JSON answers (the catalogue is 85 KB) go gzipped; the web app's files are gzipped
    # once at start-up (saustall.server.assets) and pass through as they are.
    app.add_middleware(GZipMiddleware, minimum_size=1024)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """Liveness check."""
        return {"ok": True}

    @app.get("/api/ready")
    async def ready_check(request: Request) -> JSONResponse:
        """Readiness: 200 while this process takes clients, 503 starting or stopping."""
        hub: Hub | None = getattr(request.app.state, "hub", None)
        ok = hub is not None and hub.ready()
        return JSONResponse({"ready": ok}, status_code=200 if ok else 503)

    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> Response:
        """Prometheus metrics (see :mod:`saustall.server.metrics`)."""
        return Response(hub_of(request).metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        """Every game and ruleset with options and bot levels."""
        return Hub.catalogue()

    @app.get("/api/tables")
    async def open_tables(request: Request) -> dict[str, Any]:
        """Public tables waiting for players."""
        return {"tables": await hub_of(request).open_tables()}

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        """Create a table; the caller takes seat 0."""
        body = await _body(request)
        table, token = await hub_of(request).create_table(
            body.get("game"), body.get("ruleset"), body.get("seats"), body.get("options"),
            body.get("name"), body.get("public"), body.get("turn_timer"), body.get("bots"),
            source=_source(request.client), spectator_chat=body.get("spectator_chat"))
        return {"table_id": table.id, "invite": table.invite,
                "invite_url": f"/t/{table.id}?invite={table.invite}",
                "seat": 0, "token": token, "table": table.info()}

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str, request: Request) -> dict[str, Any]:
        """Public facts about a table, and whose turn it is now (``to_act``)."""
        table = await hub_of(request).table(table_id)
        return {**table.info(), "to_act": table.turn()}

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        """Take a free seat with the invite code."""
        return await operations.run(hub_of(request), "join", table_id, await _body(request),
                                    _token(request))

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, request: Request) -> dict[str, Any]:
        """Give up your seat."""
        return await operations.run(hub_of(request), "leave", table_id, {}, _token(request))

    @app.post("/api/tables/{table_id}/ready")
    async def ready(table_id: str, request: Request) -> dict[str, Any]:
        """Say you are ready (or not) to start."""
        return await operations.run(hub_of(request), "ready", table_id, await _body(request),
                                    _token(request))

    @app.post("/api/tables/{table_id}/bots")
    async def add_bot(table_id: str, request: Request) -> dict[str, Any]:
        """Seat a bot of a level."""
        return await operations.run(hub_of(request), "add_bot", table_id,
                                    await _body(request), _token(request))

    @app.delete("/api/tables/{table_id}/bots/{seat}")
    async def remove_bot(table_id: str, seat: str, request: Request) -> dict[str, Any]:
        """Take a bot off its seat."""
        return await operations.run(hub_of(request), "remove_bot", table_id,
                                    {"seat": _seat_number(seat)}, _token(request))

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: str, request: Request) -> dict[str, Any]:
        """Deal a new game."""
        return await operations.run(hub_of(request), "start", table_id, {}, _token(request))

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        """Set up the next game with the same seats."""
        return await operations.run(hub_of(request), "rematch", table_id, {}, _token(request))

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, request: Request) -> Response:
        """Download a finished game's record."""
        number = _game_number(request.query_params.get("game"))
        found = await hub_of(request).record(
            table_id, _token(request), request.query_params.get("invite"), number)
        number = found.meta["game_number"]
        return Response(found.to_json() + "\n", media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="saustall-{table_id}-{number}.json"'})

    async def finished(table_id: str, request: Request) -> FinishedGame:
        """The finished game a replay request names (``game``: the latest), checked
        against the caller's seat token or the ``invite`` query."""
        return await finished_game(hub_of(request), table_id, _token(request),
                                   request.query_params.get("invite"),
                                   _game_number(request.query_params.get("game")))

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, request: Request) -> dict[str, Any]:
        """A finished game's steps, to replay it move by move (positions apart)."""
        done = await finished(table_id, request)
        hub = hub_of(request)
        return hub.replays.summary(done, await hub.replays.replay(hub, done))

    @app.get("/api/tables/{table_id}/replay/positions")
    async def replay_positions(table_id: str, request: Request) -> Response:
        """Positions of a finished game, each with every seat's view."""
        start = _query_number(request, "from", 0)
        count = _query_number(request, "count", MAX_POSITIONS)
        done = await finished(table_id, request)
        hub = hub_of(request)
        found = await hub.replays.replay(hub, done)
        return Response(hub.replays.positions(found, start, count),
                        media_type="application/json")

    @app.post("/api/tables/{table_id}/analysis")
    async def request_analysis(table_id: str, request: Request) -> dict[str, Any]:
        """Start the analysis of a seat's decisions in a finished game (or say where it
        stands)."""
        done = await finished(table_id, request)
        hub = hub_of(request)
        return await hub.replays.request_analysis(hub, done, _query_seat(request))

    @app.get("/api/tables/{table_id}/analysis")
    async def analysis(table_id: str, request: Request) -> dict[str, Any]:
        """Where the analysis of a seat's decisions in a finished game stands."""
        done = await finished(table_id, request)
        return hub_of(request).replays.analysis(done, _query_seat(request))

    @app.websocket("/ws/tables/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        """One client's connection to a table (see docs/protocol.md)."""
        await serve_socket(ws, table_id, ws.app.state.hub)

    if static_dir is not None and (static_dir / "index.html").is_file():
        install_web_app(app, StaticAssets(static_dir))

    return app


def install_web_app(app: FastAPI, assets: StaticAssets) -> None:
    """Serve the web app: the page at ``/`` and ``/t/{table_id}``, its files under
    ``/static/v/<version>/`` (cached for good) and ``/static/`` (revalidated); see
    :mod:`saustall.server.assets`."""
    app.state.assets = assets
    page_lock = asyncio.Lock()

    async def page(request: Request) -> Response:
        built = assets.built_page
        if built is None:
            async with page_lock:  # built once, off the event loop (the catalogue imports games)
                built = await asyncio.to_thread(assets.page, Hub.catalogue)
        return asset_response(request, built, REVALIDATE,
                              {"Content-Security-Policy": assets.page_csp})

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def home(request: Request) -> Response:
        """The web app."""
        return await page(request)

    @app.api_route("/t/{table_id}", methods=["GET", "HEAD"], include_in_schema=False)
    async def table_page(table_id: str, request: Request) -> Response:
        """The web app, opened on a table (table and invite links)."""
        return await page(request)

    @app.api_route("/t/{table_id}/replay", methods=["GET", "HEAD"], include_in_schema=False)
    async def replay_page(table_id: str, request: Request) -> Response:
        """The web app, opened on the replay of a table's finished game."""
        return await page(request)

    @app.api_route("/static/v/{version}/{path:path}", methods=["GET", "HEAD"],
                   include_in_schema=False)
    async def versioned_file(version: str, path: str, request: Request) -> Response:
        """A file of this version of the app, cached for good; of another version (a page
        older than the server): today's file, revalidated."""
        asset = assets.get(path)
        if asset is None:
            return JSONResponse({"error": {"code": "not-found", "message": "no such file"}},
                                status_code=404)
        return asset_response(request, asset, IMMUTABLE if version == assets.version
                              else REVALIDATE)

    @app.api_route("/static/{path:path}", methods=["GET", "HEAD"], include_in_schema=False)
    async def static_file(path: str, request: Request) -> Response:
        """A file of the app by its plain path (revalidated each time)."""
        asset = assets.get(path)
        if asset is None:
            return JSONResponse({"error": {"code": "not-found", "message": "no such file"}},
                                status_code=404)
        return asset_response(request, asset, REVALIDATE)


# -- WebSocket -----------------------------------------------------------------------------

def _ws_error(code: str, message: str, msg_id: Any = None, rule: str | None = None) -> str:
    return dumps({"type": "error", "code": code, "message": message, "rule": rule, "id": msg_id})


async def _close(ws: WebSocket, code: int, reason: str) -> None:
    if ws.application_state != WebSocketState.DISCONNECTED:
        try:
            await ws.close(code, reason)
        except (RuntimeError, WebSocketDisconnect, OSError):
            pass


def _frame_text(message: Mapping[str, Any]) -> str | None:
    if message.get("text") is not None:
        text: str = message["text"]
        return text
    data = message.get("bytes")
    if data is not None:
        try:
            decoded: str = data.decode("utf-8")
            return decoded
        except UnicodeDecodeError:
            return None
    return None


async def serve_socket(ws: WebSocket, table_id: str, hub: Hub) -> None:
    """Count the socket against its source, then serve it (see :func:`_serve_socket`)."""
    source = _source(ws.client)
    await ws.accept()
    refused = hub.sources.open_socket(source, time.monotonic())
    if refused is not None:
        limits = hub.settings.limits
        await ws.send_text(_ws_error(refused, (
            f"your address has {limits.sockets_per_source} sockets open already"
            if refused == "too-many-connections" else
            f"your address opens sockets too fast (at most {limits.new_sockets_per_second:g} "
            "a second); try again in a moment")))
        await _close(ws, 1013, refused)
        return
    try:
        await _serve_socket(ws, table_id, hub)
    finally:
        hub.sources.close_socket(source)


async def _serve_socket(ws: WebSocket, table_id: str, hub: Hub) -> None:
    """Authenticate with ``hello``, then pump messages both ways until either side stops."""
    settings = hub.settings
    try:
        first = await asyncio.wait_for(ws.receive(), settings.hello_timeout)
    except asyncio.TimeoutError:
        await ws.send_text(_ws_error("bad-hello", "say hello first: {\"type\": \"hello\", ...}"))
        await _close(ws, 4001, "no hello")
        return
    except WebSocketDisconnect:
        return
    if first["type"] == "websocket.disconnect":
        return
    text = _frame_text(first)
    hello: Any = None
    if text is not None and len(text) <= settings.max_message_bytes:
        try:
            hello = parse_json(text)
        except InputError:
            hello = None
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        await ws.send_text(_ws_error(
            "bad-hello", "the first message must be {\"type\": \"hello\", \"token\": ...} "
            "or {\"type\": \"hello\", \"invite\": ...}"))
        await _close(ws, 4001, "bad hello")
        return
    try:
        table = await hub.table(table_id)
    except ServerError as exc:
        await ws.send_text(_ws_error(exc.code, exc.message))
        await _close(ws, 4004, "no such table")
        return
    seat: int | None = None
    key: str | None = None
    try:
        if hello.get("token") is not None:
            token = hello["token"] if isinstance(hello["token"], str) else ""
            key = hash_token(token) if token else None  # (no token: "this needs your token")
            seat = await hub.seat_for(table, key)
        else:
            hub.check_invite(table, hello.get("invite"))
    except ServerError as exc:
        await ws.send_text(_ws_error(exc.code, exc.message))
        await _close(ws, 4001, exc.code)
        return
    client = Client(seat, key)
    try:
        await hub.connect(table, client)
    except ServerError as exc:  # e.g. the table has all the spectators it takes
        await ws.send_text(_ws_error(exc.code, exc.message))
        await _close(ws, 1013, exc.code)
        return
    writer = asyncio.create_task(_write_loop(ws, client))
    judging: set[asyncio.Task[None]] = set()
    reader = asyncio.create_task(_read_loop(ws, client, table, hub, judging))
    try:
        await asyncio.wait({writer, reader}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        reader.cancel()
        # An action being judged runs to its end: cut in its write, the game would
        # hold it applied but not stored. (Its answer goes nowhere if the socket is gone.)
        fault: BaseException | None = None
        if judging:
            for task in (await asyncio.wait(judging))[0]:
                fault = fault or (None if task.cancelled() else task.exception())
        await hub.disconnect(table, client)
        if reader.done() and not reader.cancelled():
            fault = fault or reader.exception()
        failed = fault is not None
        if failed:  # a fault of the server: say so with a proper close frame
            log.error("serving a socket of table %s failed", table.id, exc_info=fault)
        if not writer.done():
            client.close(*((1011, "server error") if failed else (1000, "bye")))
            try:
                await asyncio.wait_for(writer, 2)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                writer.cancel()


async def _write_loop(ws: WebSocket, client: Client) -> None:
    while True:
        item = await client.queue.get()
        if isinstance(item, tuple):
            await _close(ws, item[0], item[1])
            return
        try:
            await ws.send_text(item)
        except (WebSocketDisconnect, RuntimeError, OSError):
            client.closed = True
            return


def _message_id(data: dict[str, Any]) -> Any:
    """The client's ``id`` of a message if it is usable (a number or text), else ``None``."""
    msg_id = data.get("id")
    if not (msg_id is None or isinstance(msg_id, (int, str))) or isinstance(msg_id, bool):
        return None
    return msg_id


async def _read_loop(ws: WebSocket, client: Client, table: Table, hub: Hub,
                     judging: set[asyncio.Task[None]]) -> None:
    """Read the client's messages and answer each; an action being judged is in
    ``judging`` (a task of its own, so that a cancelled reader does not cut it)."""
    settings = hub.settings
    now = time.monotonic()
    buckets = {"action": TokenBucket(settings.action_rate_per_second,
                                     settings.action_rate_burst, now),
               "other": TokenBucket(settings.rate_per_second, settings.rate_burst, now),
               "chat": TokenBucket(settings.chat_rate_per_second, settings.chat_burst, now)}
    rejected: deque[float] = deque()

    def refuse(code: str, message: str, msg_id: Any = None) -> bool:
        """Tell the client; True when it floods (too many refusals in 10 s) and must go."""
        client.send(_ws_error(code, message, msg_id))
        rejected.append(now)
        while rejected and rejected[0] < now - 10:
            rejected.popleft()
        if len(rejected) > settings.flood_close_after:
            client.close(4008, "flooding")
            return True
        return False

    while not client.closed:
        try:
            message = await ws.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        now = time.monotonic()
        text = _frame_text(message)
        if text is None:
            if refuse("bad-message", "messages must be UTF-8 JSON text"):
                return
            continue
        if len(text.encode("utf-8")) > settings.max_message_bytes:
            if refuse("too-large", f"messages are limited to {settings.max_message_bytes} "
                      "bytes; this one was ignored"):
                return
            continue
        try:
            data = parse_json(text, "that message")
        except InputError as exc:
            if refuse(exc.code, exc.message):
                return
            continue
        if not isinstance(data, dict):
            if refuse("bad-message", "a message must be a JSON object with a 'type'"):
                return
            continue
        msg_id = _message_id(data)
        kind = data.get("type")
        bucket = buckets[kind if kind in ("action", "chat") else "other"]
        if kind == "chat" and not bucket.take(now):
            if refuse("chat-too-fast", f"chat messages are limited to {bucket.rate:g} per "
                      f"second (bursts of {bucket.burst:g}); this one was not sent", msg_id):
                return
            continue
        if kind != "chat" and not bucket.take(now):
            shown = kind if isinstance(kind, str) and len(kind) <= 20 else "message"
            if refuse("rate-limited", f"too many {'actions' if kind == 'action' else 'messages'}"
                      f": at most {bucket.rate:g} per second (bursts of {bucket.burst:g}); "
                      f"this {shown!r} message (id {msg_id!r}) was dropped, send it again",
                      msg_id):
                return
            continue
        if kind == "action":
            task = asyncio.create_task(hub.act(table, client, data.get("action"), msg_id))
            judging.add(task)
            task.add_done_callback(judging.discard)
            await asyncio.shield(task)  # one at a time, in arrival order
            hub.metrics.ack.observe(time.monotonic() - now)
        elif kind == "chat":
            hub.chat(table, client, data, msg_id)
        elif kind == "ping":
            client.send({"type": "pong", "id": msg_id})
        elif kind == "sync":
            await hub.sync(table, client, msg_id)
        elif kind == "hello":
            client.send(_ws_error("bad-message", "already connected; hello is only sent once",
                                  msg_id))
        elif refuse("bad-message", f"unknown message type {str(kind)[:40]!r}; "
                    "types: action, chat, sync, ping", msg_id):
            return


def install_error_handlers(app: FastAPI) -> None:
    """Answer every error, FastAPI's own included, with the documented error body."""

    @app.exception_handler(ServerError)
    async def server_error(_request: Request, exc: ServerError) -> JSONResponse:
        return _error(exc)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error.get('loc', ()))}: {error.get('msg', '')}"
            for error in exc.errors()[:3])
        return _error(ServerError(400, "bad-request", f"bad request: {problems}"))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = HTTP_CODES.get(exc.status_code, "bad-request" if exc.status_code < 500
                              else "server-error")
        return _error(ServerError(exc.status_code, code, str(exc.detail)))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        if isinstance(exc, Fenced):  # a cluster takeover under way: expected, and brief
            log_failed_write(log, exc, "%s %s not stored", request.method, request.url.path)
            return _error(ServerError(503, "table-unavailable",
                                      "the table is changing hands; try again"))
        log.error("unexpected error", exc_info=exc)
        return _error(ServerError(500, "server-error",
                                  "the server failed on this request (its own fault)"))


HTTP_CODES = {404: "not-found", 405: "method-not-allowed", 413: "too-large"}
"""Error codes for the HTTP errors the framework raises itself."""


def server_config(app: ASGIApp, host: str, port: int, *, log_level: str = "info",
                  connections: ConnectionLimits | None = None, open_file_limit: int = 0,
                  ws_compression: bool = False,
                  **uvicorn_options: Any) -> tuple[uvicorn.Config, ConnectionGuard]:
    """uvicorn's configuration for serving ``app``, and the guard of its connections.

    The guard (:mod:`saustall.server.connections`) caps connections per source and in
    all, at ``connections.max_connections`` or else below ``open_file_limit``; requests
    must arrive whole within ``connections.header_timeout``. ``X-Forwarded-For`` is
    believed only from ``connections.trusted_proxies``, and the log never shows a query
    value (:mod:`saustall.server.access_log`).
    """
    connections = connections or ConnectionLimits()
    connections.check()
    cap = connections.max_connections or default_max_connections(open_file_limit)
    guard = ConnectionGuard(connections, cap)
    http, ws = guarded_protocols(guard)
    trusted = list(connections.trusted_proxies)
    config = uvicorn.Config(app, host=host, port=port, http=http, ws=ws or "none",
                            ws_max_size=WS_MAX_FRAME, ws_per_message_deflate=ws_compression,
                            log_level=log_level, log_config=log_config(),
                            proxy_headers=bool(trusted), forwarded_allow_ips=trusted,
                            **uvicorn_options)
    return config, guard


def run(host: str = "127.0.0.1", port: int = 8000, database: str = DEFAULT_DATABASE,
        bot_delay: float = 0.8, log_level: str = "info", *,
        allow_origins: Sequence[str] = (), limits: LimitSettings | None = None,
        connections: ConnectionLimits | None = None,
        retain_finished: float | None = None, retain_idle: float | None = None,
        skip_broken_tables: bool = False, bot_workers: int | None = None,
        bot_modules: Sequence[str] = (), lease_seconds: float | None = None,
        ws_compression: bool = False) -> None:
    """Serve the game server (and the web app if installed) until interrupted.

    A database that looks damaged stops the start-up with a message on how to recover
    (uvicorn then exits with status 3). ``bot_workers`` sizes the bots' process pool;
    ``bot_modules`` are imported first, to register more bots (e.g.
    ``benchmarks.server_bots``, outside the package). On PostgreSQL the process joins the others
    serving the same database (see :mod:`saustall.server.cluster`); ``lease_seconds`` is
    how long its tables wait for another process should it die. SIGTERM hands its
    tables over before it exits. ``ws_compression`` offers WebSocket clients
    permessage-deflate (off by default: see docs/deploy.md, *Compression*).
    ``connections`` guards the sockets (see :func:`server_config`); the soft open-file
    limit is raised to the hard one first.
    """
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    for module in bot_modules:
        importlib.import_module(module)
    settings = HubSettings(bot_delay=bot_delay, limits=limits or LimitSettings(),
                           skip_broken_tables=skip_broken_tables, bot_workers=bot_workers,
                           settle_heap=True)
    if retain_finished is not None:
        settings.retain_finished_seconds = retain_finished
    if retain_idle is not None:
        settings.retain_idle_seconds = retain_idle
    if lease_seconds is not None:
        settings.lease_seconds = lease_seconds
    before, after = raise_open_file_limit()
    app = create_app(database, settings=settings, allow_origins=allow_origins)
    config, guard = server_config(app, host, port, log_level=log_level, connections=connections,
                                  open_file_limit=after, ws_compression=ws_compression)
    log.info("open files: soft limit %d%s; at most %d connections, %s per address, "
             "requests within %s", after, f" (raised from {before})" if after != before else "",
             guard.max_connections, guard.limits.connections_per_source or "any number",
             f"{guard.limits.header_timeout:g} s" if guard.limits.header_timeout else "any time")
    server = uvicorn.Server(config)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    if not server.started:  # as uvicorn.run: a refused start-up exits with status 3
        sys.exit(STARTUP_FAILURE)
