"""Tables, seats and clients as the server holds them in memory.

A :class:`Table` has one :class:`asyncio.Lock`; everything that reads or changes its
game happens under it (the :class:`~saustall.server.tables.Hub` takes it). Clients are
:class:`Client` objects with an outgoing queue that the WebSocket layer drains. What a
client receives about a game is only ever ``GameState.view(seat)`` (or the spectator
view), its own legal actions, and public events.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Sequence

import orjson

from saustall.bots.base import Bot
from saustall.core.errors import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    SaustallError,
)
from saustall.core.game import Action, Game, GameState, Ruleset, View
from saustall.server.db import StoredSeat
from saustall.server.realtime import RealtimeDriver

LOBBY, PLAYING, OVER = "lobby", "playing", "over"
EMPTY, HUMAN, BOT = "empty", "human", "bot"
EVENT_BACKLOG = 100
MAX_NAME = 32
STAND_IN_SUFFIX = " (bot)"
CHAT_BACKLOG = 100
"""Chat messages a table keeps (in memory only), sent again to whoever connects."""
TABLE_EVENT_BACKLOG = 30
"""Table events (joined, left, started, ...) a table keeps in memory, sent again to whoever
connects: a page whose socket opens after someone sat down still shows the line."""
"""Chat messages a table keeps (in memory only), sent again to whoever connects."""
# Table events: a ``code`` with ``params`` that each page words in its own language, and
# this English ``text`` for clients that show the server's words as they are.
TABLE_EVENT_TEXT = {
    "joined": "{name} sat down at seat {number}",
    "left": "{name} left seat {number}",
    "replaced": "{name} left; a bot plays seat {number}",
    "started": "Game {game} started",
    "rematch": "{name} asks for a rematch",
}


def bot_name(level: str, seat: int) -> str:
    """The name the server gives a bot of ``level`` seated in ``seat`` (0-based)."""
    return f"{level.capitalize()} bot {seat + 1}"


def stand_in_name(name: str) -> str:
    """The name of the bot that plays on for ``name`` after they left a running game."""
    return f"{name}{STAND_IN_SUFFIX}"


def name_label(kind: str, name: str | None, bot_level: str | None, seat: int) -> dict[str, Any]:
    """A seat's name as data a page can word in its own language.

    Always ``{"name": <the name as stored>}``; a bot the server named also has
    ``"bot": <level>, "number": <seat, 1-based>``, and a bot playing on for someone who
    left has ``"stand_in_for": <their name>``. People's names are never interpreted.
    """
    label: dict[str, Any] = {"name": name}
    if kind != BOT or name is None or bot_level is None:
        return label
    if name == bot_name(bot_level, seat):
        label.update(bot=bot_level, number=seat + 1)
    elif name.endswith(STAND_IN_SUFFIX) and len(name) > len(STAND_IN_SUFFIX):
        label["stand_in_for"] = name[:-len(STAND_IN_SUFFIX)]
    return label


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
    """Compact JSON for the wire (no spaces, text as written).

    orjson writes exactly what ``json.dumps(separators=(",", ":"), ensure_ascii=False)``
    does, several times faster: every state a client receives passes here. The standard
    library stays for what orjson refuses (integers beyond 64 bits)."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
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


def not_seated(msg_id: Any) -> dict[str, Any]:
    """The ``error`` for a message from a client whose seat was given up meanwhile."""
    return {"type": "error", "code": "not-seated", "rule": None, "id": msg_id,
            "message": "you are no longer seated at this table (you left, or the seat "
                       "was given to someone else); nothing was played"}


LEFT_CLOSE = (1000, "you left the table")
"""The close code and reason of a socket whose seat was given up (after its linger)."""


class Client:
    """One WebSocket client: its seat (``None`` for a spectator) and outgoing queue.

    ``key`` is the digest (:func:`hash_token`) of the seat token it said hello with: an
    action is judged for the seat only while the seat still has that token.
    """

    QUEUE_LIMIT = 2000

    def __init__(self, seat: int | None, key: str | None = None) -> None:
        self.seat = seat
        self.key = key
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self.closed = False
        self.spectator_number: int | None = None
        """A spectator's number at the table (1, 2, ...): names it in chat."""
        self.left = False
        """The seat was given up while this socket was open (see :meth:`vacate`)."""
        self._linger: asyncio.TimerHandle | None = None

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
        if self._linger is not None:
            self._linger.cancel()
            self._linger = None
        if not self.closed:
            self.closed = True
            self.queue.put_nowait((code, reason))

    def vacate(self, linger_seconds: float) -> None:
        """The seat is no longer this client's (it left, or the seat changed hands).

        The socket is not closed at once: actions the client sent before it heard of
        it may still be on their way, and each must be answered (``not-seated``). It
        is told with a ``left`` message and closed after ``linger_seconds`` (sooner
        if the client closes it first).
        """
        if self.closed or self.left:
            return
        self.left = True
        self.send({"type": "left", "seat": self.seat, "linger_ms": int(linger_seconds * 1000),
                   "message": "you left this table (or your seat was given to someone "
                              "else); actions are no longer played for you"})
        self._linger = asyncio.get_running_loop().call_later(
            linger_seconds, self.close, *LEFT_CLOSE)


class FirstLegalBot:
    """Plays the first legal action: the fallback for games without registered bots."""

    name = "first-legal"
    reads_view = False
    thinks_instantly = True

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The first legal action."""
        return legal[0]


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
    clients: set[Client] = field(default_factory=set)

    def stored(self) -> StoredSeat:
        """The seat's database row."""
        return StoredSeat(seat=self.seat, kind=self.kind, name=self.name,
                          token_hash=self.token_hash, bot_level=self.bot_level, ready=self.ready)

    def info(self, connected_elsewhere: bool = False) -> dict[str, Any]:
        """Public facts about the seat (``connected_elsewhere``: it has a socket on
        another server process of a cluster)."""
        return {"seat": self.seat, "kind": self.kind, "name": self.name,
                "ready": self.ready if self.kind != EMPTY else False,
                "connected": self.kind == BOT or bool(self.clients) or (
                    connected_elsewhere and self.kind == HUMAN),
                "bot_level": self.bot_level if self.kind == BOT else None,
                "label": self.label()}

    def label(self) -> dict[str, Any]:
        """The seat's name as data a page can word (see :func:`name_label`)."""
        return name_label(self.kind, self.name, self.bot_level, self.seat)


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
        self.table_events: deque[tuple[float, dict[str, Any]]] = deque(
            maxlen=TABLE_EVENT_BACKLOG)
        """The table's recent table events (public: names and seat numbers, never a
        token or a card) with the monotonic time they came, sent again on connect."""
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_BACKLOG)
        """The table's recent chat messages (stored with the table, never in a game record)."""
        self.chat_seq = 0
        self.spectators_seen = 0
        """Spectators that connected here so far (each gets the next number)."""
        self.spectator_chat = False
        """Whether spectators may write in the chat (they may always read it)."""
        self.lock = asyncio.Lock()
        self.clock_origin = time.monotonic()
        self.bot_task: asyncio.Task[None] | None = None
        self.timer_task: asyncio.Task[None] | None = None
        self.deadline: tuple[int, float] | None = None  # (seat, monotonic time)
        self.realtime: RealtimeDriver | None = None
        self.source: str | None = None
        """The address that created the table (``None`` once restored after a restart)."""
        self.last_active = time.monotonic()
        self.finished_at: float | None = None
        self.spectators_sent = 0
        """The spectator count the clients last heard."""
        self.spectator_update: asyncio.TimerHandle | None = None
        self.owned = True
        """False where the table is only mirrored: another server process decides its
        actions (see :mod:`saustall.server.cluster`); always True on a single server."""
        self.on_change: Callable[[str, dict[str, Any] | None], None] | None = None
        """In a cluster: told of every table change (``"t"``) and table event (``"e"``)
        the owner broadcasts, so the other processes hear of it too."""
        self.elsewhere: dict[str, frozenset[int]] = {}
        """In a cluster: the seats with an open socket on each other server process, as
        that process announced them (see :mod:`saustall.server.cluster`)."""
        self.spectators_elsewhere: dict[str, int] = {}
        """In a cluster: the spectators on each other server process, as it announced."""
        self.announced: tuple[frozenset[int], int] = (frozenset(), 0)
        """In a cluster: the seats with a socket here and the spectators here, as last
        announced to the others."""
        self.on_spectators: Callable[[], None] | None = None
        """In a cluster: told when the spectator count here is sent (coalesced), so the
        other processes hear it too."""
        self.heard_deadline: tuple[int, int, tuple[int, float] | None] | None = None
        """On a mirror: the owner's turn timer as last heard, ``(game_number, seq,
        (seat, monotonic deadline here) or None)``; it holds while the mirror is at that
        game and seq."""

    # -- clock ---------------------------------------------------------------------------
    def now_ms(self) -> int:
        """Milliseconds since the current game started, on the server's monotonic clock."""
        return int((time.monotonic() - self.clock_origin) * 1000)

    def touch(self) -> None:
        """Something happened at the table: it is not abandoned."""
        self.last_active = time.monotonic()

    def humans_connected(self) -> bool:
        """Whether any seat has an open socket (here, or on another server process)."""
        return any(seat.clients for seat in self.seats) or any(self.elsewhere.values())

    def spectator_count(self) -> int:
        """Spectators here and (in a cluster) on the other server processes."""
        return len(self.spectators) + sum(self.spectators_elsewhere.values())

    def seats_connected_here(self) -> frozenset[int]:
        """The seats with an open socket on this process."""
        return frozenset(seat.seat for seat in self.seats if seat.clients)

    # -- descriptions --------------------------------------------------------------------
    def winners(self) -> list[int] | None:
        """The last game's winners once it is over."""
        if self.status == OVER and self.state is not None:
            return list(self.state.winners())
        return None

    def turn(self) -> list[int]:
        """The seats whose move it is in a running turn-based game (empty otherwise: in
        a real-time game everyone may act at any moment). Public: every spectator sees it."""
        if self.status != PLAYING or self.state is None or self.ruleset.realtime:
            return []
        return list(self.state.to_act())

    def info(self) -> dict[str, Any]:
        """Public table info (never tokens, never the invite)."""
        elsewhere = frozenset().union(*self.elsewhere.values()) if self.elsewhere else ()
        return {
            "table_id": self.id, "game": self.game.name, "ruleset": self.ruleset.name,
            "title": self.ruleset.title, "options": self.ruleset.public_options(self.options),
            "status": self.status,
            "public": self.public, "realtime": self.ruleset.realtime,
            "turn_timer": self.turn_timer, "game_number": self.game_number,
            "spectators": self.spectator_count(), "winners": self.winners(),
            "created_at": self.created_at, "spectator_chat": self.spectator_chat,
            "seats": [s.info(s.seat in elsewhere) for s in self.seats],
        }

    def summary(self) -> dict[str, Any]:
        """An entry of the open-tables list."""
        return {"table_id": self.id, "invite": self.invite, "game": self.game.name,
                "ruleset": self.ruleset.name, "title": self.ruleset.title,
                "seats": self.num_seats,
                "free_seats": sum(1 for s in self.seats if s.kind == EMPTY),
                "players": [s.name for s in self.seats if s.kind != EMPTY],
                "labels": [s.label() for s in self.seats if s.kind != EMPTY],
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

    def broadcast_table(self, stored: bool = True) -> None:
        """Send the table info to everyone (a change worth it: seats, status, ...).

        ``stored``: the change is in the database, so in a cluster the owner tells the
        other processes to read it; False for who is connected, which the cluster
        announces on its own (it is not stored).
        """
        self.touch()
        self.spectators_sent = self.spectator_count()
        self.broadcast({"type": "table", "table": self.info()})
        if stored and self.on_change is not None and self.owned:
            self.on_change("t", None)

    def spectators_changed(self, delay: float) -> None:
        """A spectator came or went (here or, in a cluster, on another process): tell
        everyone the count within ``delay`` seconds.

        Joins and leaves in between are coalesced into one small ``spectators`` message,
        so a crowd arriving costs each client one message per ``delay``, not one per
        newcomer.
        """
        if self.spectator_update is None:
            self.spectator_update = asyncio.get_running_loop().call_later(
                delay, self._send_spectator_count)

    def _send_spectator_count(self) -> None:
        self.spectator_update = None
        if self.on_spectators is not None:
            self.on_spectators()
        count = self.spectator_count()
        if count != self.spectators_sent:
            self.spectators_sent = count
            self.broadcast({"type": "spectators", "count": count})

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

    def table_event(self, code: str, seat: int | None = None,
                    who: dict[str, Any] | None = None, **params: Any) -> None:
        """Broadcast a table happening (join, leave, start, ...) as ``code`` and ``params``.

        ``who`` is the name the seat had when it happened (see :func:`name_label`), so a
        log line keeps it after the seat changes hands; ``params`` also gets ``number``
        (the seat, 1-based) when there is a seat. ``text`` is the same in English.
        """
        values: dict[str, Any] = dict(params)
        if seat is not None:
            values["number"] = seat + 1
        if who is not None:
            values["who"] = who
        text = TABLE_EVENT_TEXT[code].format(name=(who or {}).get("name") or "", **values)
        event = {"type": "event", "kind": "table", "game_number": self.game_number,
                 "seq": None, "seat": seat, "action": None, "code": code,
                 "params": values, "text": text, "time_ms": self.now_ms(), "replay": False}
        self.heard_event(event)
        if self.on_change is not None and self.owned:
            self.on_change("e", event)

    def heard_event(self, event: dict[str, Any]) -> None:
        """Keep a table event (made here, or by the owner in a cluster) for whoever
        connects later, and send it to everyone."""
        self.table_events.append((time.monotonic(), event))
        self.broadcast(event)

    def backlog(self) -> list[dict[str, Any]]:
        """The recent table events and the current game's action events, in the order
        they happened (an action's time counts from the game's start)."""
        actions = [(self.clock_origin + event["time_ms"] / 1000, event)
                   for event in self.events]
        return [event for _, event in sorted((*self.table_events, *actions),
                                             key=lambda pair: pair[0])]

    def action_event(self, seat: int | None, action: Action, seq: int, time_ms: int,
                     timeout: bool) -> dict[str, Any]:
        """The public event for ``action``, built before it is applied.

        ``phase`` is the spectator view's ``phase`` at that moment, when the game has one.
        """
        assert self.state is not None
        notation, words = self.state.public_action(action)
        if seat is None:  # a step the server's clock made (e.g. a grab window closing)
            text = f"Time moves on ({time_ms / 1000:.1f} s)"
        else:
            text = f"{self.seat_name(seat)}: {words}"
        if timeout:
            text += " (time ran out)"
        event: dict[str, Any] = {
            "type": "event", "kind": "action", "game_number": self.game_number,
            "seq": seq, "seat": seat, "action": notation,
            "text": text, "time_ms": time_ms, "timeout": timeout, "replay": False}
        if seat is not None:  # the name the seat had then: log lines keep it
            event["who"] = self.seats[seat].label()
        phase = self.state.public_phase()
        if phase is not None:  # the phase the game was in before this action
            event["phase"] = phase
        return event
