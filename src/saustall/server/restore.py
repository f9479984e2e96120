"""Rebuilding tables from the database: at start-up, on demand, and after a failed write.

A stored game is dealt again from its stored seed and random stream, and its stored
actions are replayed through the engine, so the rebuilt game is exactly the stored one.
A table that no longer replays becomes a :class:`BrokenTable` naming where it breaks;
the server then refuses to start (:func:`broken_tables_message` says why and what the
operator can do) unless told to leave such tables out.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Sequence

from sqlalchemy.engine import make_url

from saustall.core import registry
from saustall.core.errors import RulesetRevisionError, SaustallError
from saustall.server.chat import keep_heard
from saustall.server.db import StoredTable
from saustall.server.model import LOBBY, OVER, PLAYING, Table

__all__ = ["REPLAY_ERRORS", "BrokenTable", "broken_tables_message", "rebuild_table",
           "replay_stored_actions"]

REPLAY_ERRORS = (SaustallError, ValueError, KeyError, IndexError, TypeError)
"""What rebuilding a stored table from unexpected rows can raise (see :func:`rebuild_table`)."""


class BrokenTable(Exception):
    """A stored table whose game cannot be rebuilt; the message names where it breaks.
    ``revision`` is set when its game was stored under another revision of its ruleset's
    rules than the one played now."""

    def __init__(self, table_id: str, problem: str,
                 revision: RulesetRevisionError | None = None) -> None:
        super().__init__(f"table {table_id}: {problem}")
        self.table_id = table_id
        self.revision = revision


def rebuild_table(stored: StoredTable, attach_realtime: Callable[[Table], None],
                  every_event: list[dict[str, Any]] | None = None) -> Table:
    """The live table ``stored`` describes, its current game replayed action by action.

    ``attach_realtime`` gives a real-time game its driver once the game is dealt (the
    stored actions are replayed through it). Bots and timers are not started. Raises
    :class:`BrokenTable` naming the first thing that does not rebuild. ``every_event``,
    if given, gets the event of every action replayed (the table's own backlog keeps
    only the last :data:`~saustall.server.model.EVENT_BACKLOG`).
    """
    try:
        game = registry.get(stored.game, stored.ruleset)
        table = Table(stored.id, stored.invite, game, stored.num_seats, stored.options,
                      stored.public, stored.turn_timer, stored.created_at)
    except REPLAY_ERRORS as exc:
        raise BrokenTable(stored.id, f"{stored.game}/{stored.ruleset} cannot be set up: "
                                     f"{exc}") from None
    table.game_number = stored.game_number
    table.spectator_chat = stored.spectator_chat
    for message in stored.chat:
        keep_heard(table, message)
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
    if current.revision != game.ruleset.revision:
        refused = RulesetRevisionError(f"its game {current.game_number}", stored.game,
                                       stored.ruleset, current.revision, game.ruleset.revision)
        raise BrokenTable(stored.id, str(refused), refused) from None
    try:
        state = game.new_state(stored.num_seats, current.seed, stored.options,
                               rng_stream=current.rng)
    except REPLAY_ERRORS as exc:
        raise BrokenTable(stored.id, f"game {current.game_number} cannot be dealt: "
                                     f"{exc}") from None
    table.state = state
    attach_realtime(table)
    for expected, step in enumerate(current.actions, 1):
        if step.seq != expected:
            raise BrokenTable(stored.id, f"game {current.game_number} lacks action "
                                         f"{expected} (the next stored is {step.seq})")
        try:
            action = game.decode_action(step.action)
            event = table.action_event(step.seat, action, step.seq, step.time_ms,
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
        if every_event is not None:
            every_event.append(event)
    table.seq = len(current.actions)
    last_ms = current.actions[-1].time_ms if current.actions else 0
    table.clock_origin = time.monotonic() - last_ms / 1000
    if stored.status == OVER and not state.is_terminal():
        raise BrokenTable(stored.id, f"game {current.game_number} is stored as over, but "
                                     f"its {len(current.actions)} stored actions do not "
                                     "finish it: actions were lost")
    table.status = OVER if state.is_terminal() else PLAYING
    if table.status == OVER:
        table.finished_at = time.monotonic()
    return table


def replay_stored_actions(table: Table) -> None:
    """Rebuild the table's live game from the actions known to be stored (after a write
    failed, the action that was applied but not stored is thereby undone)."""
    assert table.state is not None
    state = table.game.new_state(table.num_seats, table.state.seed, table.options,
                                 rng_stream=table.state.rng_stream)
    for notation in table.actions:
        state.apply(table.game.decode_action(notation))
    table.state = state


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
