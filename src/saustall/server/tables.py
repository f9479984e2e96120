"""Tables, seats and games in memory: the server's game logic, independent of HTTP.

A :class:`Hub` holds every table. Each :class:`Table` has one :class:`asyncio.Lock`;
everything that reads or changes a table's game happens under it, so actions are judged
one at a time in arrival order. An action is made durable in the database before anyone
hears of it (see :meth:`Hub._commit`). Clients are :class:`Client` objects with an
outgoing queue; the WebSocket layer in :mod:`saustall.server.app` drains it.

What a client receives about a game is only ever ``GameState.view(seat)`` (or the
spectator view), its own legal actions, and public events. The seed lives in the
database and in the engine, never in a message.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Sequence

from sqlalchemy.engine import make_url

from saustall.bots.base import Bot, RandomBot, bot_levels, make_bot
from saustall.core import registry
from saustall.core.errors import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    SaustallError,
)
from saustall.core.game import Action, Game, GameState, Ruleset, View
from saustall.core.record import GameRecord
from saustall.server.db import (
    StoredAction,
    StoredSeat,
    StoredTable,
    Store,
    UnusableDatabase,
)
from saustall.server.realtime import RealtimeDriver, realtime_driver

log = logging.getLogger("saustall.server")

LOBBY, PLAYING, OVER = "lobby", "playing", "over"
EMPTY, HUMAN, BOT = "empty", "human", "bot"
EVENT_BACKLOG = 100
MAX_NAME = 32
REPLAY_ERRORS = (SaustallError, ValueError, KeyError, IndexError, TypeError)
"""What rebuilding a stored table from unexpected rows can raise (see ``Hub._rebuild``)."""
SLOW_BOT_SECONDS = 0.005
"""A bot whose choice took longer than this thinks in a worker thread from then on."""


class ServerError(Exception):
    """A request the server refuses, with an HTTP status, an error code and plain words."""

    def __init__(self, status: int, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule

    def payload(self) -> dict[str, Any]:
        """The ``{"code", "message", "rule"}`` body of the error."""
        return {"code": self.code, "message": self.message, "rule": self.rule}


def hash_token(token: str) -> str:
    """The SHA-256 hex digest stored in place of a seat token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A fresh unguessable seat token (192 random bits)."""
    return secrets.token_urlsafe(24)


def now_iso() -> str:
    """The current UTC time as ISO 8601 text."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def dumps(message: dict[str, Any]) -> str:
    """Compact JSON for the wire."""
    text: str = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    return text


def clean_name(name: Any, default: str) -> str:
    """A display name: 1-32 printable characters, trimmed; raises :class:`ServerError`."""
    if name is None:
        return default
    if not isinstance(name, str):
        raise ServerError(400, "bad-request", "field 'name' must be text")
    cleaned = " ".join(name.split())
    if not cleaned or len(cleaned) > MAX_NAME or not cleaned.isprintable():
        raise ServerError(400, "bad-request",
                          f"field 'name' must be 1-{MAX_NAME} printable characters")
    return cleaned


class Client:
    """One WebSocket client: its seat (``None`` for a spectator) and outgoing queue."""

    QUEUE_LIMIT = 2000

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self.closed = False

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message; a client that stops reading is disconnected."""
        if self.closed:
            return
        if self.queue.qsize() >= self.QUEUE_LIMIT:
            self.close(1008, "too many unread messages")
            return
        self.queue.put_nowait(message if isinstance(message, str) else dumps(message))

    def close(self, code: int, reason: str) -> None:
        """Ask the writer to close the socket after what is queued."""
        if not self.closed:
            self.closed = True
            self.queue.put_nowait((code, reason))


class FirstLegalBot:
    """Plays the first legal action: the fallback for games without registered bots."""

    name = "first-legal"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The first legal action."""
        return legal[0]


LEVEL_ORDER: dict[str, tuple[str, ...]] = {
    "drecksau": ("random", "heuristic", "racer"),
    "saukopf": ("random", "heuristic"),
    "pigasus": ("slow", "casual", "sharp"),
}
"""Known bot levels per game, weakest to strongest. In Drecksau ``racer`` ranks above
``heuristic``: head to head (2000 games per setting, seats rotating) it wins 67% / 62%
of 2-/4-player ``dirty-pig``, 57% / 57% of ``sauschoen`` and ties ``drecksau``
(48% / 51%)."""


def levels_for(game: str) -> list[str]:
    """Bot levels the server offers for ``game``, weakest to strongest.

    The registered levels, ordered by :data:`LEVEL_ORDER`; levels it does not rank keep
    their registration order, ahead of the ranked ones. A game without bots gets
    ``random``.
    """
    levels = bot_levels(game) or [RandomBot.name]
    ranked = LEVEL_ORDER.get(game, ())
    return ([level for level in levels if level not in ranked]
            + [level for level in ranked if level in levels])


@dataclass
class Seat:
    """A seat at a table."""

    seat: int
    kind: str = EMPTY
    name: str | None = None
    token_hash: str | None = None
    bot_level: str | None = None
    ready: bool = False
    bot: Bot | None = None
    slow_bot: bool = False
    clients: set[Client] = field(default_factory=set)

    def stored(self) -> StoredSeat:
        """The seat's database row."""
        return StoredSeat(seat=self.seat, kind=self.kind, name=self.name,
                          token_hash=self.token_hash, bot_level=self.bot_level, ready=self.ready)

    def info(self) -> dict[str, Any]:
        """Public facts about the seat."""
        return {"seat": self.seat, "kind": self.kind, "name": self.name,
                "ready": self.ready if self.kind != EMPTY else False,
                "connected": self.kind == BOT or bool(self.clients),
                "bot_level": self.bot_level if self.kind == BOT else None}


class Table:
    """A table: seats, the current game, clients, and the lock that orders everything."""

    def __init__(self, table_id: str, invite: str, game: Game, num_seats: int,
                 options: dict[str, Any], public: bool, turn_timer: float | None,
                 created_at: str) -> None:
        self.id = table_id
        self.invite = invite
        self.game = game
        self.ruleset: Ruleset = game.ruleset
        self.num_seats = num_seats
        self.options = options
        self.public = public
        self.turn_timer = None if game.ruleset.realtime else turn_timer
        self.created_at = created_at
        self.status = LOBBY
        self.game_number = 1
        self.seats = [Seat(i) for i in range(num_seats)]
        self.spectators: set[Client] = set()
        self.state: GameState | None = None
        self.seq = 0
        self.actions: list[str] = []
        self.events: deque[dict[str, Any]] = deque(maxlen=EVENT_BACKLOG)
        self.lock = asyncio.Lock()
        self.clock_origin = time.monotonic()
        self.bot_task: asyncio.Task[None] | None = None
        self.timer_task: asyncio.Task[None] | None = None
        self.deadline: tuple[int, float] | None = None  # (seat, monotonic time)
        self.realtime: RealtimeDriver | None = None

    # -- clock ---------------------------------------------------------------------------
    def now_ms(self) -> int:
        """Milliseconds since the current game started, on the server's monotonic clock."""
        return int((time.monotonic() - self.clock_origin) * 1000)

    # -- descriptions --------------------------------------------------------------------
    def winners(self) -> list[int] | None:
        """The last game's winners once it is over."""
        if self.status == OVER and self.state is not None:
            return list(self.state.winners())
        return None

    def info(self) -> dict[str, Any]:
        """Public table info (never tokens, never the invite)."""
        return {
            "table_id": self.id, "game": self.game.name, "ruleset": self.ruleset.name,
            "title": self.ruleset.title, "options": self.options, "status": self.status,
            "public": self.public, "realtime": self.ruleset.realtime,
            "turn_timer": self.turn_timer, "game_number": self.game_number,
            "spectators": len(self.spectators), "winners": self.winners(),
            "created_at": self.created_at, "seats": [s.info() for s in self.seats],
        }

    def summary(self) -> dict[str, Any]:
        """An entry of the open-tables list."""
        return {"table_id": self.id, "invite": self.invite, "game": self.game.name,
                "ruleset": self.ruleset.name, "title": self.ruleset.title,
                "seats": self.num_seats,
                "free_seats": sum(1 for s in self.seats if s.kind == EMPTY),
                "players": [s.name for s in self.seats if s.kind != EMPTY],
                "created_at": self.created_at}

    def seat_name(self, seat: int | None) -> str:
        """A seat's display name for event text."""
        if seat is None:
            return "Dealer"
        return self.seats[seat].name or f"Seat {seat + 1}"

    def clients(self) -> list[Client]:
        """Every connected client, seats first."""
        found = [c for s in self.seats for c in s.clients]
        found.extend(self.spectators)
        return found

    # -- messages ------------------------------------------------------------------------
    def state_message(self, seat: int | None) -> dict[str, Any]:
        """The ``state`` message for one seat or a spectator (must hold the lock)."""
        st = self.state
        view: View | None = None
        legal: list[dict[str, str]] = []
        to_act: list[int] = []
        if st is not None:
            view = st.view(seat)
            to_act = list(st.to_act())
            if seat is not None and self.status == PLAYING:
                legal = [{"action": self.game.encode_action(a), "text": st.describe_action(a)}
                         for a in st.legal_actions(seat)]
        deadline = None
        if self.deadline is not None and self.status == PLAYING:
            who, at = self.deadline
            deadline = {"seat": who, "remaining_ms": max(0, int((at - time.monotonic()) * 1000))}
        return {"type": "state", "game_number": self.game_number, "seq": self.seq,
                "status": self.status, "view": view, "legal": legal, "to_act": to_act,
                "deadline": deadline, "time_ms": self.now_ms()}

    def game_over_message(self) -> dict[str, Any]:
        """The ``game_over`` message of the finished game."""
        assert self.state is not None
        won = list(self.state.winners())
        return {"type": "game_over", "game_number": self.game_number, "winners": won,
                "names": [self.seat_name(w) for w in won],
                "returns": list(self.state.returns()),
                "record_url": f"/api/tables/{self.id}/record?game={self.game_number}"}

    def broadcast(self, message: dict[str, Any]) -> None:
        """Send the same message to every client."""
        text = dumps(message)
        for client in self.clients():
            client.send(text)

    def broadcast_table(self) -> None:
        """Send the table info to everyone."""
        self.broadcast({"type": "table", "table": self.info()})

    def broadcast_state(self) -> None:
        """Send each client its own state (views computed once per seat)."""
        for seat in self.seats:
            if seat.clients:
                text = dumps(self.state_message(seat.seat))
                for client in seat.clients:
                    client.send(text)
        if self.spectators:
            text = dumps(self.state_message(None))
            for client in self.spectators:
                client.send(text)

    def table_event(self, text: str, seat: int | None = None) -> None:
        """Broadcast a table happening (join, leave, start, ...)."""
        self.broadcast({"type": "event", "kind": "table", "game_number": self.game_number,
                        "seq": None, "seat": seat, "action": None, "text": text,
                        "time_ms": self.now_ms(), "replay": False})


@dataclass
class HubSettings:
    """Server tunables."""

    bot_delay: float = 0.8
    """Seconds a bot waits before it acts (a natural pause)."""
    max_message_bytes: int = 4096
    rate_per_second: float = 20.0
    rate_burst: float = 40.0
    flood_close_after: int = 200
    hello_timeout: float = 10.0
    bot_factory: Callable[[str, str, int], Bot | None] | None = None
    """Optional ``(game, level, seed) -> bot`` tried before the bot registry (tests use
    it for instant Pigasus bots); returning ``None`` falls back to the registry."""
    skip_broken_tables: bool = False
    """Start even if stored tables no longer replay, leaving them out (they answer 404).
    Off by default: the server refuses to start and names them."""


class BrokenTable(Exception):
    """A stored table whose game cannot be rebuilt; the message names where it breaks."""

    def __init__(self, table_id: str, problem: str) -> None:
        super().__init__(f"table {table_id}: {problem}")
        self.table_id = table_id


class Hub:
    """Every table of the server, their persistence and their bots and timers."""

    def __init__(self, store: Store, settings: HubSettings | None = None) -> None:
        self.store = store
        self.settings = settings or HubSettings()
        self.tables: dict[str, Table] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    # -- start-up and shut-down ----------------------------------------------------------
    async def load(self) -> None:
        """Rebuild every stored table by replaying its current game through the engine.

        Raises :class:`UnusableDatabase` naming the tables that do not replay, unless
        ``settings.skip_broken_tables`` (then they are logged and left out).
        """
        broken = self.restore(await self.store.load_tables())
        if broken and not self.settings.skip_broken_tables:
            self.tables.clear()
            raise UnusableDatabase(broken_tables_message(self.store.url, broken))
        for problem in broken:
            log.error("%s; left out (--skip-broken-tables)", problem)
        for table in self.tables.values():
            async with table.lock:
                self._after_change(table)
        log.info("restored %d tables", len(self.tables))

    def restore(self, stored_tables: list[StoredTable]) -> list[BrokenTable]:
        """Rebuild ``stored_tables`` into :attr:`tables` without starting bots or timers;
        the ones that do not replay are returned instead."""
        broken: list[BrokenTable] = []
        for stored in stored_tables:
            try:
                table = self._rebuild(stored)
            except BrokenTable as exc:
                broken.append(exc)
                continue
            self.tables[table.id] = table
        return broken

    def _rebuild(self, stored: StoredTable) -> Table:
        try:
            game = registry.get(stored.game, stored.ruleset)
            table = Table(stored.id, stored.invite, game, stored.num_seats, stored.options,
                          stored.public, stored.turn_timer, stored.created_at)
        except REPLAY_ERRORS as exc:
            raise BrokenTable(stored.id, f"{stored.game}/{stored.ruleset} cannot be set up: "
                                         f"{exc}") from None
        table.game_number = stored.game_number
        for row in stored.seats:
            if not 0 <= row.seat < len(table.seats):
                raise BrokenTable(stored.id, f"it has a stored seat {row.seat} but only "
                                             f"{len(table.seats)} seats")
            seat = table.seats[row.seat]
            seat.kind, seat.name, seat.token_hash = row.kind, row.name, row.token_hash
            seat.bot_level, seat.ready = row.bot_level, row.ready
        if stored.status == LOBBY:
            table.status = LOBBY
            return table
        current = stored.current
        if current is None:
            raise BrokenTable(stored.id, f"it is {stored.status!r} in game "
                                         f"{stored.game_number}, which is not stored")
        try:
            state = game.new_state(stored.num_seats, current.seed, stored.options)
        except REPLAY_ERRORS as exc:
            raise BrokenTable(stored.id, f"game {current.game_number} cannot be dealt: "
                                         f"{exc}") from None
        table.state = state
        self._attach_realtime(table)
        for expected, step in enumerate(current.actions, 1):
            if step.seq != expected:
                raise BrokenTable(stored.id, f"game {current.game_number} lacks action "
                                             f"{expected} (the next stored is {step.seq})")
            try:
                action = game.decode_action(step.action)
                event = self._event(table, step.seat, action, step.seq, step.time_ms,
                                    step.timeout)
                if table.realtime is not None:
                    table.realtime.replay(action, step.time_ms)
                else:
                    state.apply(action)
            except REPLAY_ERRORS as exc:
                raise BrokenTable(stored.id, f"game {current.game_number} no longer replays: "
                                             f"action {step.seq} {step.action!r} fails: "
                                             f"{exc}") from None
            table.actions.append(step.action)
            table.events.append(event)
        table.seq = len(current.actions)
        last_ms = current.actions[-1].time_ms if current.actions else 0
        table.clock_origin = time.monotonic() - last_ms / 1000
        if stored.status == OVER and not state.is_terminal():
            raise BrokenTable(stored.id, f"game {current.game_number} is stored as over, but "
                                         f"its {len(current.actions)} stored actions do not "
                                         "finish it: actions were lost")
        table.status = OVER if state.is_terminal() else PLAYING
        return table

    async def close(self) -> None:
        """Stop bots and timers and close every client."""
        for table in self.tables.values():
            for task in (table.bot_task, table.timer_task):
                if task is not None:
                    task.cancel()
            if table.realtime is not None:
                table.realtime.stop()
            for client in table.clients():
                client.close(1001, "server shutting down")
        for task in list(self._tasks):
            task.cancel()

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- catalogue -----------------------------------------------------------------------
    @staticmethod
    def catalogue() -> dict[str, Any]:
        """Every game and ruleset with options and bot levels."""
        games = []
        for name in registry.game_names():
            default = registry.get(name)
            entries = []
            for ruleset in registry.rulesets(name):
                game = registry.get(name, ruleset.name)
                entries.append({
                    "name": ruleset.name, "title": ruleset.title, "summary": ruleset.summary,
                    "min_players": ruleset.min_players, "max_players": ruleset.max_players,
                    "default_players": game.default_players, "realtime": ruleset.realtime,
                    "options": [{"name": o.name, "default": _jsonable(o.default), "help": o.help,
                                 "choices": None if o.choices is None
                                 else [_jsonable(c) for c in o.choices]}
                                for o in ruleset.options]})
            games.append({"game": name, "title": default.title,
                          "default_ruleset": default.ruleset.name,
                          "bot_levels": levels_for(name), "rulesets": entries})
        return {"games": games}

    def open_tables(self) -> list[dict[str, Any]]:
        """Public tables in the lobby with a free seat, newest first."""
        found = [t for t in self.tables.values() if t.public and t.status == LOBBY
                 and any(s.kind == EMPTY for s in t.seats)]
        found.sort(key=lambda t: t.created_at, reverse=True)
        return [t.summary() for t in found[:100]]

    # -- lookups -------------------------------------------------------------------------
    def table(self, table_id: str) -> Table:
        """The table, or a 404 :class:`ServerError`."""
        table = self.tables.get(table_id)
        if table is None:
            raise ServerError(404, "not-found", f"there is no table {table_id!r}")
        return table

    @staticmethod
    def seat_of(table: Table, token: str | None) -> int:
        """The seat a token belongs to, or a 401 :class:`ServerError`."""
        if not token:
            raise ServerError(401, "bad-token", "this needs your seat token "
                              "(Authorization: Bearer <token>)")
        digest = hash_token(token)
        for seat in table.seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise ServerError(401, "bad-token", "that seat token is not valid at this table")

    @staticmethod
    def check_invite(table: Table, invite: Any) -> None:
        """Raise a 403 :class:`ServerError` unless ``invite`` is the table's invite."""
        if not isinstance(invite, str) or not secrets.compare_digest(
                invite.encode(), table.invite.encode()):
            raise ServerError(403, "bad-invite", "that invite code is not valid for this table")

    # -- table lifecycle -----------------------------------------------------------------
    async def create_table(self, game_name: Any, ruleset_name: Any, seats: Any, options: Any,
                           name: Any, public: Any, turn_timer: Any,
                           bots: Any) -> tuple[Table, str]:
        """Create a table with the caller in seat 0; returns it and the caller's token."""
        if not isinstance(game_name, str):
            raise ServerError(400, "bad-request", "field 'game' is required and must be text")
        if ruleset_name is not None and not isinstance(ruleset_name, str):
            raise ServerError(400, "bad-request", "field 'ruleset' must be text")
        try:
            game = registry.get(game_name, ruleset_name)
        except SaustallError as exc:
            raise ServerError(400, "unknown-game", str(exc)) from None
        ruleset = game.ruleset
        if seats is None:
            seats = game.default_players
        if not isinstance(seats, int) or isinstance(seats, bool):
            raise ServerError(400, "bad-request", "field 'seats' must be a whole number")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ServerError(400, "bad-request", "field 'options' must be an object")
        try:
            ruleset.check_players(seats)
            resolved = ruleset.resolve_options(options)
            game.new_state(seats, 0, resolved)  # proves the combination deals
        except SaustallError as exc:
            raise ServerError(400, "invalid-option", str(exc)) from None
        player = clean_name(name, "Player 1")
        if public is None:
            public = False
        if not isinstance(public, bool):
            raise ServerError(400, "bad-request", "field 'public' must be true or false")
        if turn_timer is not None:
            if (not isinstance(turn_timer, (int, float)) or isinstance(turn_timer, bool)
                    or not 5 <= turn_timer <= 3600):
                raise ServerError(400, "bad-request",
                                  "field 'turn_timer' must be seconds between 5 and 3600, or null")
            turn_timer = float(turn_timer)
        if bots is None:
            bots = []
        if not isinstance(bots, list) or len(bots) > seats - 1:
            raise ServerError(400, "bad-request",
                              f"field 'bots' must be a list of at most {seats - 1} bot levels")
        levels = levels_for(game.name)
        for level in bots:
            self._check_level(game.name, level, levels)
        table = Table(secrets.token_urlsafe(9), secrets.token_urlsafe(16), game, seats,
                      resolved, public, turn_timer, now_iso())
        token = new_token()
        first = table.seats[0]
        first.kind, first.name, first.token_hash = HUMAN, player, hash_token(token)
        for index, level in enumerate(bots, start=1):
            self._seat_bot(table, table.seats[index], level)
        await self.store.insert_table({
            "id": table.id, "invite": table.invite, "game": game.name, "ruleset": ruleset.name,
            "num_seats": seats, "options": resolved, "public": public,
            "turn_timer": table.turn_timer, "status": LOBBY, "game_number": 1,
            "created_at": table.created_at}, [s.stored() for s in table.seats])
        self.tables[table.id] = table
        return table, token

    @staticmethod
    def _check_level(game: str, level: Any, levels: list[str]) -> None:
        if not isinstance(level, str) or level not in levels:
            raise ServerError(400, "bad-request",
                              f"no bot level {level!r} for {game}; levels: "
                              f"{', '.join(levels) or 'none'}")

    @staticmethod
    def _seat_bot(table: Table, seat: Seat, level: str, name: str | None = None) -> None:
        seat.kind, seat.bot_level, seat.ready, seat.token_hash = BOT, level, True, None
        seat.name = name or f"{level.capitalize()} bot {seat.seat + 1}"
        seat.bot, seat.slow_bot = None, False

    @staticmethod
    def _require(table: Table, status: str, doing: str) -> None:
        if table.status != status:
            raise ServerError(409, "conflict",
                              f"cannot {doing}: the table is {table.status}, not {status}")

    async def join(self, table_id: str, invite: Any, name: Any, seat_no: Any) -> tuple[Table, int, str]:
        """Take a free seat with the invite code; returns the seat and its token."""
        table = self.table(table_id)
        self.check_invite(table, invite)
        async with table.lock:
            self._require(table, LOBBY, "join")
            seat = self._free_seat(table, seat_no)
            player = clean_name(name, f"Player {seat.seat + 1}")
            token = new_token()
            seat.kind, seat.name, seat.token_hash, seat.ready = HUMAN, player, hash_token(token), False
            await self.store.update_seat(table.id, seat.stored())
            table.broadcast_table()
            table.table_event(f"{player} sat down at seat {seat.seat + 1}", seat.seat)
            return table, seat.seat, token

    @staticmethod
    def _free_seat(table: Table, seat_no: Any) -> Seat:
        if seat_no is None:
            for seat in table.seats:
                if seat.kind == EMPTY:
                    return seat
            raise ServerError(409, "conflict", "the table is full")
        if not isinstance(seat_no, int) or isinstance(seat_no, bool) or not (
                0 <= seat_no < table.num_seats):
            raise ServerError(400, "bad-request",
                              f"field 'seat' must be a seat number 0-{table.num_seats - 1}")
        if table.seats[seat_no].kind != EMPTY:
            raise ServerError(409, "conflict", f"seat {seat_no} is taken")
        return table.seats[seat_no]

    async def leave(self, table_id: str, token: str | None) -> Table:
        """Give up a seat: empty in the lobby, handed to a bot during a game."""
        table = self.table(table_id)
        async with table.lock:
            seat = table.seats[self.seat_of(table, token)]
            name = seat.name or ""
            clients = list(seat.clients)
            seat.clients.clear()
            if table.status == PLAYING:
                level = levels_for(table.game.name)[-1]  # the strongest: the others keep a fair game
                self._seat_bot(table, seat, level, name=f"{name} (bot)")
                text = f"{name} left; a bot plays seat {seat.seat + 1}"
            else:
                seat.kind, seat.name, seat.token_hash = EMPTY, None, None
                seat.bot_level, seat.ready, seat.bot = None, False, None
                text = f"{name} left seat {seat.seat + 1}"
            await self.store.update_seat(table.id, seat.stored())
            for client in clients:
                client.close(1000, "you left the table")
            table.broadcast_table()
            table.table_event(text, seat.seat)
            self._after_change(table)
            return table

    async def set_ready(self, table_id: str, token: str | None, ready: Any) -> Table:
        """Mark a seat ready or not in the lobby."""
        if not isinstance(ready, bool):
            raise ServerError(400, "bad-request", "field 'ready' must be true or false")
        table = self.table(table_id)
        async with table.lock:
            seat = table.seats[self.seat_of(table, token)]
            self._require(table, LOBBY, "change readiness")
            seat.ready = ready
            await self.store.update_seat(table.id, seat.stored())
            table.broadcast_table()
            return table

    async def add_bot(self, table_id: str, token: str | None, level: Any, seat_no: Any) -> tuple[Table, int]:
        """Seat a bot of ``level`` in a free seat."""
        table = self.table(table_id)
        async with table.lock:
            self.seat_of(table, token)
            self._require(table, LOBBY, "add a bot")
            self._check_level(table.game.name, level, levels_for(table.game.name))
            seat = self._free_seat(table, seat_no)
            self._seat_bot(table, seat, level)
            await self.store.update_seat(table.id, seat.stored())
            table.broadcast_table()
            table.table_event(f"{seat.name} sat down at seat {seat.seat + 1}", seat.seat)
            return table, seat.seat

    async def remove_bot(self, table_id: str, token: str | None, seat_no: int) -> Table:
        """Take a bot off its seat."""
        table = self.table(table_id)
        async with table.lock:
            self.seat_of(table, token)
            self._require(table, LOBBY, "remove a bot")
            if not 0 <= seat_no < table.num_seats or table.seats[seat_no].kind != BOT:
                raise ServerError(409, "conflict", f"there is no bot in seat {seat_no}")
            seat = table.seats[seat_no]
            name = seat.name
            seat.kind, seat.name, seat.bot_level, seat.ready, seat.bot = EMPTY, None, None, False, None
            await self.store.update_seat(table.id, seat.stored())
            table.broadcast_table()
            table.table_event(f"{name} left seat {seat_no + 1}", seat_no)
            return table

    async def start(self, table_id: str, token: str | None) -> Table:
        """Deal a new game once every seat is filled and every other human is ready."""
        table = self.table(table_id)
        async with table.lock:
            caller = self.seat_of(table, token)
            self._require(table, LOBBY, "start")
            for seat in table.seats:
                if seat.kind == EMPTY:
                    raise ServerError(409, "conflict", f"seat {seat.seat} is empty")
                if seat.kind == HUMAN and not seat.ready and seat.seat != caller:
                    raise ServerError(409, "conflict", f"{seat.name} is not ready")
            seed = secrets.randbits(63)
            state = table.game.new_state(table.num_seats, seed, table.options)
            await self.store.start_game(table.id, table.game_number, seed,
                                        [s.name for s in table.seats], now_iso())
            table.state = state
            table.status = PLAYING
            table.seq = 0
            table.actions = []
            table.events.clear()
            table.clock_origin = time.monotonic()
            self._attach_realtime(table)
            table.broadcast_table()
            table.table_event(f"Game {table.game_number} started")
            self._after_change(table)
            table.broadcast_state()
            return table

    async def rematch(self, table_id: str, token: str | None) -> Table:
        """After a game: back to the lobby with the same seats for the next game."""
        table = self.table(table_id)
        async with table.lock:
            caller = self.seat_of(table, token)
            self._require(table, OVER, "ask for a rematch")
            if table.realtime is not None:
                table.realtime.stop()
                table.realtime = None
            table.game_number += 1
            table.status = LOBBY
            table.state = None
            table.seq = 0
            table.actions = []
            table.events.clear()
            table.deadline = None
            changed = []
            for seat in table.seats:
                if seat.kind == HUMAN:
                    seat.ready = seat.seat == caller
                    changed.append(seat.stored())
            await self.store.update_seats(table.id, changed)
            await self.store.update_table(table.id, status=LOBBY, game_number=table.game_number)
            table.broadcast_table()
            table.table_event(f"{table.seat_name(caller)} asks for a rematch", caller)
            table.broadcast_state()
            return table

    async def record(self, table_id: str, token: str | None, invite: str | None,
                     game_number: int | None) -> GameRecord:
        """The record of a finished game at the table (seat token or invite needed)."""
        table = self.table(table_id)
        if token:
            self.seat_of(table, token)
        else:
            self.check_invite(table, invite)
        number = table.game_number if game_number is None else game_number
        if number == table.game_number and table.status != OVER:
            if table.status == PLAYING:
                raise ServerError(409, "conflict",
                                  "the record is available once the game is over")
            raise ServerError(404, "not-found", f"game {number} has not been played yet")
        if not 1 <= number <= table.game_number:
            raise ServerError(404, "not-found", f"there is no game {number} at this table")
        stored = await self.store.load_game(table.id, number)
        if stored is None:
            raise ServerError(404, "not-found", f"there is no game {number} at this table")
        state = table.game.new_state(table.num_seats, stored.seed, table.options)
        for row in stored.actions:
            state.apply(table.game.decode_action(row.action))
        return GameRecord.from_state(state, meta={
            "table_id": table.id, "game_number": number, "seat_names": stored.seat_names})

    # -- clients -------------------------------------------------------------------------
    async def connect(self, table: Table, client: Client) -> None:
        """Register a client and send it the welcome, table, recent events and state."""
        async with table.lock:
            if client.seat is None:
                table.spectators.add(client)
            else:
                seat = table.seats[client.seat]
                for old in list(seat.clients):
                    old.close(4009, "this seat connected again elsewhere")
                seat.clients.clear()
                seat.clients.add(client)
            client.send({"type": "welcome", "table_id": table.id, "seat": client.seat,
                         "role": "spectator" if client.seat is None else "player",
                         "game_number": table.game_number})
            others = [c for c in table.clients() if c is not client]
            info = dumps({"type": "table", "table": table.info()})
            client.send(info)
            for other in others:
                other.send(info)
            for event in table.events:
                client.send({**event, "replay": True})
            client.send(table.state_message(client.seat))
            if table.status == OVER and table.state is not None:
                client.send(table.game_over_message())

    async def disconnect(self, table: Table, client: Client) -> None:
        """Forget a client; others see the seat disconnected."""
        async with table.lock:
            if client.seat is None:
                table.spectators.discard(client)
            else:
                table.seats[client.seat].clients.discard(client)
            table.broadcast_table()

    async def sync(self, table: Table, client: Client) -> None:
        """Send a client fresh table info and state."""
        async with table.lock:
            client.send({"type": "table", "table": table.info()})
            client.send(table.state_message(client.seat))

    async def act(self, table: Table, client: Client, text: Any, msg_id: Any) -> None:
        """Judge one action sent by a client; errors go to that client only."""
        def error(code: str, message: str, rule: str | None = None) -> None:
            client.send({"type": "error", "code": code, "message": message, "rule": rule,
                         "id": msg_id})

        seat = client.seat
        if seat is None:
            error("spectator", "spectators cannot act")
            return
        if not isinstance(text, str) or not text.strip():
            error("bad-message", "an action message needs 'action': the action's notation")
            return
        action: Action = None
        arrived = table.now_ms()
        if not table.ruleset.realtime:  # real-time actions are stamped under the lock
            try:
                action = table.game.decode_action(text)
            except (SaustallError, ValueError) as exc:
                error("unknown-action", str(exc))
                return
        async with table.lock:
            if client.closed or client not in table.seats[seat].clients:
                return
            state = table.state
            if table.status == OVER:
                error("game-over", "the game is over", "game-over")
                return
            if table.status != PLAYING or state is None:
                error("not-running", "no game is running at this table")
                return
            if table.realtime is not None:
                problem = await table.realtime.submit(seat, text, msg_id, client, arrived)
                if problem is not None:
                    error(*problem)
                return
            if seat in state.to_act() and action in state.legal_actions(seat):
                await self._commit(table, seat, action, client=client, msg_id=msg_id)
                return
            error(*explain(state, action, seat))

    # -- applying actions ----------------------------------------------------------------
    def _event(self, table: Table, seat: int | None, action: Action, seq: int, time_ms: int,
               timeout: bool) -> dict[str, Any]:
        """The public event for ``action``, built before it is applied.

        ``phase`` is the spectator view's ``phase`` at that moment, when the game has one.
        """
        assert table.state is not None
        notation, words = table.state.public_action(action)
        if seat is None:  # a step the server's clock made (e.g. a grab window closing)
            text = f"Time moves on ({time_ms / 1000:.1f} s)"
        else:
            text = f"{table.seat_name(seat)}: {words}"
        if timeout:
            text += " (time ran out)"
        event: dict[str, Any] = {
            "type": "event", "kind": "action", "game_number": table.game_number,
            "seq": seq, "seat": seat, "action": notation,
            "text": text, "time_ms": time_ms, "timeout": timeout, "replay": False}
        phase = table.state.view(None).get("phase")
        if isinstance(phase, str):  # the phase the game was in before this action
            event["phase"] = phase
        return event

    async def _commit(self, table: Table, seat: int | None, action: Action, *,
                      client: Client | None = None, msg_id: Any = None,
                      timeout: bool = False, time_ms: int | None = None,
                      apply: Callable[[], None] | None = None) -> None:
        """Store, apply and announce one legal action (caller holds the lock).

        The action is applied first so that its status change is stored in the same
        write, but nothing is sent until the write is committed; should the write fail,
        the game is rebuilt from the stored actions and the sender gets an error.
        """
        state = table.state
        assert state is not None
        seq = table.seq + 1
        stamp = table.now_ms() if time_ms is None else time_ms
        event = self._event(table, seat, action, seq, stamp, timeout)
        notation = table.game.encode_action(action)
        if apply is None:
            state.apply(action, seat)
        else:
            apply()
        over = state.is_terminal()
        try:
            await self.store.append_action(
                table.id, table.game_number,
                StoredAction(seq=seq, action=notation, seat=seat, time_ms=stamp, timeout=timeout),
                status=OVER if over else None)
        except Exception:
            log.exception("could not store action %s at table %s", notation, table.id)
            self._restore(table)
            if client is not None:
                client.send({"type": "error", "code": "server-error", "rule": None, "id": msg_id,
                             "message": "the server could not store your action; try again"})
            return
        table.seq = seq
        table.actions.append(notation)
        if table.realtime is not None:
            table.realtime.note_change(stamp)
        table.events.append(event)
        if client is not None:
            client.send({"type": "ack", "id": msg_id, "seq": seq})
        table.broadcast(event)
        if over:
            table.status = OVER
            table.deadline = None
            if table.realtime is not None:
                table.realtime.stop()
            table.broadcast_table()
        self._after_change(table)
        table.broadcast_state()
        if over:
            table.broadcast(table.game_over_message())

    def _restore(self, table: Table) -> None:
        """Rebuild the live game from the actions known to be stored."""
        assert table.state is not None
        state = table.game.new_state(table.num_seats, table.state.seed, table.options)
        for notation in table.actions:
            state.apply(table.game.decode_action(notation))
        table.state = state

    def _attach_realtime(self, table: Table) -> None:
        if table.ruleset.realtime and table.state is not None:
            table.realtime = realtime_driver(self, table)

    # -- bots and timers -----------------------------------------------------------------
    def _after_change(self, table: Table) -> None:
        """Start bots and turn timers as the new position needs (caller holds the lock)."""
        state = table.state
        current = asyncio.current_task()
        if table.timer_task is not None and table.timer_task is not current:
            table.timer_task.cancel()
        table.timer_task = None
        table.deadline = None
        if table.status != PLAYING or state is None or state.is_terminal():
            return
        if table.realtime is not None:
            table.realtime.wake()
            return
        acting = state.to_act()
        if any(table.seats[s].kind == BOT for s in acting):
            if table.bot_task is None or table.bot_task.done():
                table.bot_task = self._spawn(self._bot_loop(table))
        if table.turn_timer is not None:
            humans = [s for s in acting if table.seats[s].kind == HUMAN]
            if humans:
                seat = humans[0]
                table.deadline = (seat, time.monotonic() + table.turn_timer)
                table.timer_task = self._spawn(self._timer(
                    table, seat, table.game_number, table.seq, table.turn_timer))

    def bot_for(self, table: Table, seat: Seat) -> Bot:
        """The seat's bot, created on first use with its own random seed."""
        if seat.bot is None:
            level = seat.bot_level or FirstLegalBot.name
            factory = self.settings.bot_factory
            custom = factory(table.game.name, level, secrets.randbits(32)) if factory else None
            if custom is not None:
                seat.bot = custom
            elif level in bot_levels(table.game.name):
                seat.bot = make_bot(table.game.name, level, secrets.randbits(32))
            elif level == RandomBot.name:
                seat.bot = RandomBot(secrets.randbits(32))
            else:
                seat.bot = FirstLegalBot()
        return seat.bot

    async def _bot_loop(self, table: Table) -> None:
        """Let the bots to act play, one action at a time, each after the natural pause."""
        while True:
            state = table.state
            if table.status != PLAYING or state is None:
                return
            bots = [s for s in state.to_act() if table.seats[s].kind == BOT]
            if not bots:
                return
            await asyncio.sleep(self.settings.bot_delay)
            async with table.lock:
                state = table.state
                if table.status != PLAYING or state is None:
                    return
                bots = [s for s in state.to_act() if table.seats[s].kind == BOT]
                if not bots:
                    return
                seat_no = bots[0]
                view = state.view(seat_no)
                legal = state.legal_actions(seat_no)
                seq, number = table.seq, table.game_number
            seat = table.seats[seat_no]
            bot = self.bot_for(table, seat)
            if seat.slow_bot:  # a bot that thinks long thinks in a thread, not in the loop
                action = await asyncio.to_thread(bot.choose, view, legal)
            else:
                started = time.perf_counter()
                action = bot.choose(view, legal)
                seat.slow_bot = time.perf_counter() - started > SLOW_BOT_SECONDS
            async with table.lock:
                state = table.state
                if (table.status != PLAYING or state is None or table.seq != seq
                        or table.game_number != number or table.seats[seat_no].kind != BOT):
                    continue
                if action not in legal:
                    log.error("bot %s chose an illegal action %r", bot.name, action)
                    action = legal[0]
                await self._commit(table, seat_no, action)

    async def _timer(self, table: Table, seat: int, number: int, seq: int, seconds: float) -> None:
        """Play the first legal action for a seat whose turn timer runs out."""
        await asyncio.sleep(seconds)
        async with table.lock:
            state = table.state
            if (table.status != PLAYING or state is None or table.game_number != number
                    or table.seq != seq or seat not in state.to_act()):
                return
            legal = state.legal_actions(seat)
            if legal:
                await self._commit(table, seat, legal[0], timeout=True)


def explain(state: GameState, action: Action, seat: int) -> tuple[str, str, str | None]:
    """The error code, message and rule for an action that is not legal for ``seat``."""
    try:
        state.clone().apply(action, seat)
    except GameOverError as exc:
        return "game-over", str(exc.args[0]), exc.rule
    except NotYourTurnError:
        return "not-your-turn", "it is not your move", "turn-order"
    except IllegalActionError as exc:
        return "illegal-action", str(exc.args[0]), exc.rule
    except (SaustallError, ValueError) as exc:
        return "unknown-action", str(exc), None
    return "illegal-action", "that action is not allowed now", None


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def broken_tables_message(url: str, broken: Sequence[BrokenTable], limit: int = 10) -> str:
    """Why the server will not start on ``url`` and what the operator can do."""
    where = make_url(url).render_as_string(hide_password=True)
    lines = [f"{len(broken)} stored table(s) in {where} can no longer be rebuilt:"]
    lines += [f"  - {problem}" for problem in broken[:limit]]
    if len(broken) > limit:
        lines.append(f"  - ... and {len(broken) - limit} more (`saustall db check` lists all)")
    lines.append("The server refuses to start so that these games are not silently dropped. "
                 "Run `saustall db check --database URL` for the full report, then restore a "
                 "backup (see `saustall db backup`), run the Saustall version that stored "
                 "these games, or start with --skip-broken-tables to leave them out (their "
                 "players will find no table).")
    return "\n".join(lines)
