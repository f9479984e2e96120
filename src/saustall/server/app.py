"""The game server: FastAPI HTTP endpoints, one WebSocket per client, the web app.

The wire protocol is specified in ``docs/protocol.md``. :func:`create_app` builds the
application for a database URL; :func:`run` serves it with uvicorn (``saustall serve``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Mapping

import uvicorn
from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect, WebSocketState

import saustall
from saustall.server.db import Store, UnusableDatabase
from saustall.server.tables import Client, Hub, HubSettings, ServerError, Table, dumps

log = logging.getLogger("saustall.server")

DEFAULT_DATABASE = "sqlite+aiosqlite:///saustall.db"
MAX_BODY_BYTES = 16 * 1024
WS_MAX_FRAME = 64 * 1024
STATIC_DIR = Path(saustall.__file__).parent / "web" / "static"


def _error(exc: ServerError) -> JSONResponse:
    return JSONResponse({"error": exc.payload()}, status_code=exc.status)


async def _body(request: Request) -> dict[str, Any]:
    """The JSON object body of a request, or a :class:`ServerError` naming the problem."""
    raw = await request.body()
    if len(raw) > MAX_BODY_BYTES:
        raise ServerError(413, "too-large", f"request bodies are limited to {MAX_BODY_BYTES} bytes")
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ServerError(400, "bad-request", f"the body is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ServerError(400, "bad-request", "the body must be a JSON object")
    return data


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return None


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
               static_dir: Path | None = STATIC_DIR) -> FastAPI:
    """The server application storing its tables in ``database`` (SQLAlchemy async URL)."""
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
        try:
            yield
        finally:
            await hub.close()
            await store.close()

    app = FastAPI(title="Saustall game server", version=saustall.__version__,
                  lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json",
                  redoc_url=None)

    app.add_middleware(PlainStartupFailure)

    def hub_of(request: Request) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    @app.exception_handler(ServerError)
    async def server_error(_request: Request, exc: ServerError) -> JSONResponse:
        return _error(exc)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """Liveness check."""
        return {"ok": True}

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        """Every game and ruleset with options and bot levels."""
        return Hub.catalogue()

    @app.get("/api/tables")
    async def open_tables(request: Request) -> dict[str, Any]:
        """Public tables waiting for players."""
        return {"tables": hub_of(request).open_tables()}

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        """Create a table; the caller takes seat 0."""
        body = await _body(request)
        table, token = await hub_of(request).create_table(
            body.get("game"), body.get("ruleset"), body.get("seats"), body.get("options"),
            body.get("name"), body.get("public"), body.get("turn_timer"), body.get("bots"))
        return {"table_id": table.id, "invite": table.invite,
                "invite_url": f"/t/{table.id}?invite={table.invite}",
                "seat": 0, "token": token, "table": table.info()}

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str, request: Request) -> dict[str, Any]:
        """Public facts about a table."""
        return hub_of(request).table(table_id).info()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        """Take a free seat with the invite code."""
        body = await _body(request)
        table, seat, token = await hub_of(request).join(
            table_id, body.get("invite"), body.get("name"), body.get("seat"))
        return {"seat": seat, "token": token, "invite": table.invite, "table": table.info()}

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, request: Request) -> dict[str, Any]:
        """Give up your seat."""
        table = await hub_of(request).leave(table_id, _token(request))
        return {"table": table.info()}

    @app.post("/api/tables/{table_id}/ready")
    async def ready(table_id: str, request: Request) -> dict[str, Any]:
        """Say you are ready (or not) to start."""
        body = await _body(request)
        table = await hub_of(request).set_ready(table_id, _token(request), body.get("ready", True))
        return {"table": table.info()}

    @app.post("/api/tables/{table_id}/bots")
    async def add_bot(table_id: str, request: Request) -> dict[str, Any]:
        """Seat a bot of a level."""
        body = await _body(request)
        table, seat = await hub_of(request).add_bot(
            table_id, _token(request), body.get("level"), body.get("seat"))
        return {"seat": seat, "table": table.info()}

    @app.delete("/api/tables/{table_id}/bots/{seat}")
    async def remove_bot(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        """Take a bot off its seat."""
        table = await hub_of(request).remove_bot(table_id, _token(request), seat)
        return {"table": table.info()}

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: str, request: Request) -> dict[str, Any]:
        """Deal a new game."""
        table = await hub_of(request).start(table_id, _token(request))
        return {"table": table.info()}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        """Set up the next game with the same seats."""
        table = await hub_of(request).rematch(table_id, _token(request))
        return {"table": table.info()}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, request: Request) -> Response:
        """Download a finished game's record."""
        raw_game = request.query_params.get("game")
        number: int | None = None
        if raw_game is not None:
            if not raw_game.isdigit():
                raise ServerError(400, "bad-request", "query 'game' must be a game number")
            number = int(raw_game)
        found = await hub_of(request).record(
            table_id, _token(request), request.query_params.get("invite"), number)
        number = found.meta["game_number"]
        return Response(found.to_json() + "\n", media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="saustall-{table_id}-{number}.json"'})

    @app.websocket("/ws/tables/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        """One client's connection to a table (see docs/protocol.md)."""
        await serve_socket(ws, table_id, ws.app.state.hub)

    if static_dir is not None and (static_dir / "index.html").is_file():
        index = static_dir / "index.html"
        app.mount("/static", StaticFiles(directory=static_dir), name="static")

        @app.get("/", include_in_schema=False)
        async def home() -> FileResponse:
            """The web app."""
            return FileResponse(index)

        @app.get("/t/{table_id}", include_in_schema=False)
        async def table_page(table_id: str) -> FileResponse:
            """The web app, opened on a table (invite links)."""
            return FileResponse(index)

    return app


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
    """Authenticate with ``hello``, then pump messages both ways until either side stops."""
    await ws.accept()
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
            hello = json.loads(text)
        except ValueError:
            hello = None
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        await ws.send_text(_ws_error(
            "bad-hello", "the first message must be {\"type\": \"hello\", \"token\": ...} "
            "or {\"type\": \"hello\", \"invite\": ...}"))
        await _close(ws, 4001, "bad hello")
        return
    table = hub.tables.get(table_id)
    if table is None:
        await ws.send_text(_ws_error("not-found", f"there is no table {table_id!r}"))
        await _close(ws, 4004, "no such table")
        return
    seat: int | None = None
    try:
        if hello.get("token") is not None:
            seat = hub.seat_of(table, hello["token"] if isinstance(hello["token"], str) else "")
        else:
            hub.check_invite(table, hello.get("invite"))
    except ServerError as exc:
        await ws.send_text(_ws_error(exc.code, exc.message))
        await _close(ws, 4001, exc.code)
        return
    client = Client(seat)
    await hub.connect(table, client)
    writer = asyncio.create_task(_write_loop(ws, client))
    reader = asyncio.create_task(_read_loop(ws, client, table, hub))
    try:
        await asyncio.wait({writer, reader}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        reader.cancel()
        await hub.disconnect(table, client)
        if not writer.done():
            client.close(1000, "bye")
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


async def _read_loop(ws: WebSocket, client: Client, table: Table, hub: Hub) -> None:
    settings = hub.settings
    tokens = settings.rate_burst
    last = time.monotonic()
    rejected: list[float] = []

    def reject(now: float) -> bool:
        """Count a refused message; True when the client floods and must go."""
        rejected.append(now)
        while rejected and rejected[0] < now - 10:
            rejected.pop(0)
        return len(rejected) > settings.flood_close_after

    while not client.closed:
        try:
            message = await ws.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        now = time.monotonic()
        tokens = min(settings.rate_burst, tokens + (now - last) * settings.rate_per_second)
        last = now
        if tokens < 1:
            client.send(_ws_error(
                "rate-limited", f"too many messages: at most {settings.rate_per_second:g} "
                "per second; this one was ignored"))
            if reject(now):
                client.close(4008, "flooding")
                return
            continue
        tokens -= 1
        text = _frame_text(message)
        if text is None:
            client.send(_ws_error("bad-message", "messages must be UTF-8 JSON text"))
            reject(now)
            continue
        if len(text.encode("utf-8")) > settings.max_message_bytes:
            client.send(_ws_error("too-large", f"messages are limited to "
                                  f"{settings.max_message_bytes} bytes; this one was ignored"))
            if reject(now):
                client.close(4008, "flooding")
                return
            continue
        try:
            data = json.loads(text)
        except ValueError as exc:
            client.send(_ws_error("malformed-json", f"that message is not valid JSON: {exc}"))
            if reject(now):
                client.close(4008, "flooding")
                return
            continue
        if not isinstance(data, dict):
            client.send(_ws_error("bad-message", "a message must be a JSON object with a 'type'"))
            reject(now)
            continue
        msg_id = data.get("id")
        if not (msg_id is None or isinstance(msg_id, (int, str))) or isinstance(msg_id, bool):
            msg_id = None
        kind = data.get("type")
        if kind == "action":
            await hub.act(table, client, data.get("action"), msg_id)
        elif kind == "ping":
            client.send({"type": "pong", "id": msg_id})
        elif kind == "sync":
            await hub.sync(table, client)
        elif kind == "hello":
            client.send(_ws_error("bad-message", "already connected; hello is only sent once",
                                  msg_id))
        else:
            client.send(_ws_error("bad-message", f"unknown message type {kind!r}; "
                                  "types: action, sync, ping", msg_id))
            if reject(now):
                client.close(4008, "flooding")
                return


def run(host: str = "127.0.0.1", port: int = 8000, database: str = DEFAULT_DATABASE,
        bot_delay: float = 0.8, log_level: str = "info",
        skip_broken_tables: bool = False) -> None:
    """Serve the game server (and the web app if installed) until interrupted.

    A database that looks damaged stops the start-up with a message on how to recover
    (uvicorn then exits with status 3).
    """
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    settings = HubSettings(bot_delay=bot_delay, skip_broken_tables=skip_broken_tables)
    app = create_app(database, settings=settings)
    uvicorn.run(app, host=host, port=port, ws_max_size=WS_MAX_FRAME, log_level=log_level)
