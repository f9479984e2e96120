"""The server's game logic, independent of HTTP: the :class:`Hub` of every table.

The tables, seats and clients themselves are in :mod:`saustall.server.model` (and
re-exported here). Each :class:`Table` has one :class:`asyncio.Lock`;
everything that reads or changes a table's game happens under it, so actions are judged
one at a time in arrival order. An action is made durable in the database before anyone
hears of it (see :meth:`Hub.commit`). Clients are :class:`Client` objects with an
outgoing queue; the WebSocket layer in :mod:`saustall.server.app` drains it.

The hub is made of parts in their own modules: its tunables (:mod:`~saustall.server.settings`),
rebuilding tables from the database (:mod:`~saustall.server.restore`), the bots' turns
(:mod:`~saustall.server.bot_driver`, thinking in :mod:`~saustall.server.bot_workers`),
real-time games (:mod:`~saustall.server.realtime`), letting tables go
(:mod:`~saustall.server.retention`), records of finished games
(:mod:`~saustall.server.records`) and the lobby's table lifecycle: create, join, leave,
ready, bots, start and rematch (:mod:`~saustall.server.lifecycle`).

What a client receives about a game is only ever ``GameState.view(seat)`` (or the
spectator view), its own legal actions, and public events. The seed lives in the
database and in the engine, never in a message.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any, Callable

from saustall.bots.base import Bot
from saustall.core.errors import SaustallError
from saustall.core.game import Action
from saustall.core.record import GameRecord
from saustall.server.bot_driver import BotDriver
from saustall.server.bot_workers import BotWorkers
from saustall.server.db import StoredAction, StoredTable, Store, UnusableDatabase
from saustall.server import retention
from saustall.server.cluster import Cluster
from saustall.server.lease import log_failed_write
from saustall.server.chat import ChatRefused, chat_message, store_and_spread
from saustall.server.catalogue import catalogue, levels_for
from saustall.server.lifecycle import TableLifecycle
from saustall.server.limits import SourceLimits
from saustall.server.metrics import Metrics
from saustall.server.model import (
    BOT,
    EMPTY,
    HUMAN,
    LOBBY,
    OVER,
    PLAYING,
    Client,
    Seat,
    ServerError,
    Table,
    dumps,
    explain,
    hash_token,
    not_seated,
    now_iso,
)
from saustall.server.realtime import realtime_driver
from saustall.server.records import finished_game_record
from saustall.server.replays import ReplayDesk
from saustall.server.restore import (
    REPLAY_ERRORS,
    BrokenTable,
    broken_tables_message,
    rebuild_table,
    replay_stored_actions,
)
from saustall.server.settings import HubSettings

__all__ = ["REPLAY_ERRORS", "BrokenTable", "Client", "Hub", "HubSettings", "Seat",
           "ServerError", "Table", "broken_tables_message", "dumps", "explain", "levels_for"]

log = logging.getLogger("saustall.server")


class Hub(TableLifecycle):
    """Every table of the server, their persistence and their bots and timers."""

    def __init__(self, store: Store, settings: HubSettings | None = None) -> None:
        self.store = store
        self.settings = settings or HubSettings()
        self.tables: dict[str, Table] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.sources = SourceLimits(self.settings.limits)
        self.bot_workers = BotWorkers(self.settings.bot_workers)
        self.bots = BotDriver(self.settings, self.bot_workers, self.commit)
        self.replays = ReplayDesk(self.bot_workers, self.settings)
        """Replays and analyses of finished games (:mod:`saustall.server.replays`)."""
        self.metrics = Metrics()
        self.metrics.watch(self)
        self.closing = False
        """Set once shutting down (readiness then says no)."""
        self.cluster: Cluster | None = None
        """Set when several processes share the database (PostgreSQL, see
        :mod:`saustall.server.cluster`): then each table lives where its lease is."""

    # -- start-up and shut-down ----------------------------------------------------------
    async def load(self) -> None:
        """Rebuild every live table (lobby or playing) by replaying its current game
        through the engine, and start letting finished and abandoned tables go.

        Raises :class:`UnusableDatabase` naming the tables that do not replay, unless
        ``settings.skip_broken_tables`` (then they are logged and left out). In a cluster
        nothing is loaded up front: tables come on demand or when their owner died.
        """
        if self.settings.clustered(self.store.url):
            self.cluster = Cluster(self, self.settings.lease_seconds)
            await self.cluster.start()
            self._spawn(retention.sweep_loop(self))
            self._spawn(self._start_bot_workers())
            return
        broken = self.restore(await self.store.load_tables(statuses=(LOBBY, PLAYING)))
        if broken and not self.settings.skip_broken_tables:
            self.tables.clear()
            raise UnusableDatabase(broken_tables_message(self.store.url, broken))
        for problem in broken:
            log.error("%s; left out (--skip-broken-tables)", problem)
        for table in self.tables.values():
            async with table.lock:
                self.after_change(table)
        log.info("restored %d tables", len(self.tables))
        self._spawn(retention.sweep_loop(self))
        self._spawn(self._start_bot_workers())

    def restore(self, stored_tables: list[StoredTable]) -> list[BrokenTable]:
        """Rebuild ``stored_tables`` into :attr:`tables` without starting bots or timers;
        the ones that do not replay are returned instead."""
        broken: list[BrokenTable] = []
        for stored in stored_tables:
            try:
                table = rebuild_table(stored, self.attach_realtime)
            except BrokenTable as exc:
                broken.append(exc)
                continue
            self.tables[table.id] = table
        return broken

    async def close(self) -> None:
        """Stop bots and timers and close every client; in a cluster, hand the tables
        over (their leases end now, so other processes take them at once)."""
        self.closing = True
        for table in self.tables.values():
            for task in (table.bot_task, table.timer_task):
                if task is not None:
                    task.cancel()
            if table.realtime is not None:
                table.realtime.stop()
            if table.spectator_update is not None:
                table.spectator_update.cancel()
            for client in table.clients():
                client.close(1001, "server shutting down")
        if self.cluster is not None:  # hand the tables over at once
            await self.cluster.close()
        for task in list(self._tasks):
            task.cancel()
        self.replays.close()
        await self.bot_workers.close()

    async def _start_bot_workers(self) -> None:
        """Start the bots' worker processes now, not when the first bot thinks."""
        try:
            await self.bot_workers.start()
        except RuntimeError:  # shut down before they started
            pass
        except Exception:  # the first decision tries again
            log.exception("could not start the bot workers")

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def ready(self) -> bool:
        """Whether this process takes clients now (loaded, not shutting down)."""
        return not self.closing and (self.cluster is None or self.cluster.ready)

    # -- catalogue -----------------------------------------------------------------------
    @staticmethod
    def catalogue() -> dict[str, Any]:
        """Every game and ruleset with options and bot levels."""
        return catalogue()

    async def open_tables(self) -> list[dict[str, Any]]:
        """Public tables in the lobby with a free seat, newest first (in a cluster: of
        every process, from the database)."""
        if self.cluster is not None:
            return await self.cluster.open_tables()
        found = [t for t in self.tables.values() if t.public and t.status == LOBBY
                 and any(s.kind == EMPTY for s in t.seats)]
        found.sort(key=lambda t: t.created_at, reverse=True)
        return [t.summary() for t in found[:100]]

    # -- lookups -------------------------------------------------------------------------
    async def table(self, table_id: str) -> Table:
        """The table, or a 404 :class:`ServerError`.

        A finished table that was let go (or not loaded at start-up) comes back from the
        database on demand, for a look at the result or a rematch.
        """
        table = self.tables.get(table_id)
        if table is None and self.cluster is not None:
            return await self.cluster.load(table_id)
        if table is None:
            stored = await self.store.load_table(table_id, with_game=True)
            table = self.tables.get(table_id)  # someone else may have restored it meanwhile
            if table is None and stored is not None and stored.status == OVER:
                try:
                    table = rebuild_table(stored, self.attach_realtime)
                except BrokenTable as exc:
                    log.error("%s", exc)
                    raise ServerError(503, "table-unavailable",
                                      f"table {table_id!r} is stored but can no longer be "
                                      "rebuilt; the server's operator can run "
                                      "`saustall db check` to see why") from None
                self.tables[table.id] = table
        if table is None:
            raise ServerError(404, "not-found", f"there is no open table {table_id!r}")
        return table

    @staticmethod
    def seat_of(table: Table, token: str | None) -> int:
        """The seat a token belongs to, or a 401 :class:`ServerError`."""
        return Hub.seat_of_key(table, hash_token(token) if token else None)

    @staticmethod
    def seat_of_key(table: Table, digest: str | None) -> int:
        """:meth:`seat_of` for the token's digest (:func:`hash_token`), all that lobby
        requests carry (see :mod:`saustall.server.operations`)."""
        if not digest:
            raise ServerError(401, "bad-token", "this needs your seat token "
                              "(Authorization: Bearer <token>)")
        for seat in table.seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise ServerError(401, "bad-token", "that seat token is not valid at this table")

    async def seat_for(self, table: Table, key: str | None) -> int:
        """:meth:`seat_of_key` for the digest ``key`` of a seat token (:func:`hash_token`,
        made once by the caller, which keeps it); a mirror first catches up with seats
        taken just now elsewhere."""
        try:
            return self.seat_of_key(table, key)
        except ServerError:
            if self.cluster is None or table.owned:
                raise
        await self.cluster.reload(table)
        return self.seat_of_key(table, key)

    @staticmethod
    def check_invite(table: Table, invite: Any) -> None:
        """Raise a 403 :class:`ServerError` unless ``invite`` is the table's invite."""
        if not isinstance(invite, str) or not secrets.compare_digest(
                invite.encode(), table.invite.encode()):
            raise ServerError(403, "bad-invite", "that invite code is not valid for this table")

    async def record(self, table_id: str, token: str | None, invite: str | None,
                     game_number: int | None) -> GameRecord:
        """The record of a finished game at the table (seat token or invite needed); see
        :func:`saustall.server.records.finished_game_record`."""
        return await finished_game_record(self, table_id, token, invite, game_number)

    # -- clients -------------------------------------------------------------------------
    async def connect(self, table: Table, client: Client) -> None:
        """Register a client and send it the welcome, table, recent events and state."""
        async with table.lock:
            if client.seat is None:
                cap = self.settings.limits.spectators_per_table
                if cap and len(table.spectators) >= cap:
                    raise ServerError(429, "too-many-spectators",
                                      f"this table has its {cap} spectators already")
                table.spectators.add(client)
                table.spectators_seen += 1
                client.spectator_number = table.spectators_seen
                table.spectators_changed(self.settings.limits.spectator_update_seconds)
            else:
                seat = table.seats[client.seat]
                for old in list(seat.clients):
                    old.close(4009, "this seat connected again elsewhere")
                seat.clients.clear()
                seat.clients.add(client)
            client.send({"type": "welcome", "table_id": table.id, "seat": client.seat,
                         "role": "spectator" if client.seat is None else "player",
                         "game_number": table.game_number})
            if client.seat is None:  # the others hear the new count, coalesced
                client.send({"type": "table", "table": table.info()})
            else:  # the seat shows as connected to everyone, on every process
                self._sockets_changed(table)
            for event in table.backlog():  # who sat down, left, ... and the game's moves
                client.send({**event, "replay": True})
            for said in table.chat:
                client.send({**said, "replay": True})
            client.send(table.state_message(client.seat))
            if table.status == OVER and table.state is not None:
                client.send(table.game_over_message())

    async def disconnect(self, table: Table, client: Client) -> None:
        """Forget a client; others see the seat disconnected (or, coalesced, the
        spectator count drop)."""
        async with table.lock:
            if client.seat is None:
                if client in table.spectators:
                    table.spectators.discard(client)
                    table.spectators_changed(self.settings.limits.spectator_update_seconds)
            elif client in table.seats[client.seat].clients:
                table.seats[client.seat].clients.discard(client)
                self._sockets_changed(table)

    def _sockets_changed(self, table: Table) -> None:
        """A seat's socket opened or closed: everyone sees it (not stored: in a cluster
        the other processes hear it from :meth:`Cluster.presence_changed`)."""
        table.broadcast_table(stored=False)
        if self.cluster is not None:
            self.cluster.presence_changed(table)

    async def sync(self, table: Table, client: Client, msg_id: Any = None) -> None:
        """Send a client fresh table info and state (not to one whose seat was given up:
        the seat's view is no longer its to see)."""
        if client.left:
            client.send(not_seated(msg_id))
            return
        async with table.lock:
            client.send({"type": "table", "table": table.info()})
            client.send(table.state_message(client.seat))

    def chat(self, table: Table, client: Client, data: dict[str, Any], msg_id: Any) -> None:
        """Pass on one chat message to everyone at the table, keeping it with the table's
        recent chat (:mod:`saustall.server.chat`); a refusal goes to the sender only.
        Nothing here waits, so a message and the history a connecting client gets never
        interleave."""
        if client.left:
            client.send(not_seated(msg_id))
            return
        try:
            message = chat_message(table, client, data, now_iso())
        except ChatRefused as refused:
            client.send({"type": "error", "code": refused.code, "message": str(refused),
                         "rule": None, "id": msg_id})
            return
        table.chat.append(message)
        table.broadcast(message)
        store_and_spread(table, message, self.store, self.cluster)

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
        if client.left:
            client.send(not_seated(msg_id))
            return
        if not table.owned and self.cluster is not None:  # the owner judges it
            answers = await self.cluster.forwarder.forward_act(table.id, seat, text, msg_id,
                                                               client.key)
            if answers is not None:
                for message in answers:
                    client.send(message)
                return
            table = self.tables.get(table.id, table)  # no other owner: judged here
        await self.judge(table, seat, text, msg_id, client)

    async def judge(self, table: Table, seat: int, text: str, msg_id: Any,
                    client: Client) -> None:
        """Judge a seat's action at an owned table; the ack or error goes to ``client``
        (for an action forwarded from another process: a stand-in that collects it).

        Every action is answered exactly once: an ``ack`` once stored and applied, else
        an ``error``; one judged after its seat was given up gets ``not-seated``. Only
        a client whose socket is already closed hears nothing (nothing is played).
        """
        def error(code: str, message: str, rule: str | None = None) -> None:
            client.send({"type": "error", "code": code, "message": message, "rule": rule,
                         "id": msg_id})

        action: Action = None
        arrived = table.now_ms()
        if not table.ruleset.realtime:  # real-time actions are stamped under the lock
            try:
                action = table.game.decode_action(text)
            except (SaustallError, ValueError) as exc:
                error("unknown-action", str(exc))
                return
        async with table.lock:
            if not table.owned:  # taken over meanwhile
                error("server-error", "the table moved to another server process; try again")
                return
            if client.closed:  # its socket is gone: nobody to answer, nothing is played
                return
            if client.left or table.seats[seat].token_hash != client.key:
                client.send(not_seated(msg_id))  # the leave was judged first
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
                await self.commit(table, seat, action, client=client, msg_id=msg_id)
                return
            error(*explain(state, action, seat))

    # -- applying actions ----------------------------------------------------------------
    async def commit(self, table: Table, seat: int | None, action: Action, *,
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
        event = table.action_event(seat, action, seq, stamp, timeout)
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
        except Exception as exc:
            log_failed_write(log, exc, "could not store action %s at table %s",
                             notation, table.id)
            replay_stored_actions(table)
            if self.cluster is not None:
                self.cluster.write_failed(table, exc)
            if client is not None:
                client.send({"type": "error", "code": "server-error", "rule": None, "id": msg_id,
                             "message": "the server could not store your action; try again"})
            return
        if table.realtime is not None:
            table.realtime.note_change(stamp)
        if client is not None:
            client.send({"type": "ack", "id": msg_id, "seq": seq})
        self.announce(table, seq, notation, event, over)

    def announce(self, table: Table, seq: int, notation: str, event: dict[str, Any],
                 over: bool) -> None:
        """Tell everyone of a stored action already applied to ``table.state`` (by the
        owner after its commit, or by a mirror that read it from the database)."""
        table.seq = seq
        table.actions.append(notation)
        table.touch()
        table.events.append(event)
        if table.owned:
            self.metrics.actions.inc()
        table.broadcast(event)
        if over:
            table.status = OVER
            table.finished_at = time.monotonic()
            table.deadline = None
            if table.realtime is not None:
                table.realtime.stop()
            table.broadcast_table()
        self.after_change(table, announce_deadline=False)
        if table.owned and self.cluster is not None:  # with the turn timer just set
            self.cluster.action_stored(table)
        table.broadcast_state()
        if over:
            table.broadcast(table.game_over_message())

    def attach_realtime(self, table: Table) -> None:
        if table.ruleset.realtime and table.state is not None:
            table.realtime = realtime_driver(self, table)

    # -- bots and timers -----------------------------------------------------------------
    def after_change(self, table: Table, announce_deadline: bool = True) -> None:
        """Start bots and turn timers as the new position needs (caller holds the lock).
        In a cluster the owner tells the mirrors its turn timer (an action's notification
        carries it instead: ``announce_deadline=False``); a mirror shows the owner's."""
        state = table.state
        current = asyncio.current_task()
        if table.timer_task is not None and table.timer_task is not current:
            table.timer_task.cancel()
        table.timer_task = None
        table.deadline = None
        if not table.owned:  # the owner runs the bots and clocks
            if self.cluster is not None:
                table.deadline = self.cluster.heard_deadline(table)
            return
        self._start_bots_and_timer(table)
        if announce_deadline and self.cluster is not None and table.turn_timer is not None:
            self.cluster.deadline_changed(table)

    def _start_bots_and_timer(self, table: Table) -> None:
        """The owner's part of :meth:`after_change`."""
        state = table.state
        if table.status != PLAYING or state is None or state.is_terminal():
            return
        if table.realtime is not None:
            table.realtime.wake()
            return
        acting = state.to_act()
        if any(table.seats[s].kind == BOT for s in acting):
            if table.bot_task is None or table.bot_task.done():
                table.bot_task = self._spawn(self.bots.play(table))
        if table.turn_timer is not None:
            humans = [s for s in acting if table.seats[s].kind == HUMAN]
            if humans:
                seat = humans[0]
                seconds = table.turn_timer
                if self.cluster is not None:  # taken over: the last owner's timer goes on
                    seconds = self.cluster.carried_timer(table, seat, seconds)
                table.deadline = (seat, time.monotonic() + seconds)
                table.timer_task = self._spawn(self._timer(
                    table, seat, table.game_number, table.seq, seconds))

    def bot_for(self, table: Table, seat: Seat) -> Bot:
        """The seat's bot, created on first use (see :meth:`BotDriver.bot_for`)."""
        return self.bots.bot_for(table, seat)

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
                await self.commit(table, seat, legal[0], timeout=True)

