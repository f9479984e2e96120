"""Several server processes over one PostgreSQL database.

Every process accepts every client for every table. Each table is *owned* by the one
process holding its lease (:mod:`saustall.server.lease`): only the owner judges its
actions, runs its bots, timers and real-time clock, and writes it (each write checked
against the owner's fence). Every other process that has clients at the table keeps a
*mirror*: it forwards their actions and lobby requests to the owner and shows them what
the owner stored.

Everything between processes goes through the database:

* ``NOTIFY saustall_events`` after each change, with a small payload: ``a <table> <game>
  <seq> <process> <timer>`` (an action was stored; the owner's turn timer after it),
  ``t <table> <process>`` (seats or status changed), ``e <table> <process> <event
  json>`` (a table event such as a join), ``o <table> <process>`` (a process took the
  table over), ``r <process>`` (a process let its tables go). A mirror reads the new
  actions from the database and replays them through its own copy of the game, so each
  recipient's view is ``GameState.view(seat)`` built where the recipient is connected.
* What is not stored goes the same way: ``d <table> <process> <game> <seq> <timer>`` (the
  owner's turn timer changed without an action: a start, a takeover), ``c <table>
  <process> <seats> <spectators>`` (the seats with an open socket on that process, and
  how many spectators it has), and ``q <table>
  <process>`` (a process just loaded the table: the others answer with their ``c`` and
  the owner with its ``d``), and ``m <table> <process> <chat json>`` (a chat message a
  client there sent; that process stored it, not the owner: chat is not fenced).
  ``<timer>`` is ``<seat>:<milliseconds left>`` or ``-``: a duration, so the processes'
  clocks need not agree. A process's ``c`` marks last while
  it is alive: each renews a row of ``saustall_processes`` with its leases, and the
  others drop the marks of one whose row lapsed (or that said ``r``).
* ``NOTIFY saustall_p_<process>``: a forwarded action or lobby request (JSON) and its
  answer, inline or, when too large for a notification, as a row the notification
  names (:mod:`saustall.server.forwarding`). It never holds a seat token, only the
  token's digest as the database stores it (see :mod:`saustall.server.operations`).

Nothing hidden (hands, deck order, seeds) is in any notification. Every payload fits
one: those above are ids, numbers and table events (names of at most 32 characters);
forwarded messages larger than a notification go as a database row.

A mirror's clients get the event of every action once, in order: it replays the stored
actions after its own before it reloads anything else, and a reload sends the events of
the stored actions its clients had not had (:meth:`Cluster._adopt`).

When an owner dies its leases lapse; every process looks for live tables without a
live lease about every third of the lease time and takes them over (the database lets
one win), replaying them from the database, so the game goes on there.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from saustall.server.chat import keep_heard
from saustall.server.db import FENCE, Op, StoredTable
from saustall.server.forwarding import Forwarder
from saustall.server.lease import (
    EVENTS_CHANNEL, Fence, Fenced, Leases, Notifier, asyncpg_dsn, listen,
)
from saustall.server.model import LOBBY, OVER, PLAYING, ServerError, Table
from saustall.server.operations import Caller
from saustall.server.restore import BrokenTable, rebuild_table

if TYPE_CHECKING:
    from saustall.server.host import LobbyHost

log = logging.getLogger("saustall.server.cluster")

__all__ = ["Cluster"]


def _no_realtime(_table: Table) -> None:
    """Mirrors replay real-time games without a clock of their own."""


class Cluster:
    """This process's part of the cluster: its leases, mirrors and forwarding."""

    def __init__(self, hub: "LobbyHost", lease_seconds: float) -> None:
        self.hub = hub
        self.me = secrets.token_hex(6)
        self.channel = f"saustall_p_{self.me}"
        self.lease_seconds = lease_seconds
        self.owned: dict[str, int] = {}
        """Fences of the tables this process owns."""
        self.hints: dict[str, str] = {}
        """The owning process of tables mirrored here, as last heard."""
        self.broken: set[str] = set()
        self._pending: dict[str, bool] = {}
        self._refreshing: set[str] = set()
        self._taking: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._wake = asyncio.Event()
        self._last_renewed = time.monotonic()
        self._heard: dict[str, float] = {}
        """When each other process was last heard from (monotonic)."""
        self._last_beat = time.monotonic()
        self.ready = False
        self.closing = False
        """Set by :meth:`close`: the periodic work stops."""
        self.pool: Any = None
        self.listener: Any = None
        self.leases: Leases
        self.notifier: Notifier
        self.forwarder = Forwarder(self)

    # -- start and stop ------------------------------------------------------------------
    async def start(self) -> None:
        """Connect, create the lease table, listen, and take over orphaned games."""
        import asyncpg

        dsn = asyncpg_dsn(self.hub.store.url)
        self.pool = await asyncpg.create_pool(dsn, min_size=1, max_size=5)  # 1: notifier
        self.leases = Leases(self.pool, self.me, self.lease_seconds)
        await self.leases.create_schema()
        await self.leases.beat()
        self.notifier = Notifier(self.pool)
        self.notifier.start()
        self.listener = await listen(dsn, {EVENTS_CHANNEL: self._on_event,
                                           self.channel: self.forwarder.on_message})
        self.hub.store.guard = self._guard
        self._spawn(self._renew_loop())  # before the first sweep, which may take long
        await self._sweep()
        self._spawn(self._sweep_loop())
        self.hub.metrics.process.labels(self.me).set(1)
        self.ready = True
        log.info("cluster process %s up (leases of %g s)", self.me, self.lease_seconds)

    async def close(self) -> None:
        """Let every lease go at once and tell the others, so they take over now."""
        self.ready = False
        self.closing = True
        for task in list(self._tasks):
            task.cancel()
        try:
            await self.leases.release()
            await self.leases.forget()
            self.notifier.send(EVENTS_CHANNEL, f"r {self.me}")
            await self.notifier.flush()
        except Exception as exc:  # the database is gone: the leases lapse by themselves
            log.warning("could not release the leases (%s); they lapse in %g s",
                        exc, self.lease_seconds)
        self.owned.clear()
        await self.notifier.close()
        if self.listener is not None:
            await self.listener.close()
        await self.pool.close()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- ownership -----------------------------------------------------------------------
    def _guard(self, table_id: str) -> Op:
        fence = self.owned.get(table_id)
        if fence is None:
            raise Fenced(table_id)
        return (FENCE, Fence(table_id, self.me, fence))  # type: ignore[return-value]

    def _hook(self, table: Table) -> None:
        def changed(kind: str, event: dict[str, Any] | None) -> None:
            if kind == "e":
                self.notifier.send(EVENTS_CHANNEL,
                                   f"e {table.id} {self.me} {json.dumps(event)}")
            else:
                self.notifier.send(EVENTS_CHANNEL, f"t {table.id} {self.me}")
        table.on_change = changed

    async def claim_new(self, table: Table) -> None:
        """Own a table being created here (its lease first, then its rows)."""
        fence = await self.leases.acquire(table.id)
        if fence is None:  # a fresh random id is never leased
            raise ServerError(503, "server-error", "could not set up the table; try again")
        self.owned[table.id] = fence
        self._hook(table)
        table.on_spectators = lambda: self.presence_changed(table)

    def action_stored(self, table: Table) -> None:
        """Tell the mirrors a new action is in the database (and the turn timer after it)."""
        self.notifier.send(EVENTS_CHANNEL, f"a {table.id} {table.game_number} {table.seq} "
                                           f"{self.me} {self._timer_text(table)}")

    def chat_said(self, table: Table, message: dict[str, Any]) -> None:
        """Pass a chat message said here to the clients of the other processes (at most
        200 characters of text and a 32-character name: it fits a notification)."""
        self.notifier.send(EVENTS_CHANNEL, f"m {table.id} {self.me} "
                                           f"{json.dumps(message, ensure_ascii=False)}")

    def deadline_changed(self, table: Table) -> None:
        """Tell the mirrors the owner's turn timer (set without an action)."""
        self.notifier.send(EVENTS_CHANNEL, f"d {table.id} {self.me} {table.game_number} "
                                           f"{table.seq} {self._timer_text(table)}")

    @staticmethod
    def _timer_text(table: Table) -> str:
        if table.deadline is None or table.status != PLAYING:
            return "-"
        seat, at = table.deadline
        return f"{seat}:{max(0, int((at - time.monotonic()) * 1000))}"

    @staticmethod
    def _note_deadline(table: Table, game: int, seq: int, text: str) -> None:
        """Remember a turn timer heard from the owner, on this process's clock."""
        if text == "-":
            table.heard_deadline = (game, seq, None)
            return
        seat, _, left = text.partition(":")
        table.heard_deadline = (game, seq, (int(seat), time.monotonic() + int(left) / 1000))

    @staticmethod
    def heard_deadline(table: Table) -> tuple[int, float] | None:
        """A mirror's turn timer: the owner's, if it was heard for the mirror's position."""
        heard = table.heard_deadline
        if (heard is None or table.status != PLAYING or heard[0] != table.game_number
                or heard[1] != table.seq):
            return None
        return heard[2]

    def carried_timer(self, table: Table, seat: int, seconds: float) -> float:
        """The seconds of a turn timer the owner starts for ``seat``: what was left of
        the timer the last owner ran for this very turn, if heard, else ``seconds``."""
        heard = self.heard_deadline(table)
        if heard is None or heard[0] != seat:
            return seconds
        table.heard_deadline = None  # used once: later timers are this owner's own
        return max(0.0, heard[1] - time.monotonic())

    def presence_changed(self, table: Table, always: bool = False) -> None:
        """Tell the other processes which seats have a socket here and how many
        spectators watch here, if that changed."""
        here = (table.seats_connected_here(), len(table.spectators))
        if here == table.announced and not always:
            return
        table.announced = here
        listed = ",".join(str(seat) for seat in sorted(here[0])) or "-"
        self.notifier.send(EVENTS_CHANNEL, f"c {table.id} {self.me} {listed} {here[1]}")

    def _watch(self, table: Table) -> None:
        """A copy of the table is new here: announce its spectators here when they are
        counted, and ask the others for their sockets and the timer."""
        table.on_spectators = lambda: self.presence_changed(table)
        table.elsewhere.clear()
        table.spectators_elsewhere.clear()
        table.announced = (frozenset(), 0)
        self.notifier.send(EVENTS_CHANNEL, f"q {table.id} {self.me}")

    def write_failed(self, table: Table, exc: Exception) -> None:
        """A write of ``table`` failed: if another process owns it now, become a mirror."""
        if isinstance(exc, Fenced):
            self._spawn(self._demote(table.id))

    async def load(self, table_id: str) -> Table:
        """A table not in memory: owned if nobody holds it, else a mirror (404 if none)."""
        holder = await self.leases.holder(table_id)
        if holder is None or holder == self.me:
            fence = await self.leases.acquire(table_id)
            if fence is not None:
                await self._take(table_id, fence)
        table = self.hub.tables.get(table_id)
        if table is not None:
            return table
        async with self._taking.setdefault(table_id, asyncio.Lock()):
            table = self.hub.tables.get(table_id)
            if table is None:
                table = self._build(await self._stored(table_id), owned=False)
                self.hub.tables[table_id] = table
                if holder is not None:
                    self.hints[table_id] = holder
                self._watch(table)
                self._mark(table_id, full=False)  # what was stored while we loaded
        return table

    async def _stored(self, table_id: str) -> StoredTable:
        stored = await self.hub.store.load_table(table_id, with_game=True)
        if stored is None or stored.status not in (LOBBY, PLAYING, OVER):
            raise ServerError(404, "not-found", f"there is no open table {table_id!r}")
        return stored

    def _build(self, stored: StoredTable, owned: bool,
               every_event: list[dict[str, Any]] | None = None) -> Table:
        try:
            table = rebuild_table(stored, self.hub.attach_realtime if owned else _no_realtime,
                                  every_event)
        except BrokenTable as exc:
            log.error("%s", exc)
            self.broken.add(stored.id)
            raise ServerError(503, "table-unavailable",
                              f"table {stored.id!r} is stored but can no longer be rebuilt; "
                              "the server's operator can run `saustall db check` to see "
                              "why") from None
        table.owned = owned
        return table

    async def _take(self, table_id: str, fence: int) -> None:
        """We hold the lease now: load the table as owned, or turn its mirror into it."""
        async with self._taking.setdefault(table_id, asyncio.Lock()):
            self.owned[table_id] = fence
            self.hints.pop(table_id, None)
            try:
                stored = await self._stored(table_id)
            except ServerError:
                self.owned.pop(table_id, None)
                await self.leases.release([table_id])
                raise
            table = self.hub.tables.get(table_id)
            if table is None:
                try:
                    table = self._build(stored, owned=True)
                except ServerError:
                    self.owned.pop(table_id, None)
                    await self.leases.release([table_id])
                    raise
                self._hook(table)
                self.hub.tables[table_id] = table
                self._watch(table)
                async with table.lock:
                    self.hub.after_change(table)
            else:
                async with table.lock:
                    self._adopt(table, stored, owned=True)
                    self._hook(table)
            self.notifier.send(EVENTS_CHANNEL, f"o {table_id} {self.me}")
            log.info("took over table %s (fence %d)", table_id, fence)

    async def _demote(self, table_id: str) -> None:
        """Another process owns the table now: stop judging it, mirror it (or drop it)."""
        self.owned.pop(table_id, None)
        table = self.hub.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            if not table.owned:
                return
            table.owned = False
            table.on_change = None
            for task in (table.bot_task, table.timer_task):
                if task is not None and task is not asyncio.current_task():
                    task.cancel()
            if table.realtime is not None:
                table.realtime.stop()
                table.realtime = None
            table.deadline = self.heard_deadline(table)
            log.warning("lost table %s to another process; mirroring it", table_id)
        self._mark(table_id, full=True)

    def _adopt(self, table: Table, stored: StoredTable, owned: bool) -> None:
        """Make ``table`` (with its clients) what ``stored`` says (caller holds its lock).

        Its clients also get the event of every stored action they have not had (a game
        started or moved on since the table's copy here): a page draws its log and
        effects from the events, so none may be skipped."""
        replayed: list[dict[str, Any]] = []
        fresh = self._build(stored, owned=False, every_event=replayed)
        heard = (table.game_number, table.seq)
        missed = [event for event in replayed if (event["game_number"], event["seq"]) > heard]
        was = table.status
        for task in (table.bot_task, table.timer_task):  # they judged the old copy
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        table.bot_task = table.timer_task = None
        if table.realtime is not None:
            table.realtime.stop()
            table.realtime = None
        table.owned = owned
        table.invite, table.public, table.turn_timer = fresh.invite, fresh.public, fresh.turn_timer
        table.spectator_chat = fresh.spectator_chat
        table.status, table.game_number = fresh.status, fresh.game_number
        table.state, table.seq, table.actions = fresh.state, fresh.seq, fresh.actions
        table.events, table.clock_origin = fresh.events, fresh.clock_origin
        table.deadline = None if owned else self.heard_deadline(table)
        if table.status != OVER:
            table.finished_at = None
        elif table.finished_at is None:
            table.finished_at = fresh.finished_at
        for seat, new in zip(table.seats, fresh.seats):
            if seat.token_hash != new.token_hash:  # someone else sits there now
                for client in list(seat.clients):  # (its actions on their way answered)
                    client.vacate(self.hub.settings.left_linger_seconds)
                seat.clients.clear()
            seat.kind, seat.name, seat.token_hash = new.kind, new.name, new.token_hash
            seat.bot_level, seat.ready, seat.bot = new.bot_level, new.ready, None
        if owned:
            self.hub.attach_realtime(table)
            if table.realtime is not None and stored.current and stored.current.actions:
                table.realtime.changed_ms = stored.current.actions[-1].time_ms
            self.hub.after_change(table)  # bots and the timer, before the clients hear
        table.broadcast_table()
        for event in missed:
            table.broadcast(event)
        table.broadcast_state()
        if (table.status == OVER and table.state is not None
                and (was != OVER or heard[0] != table.game_number)):  # not said for this game
            table.broadcast(table.game_over_message())
        self.presence_changed(table)  # sockets of a seat that changed hands were closed

    # -- mirrors -------------------------------------------------------------------------
    def _on_event(self, payload: str) -> None:
        kind, _, rest = payload.partition(" ")
        if kind == "r":
            if rest != self.me:
                self._forget_process(rest)
            self._wake.set()  # a process let its tables go: take them now
            return
        table_id, _, rest = rest.partition(" ")
        timer: str | None = None
        if kind == "a":
            game, seq, proc, *timed = rest.split(" ")
            timer = timed[0] if timed else "-"
        else:
            proc, _, rest = rest.partition(" ")
        if proc == self.me:
            return
        self._heard[proc] = time.monotonic()
        table = self.hub.tables.get(table_id)
        if kind == "o":  # remembered only for the tables we hold
            self.hints.pop(table_id, None)
            if table is not None:
                self.hints[table_id] = proc
        if table is None:
            return
        if kind == "c":
            self._heard_presence(table, proc, rest)
            return
        if kind == "m":  # chat said on another process: owned or mirrored, shown here too
            message = json.loads(rest)
            if keep_heard(table, message):
                table.broadcast({**message, "replay": False})
            return
        if kind == "q":  # a process loaded the table: what it cannot read from the database
            self.presence_changed(table, always=table.announced != (frozenset(), 0))
            if table.owned and table.turn_timer is not None:
                self.deadline_changed(table)
            return
        if kind == "d":
            game, seq, timer = rest.split(" ")
            self._note_deadline(table, int(game), int(seq), timer)
            if not table.owned:  # (a refresh under way shows it too, when it gets there)
                self._show_deadline(table)
            return
        if timer is not None:  # kept while owned too: it applies once demoted
            self._note_deadline(table, int(game), int(seq), timer)
        if table.owned:
            if kind == "o":  # our lease lapsed and someone took it
                self._spawn(self._demote(table_id))
            return
        if kind == "e":
            table.heard_event(json.loads(rest))
        else:
            self._mark(table_id, full=kind != "a")

    def _show_deadline(self, table: Table) -> None:
        """A turn timer heard for the mirror's position: show it to its clients now (one
        for a later position waits until the mirror gets there)."""
        heard = table.heard_deadline
        if heard is None or (heard[0], heard[1]) != (table.game_number, table.seq):
            return
        deadline = self.heard_deadline(table)
        if deadline != table.deadline:
            table.deadline = deadline
            table.broadcast_state()

    def _heard_presence(self, table: Table, proc: str, text: str) -> None:
        """Another process said which seats of ``table`` have a socket there and how
        many spectators it has."""
        listed, _, watching = text.partition(" ")
        seats = frozenset() if listed == "-" else frozenset(
            int(seat) for seat in listed.split(",") if seat.isdigit())
        spectators = int(watching) if watching.isdigit() else 0
        if spectators != table.spectators_elsewhere.get(proc, 0):
            if spectators:
                table.spectators_elsewhere[proc] = spectators
            else:
                table.spectators_elsewhere.pop(proc, None)
            table.spectators_changed(self.hub.settings.limits.spectator_update_seconds)
        if table.elsewhere.get(proc, frozenset()) == seats:
            return
        if seats:
            table.elsewhere[proc] = seats
        else:
            table.elsewhere.pop(proc, None)
        table.broadcast_table(stored=False)

    def _forget_process(self, proc: str) -> None:
        """A process is gone: its sockets no longer count anywhere here."""
        self._heard.pop(proc, None)
        for table in list(self.hub.tables.values()):
            if table.spectators_elsewhere.pop(proc, None):
                table.spectators_changed(self.hub.settings.limits.spectator_update_seconds)
            if table.elsewhere.pop(proc, None):
                table.broadcast_table(stored=False)

    def _mark(self, table_id: str, full: bool) -> None:
        self._pending[table_id] = self._pending.get(table_id, False) or full
        if table_id not in self._refreshing:
            self._refreshing.add(table_id)
            self._spawn(self._refresh(table_id))

    async def _refresh(self, table_id: str) -> None:
        """Bring a mirror up to date, as often as it was told to (coalesced)."""
        try:
            while table_id in self._pending:
                full = self._pending.pop(table_id)
                table = self.hub.tables.get(table_id)
                if table is None or table.owned:
                    continue
                try:
                    async with table.lock:
                        if table.owned:
                            continue
                        await self._update_mirror(table, full)
                except Exception:  # the next notification tries again
                    log.exception("could not refresh the mirror of table %s", table_id)
        finally:
            self._refreshing.discard(table_id)

    async def reload(self, table: Table) -> None:
        """Bring a mirror up to date now (e.g. a seat was taken a moment ago elsewhere)."""
        async with table.lock:  # read under it: a refresh meanwhile must not be undone
            if table.owned:
                return
            await self._update_mirror(table, full=True)  # seats are not in the actions

    async def _update_mirror(self, table: Table, full: bool) -> None:
        """Bring the mirror ``table`` up to date (the caller holds its lock): first the
        actions stored after its own, announced as events; then, if ``full`` or they do
        not follow on, the whole table as stored.

        In this order because the stored table has only its current game: if the game
        the mirror holds ended and the next one began meanwhile, the last actions of the
        old one reach the clients only as caught-up events."""
        caught_up = await self._catch_up(table)
        if full or not caught_up:
            stored = await self.hub.store.load_table(table.id, with_game=True)
            if stored is not None:
                self._adopt(table, stored, owned=False)

    async def _catch_up(self, table: Table) -> bool:
        """Replay the actions stored after the mirror's; False if a full reload is needed."""
        state = table.state
        if table.status != PLAYING or state is None:
            return False
        stored = await self.hub.store.load_actions_after(table.id, table.game_number, table.seq)
        for step in stored:
            if step.seq != table.seq + 1:
                return False
            action = table.game.decode_action(step.action)
            event = table.action_event(step.seat, action, step.seq, step.time_ms, step.timeout)
            state.apply(action)
            self.hub.announce(table, step.seq, step.action, event, state.is_terminal())
        return True

    # -- forwarding (see :mod:`saustall.server.forwarding`) -----------------------------
    async def run_op(self, name: str, table_id: str, body: dict[str, Any],
                     caller: Caller) -> dict[str, Any]:
        """Run a lobby request where the table is owned; its answer.

        Only the caller's token digests travel (see :mod:`saustall.server.operations`).
        """
        return await self.forwarder.run_op(name, table_id, body, caller)

    # -- the lease loop ------------------------------------------------------------------
    async def _renew_loop(self) -> None:
        """Renew every lease and this process's heartbeat each third of the lease time,
        whatever else is going on.

        Its own task: a sweep taking over many tables at once (after a process died,
        each one read and replayed) can outlast a lease, and leases taken early in it
        would lapse, be taken by another process and flap back and forth."""
        async def renew_and_beat() -> None:
            await self._renew()
            await self._beat()
        await self._every_period(renew_and_beat, "renewing the leases", wake=None)

    async def _sweep_loop(self) -> None:
        """Take over orphaned games and drop idle mirrors, each period or when woken."""
        async def sweep() -> None:
            await self._sweep()
            await self._drop_idle_mirrors()
            await self.forwarder.drop_stale()
        await self._every_period(sweep, "the takeover sweep", wake=self._wake)

    async def _every_period(self, work: Callable[[], Awaitable[None]], what: str,
                            wake: asyncio.Event | None) -> None:
        """Run ``work`` each third of the lease time (sooner when ``wake`` is set), for
        ever; a failure is logged and the next period tries again."""
        period = self.lease_seconds / 3
        while True:
            if wake is None:
                await asyncio.sleep(period)
            else:
                try:  # (3.11's wait_for could swallow the cancel of a closing process)
                    async with asyncio.timeout(period):
                        await wake.wait()
                except TimeoutError:
                    pass
                wake.clear()
            if self.closing:  # the pool is going away: nothing more to renew or take
                return
            try:
                await work()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s failed; trying again", what)

    async def _renew(self) -> None:
        before = dict(self.owned)
        try:
            renewed = await self.leases.renew()
        except Exception:
            if time.monotonic() - self._last_renewed > self.lease_seconds:
                for table_id in before:  # others may own them by now: stop judging
                    await self._demote(table_id)
            raise
        self._last_renewed = time.monotonic()
        for table_id, fence in before.items():
            if renewed.get(table_id) != fence and self.owned.get(table_id) == fence:
                await self._demote(table_id)

    async def _beat(self) -> None:
        """Say this process lives; forget the sockets of processes that no longer do."""
        asked = time.monotonic()
        alive = await self.leases.beat()
        if asked - self._last_beat > self.lease_seconds:  # the others may have dropped
            for table in self.hub.tables.values():  # our sockets meanwhile: say them again
                if table.announced != (frozenset(), 0):
                    self.presence_changed(table, always=True)
        self._last_beat = asked
        known = set(self._heard).union(*(t.elsewhere for t in self.hub.tables.values()),
                                       *(t.spectators_elsewhere for t in self.hub.tables.values()))
        gone = {proc for proc in known
                if proc not in alive and self._heard.get(proc, 0.0) < asked}
        for proc in gone:  # (one heard from since we asked may have just started)
            log.info("process %s is gone; its sockets no longer count", proc)
            self._forget_process(proc)

    async def _sweep(self) -> None:
        """Take over live tables whose process died (or that had no lease yet): a
        running game goes on, a lobby is held (and let go when abandoned) as on one
        server."""
        for table_id in await self.leases.orphans():
            if table_id in self.broken:
                continue
            fence = await self.leases.acquire(table_id)
            if fence is None:
                continue
            try:
                await self._take(table_id, fence)
            except ServerError as exc:
                log.error("could not take over table %s: %s", table_id, exc.message)

    async def _drop_idle_mirrors(self) -> None:
        now = time.monotonic()
        for table in list(self.hub.tables.values()):
            if table.owned or table.clients() or now - table.last_active < 10:
                continue
            async with table.lock:
                if not table.owned and not table.clients():
                    self.hub.tables.pop(table.id, None)
                    self.hints.pop(table.id, None)
                    self._taking.pop(table.id, None)

    async def let_go(self, table_id: str) -> None:
        """The table left memory here: give its lease back."""
        self._taking.pop(table_id, None)
        if self.owned.pop(table_id, None) is not None:
            await self.leases.release([table_id])

    async def open_tables(self) -> list[dict[str, Any]]:
        """Public lobby tables with a free seat, whichever process holds them."""
        found = []
        for stored in await self.hub.store.load_open_tables():
            try:
                table = rebuild_table(stored, _no_realtime)
            except BrokenTable:
                continue
            if any(seat.kind == "empty" for seat in table.seats):
                found.append(table.summary())
        return found[:100]

    def count_owned(self) -> int:
        """Tables this process owns."""
        return len(self.owned)

