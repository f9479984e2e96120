"""Records of finished games for download: replayed from the database, checked against
the caller's right to see them (a seat token of the table, or its invite)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from saustall.core import registry
from saustall.core.errors import RulesetRevisionError
from saustall.core.record import GameRecord
from saustall.server.model import LOBBY, PLAYING, ServerError, Table

if TYPE_CHECKING:
    from saustall.server.host import TableHost


async def finished_game_record(hub: "TableHost", table_id: str, token: str | None,
                               invite: str | None, game_number: int | None) -> GameRecord:
    """The record of a finished game at the table (seat token or invite needed).

    A table no longer held in memory (finished or abandoned) is read from the
    database, so its records stay downloadable.
    """
    table = hub.tables.get(table_id)
    if table is not None:
        latest, status = table.game_number, table.status
    else:  # a stand-in built from the stored row, enough to check the caller's right
        stored = await hub.store.load_table(table_id)
        if stored is None:
            raise ServerError(404, "not-found", f"there is no table {table_id!r}")
        table = Table(stored.id, stored.invite, registry.get(stored.game, stored.ruleset),
                      stored.num_seats, stored.options, stored.public, None,
                      stored.created_at)
        for row in stored.seats:
            table.seats[row.seat].token_hash = row.token_hash
        latest, status = stored.game_number, stored.status
    if token:
        hub.seat_of(table, token)
    else:
        hub.check_invite(table, invite)
    game, num_seats, options = table.game, table.num_seats, table.options
    number = latest if game_number is None else game_number
    if number == latest and status in (LOBBY, PLAYING):
        if status == PLAYING:
            raise ServerError(409, "conflict",
                              "the record is available once the game is over")
        raise ServerError(404, "not-found", f"game {number} has not been played yet")
    if not 1 <= number <= latest:
        raise ServerError(404, "not-found", f"there is no game {number} at this table")
    found = await hub.store.load_game(table_id, number)
    if found is None:
        raise ServerError(404, "not-found", f"there is no game {number} at this table")
    if found.revision != game.ruleset.revision:  # the same actions could make another game
        raise ServerError(409, "conflict", str(RulesetRevisionError(
            f"game {number}", game.name, game.ruleset.name, found.revision,
            game.ruleset.revision)))
    state = game.new_state(num_seats, found.seed, options, rng_stream=found.rng)
    for step in found.actions:
        state.apply(game.decode_action(step.action))
    if not state.is_terminal():
        raise ServerError(409, "conflict", f"game {number} was left before it ended")
    return GameRecord.from_state(state, meta={
        "table_id": table_id, "game_number": number, "seat_names": found.seat_names})
