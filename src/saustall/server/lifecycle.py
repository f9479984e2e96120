"""The lobby's side of a table's life: create it, join and leave, ready, bots, start and
rematch (:class:`TableLifecycle`, one part of :class:`~saustall.server.tables.Hub`).

Each operation checks the request, changes the table under its lock, writes the change to
the database and tells the table's clients; the game's own moves are the hub's
(:meth:`~saustall.server.tables.Hub.act`).
"""

from __future__ import annotations

import secrets
import time
from typing import TYPE_CHECKING, Any

from saustall.core import registry
from saustall.core.errors import SaustallError
from saustall.server.catalogue import level_refusal, seated_by_default
from saustall.server.cluster import Cluster
from saustall.server.db import Store
from saustall.server.model import (
    BOT,
    EMPTY,
    HUMAN,
    LOBBY,
    OVER,
    PLAYING,
    Seat,
    ServerError,
    Table,
    bot_name,
    clean_name,
    hash_token,
    new_token,
    now_iso,
    stand_in_name,
)
from saustall.server.settings import HubSettings


class TableLifecycle:
    """Creating, seating and starting tables: the hub's lobby operations. The hub sets the
    fields below and supplies the methods declared for the type checker."""

    store: Store
    settings: HubSettings
    tables: dict[str, Table]
    cluster: Cluster | None

    if TYPE_CHECKING:
        async def table(self, table_id: str) -> Table: ...

        def after_change(self, table: Table, announce_deadline: bool = True) -> None: ...

        def attach_realtime(self, table: Table) -> None: ...

        @staticmethod
        def seat_of_key(table: Table, digest: str | None) -> int: ...

        @staticmethod
        def check_invite(table: Table, invite: Any) -> None: ...

    async def create_table(self, game_name: Any, ruleset_name: Any, seats: Any, options: Any,
                           name: Any, public: Any, turn_timer: Any,
                           bots: Any, source: str | None = None,
                           spectator_chat: Any = None) -> tuple[Table, str]:
        """Create a table with the caller in seat 0; returns it and the caller's token.

        ``source`` is the caller's address, which may hold only so many open tables.
        ``spectator_chat``: whether spectators may write in the chat (default no).
        """
        if spectator_chat is None:
            spectator_chat = False
        if not isinstance(spectator_chat, bool):
            raise ServerError(400, "bad-request",
                              "field 'spectator_chat' must be true or false")
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
            ruleset.check_online(options)
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
        for level in bots:
            self._check_level(game.name, ruleset.name, seats, level)
        limit = self.settings.limits.tables_per_source
        if source is not None and limit:
            held = sum(1 for t in self.tables.values() if t.source == source and t.status != OVER)
            if held >= limit:
                raise ServerError(429, "too-many-tables",
                                  f"you already have {held} open tables (at most {limit}); "
                                  "finish or leave one first")
        table = Table(secrets.token_urlsafe(9), secrets.token_urlsafe(16), game, seats,
                      resolved, public, turn_timer, now_iso())
        token = new_token()
        first = table.seats[0]
        first.kind, first.name, first.token_hash = HUMAN, player, hash_token(token)
        # Whoever sets a game up is ready for it (as whoever asks for a rematch is): the
        # others say when they are, and everyone sees the same list of who is.
        first.ready = True
        table.source = source
        table.spectator_chat = spectator_chat
        for index, level in enumerate(bots, start=1):
            self._seat_bot(table, table.seats[index], level)
        if self.cluster is not None:
            await self.cluster.claim_new(table)
        await self.store.insert_table({
            "id": table.id, "invite": table.invite, "game": game.name, "ruleset": ruleset.name,
            "num_seats": seats, "options": resolved, "public": public,
            "turn_timer": table.turn_timer, "status": LOBBY, "game_number": 1,
            "created_at": table.created_at, "spectator_chat": spectator_chat},
            [s.stored() for s in table.seats])
        self.tables[table.id] = table
        return table, token

    @staticmethod
    def _check_level(game: str, ruleset: str, seats: int, level: Any) -> None:
        """Refuse a bot level this table cannot seat, saying why (an unknown level, or a
        learned policy at a ruleset or table size it was not trained for)."""
        refusal = level_refusal(game, ruleset, seats, level)
        if refusal is not None:
            raise ServerError(400, "bad-request", refusal)

    @staticmethod
    def _seat_bot(table: Table, seat: Seat, level: str, name: str | None = None) -> None:
        seat.kind, seat.bot_level, seat.ready, seat.token_hash = BOT, level, True, None
        seat.name = name or bot_name(level, seat.seat)
        seat.bot = None

    @staticmethod
    def _require(table: Table, status: str, doing: str) -> None:
        if table.status != status:
            raise ServerError(409, "conflict",
                              f"cannot {doing}: the table is {table.status}, not {status}")

    async def join(self, table_id: str, invite: Any, name: Any, seat_no: Any,
                   key: str) -> tuple[Table, int]:
        """Take a free seat with the invite code; returns the table and the seat. ``key``
        is the digest of the seat's token, which the caller made and hands to the player
        (so the token need not reach the process owning the table)."""
        table = await self.table(table_id)
        self.check_invite(table, invite)
        async with table.lock:
            self._require(table, LOBBY, "join")
            seat = self._free_seat(table, seat_no)
            player = clean_name(name, f"Player {seat.seat + 1}")
            seat.kind, seat.name, seat.token_hash, seat.ready = HUMAN, player, key, False
            await self.store.update_seat(table.id, seat.stored())
            table.broadcast_table()
            table.table_event("joined", seat.seat, seat.label())
            return table, seat.seat

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

    async def leave(self, table_id: str, key: str | None) -> Table:
        """Give up a seat: empty in the lobby, handed to a bot during a game."""
        table = await self.table(table_id)
        async with table.lock:
            seat = table.seats[self.seat_of_key(table, key)]
            name = seat.name or ""
            who = seat.label()
            clients = list(seat.clients)
            seat.clients.clear()
            if table.status == PLAYING:
                # the default level, not the strongest: the others keep the game they
                # sat down to, and its decisions stay within the latency bar (docs/bots.md)
                level = seated_by_default(table.game.name)
                self._seat_bot(table, seat, level, name=stand_in_name(name))
                code = "replaced"
            else:
                seat.kind, seat.name, seat.token_hash = EMPTY, None, None
                seat.bot_level, seat.ready, seat.bot = None, False, None
                code = "left"
            await self.store.update_seat(table.id, seat.stored())
            for client in clients:  # its actions still on their way get answered
                client.vacate(self.settings.left_linger_seconds)
            if self.cluster is not None:
                self.cluster.presence_changed(table)
            table.broadcast_table()
            table.table_event(code, seat.seat, who)
            self.after_change(table)
            return table

    async def set_ready(self, table_id: str, key: str | None, ready: Any) -> Table:
        """Mark a seat ready or not in the lobby."""
        if not isinstance(ready, bool):
            raise ServerError(400, "bad-request", "field 'ready' must be true or false")
        table = await self.table(table_id)
        async with table.lock:
            seat = table.seats[self.seat_of_key(table, key)]
            self._require(table, LOBBY, "change readiness")
            seat.ready = ready
            await self.store.update_seat(table.id, seat.stored())
            table.broadcast_table()
            return table

    async def add_bot(self, table_id: str, key: str | None, level: Any, seat_no: Any) -> tuple[Table, int]:
        """Seat a bot of ``level`` in a free seat (no level: the game's default level)."""
        table = await self.table(table_id)
        async with table.lock:
            self.seat_of_key(table, key)
            self._require(table, LOBBY, "add a bot")
            if level is None:
                level = seated_by_default(table.game.name)
            self._check_level(table.game.name, table.game.ruleset.name, table.num_seats, level)
            seat = self._free_seat(table, seat_no)
            self._seat_bot(table, seat, level)
            await self.store.update_seat(table.id, seat.stored())
            table.broadcast_table()
            table.table_event("joined", seat.seat, seat.label())
            return table, seat.seat

    async def remove_bot(self, table_id: str, key: str | None, seat_no: int) -> Table:
        """Take a bot off its seat."""
        table = await self.table(table_id)
        async with table.lock:
            self.seat_of_key(table, key)
            self._require(table, LOBBY, "remove a bot")
            if not 0 <= seat_no < table.num_seats or table.seats[seat_no].kind != BOT:
                raise ServerError(409, "conflict", f"there is no bot in seat {seat_no}")
            seat = table.seats[seat_no]
            who = seat.label()
            seat.kind, seat.name, seat.bot_level, seat.ready, seat.bot = EMPTY, None, None, False, None
            await self.store.update_seat(table.id, seat.stored())
            table.broadcast_table()
            table.table_event("left", seat_no, who)
            return table

    async def start(self, table_id: str, key: str | None) -> Table:
        """Deal a new game once every seat is filled and every other human is ready."""
        table = await self.table(table_id)
        async with table.lock:
            caller = self.seat_of_key(table, key)
            self._require(table, LOBBY, "start")
            for seat in table.seats:
                if seat.kind == EMPTY:
                    raise ServerError(409, "conflict", f"seat {seat.seat} is empty")
                if seat.kind == HUMAN and not seat.ready and seat.seat != caller:
                    raise ServerError(409, "conflict", f"{seat.name} is not ready")
            seed = secrets.randbits(63)
            state = table.game.new_state(table.num_seats, seed, table.options)
            await self.store.start_game(table.id, table.game_number, seed,
                                        [s.name for s in table.seats], now_iso(),
                                        state.rng_stream, table.game.ruleset.revision)
            table.state = state
            table.status = PLAYING
            table.seq = 0
            table.actions = []
            table.events.clear()
            table.clock_origin = time.monotonic()
            self.attach_realtime(table)
            table.broadcast_table()
            table.table_event("started", game=table.game_number)
            self.after_change(table)
            table.broadcast_state()
            return table

    async def rematch(self, table_id: str, key: str | None) -> Table:
        """After a game: back to the lobby with the same seats for the next game."""
        table = await self.table(table_id)
        async with table.lock:
            caller = self.seat_of_key(table, key)
            self._require(table, OVER, "ask for a rematch")
            if table.realtime is not None:
                table.realtime.stop()
                table.realtime = None
            table.game_number += 1
            table.status = LOBBY
            table.finished_at = None
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
            table.table_event("rematch", caller, table.seats[caller].label())
            table.broadcast_state()
            return table
