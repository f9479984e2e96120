"""Real-time games on the server: the server's clock, one lock per table, bots in time.

For a ruleset with ``realtime=True`` the server, not the client, decides when an action
happened: it stamps every action with its own monotonic clock on arrival (milliseconds
since the game started) and judges the actions of a table one at a time, in arrival
order, under the table's lock (an :class:`asyncio.Lock` is first come, first served).
The engine then applies its simultaneity window to those server times.

A game adapter (:class:`RealtimeAdapter`) turns the client's notation plus the seat and
the server time into the engine's action, says which time-driven steps are due, and asks
a bot seat what it plans to do and when. Games without their own adapter get
:class:`GenericAdapter`: the notation is decoded as is, nothing is time-driven, and bots
choose from their legal actions after the server's bot delay.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Callable, Protocol

from saustall.core.errors import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    SaustallError,
)
from saustall.core import registry
from saustall.core.game import Action, GameState
from saustall.core.support import load_reference

if TYPE_CHECKING:
    from saustall.server.host import TableHost
    from saustall.server.model import Client, Table

log = logging.getLogger("saustall.server.realtime")


class RealtimeAdapter(Protocol):
    """What the server needs to know about one real-time game's actions."""

    def stamp(self, state: GameState, seat: int, text: str, time_ms: int) -> Action:
        """The engine action for ``seat`` sending ``text`` at server time ``time_ms``.

        Raises a :class:`~saustall.core.errors.SaustallError` for unreadable text.
        """

    def due(self, state: GameState, time_ms: int) -> tuple[Action | None, int | None]:
        """A time-driven action due by ``time_ms`` (or ``None``), and when the next one
        falls due (server ms, or ``None`` when nothing is pending)."""

    def plan(self, state: GameState, seat: int, bot: Any, time_ms: int,
             changed_ms: int) -> tuple[Action, int] | None:
        """What the bot in ``seat`` plans and at which server ms, or ``None``.

        ``changed_ms`` is when the game last changed.
        """

    def rejected(self, bot: Any, action: Action, error: Exception) -> None:
        """Tell the bot that the engine refused its planned action."""


class GenericAdapter:
    """Decode the notation as is; nothing is time-driven; bots choose after a delay."""

    def __init__(self, bot_delay_ms: int) -> None:
        self.bot_delay_ms = bot_delay_ms

    def stamp(self, state: GameState, seat: int, text: str, time_ms: int) -> Action:
        """The decoded notation (a generic action carries no time)."""
        return state.game.decode_action(text)

    def due(self, state: GameState, time_ms: int) -> tuple[Action | None, int | None]:
        """Nothing is ever due by time alone."""
        return None, None

    def plan(self, state: GameState, seat: int, bot: Any, time_ms: int,
             changed_ms: int) -> tuple[Action, int] | None:
        """The bot's choice among its legal actions, a bot delay after the last change."""
        if seat not in state.to_act():
            return None
        legal = state.legal_actions(seat)
        if not legal:
            return None
        return bot.choose(state.view(seat), legal), changed_ms + self.bot_delay_ms

    def rejected(self, bot: Any, action: Action, error: Exception) -> None:
        """Generic bots take no feedback."""


AdapterFactory = Callable[["TableHost"], RealtimeAdapter]
ADAPTERS: dict[str, AdapterFactory] = {}
"""Adapter factories registered in code, by game name; a game's support record names
its own (``realtime_adapter``), found when its first table starts."""


def adapter_for(hub: "TableHost", game: str) -> RealtimeAdapter:
    """The adapter of ``game``, or the generic one."""
    if game not in ADAPTERS:
        try:
            reference = registry.support(game).realtime_adapter
            if reference is not None:
                ADAPTERS[game] = load_reference(reference, game)
        except SaustallError as exc:
            log.warning("no real-time adapter for %s (%s); playing it generically", game, exc)
    factory = ADAPTERS.get(game)
    if factory is None:
        return GenericAdapter(int(hub.settings.bot_delay * 1000))
    return factory(hub)


def refusal(exc: Exception) -> tuple[str, str, str | None]:
    """The wire error (code, message, rule) for an engine refusal."""
    if isinstance(exc, GameOverError):
        return "game-over", str(exc.args[0]), exc.rule
    if isinstance(exc, NotYourTurnError):
        return "not-your-turn", str(exc.args[0]), exc.rule
    if isinstance(exc, IllegalActionError):
        return "illegal-action", str(exc.args[0]), exc.rule
    return "unknown-action", str(exc), None


class RealtimeDriver:
    """Runs one real-time table: stamps actions, fires time-driven steps, moves bots."""

    def __init__(self, hub: "TableHost", table: "Table") -> None:
        self.hub = hub
        self.table = table
        self.adapter = adapter_for(hub, table.game.name)
        self.task: asyncio.Task[None] | None = None
        self.changed_ms = 0
        self._refused: set[tuple[int, Action]] = set()
        self._wakeup = asyncio.Event()
        self._stopped = False

    # -- replay and recovery -------------------------------------------------------------
    def replay(self, action: Action, time_ms: int) -> None:
        """Apply a stored (already stamped) action while rebuilding the table."""
        assert self.table.state is not None
        self.table.state.apply(action)
        self.changed_ms = time_ms

    def note_change(self, time_ms: int) -> None:
        """An action was committed at ``time_ms``: refused plans may be tried again."""
        self.changed_ms = time_ms
        self._refused.clear()

    # -- client actions ------------------------------------------------------------------
    async def submit(self, seat: int, text: str, msg_id: Any, client: "Client",
                     arrived_ms: int) -> tuple[str, str, str | None] | None:
        """Stamp and judge a client's action (caller holds the table lock).

        ``arrived_ms`` is the server time at which the message arrived. Returns
        ``(code, message, rule)`` when the action is refused, else ``None``.
        """
        table = self.table
        await self._fire_due(arrived_ms)
        state = table.state
        if table.status != "playing" or state is None:
            return "game-over", "the game is over", "game-over"
        try:
            action = self.adapter.stamp(state, seat, text, arrived_ms)
        except (SaustallError, ValueError) as exc:
            return "unknown-action", str(exc), None
        try:
            await self.hub.commit(table, seat, action, client=client, msg_id=msg_id,
                                   time_ms=arrived_ms)
        except (SaustallError, ValueError) as exc:  # refused by the engine: nothing changed
            return refusal(exc)
        return None

    async def _fire_due(self, now: int) -> None:
        """Apply every time-driven step due by ``now`` (caller holds the lock)."""
        table = self.table
        for _ in range(1000):
            state = table.state
            if table.status != "playing" or state is None or state.is_terminal():
                return
            action, _ = self.adapter.due(state, now)
            if action is None:
                return
            await self.hub.commit(table, None, action, time_ms=now)

    # -- the clock loop ------------------------------------------------------------------
    def wake(self) -> None:
        """Something changed: re-plan time-driven steps and bot moves."""
        if self._stopped:
            return
        self._wakeup.set()
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._loop(), name=f"realtime-{self.table.id}")

    def stop(self) -> None:
        """Stop the clock loop (game over, rematch, shutdown)."""
        self._stopped = True
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()

    async def _loop(self) -> None:
        table = self.table
        while not self._stopped:
            self._wakeup.clear()
            async with table.lock:
                if table.status != "playing" or table.state is None:
                    return
                now = table.now_ms()
                await self._fire_due(now)
                wait_until = await self._step_bots(now)
                if table.status != "playing":
                    return
            timeout = None if wait_until is None else max(0.0, (wait_until - table.now_ms()) / 1000)
            try:
                await asyncio.wait_for(self._wakeup.wait(), timeout)
            except asyncio.TimeoutError:
                pass

    async def _step_bots(self, now: int) -> int | None:
        """Apply the earliest bot plan if it is due; return when to look again."""
        table = self.table
        state = table.state
        if table.status != "playing" or state is None:
            return None
        _, wait_until = self.adapter.due(state, now)
        best: tuple[int, int, Action] | None = None
        for seat in table.seats:
            if seat.kind != "bot":
                continue
            bot = self.hub.bot_for(table, seat)
            planned = self.adapter.plan(state, seat.seat, bot, now, self.changed_ms)
            if planned is None or (seat.seat, planned[0]) in self._refused:
                continue
            action, at = planned
            if best is None or (at, seat.seat) < (best[0], best[1]):
                best = (at, seat.seat, action)
        if best is None:
            return wait_until
        at, seat_no, action = best
        if at > now:
            return at if wait_until is None else min(at, wait_until)
        try:
            await self.hub.commit(table, seat_no, action, time_ms=now)
        except (SaustallError, ValueError) as exc:
            self._refused.add((seat_no, action))
            self.adapter.rejected(self.hub.bot_for(table, table.seats[seat_no]), action, exc)
        return now  # look again at once: the table changed or a plan was refused


def realtime_driver(hub: "TableHost", table: "Table") -> RealtimeDriver:
    """The driver of a real-time table."""
    return RealtimeDriver(hub, table)
